import type { CrmClient, Settled } from '../../api';
import { asPlatformQuotaError } from '../../api/platform-error';
import { type Translate, translator } from '../i18n';
import { isRateLimited, type Pacer } from '../pacing';
import type { StepContext, StepResult } from './engine';
import { JobYield, jobControlOf, withCheckpoint } from './errors';
import type { Ledger } from './pipeline-ledger';
import { placeByKey, readWithColumns } from './pipeline-place';
import type { PipelineKind, PipelineSheet, WalkEntry } from './pipeline-types';
import type { JobRecord } from './record';
import { pacedAll, pacedCall, pauseForAccessError, stepPacing } from './requests';
import { stopJob } from './row-job';

/**
 * The one walk of a row job over its sheet: collect the rows into the job's own record (the
 * ledger) → read what each row needs (in pages when cheaper) → decide each row (pure, the
 * kind's) → take a batch under the pacer → send → read the answers → place statuses by key →
 * at the end, check the sheet against the record. A kind (lead actions, its revert) hands it
 * only its pieces (pipeline-types.ts). Each call of `walkStep` is one engine step. A job whose
 * record is its sheet walks a windowed variant: pipeline-scan.ts (the import, whose requests
 * may be repeated) or pipeline-planned.ts (the send, whose requests must not be).
 */

/** Requests sent together in one step (fetchAll); a kill mid-batch leaves at most these to settle. */
export const WALK_BATCH = 10;
/** Reads of a page-less read step. */
export const READ_BATCH = 20;
/** Calls in all of a repeatable request that gets no answer. */
export const RETRY_ATTEMPTS = 3;
/** End checks at most: each that repairs a row is followed by another read of the sheet. */
export const MAX_CHECKS = 8;
/** A wait for slots at least this long is followed by a look for a pause or cancel. */
const STOP_CHECK_AFTER_WAIT_MS = 1_000;

export interface WalkCursor {
  phase: 'collect' | 'read' | 'act' | 'check';
  shards: number;
  /** Paged read: the next page; 0 = reading one by one. */
  page?: number;
  /** A request that changes something has been sent (beforeFirstSend ran). */
  sent?: boolean;
  /** Read requests made so far (a preview's tells what its run will read). */
  reads?: number;
  /** End checks that found rows to repair (each is followed by another). */
  checks?: number;
}

/** A read that was never made: refused by the rate limit or Apps Script, or out of time. */
function notMade(error: unknown): boolean {
  return (
    isRateLimited(error) || jobControlOf(error) === 'yield' || Boolean(asPlatformQuotaError(error))
  );
}

export function readWalkCursor(value: unknown): WalkCursor {
  const cursor = value as Partial<WalkCursor> | null;
  if (!cursor || typeof cursor !== 'object' || typeof cursor.phase !== 'string') {
    return { phase: 'collect', shards: 0 };
  }
  return cursor as WalkCursor;
}

/** What one execution keeps of a walk (the ledger is loaded once, then kept in step). */
export interface WalkRun<E extends WalkEntry, R> {
  kind: PipelineKind<E, R>;
  ledger: Ledger<E>;
  sheet: PipelineSheet;
  client: CrmClient;
  pacer: Pacer;
  /** Whether the ledger was loaded for this execution. */
  loaded: boolean;
}

export function walkStep<E extends WalkEntry, R>(
  job: JobRecord,
  ctx: StepContext,
  run: WalkRun<E, R>,
): StepResult {
  const cursor = readWalkCursor(job.cursor);
  if (!run.loaded && cursor.phase !== 'collect') run.ledger.load(cursor.shards);
  run.loaded = true;
  const walk = new Walk(job, ctx, run, cursor);
  const result = walk.step();
  walk.count();
  return result;
}

class Walk<E extends WalkEntry, R> {
  constructor(
    private readonly job: JobRecord,
    private readonly ctx: StepContext,
    private readonly run: WalkRun<E, R>,
    private cursor: WalkCursor,
  ) {}

