import type { CrmApi } from '../../api/client';
import type { ChatappTemplateSent } from '../../api/schemas';
import type { StepResult } from '../jobs/engine';
import { JobYield, jobControlOf, withCheckpoint } from '../jobs/errors';
import { acquireMerged, pacedAll, stepPacing } from '../jobs/requests';
import { stopJob } from '../jobs/row-job';
import type { PaceGrant } from '../pacing';
import type { BatchSettlement, SendCursor } from './batch';
import {
  applySettlements,
  batchSize,
  claimKeys,
  type Entry,
  foundInPlace,
  isWhole,
  type LookupRow,
  type PlacedRow,
  placeAnswers,
  placeBatch,
  planStep,
  recoverPlanned,
  type SendRow,
  type SettleLead,
  type Settlement,
  settleBatch,
} from './batch';
import { isRecorded } from './job-ledger';
import { readAnswers, sendCall, settleCall, settledBy } from './kind';
import { lookupQuery, pickLead } from './lookup';
import type { SendAnalysis } from './rows';

import {
  LOOKAHEAD_ROWS,
  LOOKUP_PER_PAGE,
  MERGE_SLOTS_MS,
  RECORD_RETRY_MS,
  SCAN_WINDOW_ROWS,
  SendSheetStep,
  STOP_CHECK_AFTER_WAIT_MS,
  sentEntry,
  spanOf,
} from './step-base';

/**
 * One step of the `send` job (job.ts): settle leads that may have been messaged, look leads
 * up, send a batch, or scan the sheet for the next work, whichever the last step planned.
 */
export class SendStep extends SendSheetStep {
  run(): StepResult {
    try {
      return this.dispatch();
    } finally {
      // After the step's last write, before its checkpoint, which says the job has one.
      this.work.ledger.save();
      const cursor = this.job.cursor as SendCursor | null;
      if (this.work.ledger.used && cursor && cursor.ledger !== 1) {
        this.job.cursor = { ...cursor, ledger: 1 };
      }
    }
  }

  private dispatch(): StepResult {
    const { work } = this;
    const next = work.next;
    work.next = undefined;
    if (next?.kind === 'send') return this.sendBatch(next.rows);
    if (next?.kind === 'lookup') return this.lookupBatch(next.rows);
    if (next?.kind === 'settle') return this.settleLeads(next.leads);
    return this.scan();
  }

  /**
   * No batch in hand (the first step of an execution, or the scan moving on): reads the rows
   * where the scan goes on (the whole sheet at the start and at the end of a pass), writes
   * the marks they call for and plans the next batch, which the next step sends: a batch
   * leaves only once a checkpoint names its rows (`planned`).
   */
  private scan(): StepResult {
    const { work } = this;
    const planned = this.cursor.planned ?? [];
    // The send record is read (once an execution) before the sheet: no call of another
    // sheet's may fall between this read and the marks it places, where a person's edit
    // would move rows under them.
    work.record.planView(this.cursor);
    let analysis: SendAnalysis | undefined;
    if (this.cursor.scan !== undefined) {
      const ats = planned.map(({ at }) => at);
      const first = Math.min(this.cursor.scan, ...ats);
      const end = Math.max(this.cursor.scan + SCAN_WINDOW_ROWS, ...ats.map((at) => at + 1));
      analysis = this.read(true, { first, count: end - first });
      // A batch planned by an earlier execution that is not where it was planned: the whole
      // sheet tells whether it was sent.
      if (!work.checked && !foundInPlace(analysis, planned)) analysis = undefined;
    }
    analysis ??= this.read(true);
    if (!work.checked) {
      this.cursor = recoverPlanned(analysis, planned, this.cursor, this.now());
      work.checked = true;
    }
    analysis = this.moveHome(analysis);
    // Leads the sheet says got this template (any job): later reads are windows, which may
    // not hold those rows, so the job keeps them (issue 16 item 4).
    if (isWhole(analysis) && analysis.sentLeads.size > 0) {
      const keys = [...analysis.sentLeads.keys()].map((id) => `lead:${id}`);
      const claimed = claimKeys(this.cursor, keys);
      // Only a real change is a new cursor: an unchanged one lets the job wait for a retry.
      if (claimed.sent !== this.cursor.sent) this.cursor = claimed;
    }
    // Leads another job may have messaged from this sheet: settled before any is sent.
    this.cursor = work.record.claimUnsure(this.cursor);
    const plan = planStep(analysis, this.planInput(this.cursor));
    const written = this.writeMarks(analysis, plan.marks, this.ctx.latestStartAt);
    if (written < plan.marks.length) {
      return this.progress(this.analyse(analysis), { ...this.cursor, planned: [] });
    }
    const updated = this.analyse(analysis);
    // Nothing to do before a retry is due: wait, unless the cursor learnt claims to keep.
    if (plan.next.kind === 'wait' && isWhole(updated) && this.cursor === this.initialCursor) {
      return { status: 'wait', notBefore: plan.next.until };
    }
    return this.goOn(updated, plan.next, this.cursor);
  }

