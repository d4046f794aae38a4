import type { CrmApi, Settled } from '../../../api';
import type { Translate } from '../../i18n';
import type { StepContext, StepResult } from '../engine';
import { JobYield } from '../errors';
import type { JobRecord } from '../record';
import { applyCounts, applyCountsDelta, type RowCounts } from '../row-job';
import type {
  AnsweredBatch,
  CheckpointChange,
  MarkedBatch,
  MarkedRow,
  PlannedAt,
  PlannedKind,
  PlannedRead,
  PlannedTypes,
  PlannedWork,
  Written,
} from './planned/types';
import { type PlannedRun, plannedStep } from './planned/walk';
import { previewStep } from './preview';
import {
  addUnplaced,
  auditRoundsOf,
  cursorOf,
  MAX_AUDIT_ROUNDS,
  scanOf,
  setAuditRounds,
  setScan,
  unplacedOf,
} from './scan/cursor';
import type { AtRow, Placed, ScanKind, ScanTypes, ToSend } from './scan/types';
import { endOfWindow, isWholeRead, nearSliceEnd } from './window';

/**
 * A kind whose requests may be repeated and whose record is its sheet (the import: an upsert
 * by the row's key, sent again, finds the lead it made) walks the planned walk
 * (pipeline/planned/walk.ts) through this adapter: the kind says how a read splits into the rows
 * that cost nothing and those to send (ScanKind, pipeline/scan/types.ts); a scan writes the
 * first and plans a batch of the second, which the same step sends: it learns what the batch
 * needs (lookups, reading ahead as far as the slice reaches), decides each row, sends under
 * the pacer with no marks (pacedAll sends a refused request again), and places every outcome
 * by key in a read of the batch's rows; the next step scans from the first row still to
 * send, as the import's one-step walk did. The end of a pass checks the sheet against the job's
 * record (the kind's end check, repairs in a row bounded by MAX_AUDIT_ROUNDS). The cursor is
 * pipeline/scan/cursor.ts. A dry run is one step of its own (pipeline/preview.ts).
 */

/**
 * Rows sent per batch. Each step reads the sheet before deciding and again right before
 * writing the batch's statuses, so the two reads are shared by this many rows. A whole budget
 * of 60 (pacedAll sends as many as the window has free): a trigger execution that finds the
 * budget free sends it in one round trip, whereas 20-row steps took three, each with its sheet
 * reads, and spread the next minute's slots over the time they took (issue 30).
 */
export const SCAN_BATCH_ROWS = 60;
/**
 * Rows read where the scan goes on (the whole sheet is read only at the start and at the end
 * of a pass): a batch and as many again, so that a window is seldom without rows to send.
 */
export const SCAN_WINDOW_ROWS = 2 * SCAN_BATCH_ROWS;
/** The CRM's pace (60 requests a minute): how many requests the rest of a slice can make. */
const MS_PER_REQUEST = 1_000;

/** A kind's types, its reads holding each row's key (how the planned walk finds a row). */
export interface KeyedScanTypes extends ScanTypes {
  read: PlannedRead;
}

type Row<T extends KeyedScanTypes> = ToSend<T['decision']>;

/** What a scan or a batch plans: the rows of a read still to send, the next batch first. */
export interface RepeatableNext<T extends KeyedScanTypes> {
  read: T['read'];
  toSend: Row<T>[];
}

/** A row of a batch as decided: its request, or none (its outcome cost no request). */
interface Decided<T extends KeyedScanTypes> extends MarkedRow {
  row: Row<T>;
  request?: T['request'];
}

interface Answered<T extends KeyedScanTypes> extends AnsweredBatch {
  keyed: T['keyed'][];
  /** The offset of the read the batch was decided on (the keyed rows' hint indices). */
  plannedOffset: number;
}

type Cursor = Record<string, unknown>;

export interface RepeatableTypes<T extends KeyedScanTypes> extends PlannedTypes {
  read: T['read'];
  free: AtRow<T['outcome']>;
  next: RepeatableNext<T>;
  send: PlannedAt;
  marked: Decided<T>;
  learn: PlannedAt;
  settle: never;
  settled: undefined;
  answered: Answered<T>;
  located: { placed: Placed<T['outcome']>[]; unplaced: number };
  cursor: Cursor;
}

