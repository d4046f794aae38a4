/**
 * What the row jobs (import, send) share: a job that works through the rows of a sheet, one
 * request per step, and writes each row's status in columns of its own at the right of the data.
 */
import { codedError } from '../errors';
import { type Translate, translator } from '../i18n';
import type { Clock } from '../ports';
import type { StepContext, StepResult } from './engine';
import { JobFailure } from './errors';
import { isPending, isSettlingCancel, type JobRecord } from './record';
import { pauseForAccessError } from './requests';

/**
 * The clock a job's pacer is built over, once per execution: it waits through the clock of
 * the step running now, so pacing waits are never counted as a step's work.
 */
export class StepClock implements Clock {
  current: Clock | undefined;
  /** `jobName` ("import", "send") names the job in the error of a pacer used between steps. */
  constructor(private readonly jobName: string) {}
  now(): number {
    return this.target().now();
  }
  sleep(ms: number): void {
    this.target().sleep(ms);
  }
  private target(): Clock {
    if (!this.current) throw new Error(`The ${this.jobName} pacer was used outside a job step.`);
    return this.current;
  }
}

/**
 * How a row job writes to its sheet. Rows are 0-based data rows (index 0 is just below the
 * header row); columns are 0-based.
 */
export interface RowJobSheetWriter {
  /**
   * Writes `values[i]` into data row `firstRow + i` at `columns` (one value per column, same
   * order). Adjacent columns are written together, never one call per cell.
   */
  writeRows(
    firstRow: number,
    columns: readonly number[],
    values: readonly (readonly unknown[])[],
  ): void;
  /** Puts these headers at the right of the last used column; returns their column indexes. */
  appendHeaders(headers: readonly string[]): number[];
  /**
   * The header row and data rows `first` .. `first + count - 1` as they are now, read right
   * before a write (core/rows/scope.ts checks a job with `rows` writes into its own rows only).
   */
  readRowsNow?(first: number, count: number): { header: unknown[]; rows: unknown[][] };
}

/** Data rows `first` .. `first + count - 1` (0-based, 0 just below the header row). */
export interface RowWindow {
  first: number;
  count: number;
  /**
   * Read as asked, not cut at the last row with content (one call fewer): rows past it read
   * blank, and a range past the grid reads the whole sheet instead. The read never says it
   * reached the last row (`complete` is false).
   */
  uncut?: boolean;
}

/** Rows counted from the sheet: every non-blank row is in `total`, finished ones in `done`. */
export interface RowCounts<S extends string> {
  total: number;
  done: number;
  counts: Record<S, number>;
}

/** A zero count for every status. */
export function zeroCounts<S extends string>(statuses: readonly S[]): Record<S, number> {
  const counts = {} as Record<S, number>;
  for (const status of statuses) counts[status] = 0;
  return counts;
}

export function applyCounts(job: JobRecord, counts: RowCounts<string>): void {
  job.total = counts.total;
  job.done = counts.done;
  job.counts = { ...counts.counts };
}

/**
 * Moves the job's counts by what changed between two counts of the same rows (a window of the
 * sheet, before and after the step's writes); the rows outside it keep their last count.
 * Between two whole reads a person may sort, insert or delete rows, so a window's rows were
 * not the ones the last whole read counted there: the moved counts are an estimate, kept
 * within what a person can read (never below 0, never more rows done than rows). The next
 * whole read counts them exactly.
 */
export function applyCountsDelta(
  job: JobRecord,
  before: RowCounts<string>,
  after: RowCounts<string>,
): void {
  const counts = { ...job.counts };
  for (const status of Object.keys(after.counts)) {
    const moved =
      (counts[status] ?? 0) + (after.counts[status] ?? 0) - (before.counts[status] ?? 0);
    counts[status] = Math.max(0, moved);
  }
  job.counts = counts;
  job.done = Math.max(0, job.done + after.done - before.done);
  job.total = Math.max(job.done, job.total + after.total - before.total);
}

/** Stops the job with exact counts (a thrown JobPause / JobFailure would drop them). */
export function stopJob(job: JobRecord, state: 'paused' | 'failed', message: string): StepResult {
  job.state = state;
  job.message = message;
  return { status: 'more' };
}

