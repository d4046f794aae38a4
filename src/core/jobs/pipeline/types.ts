import type { CrmApi, Settled } from '../../../api';
import type { Page } from '../../../api/pager';
import type { RowJobSheetWriter } from '../row-job';
import type { PipelineEntry } from './ledger/ledger';

/**
 * The pieces a row job whose record is a ledger of its rows hands the pipeline (lead actions,
 * their revert: they walk the planned walk through pipeline/ledger/walk.ts): the walk knows
 * nothing of leads; each kind says how a row is collected and read, what it asks for next,
 * whether that request may be repeated, how an answer reads and how an UNCERTAIN row settles.
 */

/** Per-row request bookkeeping the pipeline keeps in every entry. */
export interface WalkEntry extends PipelineEntry {
  d?: string;
  t?: number;
  /** Requests of the row done so far. */
  x?: number;
  /** A request that must not be repeated may have left (settle before anything else). */
  f?: 1;
  /** When that request left (epoch ms). */
  u?: number;
  /** Sent once more after a settle found nothing happened: never again blindly. */
  o?: 1;
  /** Retries of a repeatable request that got no answer. */
  r?: number;
  /**
   * The same row as an earlier entry of the record, taken on under another key (a person
   * renamed the key column mid-job): it shows that entry's end and is not a row of its own in
   * the counts (`PipelineKind.rowMark`).
   */
  a?: 1;
}

export interface SheetValues {
  header: unknown[];
  rows: unknown[][];
  /** What each cell shows (for `{{Header}}` text and ids typed as text). */
  display: unknown[][];
}

export interface PipelineSheet extends RowJobSheetWriter {
  /** The header row and every data row, values and what they show. */
  read(): SheetValues;
  /** The header row alone. */
  readHeader?(): unknown[];
  /** Columns `first` .. `first + count - 1` (0-based) of every data row: values only. */
  readColumns?(first: number, count: number): unknown[][];
  /** Applies pending writes now (before a request that must not be repeated leaves). */
  flush(): void;
}

/** What an entry does next (pure). */
export type NextMove<R> =
  | { kind: 'final'; status: string; words: string }
  | { kind: 'request'; request: R; words: string }
  | { kind: 'none' };

export type AnswerReading =
  | { kind: 'done' }
  | { kind: 'again' }
  | { kind: 'retry'; words: string }
  | { kind: 'uncertain'; words: string }
  | { kind: 'row'; status: string; words: string }
  | { kind: 'refused'; error: unknown };

/** Reading what each entry needs before it is decided (a lead's state), in pages or one by one. */
export interface ReadHooks<E, T> {
  needs(entry: E): boolean;
  /** One page of everything (per_page 200), when paging is cheaper than one read per row. */
  page?(page: number): (api: CrmApi) => Page<T>;
  applyPage?(items: readonly T[], entries: readonly E[]): E[];
  /**
   * The paged read is over: `whole` when every page of its one pass was read and the account's
   * total did not move meanwhile (nothing shifted a lead past the pages), else it stopped early
   * or shifted. The entries still needing a read; returns those it changed.
   */
  endPages?(entries: readonly E[], whole: boolean): E[];
  one(entry: E): (api: CrmApi) => unknown;
  /** Applies one read's answer; false when it must be read again later (a refusal). */
  applyOne(entry: E, answer: Settled<unknown>): boolean;
}

export interface PipelineKind<E extends WalkEntry, R> {
  /** Status column headers: status, detail, at, run. */
  headers: readonly string[];
  /** The entries of the job, from a whole read (pure); a string fails the job with it. */
  collect(values: SheetValues): E[] | string;
  /**
   * Whether rows found at the end of a pass that the record does not hold (added by a person
   * during the job, or missed by a read a person's insert raced) are taken on, as a new pass.
   * A delete says no: it acts only on the rows its confirm counted.
   */
  adoptsLateRows: boolean;
  /**
   * The columns a row's key is made of, so that placing statuses mid-job reads those columns
   * only (the end-of-job check reads everything); undefined reads the whole sheet.
   */
  keyColumns?(header: readonly unknown[]): number[] | undefined;
  /** Each data row's key, for placing statuses (an empty key is never placed). */
  keysOf(values: SheetValues): string[];
  read?: ReadHooks<E, unknown>;
  /**
   * What a row acts on once read (a lead id), when rows of different keys may name the same
   * thing (one row by e-mail, another by phone): only the first row of a target is acted on.
   */
  target?(entry: E): string | undefined;
  /** The end of a row whose target an earlier row (`first`) has: it sends nothing. */
  twin?(entry: E, first: E): { status: string; words: string };
  /**
   * The cells of a later row of a finished entry's key (a row copied, same key and cells): the
   * entry is one row's, acted on once, so a copy says what happened to it, naming the data row
   * (0-based) that carried it. Left out, every row of the key gets the entry's cells.
   */
  copyCells?(entry: E, carrier: number): unknown[];
  /**
   * A mark of the row's cells as collected (a short hash), the same whatever the row is keyed
   * by. A row found at the end of a pass under a key the record does not hold, with the mark of
   * an entry the record holds, is that entry's row keyed otherwise since (a person renamed the
   * key column: its rows key by e-mail now, or by id): it shows that entry's end and detail and
   * is not acted on again (a row is acted on once a run). Undefined: no such mark.
   */
  rowMark?(entry: E): string | undefined;
  /**
   * Place a step's statuses at most this often (ms), with the finished rows between them, so
   * that scattered rows (a push's changed rows among untouched ones) cost a few sheet writes a
   * run, not one each; the ends wait in the record meanwhile (and a slice's end places them).
   * Undefined: every step places its own.
   */
  placeEveryMs?: number;
  next(entry: E): NextMove<R>;
  call(entry: E, request: R): (api: CrmApi) => unknown;
  repeatable(request: R): boolean;
  readAnswer(entry: E, request: R, answer: Settled<unknown>): AnswerReading;
  /** The read that settles an UNCERTAIN request, and what it says. */
  settleCall(entry: E, request: R): (api: CrmApi) => unknown;
  settled(entry: E, request: R, answer: Settled<unknown>): 'done' | 'not' | 'unknown';
  /**
   * The end of a row a cancel left without one (the job was cancelled before its request left,
   * `unsent`, or a read back showed the request never arrived, `notArrived`): a status and words
   * saying nothing was sent (or what part was), never a blank row. Undefined: such rows stay as
   * they are (a kind whose jobs do not settle on cancel).
   */
  cancelled?(entry: E, how: 'unsent' | 'notArrived'): { status: string; words: string };
  /** Words of a row's end status (DONE after its last request, UNCERTAIN after a failed settle…). */
  words(entry: E, status: string, base: string): string;
  /**
   * The words an entry's status has when the record keeps no detail for it (recomputed from what
   * the record holds): a detail equal to them is not stored, so that a 1,000-row record stays
   * small in the person's Properties. Undefined: always store the detail.
   */
  derive?(entry: E): string | undefined;
  /** Status, detail, at, run: the cells of one entry. */
  cells(entry: E): unknown[];
  /** Once, before the first request that changes anything (the delete's backup sheet). */
  beforeFirstSend?(entries: readonly E[]): void;
  message(entries: readonly E[], finished: boolean): string;
}