  /** The job's language: its pause and failure messages are shown as they are. */
  private get t(): Translate {
    return translator(this.job.locale ?? 'en');
  }

  step(): StepResult {
    switch (this.cursor.phase) {
      case 'collect':
        return this.collect();
      case 'read':
        return this.read();
      case 'act':
        return this.act();
      case 'check':
        return this.check();
    }
  }

  private save(cursor: WalkCursor): StepResult {
    this.cursor = cursor;
    this.job.cursor = cursor;
    return { status: 'more' };
  }

  /** One whole read: every non-blank row becomes an entry of the ledger. */
  private collect(): StepResult {
    const { kind, sheet, ledger } = this.run;
    const { values } = readWithColumns(sheet, kind.headers, this.t);
    const entries = kind.collect(values);
    if (typeof entries === 'string') return stopJob(this.job, 'failed', entries);
    ledger.reset(entries);
    ledger.save();
    return this.save({ phase: kind.read ? 'read' : 'act', shards: ledger.shards.length });
  }

  /** Reads what entries need: page 1 first, then pages when fewer than the rows left, else one by one. */
  private read(): StepResult {
    const { kind, ledger, client } = this.run;
    const hooks = kind.read;
    const entries = ledger.entries();
    const needing = hooks ? entries.filter((e) => hooks.needs(e)) : [];
    if (!hooks || needing.length === 0) return this.save({ ...this.cursor, phase: 'act' });
    const pacing = stepPacing(this.run.pacer, this.ctx);
    const page = this.cursor.page ?? 1;
    if (page > 0 && hooks.page && hooks.applyPage) {
      const answer = pacedCall(
        () => (hooks.page as NonNullable<typeof hooks.page>)(page)(client),
        pacing,
      );
      this.cursor = { ...this.cursor, reads: (this.cursor.reads ?? 0) + 1 };
      for (const e of hooks.applyPage(answer.data, needing)) ledger.touchEntry(e);
      const last = answer.meta?.last_page ?? page;
      const left = needing.filter((e) => hooks.needs(e)).length;
      if (left === 0) {
        ledger.save();
        return this.save({ ...this.cursor, phase: 'act', page: 0 });
      }
      // After the last page, rows still unread are read one by one: the CRM does not say how it
      // orders its list, so a lead the pages missed is not taken for gone (a 404 says so).
      if (page >= last) {
        ledger.save();
        return this.save({ ...this.cursor, page: 0 });
      }
      ledger.save();
      // Pages only while they cost fewer requests than reading the rows left one by one.
      return this.save({ ...this.cursor, page: last - page <= left ? page + 1 : 0 });
    }
    const batch = needing.slice(0, READ_BATCH);
    const answers = pacedAll(
      client,
      batch.map((e) => hooks.one(e)),
      pacing,
    );
    this.cursor = { ...this.cursor, reads: (this.cursor.reads ?? 0) + batch.length };
    let yielded: unknown;
    batch.forEach((entry, i) => {
      const answer = answers[i] as Settled<unknown>;
      const access = answer.ok ? undefined : pauseForAccessError(answer.error, this.t);
      if (access) throw access;
      if (hooks.applyOne(entry, answer)) ledger.touchEntry(entry);
      else yielded ??= answer.ok ? undefined : answer.error;
    });
    ledger.save();
    if (yielded !== undefined) throw yielded;
    return this.save({ ...this.cursor, page: 0 });
  }

  private finish(entry: E, status: string, words: string): void {
    entry.s = status;
    entry.t = this.ctx.clock.now();
    delete entry.f;
    delete entry.r;
    delete entry.u;
    delete entry.d;
    // Words the record can recompute are not kept (see PipelineKind.derive).
    if (this.run.kind.derive?.(entry) !== words) entry.d = words;
  }

