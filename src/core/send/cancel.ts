import type { Translate } from '../i18n';
import type { StatusColumns } from './columns';
import type { Entry } from './place';
import { statusOf } from './rows';

/**
 * The rows a cancelled send left QUEUED, and what they say once it is cancelled (pure): they
 * were not sent because the job was cancelled, not "sent in turn". SKIPPED, so that the next
 * send on the sheet tries them again. QUEUED rows on a sheet are only ever its one send job's
 * (one send job per sheet), so every QUEUED row is the cancelled job's.
 */
export function cancelledRowEntries(
  rows: readonly (readonly unknown[])[],
  columns: StatusColumns,
  ctx: { t: Translate; now: number; jobId: string },
): Entry[] {
  const entries: Entry[] = [];
  rows.forEach((row, index) => {
    if (statusOf(row, columns) === 'QUEUED') {
      entries.push({ index, cells: cancelledCells(ctx.t, ctx.jobId) });
    }
  });
  return entries;
}

/**
 * The cells of a row a cancelled send did not send: SKIPPED, saying so (never left QUEUED or
 * blank), so that a person sending "the rest" tells it from a row that was sent.
 */
export function cancelledCells(t: Translate, jobId: string): Entry['cells'] {
  return ['SKIPPED', '', t('send.detail.cancelled', { jobId }), ''];
}