/** What one step of a repeatable kind works with. */
export interface RepeatableRun extends PlannedRun {
  /** The job's language: the waits it says it is in. */
  t: Translate;
}

/** One step of `kind`: its preview (a dry run), or a step of the planned walk. */
export function repeatableStep<T extends KeyedScanTypes>(
  job: JobRecord,
  ctx: StepContext,
  kind: ScanKind<T>,
  run: RepeatableRun,
): StepResult {
  if (kind.dryRun) return previewStep(job, ctx, kind);
  return plannedStep(job, ctx, new RepeatableKind(job, ctx, kind, run), run);
}

/** The planned walk's pieces for a kind whose requests may be repeated (see the top). */
class RepeatableKind<T extends KeyedScanTypes> implements PlannedKind<RepeatableTypes<T>> {
  readonly repeatable = true;
  readonly windowRows = SCAN_WINDOW_ROWS;
  /** The read after a batch plans nothing (keepNext): its rows alone. */
  readonly lookaheadRows = 0;
  readonly busyRetryMs = 0;
  /** The batch a scan of this step planned (keepNext), sent by the same step. */
  private kept: RepeatableNext<T> | undefined;
  /** The work this step took (takeNext), with the read it was planned on. */
  private taken: RepeatableNext<T> | undefined;
  /** The cursor as the end check that found nothing to repair left it (finishRecord). */
  private checked: Cursor | undefined;
  /** This step's outcomes so far, by key. */
  private readonly keyed: T['keyed'][] = [];
  /** Count changes of windows written, applied to the job's counts (a whole read recounts). */
  private readonly deltas: [RowCounts<string>, RowCounts<string>][] = [];

  constructor(
    private readonly job: JobRecord,
    private readonly ctx: StepContext,
    private readonly kind: ScanKind<T>,
    private readonly run: RepeatableRun,
  ) {}

  private now(): number {
    return this.ctx.clock.now();
  }

  takeNext(): PlannedWork<RepeatableTypes<T>> | undefined {
    const next = this.kept;
    this.kept = undefined;
    if (!next) return undefined;
    this.taken = next;
    return this.workOf(next);
  }

  dropNext(): void {
    this.kept = undefined;
  }

  /**
   * Kept by this step only: a scan sends the batch it planned at once (pipeline/planned/walk.ts),
   * decided on the read just taken. What a batch leaves (placeAnswers) only names where the
   * scan goes on, and the next step reads there and decides again: a status just placed can
   * make another row of its key DUPLICATE, which no read taken before it shows.
   */
  keepNext(next: RepeatableNext<T>): void {
    this.kept = next;
  }

  workOf(next: RepeatableNext<T>): PlannedWork<RepeatableTypes<T>> | undefined {
    if (next.toSend.length === 0) return undefined;
    const { read } = next;
    const rows = next.toSend
      .slice(0, SCAN_BATCH_ROWS)
      .map(({ index }) => ({ key: read.keys[index] ?? '', at: read.offset + index }));
    return { kind: 'send', rows };
  }

  // The scan: the cursor's scan, no batch to recover (a request sent again does no harm).
  beforeScan(): void {}
  planned(): readonly PlannedAt[] {
    return [];
  }
  scanAt(): number | undefined {
    return scanOf(this.job);
  }
  recovering(): boolean {
    return false;
  }
  recover(): void {}
  read(_display: boolean, window?: Parameters<ScanKind<T>['read']>[0]): T['read'] {
    return this.kind.read(window);
  }
  prepare(read: T['read']): T['read'] {
    return read;
  }

  plan(read: T['read']): { free: AtRow<T['outcome']>[]; next: RepeatableNext<T> } {
    const { free, toSend } = this.kind.split(read);
    return { free, next: { read, toSend } };
  }

  writeFree(read: T['read'], free: readonly AtRow<T['outcome']>[], stopAfter?: number): number {
    const record = this.kind.recordFree(read, free);
    const written = this.write(read, free, stopAfter);
    record(written);
    return written;
  }

  /** The kind's writes update the read they wrote to. */
  reread(read: T['read']): T['read'] {
    return read;
  }
  /** Handed on unbound (endOfWindow). */
  readonly isBlank = (read: T['read'], index: number): boolean => this.kind.isBlank(read, index);
  waitUntil(): number | undefined {
    return undefined;
  }