  /**
   * Late rows that are rows the record holds, keyed otherwise since (`PipelineKind.rowMark`,
   * and no row of the sheet, `present`, has that entry's key any more): each shows its entry's
   * end and detail, with no read and no request. Returns how many.
   */
  private takeOnMoved(late: readonly E[], present: ReadonlySet<string>): number {
    const { kind, ledger } = this.run;
    if (!kind.rowMark) return 0;
    const byMark = new Map<string, E>();
    for (const entry of ledger.entries()) {
      // An entry whose key a row of the sheet still has is that row's: a late row with its mark
      // is another row (a mark is a short hash: two rows' cells may share one).
      if (present.has(entry.k)) continue;
      const mark = kind.rowMark(entry);
      if (mark !== undefined && entry.s !== undefined && !byMark.has(mark)) byMark.set(mark, entry);
    }
    let moved = 0;
    for (const entry of late) {
      const mark = kind.rowMark(entry);
      const same = mark === undefined ? undefined : byMark.get(mark);
      if (!same) continue;
      this.finish(entry, same.s ?? '', same.d ?? kind.derive?.(same) ?? '');
      if (same.t !== undefined) entry.t = same.t;
      entry.a = 1;
      moved += 1;
    }
    return moved;
  }

  /** Settles the requests that may have left (a kill, a lost answer) by reading the lead back. */
  private settle(uncertain: E[]): StepResult {
    const { kind, ledger, client } = this.run;
    const moves = uncertain.map((e) => kind.next(e));
    const answers = pacedAll(
      client,
      uncertain.map((e, i) => kind.settleCall(e, (moves[i] as { request: R }).request)),
      stepPacing(this.run.pacer, this.ctx),
    );
    let later: unknown;
    uncertain.forEach((entry, i) => {
      const move = moves[i];
      const answer = answers[i] as Settled<unknown>;
      if (move?.kind !== 'request') {
        delete entry.f;
        ledger.touchEntry(entry);
        return;
      }
      // A read that could not be made (rate limit, no slot left, an Apps Script quota) says
      // nothing: the row waits for the next read, and the job for the limit.
      if (!answer.ok && notMade(answer.error)) {
        later ??= answer.error;
        return;
      }
      const verdict = kind.settled(entry, move.request, answer);
      if (verdict === 'done') {
        entry.x = (entry.x ?? 0) + 1;
        delete entry.f;
        const after = kind.next(entry);
        if (after.kind === 'final')
          this.finish(entry, after.status, kind.words(entry, 'settled', after.words));
      } else if (verdict === 'not' && !entry.o) {
        // Nothing happened: the request goes once more, never again blindly.
        delete entry.f;
        entry.o = 1;
      } else {
        this.finish(entry, 'UNCERTAIN', kind.words(entry, 'UNCERTAIN', entry.d ?? ''));
      }
      ledger.touchEntry(entry);
    });
    ledger.save();
    placeByKey(this.run.sheet, kind as PipelineKind<E, unknown>, uncertain, false);
    if (later !== undefined && uncertain.every((e) => e.f === 1)) throw this.checkpointed(later);
    return { status: 'more' };
  }

  /** The error to stop the step with, carrying the record as the step left it (counts too). */
  private checkpointed(error: unknown): unknown {
    this.job.cursor = this.cursor;
    this.count();
    return asPlatformQuotaError(error) ? withCheckpoint(error, this.job) : error;
  }

  /**
   * The earlier entry of the same target as `entry` (undefined when it is the first): the walk
   * is in record order, so the first row of a lead stays its only one across slices.
   */
  private firstOfTarget(firsts: Map<string, E>, entry: E): E | undefined {
    const target = this.run.kind.target?.(entry);
    if (target === undefined) return undefined;
    const first = firsts.get(target);
    if (first) return first;
    firsts.set(target, entry);
    return undefined;
  }

