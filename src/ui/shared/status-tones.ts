import { IMPORT_ROW_STATUSES } from '../../core/import/status-columns';
import { SEND_ROW_STATUSES } from '../../core/send/status-columns';
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
  // export sync
  GONE: 'warn',
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

/** The statuses Help explains, by what writes them, in the order a person meets them. */
export const STATUS_GROUPS: Readonly<Record<'import' | 'send' | 'export', readonly string[]>> = {
  import: IMPORT_ROW_STATUSES,
  send: SEND_ROW_STATUSES,
  export: ['GONE'],
};