/** What a row job does in a step, around the work shared by every step (see guardedStep). */
export interface RowJobStep<E, R> {
  /** Its pacer's clock: set to the step's clock while the step runs. */
  clock: StepClock;
  env(): E;
  /** What the job keeps between steps of one execution; a string fails the job with that message. */
  runFor(job: JobRecord, env: E): R | string;
  work(run: R, env: E): StepResult;
  /** After the work threw: what to save or forget before the error is handled. */
  afterError(error: unknown, run: R): void;
  /** The fix to pause the job with, for errors of this job's own that the user must fix. */
  pauseMessage(error: unknown, run: R): string | undefined;
}

/**
 * One step of a row job. A refused key, a suspended account or a missing permission (401/403)
 * pauses the job with the fix, and so do the job's own errors that `pauseMessage` names; any
 * other error goes on to the engine.
 */
export function guardedStep<E, R>(
  job: JobRecord,
  ctx: StepContext,
  step: RowJobStep<E, R>,
): StepResult {
  step.clock.current = ctx.clock;
  try {
    const env = step.env();
    const run = step.runFor(job, env);
    if (typeof run === 'string') return stopJob(job, 'failed', run);
    try {
      return step.work(run, env);
    } catch (error) {
      step.afterError(error, run);
      const access = pauseForAccessError(error, translator(job.locale ?? 'en'));
      const fix = access?.message ?? step.pauseMessage(error, run);
      if (fix !== undefined) return stopJob(job, 'paused', fix);
      throw error;
    }
  } finally {
    step.clock.current = undefined;
  }
}

/** The message of a job paused because its sheet's header row no longer fits it (in `t`'s language). */
export function headersChangedMessage(
  sheetName: string,
  job: 'import' | 'send',
  problem: string,
  t: Translate = translator('en'),
): string {
  return t('jobs.headersChanged', { sheet: sheetName, job: t(`jobs.name.${job}`), problem });
}

/** Text written with a leading apostrophe stays text in Sheets (a CRM message starting with `=` is no formula). */
export function asText(text: string): string {
  return text === '' ? '' : `'${text}`;
}

/**
 * Hands `entries` (in row order) to `write` one run of consecutive rows at a time, so that a
 * run costs one sheet write. Once `now()` is past `stopAfter` it stops between runs, after at
 * least one; returns how many entries were written.
 */
export function writeInRuns<E extends { index: number }>(
  entries: readonly E[],
  write: (run: E[]) => void,
  now: () => number,
  stopAfter?: number,
): number {
  let written = 0;
  let start = 0;
  while (start < entries.length) {
    if (stopAfter !== undefined && written > 0 && now() > stopAfter) break;
    let end = start + 1;
    while (end < entries.length && entries[end]?.index === (entries[end - 1]?.index ?? 0) + 1)
      end += 1;
    const run = entries.slice(start, end);
    write(run);
    written += run.length;
    start = end;
  }
  return written;
}

/** Puts `values` at `columns` of a row read earlier, so that a reused read stays in step with the sheet. */
export function setCells(
  row: unknown[],
  columns: readonly number[],
  values: readonly unknown[],
): void {
  columns.forEach((column, c) => {
    while (row.length <= column) row.push('');
    row[column] = values[c];
  });
}

/**
 * The index of each status column, by field (`fieldOf` maps each status header to its field),
 * with `indexOf` finding a header in the header row; undefined while any of them is missing.
 */
export function placeStatusColumns<H extends string, F extends string>(
  fieldOf: Readonly<Record<H, F>>,
  headers: readonly H[],
  indexOf: (header: H) => number | undefined,
): Record<F, number> | undefined {
  const columns: Partial<Record<F, number>> = {};
  for (const header of headers) {
    const index = indexOf(header);
    if (index === undefined) return undefined;
    columns[fieldOf[header]] = index;
  }
  return columns as Record<F, number>;
}

/**
 * Reads the sheet and finds the status columns, creating the missing ones (at the right of the
 * data) and reading again when any is missing.
 */
