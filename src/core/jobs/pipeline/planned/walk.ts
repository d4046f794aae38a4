import type { CrmClient, Settled } from '../../../../api';
import type { PaceGrant, Pacer } from '../../../pacing';
import type { StepContext, StepResult } from '../../engine';
import { JobYield, jobControlOf, withCheckpoint } from '../../errors';
import type { JobRecord } from '../../record';
import { acquireMerged, pacedAll, stepPacing } from '../../requests';
import { type RowWindow, stopJob } from '../../row-job';
import { isWholeRead, locateFresh } from '../window';
import { goOn, interrupted, type StepEnd } from './progress';
import type { MarkedRow, PlannedAt, PlannedKind, PlannedRead, PlannedTypes } from './types';

/**
 * The planned walk of the row pipeline, for a windowed job whose requests must not be repeated
 * (the send). A step does the work the last one planned, or scans:
 *
 * - scan: the rows where the scan goes on (the whole sheet at the start and at the end of a
 *   pass, or when the checkpoint's batch is not where it was planned), the checkpoint's batch
 *   recovered once an execution (a killed run may have sent it), the statuses that cost no
 *   request written, and the next work planned and named in the checkpoint;
 * - send: slots from the pacer, the batch's rows found again by key and marked (the kind's
 *   record too) and flushed under the kind's lock, the requests sent once (fetchAll, never
 *   retried: pacedAll would repeat a refused one), the answers placed by key in a fresh read;
 * - learn: what rows need read (paced, safe to repeat), skips placed by key;
 * - settle: requests that may have left read back, and settled by key.
 *
 * The kind (pipeline/planned/types.ts) supplies how rows are decided and marked, the requests
 * and how answers read. It is the one walk of every row job: a kind whose requests may be
 * repeated (the import) walks it through pipeline/repeatable.ts, lead actions and their revert
 * with their ledger as record through pipeline/ledger/walk.ts.
 */

/** A wait for rate-limit slots at least this long is followed by a look for a pause or cancel. */
export const STOP_CHECK_AFTER_WAIT_MS = 1_000;
/**
 * A batch short of slots waits this long at most for the rest to free up. With batches of a
 * whole budget (60) the window's slots may free in bunches seconds apart (a slice's first
 * read of a 10,000-row sheet shifted them): at 3 s each bunch went as a batch of its own, a few
 * rows paying a whole step's reads (send-cells: 40.7 more cells read a row at 10,000 rows than
 * at 1,000, issue 30).
 */
export const MERGE_SLOTS_MS = 10_000;

/** What one step of a planned walk works with. */
export interface PlannedRun {
  client: CrmClient;
  pacer: Pacer;
  /** Random source for back-off jitter of reads; tests pass a seeded one. */
  random?: () => number;
  /** The job's words: the waits it says it is in. */
  noSlotWords(): string;
  /** How long a batch short of slots waits for the rest (ms); left out, MERGE_SLOTS_MS. */
  mergeMs?: number;
}

/** Whether each row's key is still on the data row it was on when planned, in this read. */
export function foundInPlace(read: PlannedRead, rows: readonly PlannedAt[]): boolean {
  return rows.every(({ key, at }) => read.keys[at - read.offset] === key);
}

export { isWholeRead };

/** The data rows from the first of `rows` to the last, and `extra` rows after them. */
export function spanOf(rows: readonly { at: number }[], extra: number): RowWindow {
  const ats = rows.map(({ at }) => at);
  const first = Math.min(...ats);
  return { first, count: Math.max(...ats) - first + 1 + extra };
}

export function plannedStep<T extends PlannedTypes>(
  job: JobRecord,
  ctx: StepContext,
  kind: PlannedKind<T>,
  run: PlannedRun,
): StepResult {
  const walk = new PlannedWalk(job, ctx, kind, run);
  try {
    return walk.step();
  } finally {
    // After the step's last write, before its checkpoint, which says what it wrote.
    kind.endStep();
  }
}

class PlannedWalk<T extends PlannedTypes> {
  constructor(
    private readonly job: JobRecord,
    private readonly ctx: StepContext,
    private readonly kind: PlannedKind<T>,
    private readonly run: PlannedRun,
  ) {}

  private get end(): StepEnd<T> {
    return { job: this.job, ctx: this.ctx, kind: this.kind, pacer: this.run.pacer };
  }

  step(): StepResult {
    const next = this.kind.takeNext();
    if (next?.kind === 'send') return this.send(next.rows);
    if (next?.kind === 'learn') return this.learn(next.rows);
    if (next?.kind === 'settle') return this.settle(next.targets);
    return this.scan();
  }