  // The checkpoint is the job's cursor, as the kind's pieces keep it up to date.
  currentCursor(): Cursor {
    return cursorOf(this.job);
  }
  changed(): boolean {
    return true;
  }
  checkpoint(_cursor: Cursor, change: CheckpointChange<RepeatableTypes<T>>): Cursor {
    if ('scan' in change) setScan(this.job, change.scan);
    return cursorOf(this.job);
  }
  /** Not asked (repeatable): the kind checks the rows it wrote as it places (afterPlace). */
  checkAtSliceEnd(read: T['read'], cursor: Cursor): { read: T['read']; cursor: Cursor } {
    return { read, cursor };
  }

  count(read: T['read']): void {
    for (const [before, after] of this.deltas) applyCountsDelta(this.job, before, after);
    this.deltas.length = 0;
    if (isWholeRead(read)) applyCounts(this.job, this.kind.counts(read));
  }

  /** The kind's end check reads the whole sheet itself, after every write of the job's. */
  hasWritten(): boolean {
    return false;
  }

  /** No row to send, nor one whose status costs nothing still to write (a batch's read). */
  nothingLeft(read: T['read']): boolean {
    const { free, toSend } = this.kind.split(read);
    return free.length === 0 && toSend.length === 0;
  }

  /**
   * The end of a pass: every status against the job's record, repaired; after repairs
   * another pass decides the rows cleared and checks again, MAX_AUDIT_ROUNDS in a row at most.
   * The check's read is a new one: a row a person inserted since the pass's last read (after
   * which nothing was left) is in it, still to do, and another pass does it (no audit round:
   * it is work, not a repair). Finishing on it left that row without a status
   * (import-twin-rows seed 24).
   */
  endCheck(): Cursor | null {
    const rounds = auditRoundsOf(this.job);
    const audited = this.kind.endCheck();
    this.count(audited.read);
    if (!this.nothingLeft(audited.read)) return cursorOf(this.job);
    if (audited.repaired === 0 || rounds >= MAX_AUDIT_ROUNDS) {
      // The check changed the cursor (the rows it checked, what it repaired); the walk puts
      // back the cursor it held before the check, so the finished record is this one.
      this.checked = cursorOf(this.job);
      return null;
    }
    setAuditRounds(this.job, rounds + 1);
    return cursorOf(this.job);
  }

  finishRecord(): Cursor {
    this.kind.save(true);
    return this.checked ?? cursorOf(this.job);
  }

  message(finished: boolean): string {
    this.kind.save(finished || nearSliceEnd(this.ctx));
    return this.kind.message(finished, unplacedOf(this.job));
  }

  batchSize(): number {
    return SCAN_BATCH_ROWS;
  }

  /** No marks: what the batch's rows need learnt, then each row decided on its read. */
  beforeSend(): MarkedBatch<RepeatableTypes<T>> {
    const next = this.taken ?? this.plan(this.kind.read()).next;
    const batch = next.toSend.slice(0, SCAN_BATCH_ROWS);
    this.learn(next.read, next.toSend, batch);
    const sending: Decided<T>[] = [];
    const placeOnly: Decided<T>[] = [];
    for (const row of batch) {
      const decided = this.kind.decide(row);
      if (!decided) continue;
      if ('outcome' in decided) {
        this.keyed.push(this.kind.keyed(row, decided.outcome));
        placeOnly.push({ index: row.index, row });
      } else sending.push({ index: row.index, row, request: decided.request });
    }
    this.taken = next;
    if (sending.length > 0) this.kind.beforeRequests?.();
    // No marks: `at` (when they were written) is not asked for (readAnswers).
    return { read: next.read, batch: sending, at: 0, placeOnly };
  }

  /** What is known of the rows at no cost, then a read of the rest, as far as the slice reaches. */
  private learn(read: T['read'], toSend: readonly Row<T>[], batch: readonly Row<T>[]): void {
    const { job } = this;
    let unknownRows = this.kind.reads.unknown(read, toSend);
    // A window sees only its rows: the rows the job has left bound those still to answer.
    if (!isWholeRead(read)) unknownRows = Math.max(unknownRows, job.total - job.done);
    const reach = Math.floor((this.ctx.deadline - this.now()) / MS_PER_REQUEST);
    this.kind.reads.learn(batch, toSend, Math.min(unknownRows, Math.floor(reach / 2)));
  }

