import type { CrmClient } from '../../api';
import type { Translate } from '../i18n';
import type { StepContext, StepResult } from './engine';
import { JobYield } from './errors';
import {
  addUnplaced,
  auditRoundsOf,
  MAX_AUDIT_ROUNDS,
  scanOf,
  setAuditRounds,
  setScan,
  unplacedOf,
} from './pipeline-scan-cursor';
import type { AtRow, ScanKind, ScanTypes, ToSend } from './pipeline-scan-types';
import { endOfWindow, isWholeRead, locateFresh, nearSliceEnd } from './pipeline-window';
import type { JobRecord } from './record';
import { type PacedCallOptions, pacedAll } from './requests';
import { applyCounts, applyCountsDelta, type RowCounts, type RowWindow, stopJob } from './row-job';

/**
 * The windowed walk of the row pipeline, for a job whose record is its sheet (the import): a
 * step reads a window where the scan goes on (the whole sheet at the start and at the end of a
 * pass), writes the rows that cost no request, reads what the next batch needs, decides each
 * row (the kind's), sends the batch under the pacer, reads the answers, then reads the sheet
 * again and places each outcome on the row that owns its key now; the end of a pass checks the
 * sheet against the job's record (the kind's end check) and repairs. The ledger walk
 * (pipeline.ts) is the same walk for jobs that keep each row in their own record.
 */

/**
 * Rows sent per step. Each step reads the sheet before deciding and again right before writing
 * the batch's statuses, so the two reads are shared by this many rows.
 */
export const SCAN_BATCH_ROWS = 20;
/**
 * Rows read where the scan goes on (the whole sheet is read only at the start and at the end
 * of a pass): the next batch and as many again, so that a window is seldom without rows to send.
 */
export const SCAN_WINDOW_ROWS = 2 * SCAN_BATCH_ROWS;
/** The CRM's pace (60 requests a minute): how many requests the rest of a slice can make. */
const MS_PER_REQUEST = 1_000;
/** Times a dry run places its statuses again after a person moved rows under its write. */
const MAX_DRY_RUN_PLACEMENTS = 10;

/** What one step of a windowed walk works with. */
export interface ScanRun {
  client: CrmClient;
  /**
   * The paced-call options of this step (a fresh one per call, as pacedAll expects). Asked
   * only when a request is about to leave: opening the pacer reads the shared key's state.
   */
  pacing(): PacedCallOptions;
  /** The job's language: the waits it says it is in. */
  t: Translate;
}

export function scanStep<T extends ScanTypes>(
  job: JobRecord,
  ctx: StepContext,
  kind: ScanKind<T>,
  run: ScanRun,
): StepResult {
  return new ScanWalk(job, ctx, kind, run).step();
}

/** A row of the batch to send: where it was planned, its decision and its request. */
interface Sending<T extends ScanTypes> {
  row: ToSend<T['decision']>;
  request: T['request'];
}

/** What the batch's requests left to do once their statuses are placed. */
interface BatchEnd {
  stopWith?: string;
  stopError?: unknown;
}

class ScanWalk<T extends ScanTypes> {
  /** Count changes of windows, applied to the job's counts (a whole read recounts). */
  private readonly deltas: [RowCounts<string>, RowCounts<string>][] = [];

  constructor(
    private readonly job: JobRecord,
    private readonly ctx: StepContext,
    private readonly kind: ScanKind<T>,
    private readonly run: ScanRun,
  ) {}

  step(): StepResult {
    const { dryRun } = this.kind;
    const scan = scanOf(this.job);
    // 1. Rows that cost nothing, written by position in the read just taken: the whole sheet
    // at the start and at the end of a pass (and for a dry run, which writes every row at the
    // end of its one step), else the rows where the scan goes on.
    const first =
      dryRun || scan === undefined
        ? this.kind.read()
        : this.kind.read({ first: scan, count: SCAN_WINDOW_ROWS });
    const { free, toSend } = this.kind.split(first);
    if (!dryRun) {
      const ended = this.writeFree(first, free, scan);
      if (ended) return ended;
      if (toSend.length === 0) return this.endOfPass(first);
    }
    // 2. The next batch (every row for a dry run): what is known of its rows, then read the rest.
    const batch = dryRun ? toSend : toSend.slice(0, SCAN_BATCH_ROWS);
    this.learn(first, toSend, batch);
    // 3. Each row of the batch: an outcome, or a request sent.
    const keyed: T['keyed'][] = [];
    const sending = this.decideBatch(batch, keyed);
    const end = this.sendAll(sending, keyed);
    if (keyed.length === 0) {
      if (end.stopError !== undefined) throw end.stopError;
      // Nothing could be sent before the slice ends: wait for the next free slot.
      if (sending.length > 0)
        throw new JobYield(
          this.run.t('messages.rateLimitWait'),
          this.run.pacing().pacer.nextSlotAt(),
        );
    }
    // 4. Each outcome on the row its key is on now.
    const fresh = this.place(first, keyed);
    return this.finishStep(first, fresh, toSend, keyed, end);
  }

