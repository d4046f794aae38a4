import type { CrmApi, CrmClient, Settled } from '../../api';
import type { Page } from '../../api/pager';
import { asPlatformQuotaError } from '../../api/platform-error';
import { type Translate, translator } from '../i18n';
import { isRateLimited, type Pacer } from '../pacing';
import type { StepContext } from './engine';
import { jobControlOf, withCheckpoint } from './errors';
import type { Ledger } from './pipeline-ledger';
import { ledgerEndCheck } from './pipeline-ledger-check';
import { readWalkCursor, WALK_BATCH, type WalkCursor } from './pipeline-ledger-cursor';
import {
  applyAnswer,
  applySettled,
  countLedger,
  type FreeEnd,
  finish,
  type LearnAt,
  type LedgerAnswered,
  type LedgerNext,
  type LedgerRead,
  type MarkedAt,
  nextPage,
  planLedger,
  type SendAt,
  type SettleOf,
} from './pipeline-ledger-plan';
import { placeByKey } from './pipeline-place';
import type {
  MarkedBatch,
  PlannedKind,
  PlannedTypes,
  PlannedWork,
  Written,
} from './pipeline-planned-types';
import type { PipelineKind, PipelineSheet, WalkEntry } from './pipeline-types';
import type { JobRecord } from './record';
import { pauseForAccessError } from './requests';

/** What a ledger walk keeps between the steps of one execution. */
export interface LedgerRun<E extends WalkEntry, R> {
  kind: PipelineKind<E, R>;
  ledger: Ledger<E>;
  sheet: PipelineSheet;
  client: CrmClient;
  pacer: Pacer;
  /** Whether the ledger was loaded for this execution. */
  loaded: boolean;
  /** The work the last step planned for this one (planned again by a new execution). */
  next?: LedgerNext<E, R>;
}

export interface LedgerTypes<E extends WalkEntry, R> extends PlannedTypes {
  read: LedgerRead<E>;
  free: FreeEnd<E>;
  next: LedgerNext<E, R>;
  send: SendAt<E, R>;
  marked: MarkedAt<E, R>;
  learn: LearnAt<E>;
  settle: SettleOf<E, R>;
  settled: 'done' | 'not' | 'unknown' | undefined;
  answered: LedgerAnswered<E>;
  located: { unplaced: number };
  cursor: WalkCursor;
}

type T<E extends WalkEntry, R> = LedgerTypes<E, R>;

/**
 * Any ledger kind (`PipelineKind`: lead actions, their revert) as a kind of the planned walk
 * (pipeline-planned.ts), for one step. Its record is the ledger, so every read is whole and
 * costs no call (the sheet is read only to place statuses by key, and at the end): a scan plans
 * from the record, a kill's batch is found there (entries marked "may have left", settled
 * first), and a new execution plans again. Statuses are placed by key (placeByKey), and the
 * end check is the sheet against the record (pipeline-ledger-check.ts).
 */
export class LedgerWalkKind<E extends WalkEntry, R> implements PlannedKind<T<E, R>> {
  readonly windowRows = 0;
  readonly lookaheadRows = 0;
  readonly busyRetryMs = 0;
  private cursor: WalkCursor;
  /** Whether this step placed statuses on the sheet. */
  private wrote = false;

  constructor(
    private readonly job: JobRecord,
    private readonly ctx: StepContext,
    private readonly run: LedgerRun<E, R>,
  ) {
    this.cursor = { ...readWalkCursor(job.cursor), shards: run.ledger.shards.length };
  }

  /** The job's language: its pause and failure messages are shown as they are. */
  private get t(): Translate {
    return translator(this.job.locale ?? 'en');
  }

  private now(): number {
    return this.ctx.clock.now();
  }

  private get kind(): PipelineKind<E, unknown> {
    return this.run.kind as PipelineKind<E, unknown>;
  }

  takeNext(): PlannedWork<T<E, R>> | undefined {
    const { next } = this.run;
    this.run.next = undefined;
    return next && this.workOf(next);
  }

  dropNext(): void {
    this.run.next = undefined;
  }

  workOf(next: LedgerNext<E, R>): PlannedWork<T<E, R>> | undefined {
    return next.kind === 'done' ? undefined : next;
  }

  keepNext(next: LedgerNext<E, R>): void {
    if (next.kind !== 'done') this.run.next = next;
  }

  // The scan: the record is read whole, and a kill's batch is in it (nothing to recover).
  beforeScan(): void {}
  planned(): readonly { key: string; at: number }[] {
    return [];
  }
  scanAt(): undefined {
    return undefined;
  }
  recovering(): boolean {
    return false;
  }
  recover(): void {}
  read(): LedgerRead<E> {
    const rows = this.run.ledger.entries();
    return { offset: 0, complete: true, rows, keys: rows.map((e) => e.k) };
  }
  prepare(read: LedgerRead<E>): LedgerRead<E> {
    return read;
  }
  reread(): LedgerRead<E> {
    return this.read();
  }
  plan(read: LedgerRead<E>): { free: FreeEnd<E>[]; next: LedgerNext<E, R> } {
    return planLedger(this.run.kind, read.rows, this.cursor);
  }