  private now(): number {
    return this.ctx.clock.now();
  }

  /**
   * No work in hand (the first step of an execution, or the scan moving on): reads the rows
   * where the scan goes on, writes the statuses they call for and plans the next work, which
   * the next step does: a batch leaves only once a checkpoint names its rows (`planned`).
   */
  private scan(): StepResult {
    const { kind } = this;
    kind.beforeScan();
    const planned = kind.planned();
    const scan = kind.scanAt();
    let read: T['read'] | undefined;
    if (scan !== undefined) {
      const ats = planned.map(({ at }) => at);
      const first = Math.min(scan, ...ats);
      const end = Math.max(scan + kind.windowRows, ...ats.map((at) => at + 1));
      read = kind.read(true, { first, count: end - first });
      // A batch planned by an earlier execution that is not where it was planned: the whole
      // sheet tells whether it was sent.
      if (kind.recovering() && !foundInPlace(read, planned)) read = undefined;
    }
    read ??= kind.read(true);
    if (kind.recovering()) kind.recover(read, planned);
    read = kind.prepare(read);
    const plan = kind.plan(read);
    const written = kind.writeFree(read, plan.free, this.ctx.latestStartAt);
    if (written < plan.free.length) return interrupted(this.end, kind.reread(read));
    const updated = kind.reread(read);
    // A kind whose requests may be repeated sends the batch it planned in this step: no
    // checkpoint needs to name it first (a kill leaves nothing to recover).
    if (kind.repeatable && kind.workOf(plan.next)?.kind === 'send') {
      kind.keepNext(plan.next);
      return this.step();
    }
    // Nothing to do before a retry is due: wait, unless the checkpoint learnt what to keep.
    const until = kind.waitUntil(plan.next);
    if (until !== undefined && isWholeRead(updated) && !kind.changed()) {
      return { status: 'wait', notBefore: until };
    }
    return goOn(this.end, { read: updated, next: plan.next, cursor: kind.currentCursor() });
  }

  /** One batch: slots, the marks before anything leaves, the requests, the answers by key. */
  private send(rows: readonly T['send'][]): StepResult {
    const { kind, run } = this;
    if (kind.repeatable) return this.sendRepeatable(rows);
    const grants = this.takeSlots(Math.min(rows.length, kind.batchSize()));
    if (grants === 'stop') return { status: 'wait' };
    const count = grants.reduce((sum, { count }) => sum + count, 0);
    const marked = kind.beforeSend(rows, count);
    if (marked === undefined) {
      for (const part of grants) run.pacer.answered(part);
      throw new JobYield(kind.busyWords(), this.now() + kind.busyRetryMs);
    }
    const { read, batch, at } = marked;
    if (batch.length === 0) return interrupted(this.end, read);
    // Every request leaves together (UrlFetchApp.fetchAll), once: none is ever sent again by
    // the walk, which cannot tell a request that was refused from one that left.
    const answers = run.client.all(batch.map((row) => kind.call(row)));
    for (const part of grants) run.pacer.answered(part);
    const answered = kind.readAnswers(answers, batch, at);
    if (answered.retryAfterSeconds !== undefined) {
      run.pacer.reportRateLimited(answered.retryAfterSeconds);
    }
    const result = this.placeAnswers(read, batch, answered);
    if (answered.platformError !== undefined) {
      throw withCheckpoint(answered.platformError, this.job);
    }
    if (answered.pauseMessage !== undefined) {
      kind.dropNext();
      return stopJob(this.job, 'paused', answered.pauseMessage);
    }
    return result;
  }

  /**
   * Slots for the next batch (waiting if needed); 'stop' when a pause or cancel was asked for
   * while waiting: nothing has left, and the engine sees the new state. Without a wait, the
   * engine's own check just before this step is as recent, and the two Properties reads of
   * another check are saved.
   */
  private takeSlots(rows: number): PaceGrant[] | 'stop' {
    const { pacer } = this.run;
    const askedAt = this.now();
    const grants = acquireMerged(pacer, rows, {
      deadline: this.ctx.latestStartAt,
      now: () => this.now(),
      mergeMs: this.run.mergeMs ?? MERGE_SLOTS_MS,
    });
    if (grants.every(({ count }) => count === 0)) {
      throw new JobYield(this.run.noSlotWords(), pacer.nextSlotAt());
    }
    if (this.now() - askedAt >= STOP_CHECK_AFTER_WAIT_MS && this.ctx.stopRequested?.()) {
      return 'stop';
    }
    return grants;
  }

