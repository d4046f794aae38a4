import type { CrmClient } from '../../../../api';
import { type Translate, translator } from '../../../i18n';
import type { Pacer } from '../../../pacing';
import type { StepContext } from '../../engine';
import type { JobRecord } from '../../record';
import { placeByKey } from '../place';
import type { PlannedTypes, PlannedWork, Written } from '../planned/types';
import type { PipelineKind, PipelineSheet, WalkEntry } from '../types';
import { ledgerEndCheck } from './check';
import { readWalkCursor, type WalkCursor } from './cursor';
import type { Ledger } from './ledger';
import {
  countLedger,
  type FreeEnd,
  finish,
  type LearnAt,
  type LedgerAnswered,
  type LedgerNext,
  type LedgerRead,
  type MarkedAt,
  planLedger,
  type SendAt,
  type SettleOf,
} from './plan';

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
  /**
   * The job was cancelled: its steps only read back what may have left, then end every row
   * left without an end (planLedger), and send nothing new.
   */
  cancelled?: boolean;
  /** Ends this execution has not placed yet, and when it last placed (`placeEveryMs`). */
  unplaced?: E[];
  placedAt?: number;
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
 * (pipeline/planned/walk.ts), for one step. Its record is the ledger, so every read is whole and
 * costs no call (the sheet is read only to place statuses by key, and at the end): a scan plans
 * from the record, a kill's batch is found there (entries marked "may have left", settled
 * first), and a new execution plans again. Statuses are placed by key (placeByKey), and the
 * end check is the sheet against the record (pipeline/ledger/check.ts). This base is the scan,
 * the progress and the checks; the send, the reads and settling are pipeline/ledger/kind.ts.
 */
export abstract class LedgerWalkBase<E extends WalkEntry, R> {
  readonly windowRows = 0;
  readonly lookaheadRows = 0;
  readonly busyRetryMs = 0;
  protected cursor: WalkCursor;
  /** Whether this step placed statuses on the sheet. */
  protected wrote = false;

  constructor(
    protected readonly job: JobRecord,
    protected readonly ctx: StepContext,
    protected readonly run: LedgerRun<E, R>,
  ) {
    this.cursor = { ...readWalkCursor(job.cursor), shards: run.ledger.shards.length };
  }

  /** The job's language: its pause and failure messages are shown as they are. */
  protected get t(): Translate {
    return translator(this.job.locale ?? 'en');
  }

  protected now(): number {
    return this.ctx.clock.now();
  }

  protected get kind(): PipelineKind<E, unknown> {
    return this.run.kind as PipelineKind<E, unknown>;
  }

  takeNext(): PlannedWork<T<E, R>> | undefined {
    const { next } = this.run;
    this.run.next = undefined;
    // A batch or a read planned before the cancel is not new work a cancelled job does.
    if (this.run.cancelled && next?.kind !== 'settle') return undefined;
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
    return planLedger(this.run.kind, read.rows, this.cursor, this.run.cancelled);
  }

  /** The ends that cost no request, into the record (stored first), then on their rows. */
  writeFree(_read: LedgerRead<E>, free: readonly FreeEnd<E>[]): number {
    this.place([], free);
    return free.length;
  }

  protected place(ended: readonly E[], free: readonly FreeEnd<E>[]): void {
    const { ledger } = this.run;
    const now = this.now();
    for (const end of free) {
      finish(this.kind, end.entry, end, now);
      ledger.touchEntry(end.entry);
    }
    ledger.save();
    const entries = [...ended, ...free.map(({ entry }) => entry)];
    const every = this.kind.placeEveryMs;
    if (every === undefined) {
      this.placeNow(entries);
      return;
    }
    this.run.unplaced = [...(this.run.unplaced ?? []), ...entries];
    if (now - (this.run.placedAt ?? Number.NEGATIVE_INFINITY) >= every) this.placeUnplaced();
  }

  /** The ends this execution held back (`placeEveryMs`), placed now. */
  protected placeUnplaced(): void {
    const entries = this.run.unplaced ?? [];
    this.run.unplaced = [];
    this.run.placedAt = this.now();
    this.placeNow(entries);
  }

  private placeNow(entries: readonly E[]): void {
    const { sheet, ledger } = this.run;
    // Finished rows between (and just above) the placed ones are written with them: one write.
    const fill = this.kind.placeEveryMs === undefined ? undefined : ledger.entries();
    if (placeByKey(sheet, this.kind, entries, false, undefined, fill) > 0) this.wrote = true;
  }

  /** After a step's work: the ends it reached and those the next plan reaches free, placed. */
  protected written(ended: readonly E[]): Written<T<E, R>> {
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
    // The slice ends: what it held back is placed now, not left blank till the end check.
    if ((this.run.unplaced?.length ?? 0) > 0) this.placeUnplaced();
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

  /** Whatever the step ended with: the record as it left it is stored. */
  endStep(): void {
    this.run.ledger.save();
  }
}
