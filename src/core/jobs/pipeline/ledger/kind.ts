import type { CrmApi, Settled } from '../../../../api';
import type { Page } from '../../../../api/pager';
import { asPlatformQuotaError } from '../../../../api/platform-error';
import { isRateLimited } from '../../../pacing';
import { jobControlOf, withCheckpoint } from '../../errors';
import { pauseForAccessError } from '../../requests';
import type { MarkedBatch, PlannedKind, Written } from '../planned/types';
import type { WalkEntry } from '../types';
import { type LedgerTypes, LedgerWalkBase } from './base';
import { WALK_BATCH } from './cursor';
import {
  applyAnswer,
  applySettled,
  type LearnAt,
  type LedgerAnswered,
  type LedgerRead,
  type MarkedAt,
  nextPage,
  type SendAt,
  type SettleOf,
} from './plan';

type T<E extends WalkEntry, R> = LedgerTypes<E, R>;

/**
 * How a ledger walk (pipeline/ledger/base.ts) sends, reads what rows need, and settles: the
 * planned walk's send, learn and settle steps (pipeline/planned/walk.ts) on the record's entries.
 */
export class LedgerWalkKind<E extends WalkEntry, R>
  extends LedgerWalkBase<E, R>
  implements PlannedKind<LedgerTypes<E, R>>
{
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
    const left = needing.filter((e) => hooks.needs(e));
    const last = answer.meta?.last_page ?? row.page;
    const page = nextPage(row.page, last, left.length);
    // The pass is whole only if its total held: a lead created or deleted meanwhile may have
    // shifted another past the pages read (the CRM does not say how it orders its list).
    const total = answer.meta?.total ?? undefined;
    const { shifted: _s, total: _t, ...rest } = this.cursor;
    const first = row.page === 1 ? total : this.cursor.total;
    const shifted = row.page === 1 ? false : this.cursor.shifted === 1 || total !== first;
    this.cursor = {
      ...rest,
      page,
      ...(first === undefined ? {} : { total: first }),
      ...(shifted ? { shifted: 1 } : {}),
    };
    if (page === 0 && hooks.endPages) {
      const whole = row.page >= last && !shifted && first !== undefined;
      for (const e of hooks.endPages(left, whole)) ledger.touchEntry(e);
    }
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
      applySettled(this.kind, target.entry, verdict, now, this.run.cancelled);
      this.run.ledger.touchEntry(target.entry);
    }
    return this.written(settled.map(({ target }) => target.entry));
  }
}

/** A read that was never made: refused by the rate limit or Apps Script, or out of time. */
function notMade(error: unknown): boolean {
  return (
    isRateLimited(error) || jobControlOf(error) === 'yield' || Boolean(asPlatformQuotaError(error))
  );
}
