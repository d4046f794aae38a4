import type { CrmClient } from '../../api/client';
import type { Translate } from '../i18n';
import type { StepContext } from '../jobs/engine';
import type { PlannedTypes, Written } from '../jobs/pipeline/planned/types';
import type { JobRecord } from '../jobs/record';
import {
  applyCounts,
  applyCountsDelta,
  type RowWindow,
  readWithStatusColumns,
  setCells,
  writeInRuns,
} from '../jobs/row-job';
import type { Pacer } from '../pacing';
import type { Clock, KeyValueStore } from '../ports';
import {
  applyEntries,
  type BatchSettlement,
  batchSize,
  cellsForSheet,
  claimKeys,
  type Entry,
  isWhole,
  type KnownLead,
  type LookupRow,
  MAX_BATCH_ROWS,
  misplacedRepair,
  type NextWork,
  type PlacedRow,
  planStep,
  readSendCursor,
  type SendCursor,
  type SendRow,
  type SettleLead,
  type Settlement,
  settleWork,
  withRowHistory,
} from './batch';
import { missingStatusHeaders, placeSources, type StatusColumns, statusColumnsOf } from './columns';
import { isRecorded, type SendLedger, type SendLedgerEntry } from './job-ledger';
import { finishedMessage } from './message';
import { type MisplacedContext, type MisplacedRepair, recordKeyOf, withRowKey } from './misplaced';
import type { SendJobOptions } from './options';
import type { Cells } from './outcome';
import type { SendRecordRun } from './record-run';
import {
  analyseSendSheet,
  countSendRows,
  hasPendingRows,
  type SendAnalysis,
  type SendCounts,
  type SendSheetValues,
} from './rows';
import type { SendRecordStore } from './sent-record';
import type { SendSheet } from './sheet';

/** What the send handler needs from the platform; built once per execution, on first use. */
export interface SendJobEnv {
  client: CrmClient;
  /** The user's shared pacer for the API key, over the clock given. */
  pacer(clock: Clock): Pacer;
  /** For phones typed without a country code (matchBy). */
  defaultCountry: string;
  /**
   * The opt-out tags in force in the spreadsheet as this execution starts (settings/
   * opt-out-tags.ts: every person's, the job starter's own included): no send reaches a lead
   * carrying one. The job adds the tags it started with (SendJobOptions.optOutTags).
   */
  optOutTags: readonly string[];
  /** The job's sheet, found by id (renaming it is harmless); null when it was deleted. */
  openSheet(sheetId: number, headerRow: number): SendSheet | null;
  /** The spreadsheet's send record (sent-record.ts); left out, nothing is recorded. */
  record?: SendRecordStore;
  /** The person's data store for this spreadsheet: the jobs' ledgers of their rows. */
  store: KeyValueStore;
}

export interface SendHandlerOptions {
  /** Random source for back-off jitter of lookups; tests pass a seeded one. */
  random?: () => number;
}

export { MERGE_SLOTS_MS, STOP_CHECK_AFTER_WAIT_MS } from '../jobs/pipeline/planned/walk';
/** Candidates read for one e-mail or phone (the API's maximum page): more means "ambiguous". */
export const LOOKUP_PER_PAGE = 200;

/** A slice-end check reads the whole sheet only when it holds at most this many rows a row sent. */
export const SLICE_CHECK_ROWS_PER_SENT = 2;

/** A send that found the send record busy tries again this much later. */
export const RECORD_RETRY_MS = 5_000;

/** Rows read past a batch, so that the read after it also holds the next batch. */
export const LOOKAHEAD_ROWS = 2 * MAX_BATCH_ROWS;
/** Rows read where the scan goes on when no batch is in hand. */
export const SCAN_WINDOW_ROWS = 3 * MAX_BATCH_ROWS;

/** A SENT record as the job's ledger keeps it (job-ledger.ts). */
export function sentEntry(k: string, [, m, d, at]: Cells): SendLedgerEntry {
  return { k, s: 'SENT', m, d, ...(at instanceof Date ? { a: at.getTime() } : {}) };
}

export { spanOf } from '../jobs/pipeline/planned/walk';

/** The send's types in the planned walk (jobs/pipeline/planned/types.ts). */
export interface SendTypes extends PlannedTypes {
  read: SendAnalysis;
  free: Entry;
  next: NextWork;
  send: SendRow;
  marked: PlacedRow;
  learn: LookupRow;
  settle: SettleLead;
  settled: Settlement | undefined;
  answered: BatchSettlement;
  located: { entries: Entry[]; unplaced: number };
}