  /** Writes the rows that cost nothing; a result when the slice ends first. */
  private writeFree(
    first: T['read'],
    free: AtRow<T['outcome']>[],
    scan: number | undefined,
  ): StepResult | undefined {
    const record = this.kind.recordFree(first, free);
    const written = this.write(first, free, this.ctx.latestStartAt);
    record(written);
    return written < free.length ? this.goOn(first, false, scan) : undefined;
  }

  /**
   * A window with nothing left to send goes on below it; the end of a pass checks every status
   * against the job's record and repairs what moved; after repairs another pass decides the
   * rows cleared, and checks again.
   */
  private endOfPass(first: T['read']): StepResult {
    const end = endOfWindow(first, this.kind.isBlank);
    if (end !== undefined || !isWholeRead(first)) return this.goOn(first, true, end);
    const rounds = auditRoundsOf(this.job);
    const audited = this.kind.endCheck();
    if (audited.repaired > 0 && rounds < MAX_AUDIT_ROUNDS) {
      setAuditRounds(this.job, rounds + 1);
      return this.goOn(audited.read, false, undefined);
    }
    return this.goOn(audited.read, true, undefined);
  }

  /** What is known of the rows at no cost, then a read of the rest, as far as the slice reaches. */
  private learn(
    first: T['read'],
    toSend: readonly ToSend<T['decision']>[],
    batch: readonly ToSend<T['decision']>[],
  ): void {
    const { job, ctx } = this;
    let unknownRows = this.kind.reads.unknown(first, toSend);
    // A window sees only its rows: the rows the job has left bound those still to answer.
    if (!isWholeRead(first)) unknownRows = Math.max(unknownRows, job.total - job.done);
    const reach = Math.floor((ctx.deadline - ctx.clock.now()) / MS_PER_REQUEST);
    const ahead = Math.min(unknownRows, this.kind.dryRun ? reach : Math.floor(reach / 2));
    this.kind.reads.learn(batch, toSend, ahead);
  }

  /** Each row of the batch whose needs are known: its outcome (into `keyed`), or its request. */
  private decideBatch(batch: readonly ToSend<T['decision']>[], keyed: T['keyed'][]): Sending<T>[] {
    const sending: Sending<T>[] = [];
    for (const row of batch) {
      const decided = this.kind.decide(row);
      if (!decided) continue;
      if ('outcome' in decided) keyed.push(this.kind.keyed(row, decided.outcome));
      // Repeatable (ScanKind.repeatable): a request that left before a kill is sent again.
      else sending.push({ row, request: decided.request });
    }
    return sending;
  }

  /**
   * The requests leave together, as many at once as the rate limit has free slots (pacedAll).
   * An error that stops the job (a refused key) still lets the rows answered before it get
   * their status.
   */
  private sendAll(sending: readonly Sending<T>[], keyed: T['keyed'][]): BatchEnd {
    if (sending.length === 0) return {};
    const { kind } = this;
    const answers = pacedAll(
      this.run.client,
      sending.map(({ request }) => kind.call(request)),
      this.run.pacing(),
    );
    const end: BatchEnd = {};
    sending.forEach(({ row, request }, i) => {
      try {
        const answer = answers[i];
        const read = answer && kind.readAnswer(row, request, answer);
        if (!read) return;
        const outcome = kind.settle ? kind.settle(row, read.outcome) : read.outcome;
        keyed.push(kind.keyed(row, outcome));
        end.stopWith ??= read.stopWith;
      } catch (error) {
        end.stopError ??= error;
      }
    });
    return end;
  }