  /**
   * The person may have sorted, inserted or deleted rows during the requests: the answers go
   * to the rows of their keys, read from where the batch was (and the rows after it, for the
   * next batch), or from the whole sheet when any has moved. Placing needs keys and statuses
   * only, not what each cell shows.
   */
  private placeAnswers(
    before: T['read'],
    batch: readonly MarkedRow[],
    answered: T['answered'],
  ): StepResult {
    const { kind } = this;
    const rows = batch.map(({ index }) => before.offset + index);
    const read = (window?: RowWindow) => kind.read(false, window);
    const { fresh, located } = locateFresh(read, rows, kind.lookaheadRows, (after) =>
      kind.locate(after, answered),
    );
    return goOn(this.end, kind.placeAnswers(fresh, answered, located, batch));
  }

  /** One batch of reads rows need (safe to repeat: pacedAll retries one on its own). */
  private learn(rows: readonly T['learn'][]): StepResult {
    const { kind, run } = this;
    // Reads send nothing: a pause or cancel is seen before the batch they lead to.
    const answers = pacedAll(
      run.client,
      rows.map((row) => kind.learnCall(row)),
      stepPacing(run.pacer, this.ctx, run.random),
    );
    const skips: { row: T['learn']; reason: string }[] = [];
    let failure: unknown;
    rows.forEach((row, i) => {
      const answer = answers[i];
      if (!answer?.ok) {
        if (answer && kind.learnFailed?.(row, answer.error)) return;
        // A read that could not be made this step (yield) is made by a later one.
        if (failure === undefined || jobControlOf(failure) === 'yield') failure = answer?.error;
        return;
      }
      const reason = kind.learnt(row, answer.value);
      if (reason !== undefined) skips.push({ row, reason });
    });
    // What the others learnt is kept (this execution's); the failure ends the step.
    if (failure !== undefined && skips.length === 0) throw failure;
    let read = kind.read(false, spanOf(rows, kind.lookaheadRows));
    if (!foundInPlace(read, rows)) read = kind.read(false);
    const result = goOn(this.end, kind.placeSkips(read, skips));
    if (failure !== undefined) throw failure;
    return result;
  }

  /** Reads back what requests that may have left did: nothing is sent by this step. */
  private settle(targets: readonly T['settle'][]): StepResult {
    const { kind, run } = this;
    const answers: (Settled<unknown> | undefined)[] = pacedAll(
      run.client,
      targets.map((target) => kind.settleCall(target)),
      stepPacing(run.pacer, this.ctx, run.random),
    );
    const read = kind.settleReader();
    const settled: { target: T['settle']; settled: NonNullable<T['settled']> }[] = [];
    let failure: unknown;
    targets.forEach((target, i) => {
      const answer = answers[i];
      const result = read(target, answer);
      if (result !== undefined && result !== null) settled.push({ target, settled: result });
      else failure ??= answer?.ok ? undefined : answer?.error;
    });
    const result = goOn(this.end, kind.placeSettled(kind.read(false), settled));
    // A read that could not be made this step is made by a later one.
    if (failure !== undefined && settled.length === 0) throw failure;
    return result;
  }

  /**
   * A batch of a kind whose requests may be repeated: no marks, no lock; its rows decided
   * (`beforeSend`), the requests sent through pacedAll (a 429 goes again after Retry-After),
   * and the answers placed by key with the rows decided without a request.
   */
  private sendRepeatable(rows: readonly T['send'][]): StepResult {
    const { kind, run } = this;
    const marked = kind.beforeSend(rows, rows.length);
    if (marked === undefined) throw new JobYield(kind.busyWords(), this.now() + kind.busyRetryMs);
    const { read, batch, at } = marked;
    const placed = [...batch, ...(marked.placeOnly ?? [])];
    if (placed.length === 0) return interrupted(this.end, read);
    const calls = batch.map((row) => kind.call(row));
    const pacing = stepPacing(run.pacer, this.ctx, run.random);
    const answers = calls.length === 0 ? [] : pacedAll(run.client, calls, pacing);
    const answered = kind.readAnswers(answers, batch, at);
    const result = this.placeAnswers(read, placed, answered);
    if (answered.platformError !== undefined) {
      throw withCheckpoint(answered.platformError, this.job);
    }
    if (answered.failMessage !== undefined) {
      kind.dropNext();
      return stopJob(this.job, 'failed', answered.failMessage);
    }
    return result;
  }
}