  /** One batch of sends: slots, SENDING marks, the requests, the answers by key. */
  private sendBatch(rows: readonly SendRow[]): StepResult {
    const { work, pacer } = this;
    const grants = this.takeSlots(rows.length);
    if (grants === 'stop') return { status: 'wait' };
    const count = grants.reduce((sum, { count }) => sum + count, 0);
    // Under the send record's lock: read, marked SENDING, recorded, flushed (markBatch).
    const marked = work.record.locked(() => this.markBatch(rows, count));
    if (marked === undefined) {
      for (const part of grants) pacer.answered(part);
      throw new JobYield(work.t('send.yield.recordBusy'), this.now() + RECORD_RETRY_MS);
    }
    const { before, batch, at } = marked;
    if (batch.length === 0) return this.progress(before, { ...this.cursor, planned: [] });
    work.sentRows += batch.length;
    const settled = this.send(batch, at.getTime(), grants);
    return this.placeSent(before, batch, settled);
  }

  /**
   * Slots for the next batch (waiting if needed); 'stop' when a pause or cancel was asked for
   * while waiting: nothing has left, and the engine sees the new state. Without a wait, the
   * engine's own check just before this step is as recent, and the two Properties reads of
   * another check are saved.
   */
  private takeSlots(rows: number): PaceGrant[] | 'stop' {
    const askedAt = this.now();
    const grants = this.acquireBatch(Math.min(rows, batchSize(this.cursor)));
    if (grants.every(({ count }) => count === 0)) {
      throw new JobYield(this.work.t('jobs.yield.noSlot'), this.pacer.nextSlotAt());
    }
    if (this.now() - askedAt >= STOP_CHECK_AFTER_WAIT_MS && this.ctx.stopRequested?.()) {
      return 'stop';
    }
    return grants;
  }

  /**
   * The requests of a marked batch (all leave together, UrlFetchApp.fetchAll; none is ever
   * sent again by this step) and what their answers do to the job.
   */
  private send(batch: readonly PlacedRow[], attemptAt: number, grants: PaceGrant[]) {
    const { work, pacer } = this;
    const answers = this.env.client.all<ChatappTemplateSent>(
      batch.map((row) => sendCall(work.options, row)),
    );
    for (const part of grants) pacer.answered(part);
    const outcomes = readAnswers(answers, batch, {
      jobId: this.job.jobId,
      options: work.options,
      at: this.now(),
      attemptAt,
      retries: (key) => this.cursor.retries[key]?.attempts ?? 0,
      t: work.t,
    });
    const settled = settleBatch(batch, outcomes, this.cursor);
    // Answers that end their row SKIPPED or FAILED go into the job's ledger before the read that
    // places them: a kill after their write never leaves such a row to send again.
    // A SENT answer too, with its cells: one whose row cannot be found now, or that a record
    // landing on the wrong row writes over later, goes on its lead's row at the end.
    work.ledger.add(
      settled.answers.flatMap(({ key, cells }) => {
        if (isRecorded(cells[0])) return [{ k: key, s: cells[0] }];
        return cells[0] === 'SENT' ? [sentEntry(key, cells)] : [];
      }),
    );
    if (settled.retryAfterSeconds !== undefined) {
      pacer.reportRateLimited(settled.retryAfterSeconds);
    }
    return settled;
  }