  /**
   * Each outcome on the row its key is on now: a person may have sorted, inserted or deleted
   * rows meanwhile. This read immediately precedes the write: the batch's rows where they
   * were, or the whole sheet when any of them is no longer there.
   */
  private place(first: T['read'], keyed: readonly T['keyed'][]): T['read'] {
    const { kind } = this;
    const rows = kind.dryRun ? [] : keyed.map(({ hintIndex }) => first.offset + hintIndex);
    const read = (window?: RowWindow) => kind.read(window);
    const { located, ...at } = locateFresh(read, rows, 0, (fresh) =>
      kind.locate(fresh, keyed, first.offset),
    );
    let { fresh } = at;
    const placed: AtRow<T['outcome']>[] = kind.dryRun
      ? [...kind.split(fresh).free, ...located.placed]
      : located.placed;
    if (!kind.dryRun) kind.beforePlace();
    this.write(fresh, placed);
    if (kind.dryRun) fresh = this.placeDryRun(fresh, placed, keyed, first.offset);
    else kind.afterPlace(keyed, located.placed, fresh.offset);
    if (located.unplaced > 0) addUnplaced(this.job, located.unplaced);
    return fresh;
  }

  /**
   * A dry run writes every row after one locating read, in several writes: a person who sorts
   * meanwhile would leave statuses on other rows, and a dry run has no end check. Its outcomes
   * depend only on each row's cells and on what the job learnt per key (kept, no request), so
   * the check reads the sheet again and, when a written row no longer holds the cells it was
   * decided from, places and writes everything again from that read.
   */
  private placeDryRun(
    written: T['read'],
    placed: readonly AtRow<T['outcome']>[],
    keyed: readonly T['keyed'][],
    plannedOffset: number,
  ): T['read'] {
    const { kind } = this;
    let last = written;
    let rows = placed.map(({ index }) => index);
    for (let round = 0; round < MAX_DRY_RUN_PLACEMENTS; round++) {
      const check = kind.read();
      if (kind.sameRows(last, check, rows)) return last;
      const located = kind.locate(check, keyed, plannedOffset);
      const again = [...kind.split(check).free, ...located.placed];
      kind.write(check, again);
      last = check;
      rows = again.map(({ index }) => index);
    }
    return last;
  }

  /** The step's end: a stop the batch asked for, else where the scan goes on. */
  private finishStep(
    first: T['read'],
    fresh: T['read'],
    toSend: readonly ToSend<T['decision']>[],
    keyed: readonly T['keyed'][],
    end: BatchEnd,
  ): StepResult {
    if (end.stopError !== undefined) {
      this.settleCounts();
      throw end.stopError;
    }
    if (end.stopWith !== undefined) {
      this.settleCounts();
      this.kind.save(true);
      return stopJob(this.job, 'failed', end.stopWith);
    }
    // The scan goes on at the first row of the window still to do (a row whose needs could
    // not be read this step), or after the batch.
    const answered = new Set(keyed.map(({ hintIndex }) => hintIndex));
    const left = toSend.find(({ index }) => !answered.has(index));
    const next = left ? first.offset + left.index : endOfWindow(first, this.kind.isBlank);
    // A dry run decided every row in this one step; a job finishes after its end check
    // (step 1 of a step whose whole read finds nothing left to send).
    return this.goOn(fresh, this.kind.dryRun, next);
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

  /** The job's counts after this step's writes (progress recounts a whole read anyway). */
  private settleCounts(): void {
    for (const [before, after] of this.deltas) applyCountsDelta(this.job, before, after);
    this.deltas.length = 0;
  }

  /**
   * Counts (recounted from a whole read; a window's changes are already applied), message and
   * where the scan goes on: `next`, or a whole read at the end of a pass (undefined).
   */
  private goOn(read: T['read'], finished: boolean, next?: number): StepResult {
    this.settleCounts();
    const done = finished && isWholeRead(read);
    if (isWholeRead(read)) applyCounts(this.job, this.kind.counts(read));
    setScan(this.job, next);
    this.kind.save(done || nearSliceEnd(this.ctx));
    this.job.message = this.kind.message(done, unplacedOf(this.job));
    return done ? { status: 'finished' } : { status: 'more' };
  }
}
