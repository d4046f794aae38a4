import { IMPORT_ROW_STATUSES } from '../../core/import/status-columns';
import { SEND_ROW_STATUSES } from '../../core/send/status-columns';
import type { UiKey, UiTranslate } from './words';

/**
 * The colour of each row status, the same in the sidebars, Help and the playground's grid
 * (PRODUCT.md "Sheet conventions"; status values are never translated, their meaning is:
 * `ui.status.<STATUS>` in the catalogue). No DOM here.
 */
export type StatusTone = 'ok' | 'info' | 'warn' | 'bad';

export const STATUS_TONES: Readonly<Record<string, StatusTone>> = {
  // import
  VALID: 'info',
  CREATED: 'ok',
  UPDATED: 'ok',
  UNCHANGED: 'info',
  DUPLICATE: 'warn',
  INVALID: 'bad',
  CONFLICT: 'bad',
  NOT_FOUND: 'warn',
  EXISTS: 'warn',
  FAILED: 'bad',
  // send
  QUEUED: 'info',
  SENDING: 'info',
  SENT: 'ok',
  SKIPPED: 'warn',
  UNCERTAIN: 'warn',
  // export
  WRITTEN: 'ok',
  ADDED: 'ok',
  GONE: 'warn',
  DELETED: 'info',
  // lead actions
  DONE: 'ok',
  NO_CHANGE: 'info',
  BLOCKED: 'warn',
  WILL_CHANGE: 'info',
  WILL_FAIL: 'warn',
  REVERTED: 'ok',
  CHANGED_SINCE: 'warn',
  NOT_REVERSIBLE: 'warn',
  NOT_PREVIEWED: 'warn',
};

/**
 * A push's statuses (PRODUCT.md "Round trip"): its preview's, its run's, then its revert's. Help
 * explains them with the push's words (`ui.status.push.<STATUS>`), as its progress does.
 */
export const PUSH_ROW_STATUSES: readonly string[] = [
  'WILL_CHANGE',
  'NO_CHANGE',
  'CONFLICT',
  'INVALID',
  'NOT_FOUND',
  'SKIPPED',
  'DONE',
  'FAILED',
  'UNCERTAIN',
  'NOT_PREVIEWED',
  'REVERTED',
  'CHANGED_SINCE',
  'NOT_REVERSIBLE',
];

/** The statuses Help explains, by what writes them, in the order a person meets them. */
export const STATUS_GROUPS: Readonly<
  Record<'import' | 'send' | 'export' | 'push', readonly string[]>
> = {
  import: IMPORT_ROW_STATUSES,
  send: SEND_ROW_STATUSES,
  // Help explains these with the export's words (`ui.status.export.<STATUS>`).
  export: ['WRITTEN', 'UPDATED', 'ADDED', 'UNCHANGED', 'GONE', 'DELETED'],
  push: PUSH_ROW_STATUSES,
};

/** The groups Help explains with their own words (`ui.status.<group>.<STATUS>`) first. */
export const OWN_WORDS_GROUPS: ReadonlySet<string> = new Set(['export', 'push']);

/**
 * What a status means for a job of `kind`: its kind's own words first (an export's UNCHANGED is
 * not an import's, issue 29.7), else the status's words; '' when the catalogue has neither.
 */
export function statusMeaning(t: UiTranslate, status: string, kind?: string): string {
  if (kind !== undefined) {
    const own = `ui.status.${kind}.${status}` as UiKey;
    const meaning = t(own);
    if (meaning !== own) return meaning;
  }
  const key = `ui.status.${status}` as UiKey;
  const meaning = t(key);
  return meaning === key ? '' : meaning;
}