/** What the job keeps between steps of one execution. */
export interface JobRun {
  options: SendJobOptions;
  sheet: SendSheet;
  t: Translate;
  needsDisplay: boolean;
  /** Lead ids (or the next lookup to make) found in this execution, by row key. */
  lookups: Map<string, KnownLead>;
  /** The next batch, decided on the last read of the previous step (its rows are found again by key). */
  next?: Extract<NextWork, { kind: 'send' | 'lookup' | 'settle' }>;
  /** Whether this execution has looked for the batch the last checkpoint planned (a kill mid-batch). */
  checked: boolean;
  /** The spreadsheet's send record, as this execution knows it. */
  record: SendRecordRun;
  /** Rows this execution sent (answers written): what a slice-end check may cost. */
  sentRows: number;
  /** The rows this job ended SKIPPED or FAILED (job-ledger.ts). */
  ledger: SendLedger;
  /**
   * The opt-out tags this execution skips: those the job started with and those in force now
   * (job.ts), so a tag replaced mid-send still keeps its leads out.
   */
  optOutTags?: readonly string[];
  /**
   * The leads that carry one of optOutTags, by id, with the tag each carries: read once per
   * execution before its first send (job.ts), a row of such a lead is SKIPPED without a request.
   */
  optedOut?: ReadonlyMap<number, string>;
}

/**
 * What every step of a send does with its sheet: reads (creating missing status columns) and
 * decides every row read, writes marks by key into the rows of the read just taken, plans the
 * next batch on what it wrote, counts progress and checks the sheet against what the job wrote.
 * The send's pieces for the planned walk (walk-kind.ts) are built on it.
 */
export abstract class SendSheetStep {
  protected cursor: SendCursor;
  protected readonly initialCursor: SendCursor;
  /** Count changes of the rows read in windows this step (whole reads recount instead). */
  protected readonly delta = { before: [] as SendCounts[], after: [] as SendCounts[] };
  /** Whether this step wrote to the sheet: it then cannot be the step that ends the job. */
  protected wrote = false;
  constructor(
    protected readonly job: JobRecord,
    protected readonly ctx: StepContext,
    protected readonly env: SendJobEnv,
    protected readonly work: JobRun,
  ) {
    this.cursor = readSendCursor(job.cursor);
    this.initialCursor = this.cursor;
  }

  /**
   * Writes a batch's cells (placed in `analysis`, read just before) and plans the next batch
   * on the result. Marks wait for a read with display values (the next batch's, or the next
   * step's): whether a row's variables pass the rules is judged on what its cells show.
   */
  protected writeBack(
    analysis: SendAnalysis,
    entries: Entry[],
    cursor: SendCursor,
  ): Written<SendTypes> {
    this.writeMarks(analysis, entries);
    const read = this.analyse(analysis);
    return { read, next: planStep(read, this.planInput(cursor)).next, cursor };
  }

  /** Counts after a step: recounted from a whole read, moved by what this step wrote after a window. */
  count(analysis: SendAnalysis): void {
    if (isWhole(analysis)) applyCounts(this.job, countSendRows(analysis));
    else {
      this.delta.before.forEach((before, i) => {
        applyCountsDelta(this.job, before, this.delta.after[i] ?? before);
      });
    }
  }

  hasWritten(): boolean {
    return this.wrote;
  }

  /** No row left to send, and no UNCERTAIN row the CRM can settle. */
  nothingLeft(analysis: SendAnalysis, cursor: SendCursor): boolean {
    return !hasPendingRows(analysis) && settleWork(analysis, cursor).length === 0;
  }

  /**
   * What the last answers said goes to the send record (a kill leaves them to settle); a
   * busy record keeps the job going (its checkpoint keeps them) until they are written.
   */
  finishRecord(cursor: SendCursor): SendCursor | undefined {
    return this.work.record.flush(cursor, this.now());
  }

  message(finished: boolean, analysis: SendAnalysis, cursor: SendCursor): string {
    const { job, work } = this;
    return finished
      ? finishedMessage(work.t, analysis, job.createdAt, cursor.unplaced)
      : work.t('send.message.progress', {
          template: work.options.templateName,
          done: job.done,
          total: job.total,
        });
  }