  /** Each answer to the row of its key still marked SENDING, then the next work. */
  private placeSent(
    before: SendAnalysis,
    batch: readonly PlacedRow[],
    settled: BatchSettlement,
  ): StepResult {
    const { work } = this;
    // The person may have sorted, inserted or deleted rows during the requests: the answers
    // go to the rows of their keys still marked SENDING, read from where the batch was (and
    // the rows after it, for the next batch), or from the whole sheet when any has moved.
    // Placing answers needs keys and statuses only, not what each cell shows.
    const sentRows = batch.map(({ key, index }) => ({ key, at: before.offset + index }));
    let after = this.read(false, { ...spanOf(sentRows, LOOKAHEAD_ROWS), uncut: true });
    let placed = placeAnswers(after, settled.answers);
    if (placed.unplaced > 0 && !isWhole(after)) {
      after = this.read(false);
      placed = placeAnswers(after, settled.answers);
    }
    const cursor = work.record.answered(
      { ...settled.cursor, unplaced: settled.cursor.unplaced + placed.unplaced },
      ...reachedOrNot(batch, settled.answers),
    );
    const result = this.writeBack(after, placed.entries, cursor);
    // The rows are QUEUED (or UNCERTAIN) in the sheet; the engine makes the job wait.
    if (settled.platformError !== undefined) {
      throw withCheckpoint(settled.platformError, this.job);
    }
    if (settled.pauseMessage !== undefined) {
      work.next = undefined;
      return stopJob(this.job, 'paused', settled.pauseMessage);
    }
    return result;
  }

  /**
   * The batch's rows found where they were planned (the whole sheet when any has moved),
   * marked SENDING with the marks the read calls for (rows added meanwhile), then one row of
   * the send record saying their leads may get the template from now on, and one flush of
   * both: a kill from here on finds the rows SENDING and the record saying "may have left".
   */
  private markBatch(
    rows: readonly SendRow[],
    count: number,
  ): { before: SendAnalysis; batch: PlacedRow[]; at: Date } {
    const { work } = this;
    let before = this.read(true, { ...spanOf(rows, 0), uncut: true });
    if (!foundInPlace(before, rows)) before = this.read(true);
    const batch = placeBatch(before, rows, count);
    const at = new Date(this.now());
    // Rows deleted, edited or marked meanwhile: nothing to mark (progress, outside the lock).
    if (batch.length === 0) return { before, batch, at };
    const sending = (leadId: number) =>
      work.t('send.detail.sending', { jobId: this.job.jobId, leadId });
    const inBatch = new Set(batch.map(({ index }) => index));
    const marks = planStep(before, this.planInput(this.cursor)).marks.filter(
      ({ index }) => !inBatch.has(index),
    );
    this.writeMarks(before, [
      ...marks,
      ...batch.map(
        ({ index, leadId }): Entry => ({ index, cells: ['SENDING', '', sending(leadId), at] }),
      ),
    ]);
    const leads = batch.map(({ leadId }) => leadId);
    this.cursor = work.record.beforeSend(this.cursor, leads, at.getTime());
    work.sheet.flush();
    return { before, batch, at };
  }

  /** Slots for a batch of `wanted` sends, merging clumps that free up soon (acquireMerged). */
  private acquireBatch(wanted: number): PaceGrant[] {
    return acquireMerged(this.pacer, wanted, {
      deadline: this.ctx.latestStartAt,
      now: () => this.now(),
      mergeMs: MERGE_SLOTS_MS,
    });
  }

