import type { CrmApi, Settled } from '../../../../api';
import type { RowWindow } from '../../row-job';
import type { ScanRead } from '../scan/types';

/**
 * The pieces a kind hands the planned walk of the pipeline (pipeline/planned/walk.ts): a windowed
 * row job whose requests must not be repeated (the send: a message cannot be taken back). Its
 * record is the sheet and its checkpoint: a step plans the next batch and names it in the
 * checkpoint; the next step marks the batch's rows (and any record the kind keeps) before a
 * request leaves, sends it once, and places each answer by key. The walk knows nothing of
 * leads or messages; the kind says how a row is decided, its request, how an answer reads,
 * what a row needs read first, how a request that may have left settles, and what its marks
 * and record are.
 */

/** A row of a planned batch: its key, and the data row it was on when planned. */
export interface PlannedAt {
  key: string;
  at: number;
}

/** What the walk needs of any read: where it is in the sheet, with each row's key. */
export interface PlannedRead extends ScanRead {
  keys: readonly (string | undefined)[];
}

/** A planned row found again in the read taken under the marks, at its index there. */
export interface MarkedRow {
  index: number;
}

/** What a batch's answers do, as far as the walk acts on it. */
export interface AnsweredBatch {
  /** The longest Retry-After of the batch's 429s, for the pacer. */
  retryAfterSeconds?: number;
  /**
   * Apps Script refused the batch (a quota), or what else stops a repeatable kind's job (a
   * refused key): thrown once the answers are placed.
   */
  platformError?: unknown;
  /** The job must pause (a refusal a person must fix): after the answers are placed. */
  pauseMessage?: string;
  /** The job must end failed (the import's plan limit): after the answers are placed. */
  failMessage?: string;
}

export interface PlannedTypes {
  read: PlannedRead;
  /** A status that costs no request (the send: QUEUED, SKIPPED, UNCERTAIN after a kill). */
  free: unknown;
  /** What a scan plans for the next step (opaque to the walk; see PlannedKind.waitUntil). */
  next: unknown;
  /** A row planned to be sent. */
  send: PlannedAt;
  /** A row to send as found and marked under the kind's lock. */
  marked: MarkedRow;
  /** A row whose needs are read before it is decided (the send: a lead looked up by e-mail). */
  learn: PlannedAt;
  /** A request that may have left, to settle by reading its target back. */
  settle: unknown;
  /** What a settle read says. */
  settled: unknown;
  answered: AnsweredBatch;
  /** Where a batch's answers go in a fresh read. */
  located: { unplaced: number };
  /** The job's checkpoint (opaque to the walk, which stores it in the job). */
  cursor: unknown;
}

/** What a step's writes leave: the rows as written, the work planned on them, the checkpoint. */
export interface Written<T extends PlannedTypes> {
  read: T['read'];
  next: T['next'];
  cursor: T['cursor'];
  /**
   * Where the scan goes on when nothing is planned (undefined: a whole read); left out, below
   * `read` (a repeatable kind: below the window its batch was planned on).
   */
  scanAfter?: number | undefined;
}

/**
 * How a step changes the checkpoint: the rows planned (and when), and where the scan goes on
 * (left out: kept as it is; undefined: a whole read next).
 */
export interface CheckpointChange<T extends PlannedTypes> {
  planned: readonly T['send'][];
  plannedAt?: number;
  scan?: number | undefined;
}

/** The work a scan planned for the next step. */
export type PlannedWork<T extends PlannedTypes> =
  | { kind: 'send'; rows: readonly T['send'][] }
  | { kind: 'learn'; rows: readonly T['learn'][] }
  | { kind: 'settle'; targets: readonly T['settle'][] };

/** The marks of a batch, written and flushed before its requests leave. */
export interface MarkedBatch<T extends PlannedTypes> {
  /** The read the marks were placed in. */
  read: T['read'];
  /** The rows marked, whose requests leave now (none: nothing to send after all). */
  batch: T['marked'][];
  /** When the marks were written: a request left no earlier than this. */
  at: number;
  /** Rows decided without a request (a repeatable kind's), placed with the answers. */
  placeOnly?: T['marked'][];
}

export interface PlannedKind<T extends PlannedTypes> {
  /**
   * Whether every request may be sent again (the import's upserts by key): a batch then
   * leaves with no marks and no lock (`beforeSend` only decides its rows) through pacedAll,
   * which sends a refused (429) request again; left out, requests leave once (the send).
   */
  repeatable?: boolean;
  /** Rows read where the scan goes on (and the planned batch, wherever it is). */
  windowRows: number;
  /** Rows read past a batch, so that the read after it also holds the next batch. */
  lookaheadRows: number;
  /** The work the last step kept for this one (keepNext), taken: a later step plans again. */
  takeNext(): PlannedWork<T> | undefined;
  /** Forgets planned work (the job pauses). */
  dropNext(): void;