  /**
   * The cheap check at a slice's end (issue 16 item 12): when the next step would not fit in
   * this execution (the walk tells), the sheet's values (no display values: one read) are
   * checked like at the job's end, so a record a sort moved does not stand on another lead's
   * row until the job ends. Returns the read to count from, and the cursor naming the rows it
   * queued.
   */
  checkAtSliceEnd(
    analysis: SendAnalysis,
    cursor: SendCursor,
  ): { read: SendAnalysis; cursor: SendCursor } {
    const { work } = this;
    // At most SLICE_CHECK_ROWS_PER_SENT rows read per row sent: a send's reads stay windows
    // around its batches on a big sheet (send-cells.test.ts); the end-of-job check remains.
    if (!isWhole(analysis)) {
      const rows = work.sheet.rowCount?.();
      if (rows === undefined || rows > SLICE_CHECK_ROWS_PER_SENT * work.sentRows) {
        return { read: analysis, cursor };
      }
    }
    const whole = isWhole(analysis) ? analysis : this.read(false);
    const moved = misplacedRepair(whole, cursor, this.misplacedContext());
    if (!this.writeRepair(whole, moved)) return { read: whole, cursor };
    return { read: this.analyse(whole), cursor: moved.cursor };
  }

  /**
   * The end-of-job check: each SENT record names its lead, so a status a sort put on another
   * lead's row goes back to its own (misplacedRepair). The cursor naming the rows it queued
   * when something was repaired (the job goes on: a row may be left to send or to settle);
   * null when the sheet agrees with what the job wrote.
   */
  endCheck(analysis: SendAnalysis, cursor: SendCursor): SendCursor | null {
    const { job } = this;
    const moved = misplacedRepair(analysis, cursor, this.misplacedContext());
    if (!this.writeRepair(analysis, moved)) return null;
    applyCounts(job, countSendRows(this.analyse(analysis)));
    return moved.cursor;
  }

  /** Writes what misplacedRepair found (records moved, rows cleared); false when nothing. */
  private writeRepair(analysis: SendAnalysis, repair: MisplacedRepair): boolean {
    if (repair.entries.length === 0 && repair.cleared.length === 0) return false;
    this.writeMarks(analysis, repair.entries);
    const { columns, offset } = analysis;
    const indexes = [columns.status, columns.messageId, columns.detail, columns.sentAt];
    const blank = ['', '', '', ''];
    writeInRuns(
      repair.cleared.map((index) => ({ index, cells: blank })),
      (run) =>
        this.work.sheet.writeRows(
          offset + (run[0]?.index ?? 0),
          indexes,
          run.map(() => blank),
        ),
      () => this.now(),
    );
    for (const index of repair.cleared) setCells(analysis.rows[index] ?? [], indexes, blank);
    this.wrote = true;
    return true;
  }

  private misplacedContext(): MisplacedContext {
    const { job, work } = this;
    return {
      t: work.t,
      since: job.createdAt,
      templateName: work.options.templateName,
      sent: work.ledger.sentCells(),
    };
  }

  /**
   * A whole read's records that a sort put on another lead's row, moved home before anything
   * is decided on them (misplacedRepair): a row showing another lead's record is decided as if
   * it showed none, and its first mark would write over that record. Returns the read as
   * written.
   */
  protected moveHome(analysis: SendAnalysis): SendAnalysis {
    if (!isWhole(analysis) || !analysis.foreign.some(Boolean)) return analysis;
    const moved = misplacedRepair(analysis, this.cursor, this.misplacedContext());
    if (!this.writeRepair(analysis, moved)) return analysis;
    this.cursor = moved.cursor;
    return this.analyse(analysis);
  }

  protected planInput(cursor: SendCursor) {
    return {
      jobId: this.job.jobId,
      templateName: this.work.options.templateName,
      t: this.work.t,
      now: this.now(),
      lookups: this.work.lookups,
      cursor,
      maxRows: batchSize(cursor),
      record: this.work.record.planView(cursor),
      // The engine steps a cancelled send only while it settles (JobRecord.settleOnCancel).
      cancelled: this.job.state === 'cancelled',
    };
  }