  /**
   * Settles leads that may have been messaged from their conversations (`GET /leads/{id}
   * ?include=conversation`): nothing is sent by this step. Rows UNCERTAIN for a lead that got
   * its message become SENT (confirmed); those for a lead that got nothing go back to the
   * queue and are sent once; a lead the CRM cannot settle stays UNCERTAIN, saying why.
   */
  private settleLeads(leads: readonly SettleLead[]): StepResult {
    const { ctx, env, work } = this;
    const answers = pacedAll(
      env.client,
      leads.map(({ leadId }) => settleCall(leadId)),
      stepPacing(this.pacer, ctx, this.random),
    );
    const results = new Map<number, Settlement>();
    let failure: unknown;
    // The CRM's clock as these reads' answers told it: their times are the CRM's (issue 16).
    const clock = env.client.crmClock?.();
    leads.forEach(({ leadId, since }, i) => {
      const answer = answers[i];
      const settlement = settledBy(answer, since, work.options.instanceId, clock);
      if (settlement !== undefined) results.set(leadId, settlement);
      else failure ??= answer?.ok ? undefined : answer?.error;
    });
    const analysis = this.read(false);
    const settled = applySettlements(analysis, results, this.cursor, {
      t: work.t,
      now: this.now(),
    });
    this.cursor = work.record.answered(settled.cursor, ...settledLeads(results));
    const result = this.writeBack(analysis, settled.entries, this.cursor);
    // A lookup that could not be made this step is made by a later one.
    if (failure !== undefined && results.size === 0) throw failure;
    return result;
  }

  /** One batch of lead lookups (matchBy): leads found go out with the next batch. */
  private lookupBatch(rows: readonly LookupRow[]): StepResult {
    const { ctx, work, env } = this;
    // Lookups send nothing: a pause or cancel is seen before the batch they lead to.
    const skips: { key: string; reason: string }[] = [];
    // Lookups are safe to repeat: pacedAll retries a 429'd or failed one on its own.
    const pages = pacedAll(
      env.client,
      rows.map(
        (row) => (api: CrmApi) =>
          api.leads.list({ q: lookupQuery(row.by, row.value), per_page: LOOKUP_PER_PAGE }),
      ),
      stepPacing(this.pacer, ctx, this.random),
    );
    let failure: unknown;
    rows.forEach((row, i) => {
      const answer = pages[i];
      if (!answer?.ok) {
        // A lookup that could not be made this step (yield) is made by a later one.
        if (failure === undefined || jobControlOf(failure) === 'yield') failure = answer?.error;
        return;
      }
      const page = answer.value;
      const complete = page.meta?.has_more !== true;
      const outcome = pickLead(
        page.data,
        row.by,
        row.value,
        env.defaultCountry,
        row.phoneNext,
        complete,
        work.t,
      );
      if (outcome.kind === 'found') work.lookups.set(row.key, { leadId: outcome.leadId });
      else if (outcome.kind === 'try-phone') work.lookups.set(row.key, { next: 'phone' });
      else skips.push({ key: row.key, reason: outcome.reason });
    });
    // What the others found is kept (this execution's lookups); the failure ends the step.
    if (failure !== undefined && skips.length === 0) throw failure;
    let analysis = this.read(false, spanOf(rows, LOOKAHEAD_ROWS));
    if (!foundInPlace(analysis, rows)) analysis = this.read(false);
    const reasons = new Map(skips.map(({ key, reason }) => [key, reason]));
    const entries = placeBatch(
      analysis,
      skips.map(({ key }) => ({ key, leadId: 0 })),
      skips.length,
    ).map(
      ({ index, key }): Entry => ({
        index,
        cells: ['SKIPPED', '', reasons.get(key) ?? '', ''],
      }),
    );
    const result = this.writeBack(analysis, entries, this.cursor);
    if (failure !== undefined) throw failure;
    return result;
  }
}

/** A batch's leads its answers reached, and those nothing reached (UNCERTAIN: neither). */
function reachedOrNot(
  batch: readonly { key: string; leadId: number }[],
  answers: readonly { key: string; cells: readonly unknown[] }[],
): [number[], number[]] {
  const sent: number[] = [];
  const notSent: number[] = [];
  answers.forEach(({ cells }, i) => {
    const leadId = batch[i]?.leadId;
    if (leadId === undefined || cells[0] === 'UNCERTAIN') return;
    (cells[0] === 'SENT' ? sent : notSent).push(leadId);
  });
  return [sent, notSent];
}

/** Leads whose conversations settled them: sent, and not sent (unsettled: neither). */
function settledLeads(results: ReadonlyMap<number, Settlement>): [number[], number[]] {
  const sent: number[] = [];
  const notSent: number[] = [];
  for (const [leadId, result] of results) {
    if (result === 'sent') sent.push(leadId);
    else if (result === 'not-sent') notSent.push(leadId);
  }
  return [sent, notSent];
}
