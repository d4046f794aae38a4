import { h } from './dom';
import { t } from './i18n';
import { STATUS_TONES, statusMeaning } from './status-tones';

/**
 * One status count as the sidebars show it: the count, the status in its colour (the value
 * stays as the contract names it) and what it means in the person's words (issue 18.2).
 */
export function statusCount(status: string, count: string, kind?: string): HTMLElement {
  const meaning = statusMeaning(t, status, kind);
  return h(
    'li',
    { 'data-status': status },
    h('b', {}, count),
    ' ',
    h('span', { class: `status-chip tone-${STATUS_TONES[status] ?? 'info'}` }, status),
    // A status the catalogue does not know yet shows alone, never its key.
    meaning === '' ? null : h('span', { class: 'status-words' }, ` ${meaning}`),
  );
}
