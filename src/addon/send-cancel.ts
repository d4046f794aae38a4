import { translator } from '../core/i18n';
import { type EngineDeps, isFinished, isSettlingCancel, needsWork } from '../core/jobs';
import type { JobRecord } from '../core/jobs/record';
import { cellsForSheet } from '../core/send/batch';
import { cancelledRowEntries } from '../core/send/cancel';
import { statusColumnsOf } from '../core/send/columns';
import { SEND_JOB_KIND } from '../core/send/job';
import { dropSendLedger } from '../core/send/job-ledger';
import { readSendJobOptions } from '../core/send/options';
import { createSheetTable, findSheetById } from '../gas/sheet-table';
import { currentSpreadsheet, spreadsheetDataStore } from './context';

/**
 * After a send ends: the rows a cancelled one left QUEUED say they were not sent because the
 * job was cancelled (issue 16 item 14), and the job's record of its SKIPPED and FAILED rows
 * (core/send/job-ledger.ts) goes. Done once per job, by the person whose job it is (job records
 * are personal), when no slice works the jobs: a slice still running would write its marks
 * after this. Called after each drive and after a cancel. Returns the jobs as it leaves them (one
 * listing, a Properties call, when it released none), for the caller's next look (issue 30).
 */
export function releaseCancelledSends(deps: EngineDeps): JobRecord[] {
  const listed = deps.store.list();
  const ended = listed.filter(
    (job) =>
      job.kind === SEND_JOB_KIND &&
      isFinished(job.state) &&
      // Still reading back what may have left: its rows are its own until that is over.
      !isSettlingCancel(job) &&
      (job.state === 'cancelled' || hasLedger(job)) &&
      !released(job),
  );
  if (ended.length === 0 || !deps.mutex.tryLock(0)) return listed;
  try {
    const jobs = deps.store.list();
    for (const job of ended) {
      const options = readSendJobOptions(job.options);
      const busy = jobs.some(
        (other) =>
          other.kind === SEND_JOB_KIND &&
          needsWork(other) &&
          readSendJobOptions(other.options)?.sheetId === options?.sheetId,
      );
      // Another send works the sheet now: its QUEUED rows are its own.
      if (job.state === 'cancelled' && options && !busy) {
        releaseRows(job, options, deps.clock.now());
      }
      if (hasLedger(job)) dropSendLedger(spreadsheetDataStore(), job.jobId);
      deps.store.save({ ...job, cursor: { ...(job.cursor as object), released: true } });
    }
  } finally {
    deps.mutex.release();
  }
  return deps.store.list();
}

/** Whether the send's checkpoint says it kept a ledger of its rows (core/send/job-ledger.ts). */
function hasLedger(job: JobRecord): boolean {
  return (job.cursor as { ledger?: number } | undefined)?.ledger === 1;
}

function released(job: JobRecord): boolean {
  return (job.cursor as { released?: boolean } | undefined)?.released === true;
}

function releaseRows(
  job: JobRecord,
  options: NonNullable<ReturnType<typeof readSendJobOptions>>,
  now: number,
): void {
  const sheet = findSheetById(currentSpreadsheet(), options.sheetId);
  if (!sheet) return;
  const values = sheet.getDataRange().getValues();
  const header = values[options.headerRow - 1] ?? [];
  const columns = statusColumnsOf(header);
  if (!columns) return;
  const rows = values.slice(options.headerRow);
  const t = translator(options.locale ?? 'en');
  const entries = cancelledRowEntries(rows, columns, { t, now, jobId: job.jobId });
  const table = createSheetTable(sheet, options.headerRow);
  const indexes = [columns.status, columns.messageId, columns.detail, columns.sentAt];
  // One write per run of adjacent rows: the QUEUED rows of a cancelled send are mostly one run.
  let run: typeof entries = [];
  const flush = () => {
    const first = run[0];
    if (first)
      table.writeRows(
        first.index,
        indexes,
        run.map(({ cells }) => cellsForSheet(cells)),
      );
    run = [];
  };
  for (const entry of entries) {
    const last = run[run.length - 1];
    if (last && entry.index !== last.index + 1) flush();
    run.push(entry);
  }
  flush();
}