  /**
   * Reads the sheet, or the rows of `window` (creating missing status columns), and decides
   * every row read.
   */
  read(withDisplay: boolean, window?: RowWindow): SendAnalysis {
    const { sheet, needsDisplay, ledger } = this.work;
    // The ledger of the rows written since the last read: stored in this gap, which no
    // write placed by an earlier read follows.
    ledger.save();
    const { read, columns } = readWithStatusColumns({
      read: () => sheet.read(withDisplay && needsDisplay, window),
      columnsOf: (values) => statusColumnsOf(values.header),
      missingHeaders: (values) => missingStatusHeaders(values.header),
      appendHeaders: (headers) => sheet.appendHeaders(headers),
      t: this.work.t,
    });
    return this.analyse({ ...read, columns });
  }

  protected analyse(values: SendSheetValues & { columns: StatusColumns }): SendAnalysis {
    const { options } = this.work;
    return analyseSendSheet({
      values,
      columns: values.columns,
      sources: placeSources(values.header, options, options.sheetName, this.work.t),
      since: this.job.createdAt,
      templateName: options.templateName,
      t: this.work.t,
      defaultCountry: this.env.defaultCountry,
      headerRow: options.headerRow,
      readAt: this.now(),
      mine: (status, key) => this.work.ledger.has(status, key),
      // A row found by lead id; a row looked up by e-mail or phone is told by its lookup
      // (walk-kind.ts learnt), whose answer holds the lead's tags.
      optedOut: (lead) => (lead.kind === 'id' ? this.work.optedOut?.get(lead.leadId) : undefined),
    });
  }

  /**
   * Writes entries of `analysis` (the read just taken) one run of adjacent rows at a time and
   * puts them in its rows; returns the entries written. A row found SENDING (its run stopped
   * mid-batch) claims its lead as its UNCERTAIN mark is written. The count change of a
   * window is kept for the step's progress.
   */
  protected writeMarks(
    analysis: SendAnalysis,
    entries: readonly Entry[],
    stopAfter?: number,
  ): number {
    const { columns, offset } = analysis;
    const indexes = [columns.status, columns.messageId, columns.detail, columns.sentAt];
    // A SENT record names the key of its row (matched rows): the end-of-job check finds it.
    const keyed = entries.map((entry) => ({
      ...entry,
      cells: withRowKey(entry.cells, recordKeyOf(analysis, entry), this.work.t),
    }));
    const sorted = withRowHistory(analysis, keyed).sort((a, b) => a.index - b.index);
    const counted = countSendRows(analysis);

    const written = writeInRuns(
      sorted,
      (run) =>
        this.work.sheet.writeRows(
          offset + (run[0]?.index ?? 0),
          indexes,
          run.map(({ cells }) => cellsForSheet(cells)),
        ),
      () => this.now(),
      stopAfter,
    );
    const done = sorted.slice(0, written);
    if (written > 0) this.wrote = true;
    // Into the job's ledger, stored before the next read (job-ledger.ts). A kill before then
    // leaves a SKIPPED row to decide again (the same skip); a FAILED answer was recorded
    // before its row was read to place it (sendBatch).
    this.toLedger(analysis, done);
    // By the lead id its SENDING detail names when it has one (a row matched by e-mail or
    // phone), so another row of the lead with another key is not sent either.
    const inFlight = done
      .map(({ index }) => {
        const decision = analysis.decisions[index];
        if (decision?.kind !== 'in-flight') return '';
        return decision.leadId === undefined
          ? (analysis.keys[index] ?? '')
          : `lead:${decision.leadId}`;
      })
      .filter((key) => key !== '');
    this.cursor = claimKeys(this.cursor, inFlight);
    applyEntries(analysis, done);
    // Kept for whole reads too: when a later read of the same step is a window, progress
    // applies every change of the step (the marks of a whole read included).
    this.delta.before.push(counted);
    this.delta.after.push(countSendRows(this.analyse(analysis)));
    return written;
  }

  /**
   * Rows of `analysis` written SKIPPED or FAILED, and SENT records with their cells, go into
   * the job's ledger (not stored yet), by the key of the row they were written for.
   */
  protected toLedger(analysis: SendAnalysis, entries: readonly Entry[]): void {
    this.work.ledger.add(
      entries.flatMap(({ index, cells }) => {
        const k = analysis.ledgerKeys[index] ?? '';
        if (isRecorded(cells[0])) return [{ k, s: cells[0] }];
        return cells[0] === 'SENT' && analysis.keys[index] ? [sentEntry(k, cells)] : [];
      }),
    );
  }

  protected now(): number {
    return this.ctx.clock.now();
  }
}