  /** The ends that cost no request, into the record (stored first), then on their rows. */
  writeFree(_read: LedgerRead<E>, free: readonly FreeEnd<E>[]): number {
    this.place([], free);
    return free.length;
  }

  private place(ended: readonly E[], free: readonly FreeEnd<E>[]): void {
    const { ledger, sheet } = this.run;
    const now = this.now();
    for (const end of free) {
      finish(this.kind, end.entry, end, now);
      ledger.touchEntry(end.entry);
    }
    ledger.save();
    const entries = [...ended, ...free.map(({ entry }) => entry)];
    if (placeByKey(sheet, this.kind, entries, false) > 0) this.wrote = true;
  }

  /** After a step's work: the ends it reached and those the next plan reaches free, placed. */
  private written(ended: readonly E[]): Written<T<E, R>> {
    const read = this.read();
    const plan = this.plan(read);
    this.place(ended, plan.free);
    return { read, next: plan.next, cursor: this.cursor };
  }

  isBlank(): boolean {
    return false;
  }
  waitUntil(): undefined {
    return undefined;
  }
  currentCursor(): WalkCursor {
    return this.cursor;
  }
  changed(): boolean {
    return false;
  }
  /** The checkpoint counts every shard of the ledger (a revert loads its run's by it). */
  checkpoint(cursor: WalkCursor): WalkCursor {
    return { ...cursor, shards: this.run.ledger.shards.length };
  }
  checkAtSliceEnd(read: LedgerRead<E>, cursor: WalkCursor) {
    return { read, cursor };
  }

  count(): void {
    const entries = this.run.ledger.entries();
    Object.assign(this.job, countLedger(entries, Object.keys(this.job.counts)));
  }

  /**
   * A step that placed statuses is not the one that ends the job: the end check is a step of
   * its own, which a person's sort or added rows after the last statuses still reach.
   */
  hasWritten(): boolean {
    return this.wrote;
  }

  nothingLeft(read: LedgerRead<E>): boolean {
    const plan = this.plan(read);
    return plan.next.kind === 'done' && plan.free.length === 0;
  }

  endCheck(_read: LedgerRead<E>, cursor: WalkCursor): WalkCursor | null {
    const { kind, ledger, sheet } = this.run;
    const after = ledgerEndCheck({ kind, ledger, sheet, t: this.t, now: this.now() }, cursor);
    if (after) this.cursor = after;
    return after;
  }

  /** The end check may have taken on rows a rename keyed otherwise: their shards count too. */
  finishRecord(cursor: WalkCursor): WalkCursor {
    return this.checkpoint(cursor);
  }

  message(finished: boolean): string {
    const entries = this.run.ledger.entries().filter((e) => !e.a);
    return this.run.kind.message(entries, finished);
  }

  batchSize(): number {
    return WALK_BATCH;
  }

  /**
   * The record says "may have left" before anything leaves (a kill from here on settles it),
   * and what the sheet was told (a delete's backup rows above all) is applied first. No lock:
   * the ledger is this job's own, in the person's data store, and the engine steps a job in
   * one execution at a time (its lease), so nothing else writes it meanwhile.
   */
  beforeSend(rows: readonly SendAt<E, R>[], count: number): MarkedBatch<T<E, R>> {
    const { kind, ledger, sheet } = this.run;
    const taken = rows.slice(0, count);
    if (!this.cursor.sent) {
      kind.beforeFirstSend?.(taken.map(({ entry }) => entry));
      this.cursor = { ...this.cursor, sent: true };
      this.job.cursor = this.cursor;
    }
    const at = this.now();
    for (const { entry, request } of taken) {
      if (kind.repeatable(request)) continue;
      entry.f = 1;
      entry.u = at;
      ledger.touchEntry(entry);
    }
    ledger.save();
    if (taken.some(({ request }) => !kind.repeatable(request))) sheet.flush();
    const batch = taken.map(({ at: index, entry, request }) => ({ index, entry, request }));
    return { read: this.read(), batch, at };
  }

  busyWords(): string {
    return '';
  }

  call({ entry, request }: MarkedAt<E, R>): (api: CrmApi) => unknown {
    return this.run.kind.call(entry, request);
  }

