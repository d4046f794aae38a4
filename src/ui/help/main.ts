import { h } from '../shared/dom';
import { t, words } from '../shared/i18n';
import {
  OWN_WORDS_GROUPS,
  STATUS_GROUPS,
  STATUS_TONES,
  statusMeaning,
} from '../shared/status-tones';
import type { UiKey } from '../shared/words';
import { formulaSyntaxOf, localFormula } from './formula-syntax';

/**
 * The Help sidebar is text from the catalogue; its script writes the formula examples with the
 * spreadsheet's separators and explains every status, with its colour, in the person's words.
 */
const GROUP_TITLES: Readonly<Record<keyof typeof STATUS_GROUPS, UiKey>> = {
  import: 'ui.status.importGroup',
  send: 'ui.status.sendGroup',
  export: 'ui.status.exportGroup',
  push: 'ui.status.pushGroup',
};

function localizeFormulas(): void {
  const syntax = formulaSyntaxOf(words.formatLocale);
  for (const code of Array.from(document.querySelectorAll('code'))) {
    const text = code.textContent ?? '';
    if (text.startsWith('=')) code.textContent = localFormula(text, syntax);
  }
}

function statusLegend(): HTMLElement {
  return h(
    'section',
    { class: 'status-legend' },
    h('h2', {}, t('ui.status.title')),
    ...Object.entries(STATUS_GROUPS).map(([group, statuses]) =>
      h(
        'div',
        { class: 'status-group', 'data-group': group },
        h('h3', {}, t(GROUP_TITLES[group as keyof typeof STATUS_GROUPS])),
        h(
          'ul',
          {},
          ...statuses.map((status) =>
            h(
              'li',
              { 'data-status': status },
              h('span', { class: `status-chip tone-${STATUS_TONES[status] ?? 'info'}` }, status),
              ' ',
              statusMeaning(t, status, OWN_WORDS_GROUPS.has(group) ? group : undefined),
            ),
          ),
        ),
      ),
    ),
  );
}

localizeFormulas();
document.getElementById('statuses')?.replaceChildren(statusLegend());
