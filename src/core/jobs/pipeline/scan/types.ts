import type { CrmApi, Settled } from '../../../../api';
import type { RowCounts, RowWindow } from '../../row-job';

/**
 * The pieces a kind whose requests may be repeated hands the planned walk of the pipeline,
 * through its adapter (pipeline/repeatable.ts; a dry run: pipeline/preview.ts): a row job whose
 * record is the sheet itself (the import: a status written is a row done), read a window at a
 * time, each outcome placed on the row that owns its key, checked at the end of a pass. The
 * walk knows nothing of leads; the kind says how a row is decided, which request it makes,
 * how an answer reads and how an outcome is settled.
 */

/** What the walk needs of any read of the sheet. */
export interface ScanRead {
  /** The data row of `rows[0]`: 0 for a whole read, more for a window. */
  offset: number;
  /** Whether `rows` reach the last row with content. */
  complete: boolean;
  rows: readonly unknown[];
}

/** A row's outcome, at its index in a read. */
export interface AtRow<O> {
  index: number;
  outcome: O;
}

/** An outcome placed on the row that owns its key (`key`) in a read. */
export interface Placed<O> extends AtRow<O> {
  key: string;
}

/** A row to send, at its index in the read it was decided from. */
export interface ToSend<D> {
  index: number;
  decision: D;
}

/** An outcome for a row found by its key, to place where the key is once read again. */
export interface KeyedRow<O> {
  /** The row's index in the read it was planned from. */
  hintIndex: number;
  outcome: O;
}

/** The types a kind walks with: its read, a row's decision, request, outcome and keyed outcome. */
export interface ScanTypes {
  read: ScanRead;
  decision: unknown;
  request: unknown;
  outcome: unknown;
  keyed: KeyedRow<unknown>;
}

/** How one answer reads: the row's outcome, and when the whole job must stop, why. */
export interface ScanAnswer<O> {
  outcome: O;
  stopWith?: string;
}

/** Reading what rows need before they are decided (the import: whether each lead exists). */
export interface ScanReads<T extends ScanTypes> {
  /** Notes what costs no request to know of `rows`; returns how many are still unknown. */
  unknown(read: T['read'], rows: readonly ToSend<T['decision']>[]): number;
  /** Reads for `batch`, and for up to `ahead` rows of `rows` when one read answers several. */
  learn(
    batch: readonly ToSend<T['decision']>[],
    rows: readonly ToSend<T['decision']>[],
    ahead: number,
  ): void;
}

export interface ScanKind<T extends ScanTypes> {
  /** A dry run decides every row in one step from whole reads, and writes no record. */
  dryRun: boolean;
  /** The sheet, or a window of it, with every row decided as far as costs nothing (pure). */
  read(window?: RowWindow): T['read'];
  /** Whether row `index` of a read is blank: a window ending on one ends its pass. */
  isBlank(read: T['read'], index: number): boolean;
  /** The rows of a read whose outcome costs nothing, and the rows to send (sheet order). */
  split(read: T['read']): {
    free: AtRow<T['outcome']>[];
    toSend: ToSend<T['decision']>[];
  };
  /** Writes outcomes on rows of `read` (in runs, until `stopAfter`); returns rows written. */
  write(read: T['read'], outcomes: readonly AtRow<T['outcome']>[], stopAfter?: number): number;
  /** The rows a read holds, by status. */
  counts(read: T['read']): RowCounts<string>;
  /**
   * What the job records of the free rows (those decided by key) once the first `written` of
   * them are written; what it needs is taken before the write, which marks the rows done.
   */
  recordFree(read: T['read'], free: readonly AtRow<T['outcome']>[]): (written: number) => void;
  reads: ScanReads<T>;
  /** A row's outcome, its request, or undefined while what it needs is not known yet. */
  decide(
    row: ToSend<T['decision']>,
  ): { outcome: T['outcome'] } | { request: T['request'] } | undefined;
  /** The outcome of `row` as placing will look for it (by its key). */
  keyed(row: ToSend<T['decision']>, outcome: T['outcome']): T['keyed'];
  call(request: T['request']): (api: CrmApi) => unknown;
  /**
   * Whether the request may be sent again after a kill: always, here. The sheet is this kind's
   * only record, with no room to mark a request that may have left, so a kind whose requests
   * must not be repeated (a create, a sale) walks the ledger (pipeline/ledger/walk.ts), or implements the
   * planned walk's marks and settling itself (pipeline/planned/types.ts, the send).
   */
  repeatable(request: T['request']): true;
  /** An answer's outcome; undefined when the request never left. Throws what stops the job. */
  readAnswer(
    row: ToSend<T['decision']>,
    request: T['request'],
    answer: Settled<unknown>,
  ): ScanAnswer<T['outcome']> | undefined;
  /** An outcome the job must not leave as it is, settled (the import's update undoes a create). */
  settle?(row: ToSend<T['decision']>, outcome: T['outcome']): T['outcome'];
  /**
   * Each keyed outcome on the row that owns its key in `fresh`; `plannedOffset` is the offset
   * of the read they were planned from. Returns them by index, and how many found no row.
   */
  locate(
    fresh: T['read'],
    keyed: readonly T['keyed'][],
    plannedOffset: number,
  ): { placed: Placed<T['outcome']>[]; unplaced: number };
  /**
   * Before a batch's requests leave: what telling their answers apart after a kill needs
   * (the import's creations it is about to make). Absent: nothing.
   */
  beforeRequests?(): void;
  /** Before a step's statuses are written: what the end check needs if a kill follows. */
  beforePlace(): void;
  /** After they are: the job's record of what it wrote (`placed` by index in `fresh`). */
  afterPlace(
    keyed: readonly T['keyed'][],
    placed: readonly Placed<T['outcome']>[],
    offset: number,
  ): void;
  /** Whether the cells rows `indices` were decided from are the same in `after` (dry run). */
  sameRows(before: T['read'], after: T['read'], indices: readonly number[]): boolean;
  /**
   * Whether each outcome written stands on its row of `after` (dry run): a person who sorts
   * during its writes and sorts back leaves every row's cells as decided, yet the statuses of
   * one write on other rows. Absent: not checked.
   */
  standing?(after: T['read'], outcomes: readonly AtRow<T['outcome']>[]): boolean;
  /** The end check: every status against the job's record, repaired; returns its whole read. */
  endCheck(): { read: T['read']; repaired: number };
  /** Saves the job's record (`now`: the slice may end, or the job did). */
  save(now: boolean): void;
  /** The job's message, from its counts (`unplaced`: statuses that found no row). */
  message(finished: boolean, unplaced: number): string;
}