  /** One batch: decide the next rows, send their requests under the pacer, read the answers. */
  private act(): StepResult {
    const { kind, ledger } = this.run;
    const entries = ledger.entries();
    const uncertain = entries.filter((e) => e.f === 1 && e.s === undefined).slice(0, WALK_BATCH);
    if (uncertain.length > 0) return this.settle(uncertain);
    const decided: E[] = [];
    const batch: { entry: E; request: R }[] = [];
    const firsts = new Map<string, E>();
    for (const entry of entries) {
      const first = this.firstOfTarget(firsts, entry);
      if (entry.s !== undefined) continue;
      if (first && kind.twin) {
        const end = kind.twin(entry, first);
        this.finish(entry, end.status, end.words);
        decided.push(entry);
        continue;
      }
      const move = kind.next(entry);
      if (move.kind === 'final') {
        this.finish(entry, move.status, move.words);
        decided.push(entry);
      } else if (move.kind === 'request') {
        batch.push({ entry, request: move.request });
        if (batch.length >= WALK_BATCH) break;
      }
    }
    for (const e of decided) ledger.touchEntry(e);
    if (batch.length === 0) {
      ledger.save();
      placeByKey(this.run.sheet, kind as PipelineKind<E, unknown>, decided, false);
      return this.save({ ...this.cursor, phase: 'check' });
    }
    const sent = this.send(batch);
    ledger.save();
    placeByKey(
      this.run.sheet,
      kind as PipelineKind<E, unknown>,
      [...decided, ...sent.placed],
      false,
    );
    if (sent.platform !== undefined) throw this.checkpointed(sent.platform);
    if (sent.refusal !== undefined) return stopJob(this.job, 'paused', sent.refusal);
    return this.save(this.cursor);
  }

  private send(batch: { entry: E; request: R }[]): {
    placed: E[];
    refusal?: string;
    platform?: unknown;
  } {
    const { kind, ledger, pacer, client } = this.run;
    const asked = this.ctx.clock.now();
    const grant = pacer.acquireUpTo(batch.length, { deadline: this.ctx.latestStartAt });
    if (grant.count === 0) {
      ledger.save();
      throw new JobYield(this.t('jobs.yield.noSlot'), pacer.nextSlotAt());
    }
    if (this.ctx.clock.now() - asked >= STOP_CHECK_AFTER_WAIT_MS && this.ctx.stopRequested?.()) {
      pacer.answered(grant);
      return { placed: [] };
    }
    const taken = batch.slice(0, grant.count);
    if (!this.cursor.sent) {
      kind.beforeFirstSend?.(taken.map(({ entry }) => entry));
      this.cursor = { ...this.cursor, sent: true };
      this.job.cursor = this.cursor;
    }
    // The record says "may have left" before anything leaves: a kill from here on settles it.
    const now = this.ctx.clock.now();
    for (const { entry, request } of taken) {
      if (kind.repeatable(request)) continue;
      entry.f = 1;
      entry.u = now;
      ledger.touchEntry(entry);
    }
    ledger.save();
    // What the sheet was told (a delete's backup rows above all) is applied before a request
    // that cannot be taken back leaves: a kill then loses no pending write.
    if (taken.some(({ request }) => !kind.repeatable(request))) this.run.sheet.flush();
    const answers = client.all(taken.map(({ entry, request }) => kind.call(entry, request)));
    pacer.answered(grant);
    let refusal: string | undefined;
    let platform: unknown;
    const placed: E[] = [];
    taken.forEach(({ entry, request }, i) => {
      const answer = answers[i] as Settled<unknown>;
      if (!answer.ok && asPlatformQuotaError(answer.error)) {
        // Apps Script refused the batch. Whether part of it left first is not documented
        // (APPS-SCRIPT-FACTS.md, fetchAll): a request that must not be repeated is settled by
        // reading the lead back; one that may be repeated is simply sent again.
        platform ??= answer.error;
        if (kind.repeatable(request)) {
          delete entry.f;
          delete entry.u;
        }
        ledger.touchEntry(entry);
        return;
      }
      const reading = kind.readAnswer(entry, request, answer);
      const end = this.apply(entry, reading);
      if (reading.kind === 'refused')
        refusal ??= pauseForAccessError(reading.error, this.t)?.message;
      if (end) placed.push(entry);
      ledger.touchEntry(entry);
    });
    return {
      placed,
      ...(refusal === undefined ? {} : { refusal }),
      ...(platform === undefined ? {} : { platform }),
    };
  }