export function readWithStatusColumns<R, C>(sheet: {
  read(): R;
  columnsOf(read: R): C | undefined;
  missingHeaders(read: R): readonly string[];
  appendHeaders(headers: readonly string[]): unknown;
  /** The job's language, for the message of a sheet that refuses the columns. */
  t: Translate;
}): { read: R; columns: C } {
  let read = sheet.read();
  let columns = sheet.columnsOf(read);
  if (!columns) {
    const missing = sheet.missingHeaders(read);
    sheet.appendHeaders(missing);
    read = sheet.read();
    columns = sheet.columnsOf(read);
    if (!columns) {
      throw new JobFailure(
        sheet.t('jobs.statusColumnsNotCreated', { headers: missing.join(', ') }),
      );
    }
  }
  return { read, columns };
}

/** A value built on first use and kept (a job handler's environment lives one execution). */
export function builtOnce<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}

/**
 * The sheet of this name; the error lists the sheets there are. `ownSheet` names a sheet of
 * the add-on's own (the hidden CRM Send Record): never a job's sheet, and not listed.
 */
export function requireSheetNamed<S extends { getName(): string }>(
  spreadsheet: {
    getSheetByName(name: string): S | null;
    getSheets(): readonly S[];
  },
  name: string,
  ownSheet: (sheet: S) => boolean = () => false,
): S {
  const sheet = spreadsheet.getSheetByName(name);
  if (sheet && ownSheet(sheet)) {
    throw codedError(
      `"${name}" is the CRM Send Record sheet, where the add-on keeps which lead got which template; pass another sheet as sheet.`,
      'sheetIsSendRecord',
      { sheet: name },
    );
  }
  if (!sheet) {
    const names = spreadsheet
      .getSheets()
      .filter((s) => !ownSheet(s))
      .map((s) => `"${s.getName()}"`)
      .join(', ');
    throw codedError(
      `No sheet is named "${name}"; the sheets are ${names}. Pass one of them as sheet.`,
      'sheetNotFound',
      { sheet: name },
    );
  }
  return sheet;
}

/**
 * Whether a job still holds its sheet: every job that is not done or cancelled. A failed or
 * paused job may be resumed, and would then write the same status columns as a job started
 * meanwhile (issue 16.3: a transient failure, another person's start, a Resume, and leads
 * messaged twice), so it holds the sheet until it is cancelled.
 */
export function holdsSheet(job: Pick<JobRecord, 'state' | 'settleOnCancel'>): boolean {
  // A cancelled job still reading back what may have left holds it too: until then its rows
  // look unsent, and a run started on them would act on them a second time.
  return job.state !== 'done' && (job.state !== 'cancelled' || isSettlingCancel(job));
}

/**
 * Refuses to start (or resume, `exceptJobId` being the job resumed) a `kind` job on a sheet
 * another one still holds (holdsSheet): both would write the same status columns. `jobName`
 * ("Import", "Send") starts the message. `kinds` are the kinds that exclude it (default: its
 * own), named by `nameOf` in the message.
 */
export function checkNoOtherJobOnSheet(
  jobs: readonly JobRecord[],
  target: {
    kind: string;
    jobName: string;
    sheetId: number;
    sheetName: string;
    kinds?: readonly string[];
    nameOf?: (kind: string) => string | undefined;
  },
  exceptJobId?: string,
): void {
  const kinds = target.kinds ?? [target.kind];
  const other = jobs.find((job) => {
    if (job.jobId === exceptJobId) return false;
    if (!kinds.includes(job.kind) || !holdsSheet(job)) return false;
    // Board entries (other editors' jobs) carry the sheet id without their options.
    const sheetId = job.sheetId ?? (job.options as { sheetId?: unknown } | null)?.sheetId;
    return sheetId === target.sheetId;
  });
  const jobName = (other && target.nameOf?.(other.kind)) ?? target.jobName;
  if (other && isSettlingCancel(other)) {
    throw codedError(
      `${jobName} ${other.jobId} was cancelled on "${target.sheetName}" and is still reading back the rows it may have sent: let it finish (crmListJobs() shows it), then start again.`,
      'jobOnSheet',
      { sheet: target.sheetName },
    );
  }
  if (other) {
    throw codedError(
      `${jobName} ${other.jobId} is already ${other.state} on "${target.sheetName}": ${isPending(other.state) ? 'let it finish, resume' : 'resume'} it with crmResumeJob("${other.jobId}") or cancel it with crmCancelJob("${other.jobId}") before starting another.`,
      'jobOnSheet',
      { sheet: target.sheetName },
    );
  }
}