  readAnswers(
    answers: readonly Settled<unknown>[],
    batch: readonly MarkedAt<E, R>[],
  ): LedgerAnswered<E> {
    const { kind, ledger, pacer } = this.run;
    const placed: E[] = [];
    let pauseMessage: string | undefined;
    let platformError: unknown;
    batch.forEach(({ entry, request }, i) => {
      const answer = answers[i] as Settled<unknown>;
      ledger.touchEntry(entry);
      if (!answer.ok && asPlatformQuotaError(answer.error)) {
        // Apps Script refused the batch. Whether part of it left first is not documented
        // (APPS-SCRIPT-FACTS.md, fetchAll): a request that must not be repeated is settled by
        // reading the lead back; one that may be repeated is simply sent again.
        platformError ??= answer.error;
        if (kind.repeatable(request)) {
          delete entry.f;
          delete entry.u;
        }
        return;
      }
      const reading = kind.readAnswer(entry, request, answer);
      if (reading.kind === 'again') pacer.reportRateLimited(null);
      if (reading.kind === 'refused') {
        pauseMessage ??= pauseForAccessError(reading.error, this.t)?.message;
      }
      if (applyAnswer(this.kind, entry, reading, this.now())) placed.push(entry);
    });
    ledger.save();
    return {
      placed,
      ...(pauseMessage === undefined ? {} : { pauseMessage }),
      ...(platformError === undefined ? {} : { platformError }),
    };
  }

  /** The answers go to entries, not rows: placing finds their rows by key. */
  locate(): { unplaced: number } {
    return { unplaced: 0 };
  }

  placeAnswers(_read: LedgerRead<E>, answered: LedgerAnswered<E>): Written<T<E, R>> {
    return this.written(answered.placed);
  }

  // Reads rows need: a page of everything, or one row's lead.
  learnCall(row: LearnAt<E>): (api: CrmApi) => unknown {
    const hooks = this.run.kind.read;
    if (!hooks) throw new Error('A ledger kind without reads planned one.');
    this.cursor = { ...this.cursor, reads: (this.cursor.reads ?? 0) + 1 };
    const { page, entry } = row;
    if (page !== undefined && hooks.page) return hooks.page(page);
    return hooks.one(entry as E);
  }

  learnt(row: LearnAt<E>, value: unknown): undefined {
    const hooks = this.run.kind.read;
    const { ledger } = this.run;
    if (!hooks) return undefined;
    if (row.page === undefined) {
      if (row.entry && hooks.applyOne(row.entry, { ok: true, value })) ledger.touchEntry(row.entry);
      return undefined;
    }
    const answer = value as Page<unknown>;
    const needing = ledger.entries().filter((e) => hooks.needs(e));
    for (const e of hooks.applyPage?.(answer.data, needing) ?? []) ledger.touchEntry(e);
    const left = needing.filter((e) => hooks.needs(e)).length;
    const page = nextPage(row.page, answer.meta?.last_page ?? row.page, left);
    this.cursor = { ...this.cursor, page };
    return undefined;
  }

  /** A read refused for its row alone (a 404: the lead is gone) is what it learnt. */
  learnFailed(row: LearnAt<E>, error: unknown): boolean {
    const hooks = this.run.kind.read;
    if (!hooks || !row.entry) return false;
    if (!hooks.applyOne(row.entry, { ok: false, error })) return false;
    this.run.ledger.touchEntry(row.entry);
    return true;
  }

  placeSkips(): Written<T<E, R>> {
    return this.written([]);
  }

  settleCall({ entry, request }: SettleOf<E, R>): (api: CrmApi) => unknown {
    return this.run.kind.settleCall(entry, request);
  }

  /**
   * A read that could not be made (rate limit, no slot left, an Apps Script quota) says
   * nothing: the row waits for the next read, and the job for the limit.
   */
  settleReader(): (
    target: SettleOf<E, R>,
    answer: Settled<unknown> | undefined,
  ) => 'done' | 'not' | 'unknown' | undefined {
    return ({ entry, request }, answer) => {
      if (!answer) return undefined;
      if (!answer.ok && notMade(answer.error)) {
        // The job as this step leaves it is saved with a quota's wait (withCheckpoint).
        if (asPlatformQuotaError(answer.error)) withCheckpoint(answer.error, this.job);
        return undefined;
      }
      return this.run.kind.settled(entry, request, answer);
    };
  }

  placeSettled(
    _read: LedgerRead<E>,
    settled: readonly { target: SettleOf<E, R>; settled: 'done' | 'not' | 'unknown' }[],
  ): Written<T<E, R>> {
    const now = this.now();
    for (const { target, settled: verdict } of settled) {
      applySettled(this.kind, target.entry, verdict, now);
      this.run.ledger.touchEntry(target.entry);
    }
    return this.written(settled.map(({ target }) => target.entry));
  }

  /** Whatever the step ended with: the record as it left it is stored. */
  endStep(): void {
    this.run.ledger.save();
  }
}

/** A read that was never made: refused by the rate limit or Apps Script, or out of time. */
function notMade(error: unknown): boolean {
  return (
    isRateLimited(error) || jobControlOf(error) === 'yield' || Boolean(asPlatformQuotaError(error))
  );
}