  /** Applies one answer to its entry; true when the row reached its end. */
  private apply(entry: E, reading: ReturnType<PipelineKind<E, R>['readAnswer']>): boolean {
    const { kind, pacer } = this.run;
    switch (reading.kind) {
      case 'done': {
        entry.x = (entry.x ?? 0) + 1;
        delete entry.f;
        delete entry.r;
        const after = kind.next(entry);
        if (after.kind !== 'final') return false;
        this.finish(entry, after.status, after.words);
        return true;
      }
      case 'again':
        delete entry.f;
        pacer.reportRateLimited(null);
        return false;
      case 'retry':
        entry.r = (entry.r ?? 0) + 1;
        if (entry.r < RETRY_ATTEMPTS) return false;
        this.finish(entry, 'FAILED', reading.words);
        return true;
      case 'uncertain':
        // Left "may have left" (f): the next step reads the lead back before anything else.
        entry.d = reading.words;
        return false;
      case 'row':
        this.finish(entry, reading.status, reading.words);
        return true;
      case 'refused':
        delete entry.f;
        return false;
    }
  }

  /**
   * The end of a pass: rows the record does not hold yet start another pass (but a row it holds
   * under another key, `takeOnMoved`, only shows its end); else every row of the sheet is made
   * to show what the record says, whatever was sorted, and the job ends.
   */
  private check(): StepResult {
    const { kind, ledger, sheet } = this.run;
    const read = readWithColumns(sheet, kind.headers, this.t);
    if (kind.adoptsLateRows) {
      const collected = kind.collect(read.values);
      const known = new Set(ledger.entries().map((e) => e.k));
      const rows = typeof collected === 'string' ? [] : collected;
      const late = rows.filter((e) => !known.has(e.k));
      if (late.length > 0) {
        const moved = this.takeOnMoved(late, new Set(rows.map((e) => e.k)));
        ledger.append(late);
        ledger.save();
        this.cursor = { ...this.cursor, shards: ledger.shards.length };
        this.job.cursor = this.cursor;
        if (moved < late.length) {
          return this.save({
            ...this.cursor,
            phase: kind.read ? 'read' : 'act',
            page: 0,
            checks: 0,
          });
        }
      }
    }
    const wrote = placeByKey(sheet, kind as PipelineKind<E, unknown>, ledger.entries(), true, read);
    // A person may sort or insert between that read and its writes (Sheets has no atomic
    // read-and-write), so a check that wrote is checked again: the job ends on a read that
    // found every row right. A person who never stops editing gets MAX_CHECKS of them.
    const checks = (this.cursor.checks ?? 0) + 1;
    if (wrote > 0 && checks < MAX_CHECKS) return this.save({ ...this.cursor, checks });
    return { status: 'finished' };
  }

  /**
   * Counts from the record: every entry is a row (but one taken on again under another key,
   * which its first entry counts); the finished ones are done.
   */
  count(): void {
    const entries = this.run.ledger.entries().filter((e) => !e.a);
    const counts: Record<string, number> = {};
    for (const status of Object.keys(this.job.counts)) counts[status] = 0;
    let done = 0;
    for (const entry of entries) {
      if (entry.s === undefined) continue;
      done += 1;
      counts[entry.s] = (counts[entry.s] ?? 0) + 1;
    }
    this.job.total = entries.length;
    this.job.done = done;
    this.job.counts = counts;
    this.job.message = this.run.kind.message(entries, this.cursor.phase === 'check');
  }
}
