/**
 * Headers of the columns a send writes at the right of the data (PRODUCT.md, Sheet
 * conventions). They are found by header text, never by position.
 */
export const SEND_STATUS_HEADER = 'CRM Send Status';
export const SEND_MESSAGE_ID_HEADER = 'CRM Message ID';
export const SEND_DETAIL_HEADER = 'CRM Send Detail';
export const SEND_SENT_AT_HEADER = 'CRM Sent At';

/** In the order they are created. */
export const SEND_STATUS_HEADERS = [
  SEND_STATUS_HEADER,
  SEND_MESSAGE_ID_HEADER,
  SEND_DETAIL_HEADER,
  SEND_SENT_AT_HEADER,
] as const;

export type SendStatusHeader = (typeof SEND_STATUS_HEADERS)[number];

/**
 * - QUEUED: will be sent by the running job.
 * - SENDING: the request is about to leave or in flight; found at the start of a step it means
 *   an execution died mid-send, and becomes UNCERTAIN.
 * - SENT: the CRM accepted the send (message id written). Never sent again.
 * - SKIPPED: refused before any send request (a documented rule, no lead, …).
 * - FAILED: the CRM answered that the send failed; a new job tries the row again.
 * - UNCERTAIN: it may have been sent; never sent again until the user clears the status.
 */
export const SEND_ROW_STATUSES = [
  'QUEUED',
  'SENDING',
  'SENT',
  'SKIPPED',
  'FAILED',
  'UNCERTAIN',
] as const;

export type SendRowStatus = (typeof SEND_ROW_STATUSES)[number];