  // The scan.
  /** Before the first read of a scan (the send reads its send record before the sheet). */
  beforeScan(): void;
  /** The batch the checkpoint names: planned, and maybe sent by a killed execution. */
  planned(): readonly PlannedAt[];
  /** The data row where the scan goes on; undefined: read the whole sheet. */
  scanAt(): number | undefined;
  /** Whether this execution has still to look for the checkpoint's batch (once, after a kill). */
  recovering(): boolean;
  /** The planned batch as `read` finds it: rows not waiting where planned may have been sent. */
  recover(read: T['read'], planned: readonly PlannedAt[]): void;
  /** The sheet, or a window of it, with every row decided as far as costs nothing (pure). */
  read(display: boolean, window?: RowWindow): T['read'];
  /** What a read needs before it is decided on (the send: records a sort moved, moved home). */
  prepare(read: T['read']): T['read'];
  /** The statuses a read calls for, and the next work (pure). */
  plan(read: T['read']): { free: T['free'][]; next: T['next'] };
  /** Writes statuses on rows of `read` (in runs, until `stopAfter`); returns rows written. */
  writeFree(read: T['read'], free: readonly T['free'][], stopAfter?: number): number;
  /** `read` as written (decided again). */
  reread(read: T['read']): T['read'];
  /** Whether row `index` of a read is blank: a window ending on one ends its pass. */
  isBlank(read: T['read'], index: number): boolean;
  /** The work `next` plans for the next step; undefined when it only waits, or is done. */
  workOf(next: T['next']): PlannedWork<T> | undefined;
  /** When `next` only waits (retries not due), until when. */
  waitUntil(next: T['next']): number | undefined;
  /** Keeps `next` for the next step of this execution (takeNext). */
  keepNext(next: T['next']): void;
  /** The checkpoint as this step has it now. */
  currentCursor(): T['cursor'];
  /** Whether this step changed the checkpoint: a step that did cannot just wait. */
  changed(): boolean;
  checkpoint(cursor: T['cursor'], change: CheckpointChange<T>): T['cursor'];

  // Progress and the checks.
  /**
   * The cheap check at a slice's end: the sheet against what the job wrote, repaired, when
   * it costs little. Returns the read to count from, and the checkpoint after the repairs.
   */
  checkAtSliceEnd(read: T['read'], cursor: T['cursor']): { read: T['read']; cursor: T['cursor'] };
  /** The job's counts after this step (a whole read recounts; a window moves them). */
  count(read: T['read']): void;
  /** Whether this step wrote to the sheet: it then cannot be the step that ends the job. */
  hasWritten(): boolean;
  /** Whether a whole read leaves nothing to send or settle: the job may end after its check. */
  nothingLeft(read: T['read'], cursor: T['cursor']): boolean;
  /**
   * The end-of-job check: the checkpoint after repairs (the job goes on), or null when the
   * sheet agrees with what the job wrote.
   */
  endCheck(read: T['read'], cursor: T['cursor']): T['cursor'] | null;
  /**
   * What the job keeps beside the sheet, written before it ends: the final checkpoint, or
   * undefined when it cannot be written yet (the job goes on, and tries again).
   */
  finishRecord(cursor: T['cursor']): T['cursor'] | undefined;
  message(finished: boolean, read: T['read'], cursor: T['cursor']): string;

  // The send.
  /** Rows the next batch may hold (batches ramp up). */
  batchSize(): number;
  /**
   * Under the kind's lock: the batch's rows found again by key, marked (with what the read
   * calls for), the kind's record of "may have left" written, and both flushed: a kill from
   * here on finds them marked. Undefined when another execution holds the lock (`busyWords`).
   */
  beforeSend(rows: readonly T['send'][], count: number): MarkedBatch<T> | undefined;
  busyWords(): string;
  /** Wait before trying a busy lock again (ms). */
  busyRetryMs: number;
  call(row: T['marked']): (api: CrmApi) => unknown;
  /** How a batch's answers read (`attemptAt`: when its marks were written). */
  readAnswers(
    answers: readonly Settled<unknown>[],
    batch: readonly T['marked'][],
    attemptAt: number,
  ): T['answered'];
  /** Where each answer goes in `read` (by key, never by position). */
  locate(read: T['read'], answered: T['answered']): T['located'];
  /** Writes the answers where they were located. */
  placeAnswers(
    read: T['read'],
    answered: T['answered'],
    located: T['located'],
    batch: readonly T['marked'][],
  ): Written<T>;

  // Reading what rows need, and settling.
  learnCall(row: T['learn']): (api: CrmApi) => unknown;
  /** What an answered read tells of its row: a reason to skip it, or undefined (learnt). */
  learnt(row: T['learn'], value: unknown): string | undefined;
  /**
   * A read that failed but told the kind what it needed (the ledger's kinds: a 404 says the
   * lead is gone): true, and it is no failure of the step. Left out: every failure is one.
   */
  learnFailed?(row: T['learn'], error: unknown): boolean;
  /** Writes the skips a batch of reads found (by key in `read`). */
  placeSkips(read: T['read'], skips: readonly { row: T['learn']; reason: string }[]): Written<T>;
  settleCall(target: T['settle']): (api: CrmApi) => unknown;
  /** How the answers of a batch of settle reads read (undefined: the read was not made). */
  settleReader(): (target: T['settle'], answer: Settled<unknown> | undefined) => T['settled'];
  /** Writes what the settle reads said (whole read `read`). */
  placeSettled(
    read: T['read'],
    settled: readonly { target: T['settle']; settled: NonNullable<T['settled']> }[],
  ): Written<T>;

  /** After the step's last write, whatever it ended with (the kind's ledger is stored). */
  endStep(): void;
}