  busyWords(): string {
    return this.run.t('messages.rateLimitWait');
  }

  call(row: Decided<T>): (api: CrmApi) => unknown {
    return this.kind.call(row.request as T['request']);
  }

  /**
   * Each answer's outcome (settled by the kind: the import's update undoes a creation). An
   * error that stops the job (a refused key) still lets the rows answered before it get their
   * status: it is thrown once they are placed.
   */
  readAnswers(answers: readonly Settled<unknown>[], batch: readonly Decided<T>[]): Answered<T> {
    const { kind } = this;
    const answered: Answered<T> = {
      keyed: this.keyed,
      plannedOffset: this.taken?.read.offset ?? 0,
    };
    batch.forEach(({ row, request }, i) => {
      try {
        const answer = answers[i];
        const read = answer && kind.readAnswer(row, request as T['request'], answer);
        if (!read) return;
        const outcome = kind.settle ? kind.settle(row, read.outcome) : read.outcome;
        this.keyed.push(kind.keyed(row, outcome));
        answered.failMessage ??= read.stopWith;
      } catch (error) {
        answered.platformError ??= error;
      }
    });
    if (this.keyed.length === 0) {
      if (answered.platformError !== undefined) throw answered.platformError;
      // Nothing could be sent before the slice ends: wait for the next free slot.
      throw new JobYield(this.busyWords(), this.run.pacer.nextSlotAt());
    }
    return answered;
  }

  locate(fresh: T['read'], answered: Answered<T>): RepeatableTypes<T>['located'] {
    return this.kind.locate(fresh, answered.keyed, answered.plannedOffset);
  }

  /**
   * Each outcome on the row its key is on now (the kind's record written ahead, and after).
   * The scan goes on at the first row of the batch's read still to send (one whose needs
   * could not be read, or whose request found no slot this step), else below that read.
   */
  placeAnswers(
    fresh: T['read'],
    answered: Answered<T>,
    located: RepeatableTypes<T>['located'],
  ): Written<RepeatableTypes<T>> {
    const { kind, taken } = this;
    kind.beforePlace();
    this.write(fresh, located.placed);
    kind.afterPlace(answered.keyed, located.placed, fresh.offset);
    if (located.unplaced > 0) addUnplaced(this.job, located.unplaced);
    const cursor = cursorOf(this.job);
    if (answered.failMessage !== undefined) kind.save(true);
    if (!taken || answered.failMessage !== undefined) {
      return { read: fresh, next: { read: fresh, toSend: [] }, cursor };
    }
    const done = new Set(answered.keyed.map(({ hintIndex }) => hintIndex));
    const toSend = taken.toSend.filter(({ index }) => !done.has(index));
    const scanAfter = endOfWindow(taken.read, this.isBlank);
    return { read: fresh, next: { read: taken.read, toSend }, cursor, scanAfter };
  }

  private write(
    read: T['read'],
    outcomes: readonly AtRow<T['outcome']>[],
    stopAfter?: number,
  ): number {
    const before = this.kind.counts(read);
    const written = this.kind.write(read, outcomes, stopAfter);
    if (isWholeRead(read)) {
      applyCounts(this.job, this.kind.counts(read));
      this.deltas.length = 0;
    } else this.deltas.push([before, this.kind.counts(read)]);
    return written;
  }

  // Reads rows need are the kind's own (beforeSend), and nothing is left to settle.
  learnCall(): never {
    throw new Error('a repeatable kind learns in beforeSend');
  }
  learnt(): never {
    throw new Error('a repeatable kind learns in beforeSend');
  }
  placeSkips(): never {
    throw new Error('a repeatable kind learns in beforeSend');
  }
  settleCall(): never {
    throw new Error('a repeatable kind has nothing to settle');
  }
  settleReader(): never {
    throw new Error('a repeatable kind has nothing to settle');
  }
  placeSettled(): never {
    throw new Error('a repeatable kind has nothing to settle');
  }
  endStep(): void {}
}
