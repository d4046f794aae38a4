import type { CrmApi, Settled } from '../../api';
import type { ChatappTemplateSent, Lead } from '../../api/schemas';
import type {
  CheckpointChange,
  MarkedBatch,
  PlannedKind,
  PlannedWork,
  Written,
} from '../jobs/pipeline/planned/types';
import { searchIsWhole } from '../leads/resolver';
import { isOptedOut } from '../settings/opt-out';
import {
  applySettlements,
  type BatchSettlement,
  batchSize,
  claimKeys,
  type Entry,
  foundInPlace,
  isWhole,
  type LookupRow,
  type NextWork,
  type PlacedRow,
  placeAnswers,
  placeBatch,
  planStep,
  recoverPlanned,
  type SendCursor,
  type SendRow,
  type SettleLead,
  type Settlement,
  settleBatch,
} from './batch';
import { isRecorded } from './job-ledger';
import { readAnswers, sendCall, settleCall, settledBy } from './kind';
import { lookupQuery, pickLead } from './lookup';
import { recordedSkipDetail } from './plan';
import type { SendAnalysis } from './rows';
import {
  LOOKAHEAD_ROWS,
  LOOKUP_PER_PAGE,
  RECORD_RETRY_MS,
  SCAN_WINDOW_ROWS,
  SendSheetStep,
  type SendTypes,
  sentEntry,
  spanOf,
} from './step-base';

type LeadPage = ReturnType<CrmApi['leads']['list']>;

/**
 * What is the send's own in the planned walk (jobs/pipeline/planned/walk.ts), for one step of the
 * `send` job (job.ts): its plan (settle leads that may have been messaged first, then lookups,
 * then sends), its SENDING marks and send record written under the record's lock before a
 * request leaves, its request and how answers read (kind.ts, outcome.ts), its lookups by
 * e-mail or phone, how a lead that may have been messaged settles from its conversation, and
 * its ledger. Reading, marking and the end checks of its sheet are the base's (step-base.ts).
 */
export class SendWalkKind extends SendSheetStep implements PlannedKind<SendTypes> {
  readonly windowRows = SCAN_WINDOW_ROWS;
  readonly lookaheadRows = LOOKAHEAD_ROWS;
  readonly busyRetryMs = RECORD_RETRY_MS;

  takeNext(): PlannedWork<SendTypes> | undefined {
    const next = this.work.next;
    this.work.next = undefined;
    // A batch or a lookup planned before the cancel is not work a cancelled send does.
    if (this.job.state === 'cancelled' && next?.kind !== 'settle') return undefined;
    return next && this.workOf(next);
  }

  /** Leads to settle first, then lookups, then sends (plan.ts). */
  workOf(next: NextWork): PlannedWork<SendTypes> | undefined {
    if (next.kind === 'send') return { kind: 'send', rows: next.rows };
    if (next.kind === 'lookup') return { kind: 'learn', rows: next.rows };
    if (next.kind === 'settle') return { kind: 'settle', targets: next.leads };
    return undefined;
  }

  keepNext(next: NextWork): void {
    if (next.kind === 'send' || next.kind === 'lookup' || next.kind === 'settle') {
      this.work.next = next;
    }
  }

  dropNext(): void {
    this.work.next = undefined;
  }

  /**
   * The send record is read (once an execution) before the sheet: no call of another sheet's
   * may fall between this read and the marks it places, where a person's edit would move rows
   * under them.
   */
  beforeScan(): void {
    this.work.record.planView(this.cursor);
  }

  planned(): readonly { key: string; at: number }[] {
    return this.cursor.planned ?? [];
  }

  scanAt(): number | undefined {
    return this.cursor.scan;
  }

  recovering(): boolean {
    return !this.work.checked;
  }

  /** The leads of a planned batch a killed run may have sent are claimed, and settled later. */
  recover(analysis: SendAnalysis): void {
    this.cursor = recoverPlanned(analysis, this.cursor.planned ?? [], this.cursor, this.now());
    this.work.checked = true;
  }

  prepare(read: SendAnalysis): SendAnalysis {
    const analysis = this.moveHome(read);
    // Leads the sheet says got this template (any job): later reads are windows, which may
    // not hold those rows, so the job keeps them (issue 16 item 4).
    if (isWhole(analysis) && analysis.sentLeads.size > 0) {
      const keys = [...analysis.sentLeads.keys()].map((id) => `lead:${id}`);
      const claimed = claimKeys(this.cursor, keys);
      // Only a real change is a new cursor: an unchanged one lets the job wait for a retry.
      if (claimed.sent !== this.cursor.sent) this.cursor = claimed;
    }
    // Leads another job may have messaged from this sheet: settled before any is sent.
    this.cursor = this.work.record.claimUnsure(this.cursor);
    return analysis;
  }

  plan(read: SendAnalysis): { free: Entry[]; next: NextWork } {
    const plan = planStep(read, this.planInput(this.cursor));
    return { free: plan.marks, next: plan.next };
  }

  writeFree(read: SendAnalysis, free: readonly Entry[], stopAfter?: number): number {
    return this.writeMarks(read, free, stopAfter);
  }

  reread(read: SendAnalysis): SendAnalysis {
    return this.analyse(read);
  }

  waitUntil(next: NextWork): number | undefined {
    return next.kind === 'wait' ? next.until : undefined;
  }

  isBlank(read: SendAnalysis, index: number): boolean {
    return read.decisions[index]?.kind === 'blank';
  }

  currentCursor(): SendCursor {
    return this.cursor;
  }

  changed(): boolean {
    return this.cursor !== this.initialCursor;
  }

  /**
   * The lead ids of a planned send go in the checkpoint too: a run killed after the batch left
   * claims its leads by id, which a later lookup of another row of the same lead finds.
   */
  checkpoint(cursor: SendCursor, change: CheckpointChange<SendTypes>): SendCursor {
    const planned = change.planned.map(({ key, at, leadId }) => ({ key, at, leadId }));
    const at = change.plannedAt === undefined ? {} : { plannedAt: change.plannedAt };
    if (!('scan' in change)) return { ...cursor, planned, ...at };
    const { scan: _scan, ...rest } = cursor;
    return { ...rest, ...(change.scan === undefined ? {} : { scan: change.scan }), planned, ...at };
  }

  batchSize(): number {
    return batchSize(this.cursor);
  }

  beforeSend(rows: readonly SendRow[], count: number): MarkedBatch<SendTypes> | undefined {
    // Under the send record's lock: read, marked SENDING, recorded, flushed (markBatch).
    const marked = this.work.record.locked(() => this.markBatch(rows, count));
    if (marked) this.work.sentRows += marked.batch.length;
    return marked;
  }

  /**
   * The batch's rows found where they were planned (the whole sheet when any has moved),
   * marked SENDING with the marks the read calls for (rows added meanwhile), then one row of
   * the send record saying their leads may get the template from now on, and one flush of
   * both: a kill from here on finds the rows SENDING and the record saying "may have left".
   */
  private markBatch(rows: readonly SendRow[], count: number): MarkedBatch<SendTypes> {
    const { work } = this;
    let before = this.read(true, { ...spanOf(rows, 0), uncut: true });
    if (!foundInPlace(before, rows)) before = this.read(true);
    const placed = placeBatch(before, rows, count);
    const at = new Date(this.now());
    // Leads another sheet's send (another person's, in their own executions) reached or is
    // trying since this execution read the record: SKIPPED, never sent a second time.
    const elsewhere = work.record.reachedElsewhere(
      this.cursor,
      placed.map(({ leadId }) => leadId),
    );
    const batch = placed.filter(({ leadId }) => !elsewhere.has(leadId));
    const skipped = placed.flatMap(({ index, leadId }): Entry[] => {
      const word = elsewhere.get(leadId);
      if (!word) return [];
      const detail = recordedSkipDetail(work.t, work.options.templateName, leadId, word);
      return [{ index, cells: ['SKIPPED', '', detail, ''] }];
    });
    // Rows deleted, edited or marked meanwhile: nothing to mark (progress, outside the lock).
    if (batch.length === 0) {
      if (skipped.length > 0) {
        this.writeMarks(before, skipped);
        work.sheet.flush();
      }
      return { read: before, batch, at: at.getTime() };
    }
    const sending = (leadId: number) =>
      work.t('send.detail.sending', { jobId: this.job.jobId, leadId });
    const inBatch = new Set([...batch, ...skipped].map(({ index }) => index));
    const marks = planStep(before, this.planInput(this.cursor)).marks.filter(
      ({ index }) => !inBatch.has(index),
    );
    this.writeMarks(before, [
      ...marks,
      ...skipped,
      ...batch.map(
        ({ index, leadId }): Entry => ({ index, cells: ['SENDING', '', sending(leadId), at] }),
      ),
    ]);
    const leads = batch.map(({ leadId }) => leadId);
    this.cursor = work.record.beforeSend(this.cursor, leads, at.getTime());
    work.sheet.flush();
    return { read: before, batch, at: at.getTime() };
  }

  busyWords(): string {
    return this.work.t('send.yield.recordBusy');
  }

  call(row: PlacedRow): (api: CrmApi) => ChatappTemplateSent {
    return sendCall(this.work.options, row);
  }

  readAnswers(
    answers: readonly Settled<unknown>[],
    batch: readonly PlacedRow[],
    attemptAt: number,
  ): BatchSettlement {
    const { work } = this;
    const outcomes = readAnswers(answers as Settled<ChatappTemplateSent>[], batch, {
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
    return settled;
  }

  /** Each answer to the row of its key still marked SENDING (placeAnswers). */
  locate(read: SendAnalysis, settled: BatchSettlement): { entries: Entry[]; unplaced: number } {
    return placeAnswers(read, settled.answers);
  }

  placeAnswers(
    after: SendAnalysis,
    settled: BatchSettlement,
    placed: { entries: Entry[]; unplaced: number },
    batch: readonly PlacedRow[],
  ): Written<SendTypes> {
    const cursor = this.work.record.answered(
      { ...settled.cursor, unplaced: settled.cursor.unplaced + placed.unplaced },
      ...reachedOrNot(batch, settled.answers),
    );
    return this.writeBack(after, placed.entries, cursor);
  }

  learnCall(row: LookupRow): (api: CrmApi) => LeadPage {
    return (api) =>
      api.leads.list({ q: lookupQuery(row.by, row.value), per_page: LOOKUP_PER_PAGE });
  }

  /** A lookup's page: the lead found (sent with the next batch), the phone to try, or a skip. */
  learnt(row: LookupRow, value: unknown): string | undefined {
    const page = value as LeadPage;
    const complete = searchIsWhole(page);
    const { work, env } = this;
    const outcome = pickLead(
      page.data,
      row.by,
      row.value,
      env.defaultCountry,
      row.phoneNext,
      complete,
      work.t,
    );
    if (outcome.kind === 'found') {
      // The lead as this very answer shows it (its tags included), or in the execution's
      // opted-out set: either way no request goes to a lead that asked not to be messaged.
      const lead = page.data.find(({ id }) => id === outcome.leadId);
      const optOutTag =
        (lead && isOptedOut(lead, work.optOutTags ?? env.optOutTags)) ||
        work.optedOut?.get(outcome.leadId);
      if (optOutTag) return work.t('send.row.optedOut', { tag: optOutTag });
      work.lookups.set(row.key, { leadId: outcome.leadId });
    } else if (outcome.kind === 'try-phone') work.lookups.set(row.key, { next: 'phone' });
    else return outcome.reason;
    return undefined;
  }

  placeSkips(
    read: SendAnalysis,
    skips: readonly { row: LookupRow; reason: string }[],
  ): Written<SendTypes> {
    const reasons = new Map(skips.map(({ row, reason }) => [row.key, reason]));
    const entries = placeBatch(
      read,
      skips.map(({ row }) => ({ key: row.key, leadId: 0 })),
      skips.length,
    ).map(
      ({ index, key }): Entry => ({
        index,
        cells: ['SKIPPED', '', reasons.get(key) ?? '', ''],
      }),
    );
    return this.writeBack(read, entries, this.cursor);
  }

  /** A lead that may have been messaged: its conversation (`GET /leads/{id}?include=conversation`). */
  settleCall(lead: SettleLead): (api: CrmApi) => unknown {
    return settleCall(lead.leadId);
  }

  settleReader(): (
    lead: SettleLead,
    answer: Settled<unknown> | undefined,
  ) => Settlement | undefined {
    // The CRM's clock as these reads' answers told it: their times are the CRM's (issue 16).
    const clock = this.env.client.crmClock?.();
    const { instanceId } = this.work.options;
    return (lead, answer) =>
      settledBy(answer as Settled<Lead> | undefined, lead.since, instanceId, clock);
  }

  /**
   * Rows UNCERTAIN for a lead that got its message become SENT (confirmed); those for a lead
   * that got nothing go back to the queue and are sent once; a lead the CRM cannot settle
   * stays UNCERTAIN, saying why.
   */
  placeSettled(
    read: SendAnalysis,
    settled: readonly { target: SettleLead; settled: Settlement }[],
  ): Written<SendTypes> {
    const results = new Map(settled.map(({ target, settled }) => [target.leadId, settled]));
    const applied = applySettlements(read, results, this.cursor, {
      t: this.work.t,
      now: this.now(),
    });
    this.cursor = this.work.record.answered(applied.cursor, ...settledLeads(results));
    return this.writeBack(read, applied.entries, this.cursor);
  }

  /** After the step's last write, before its checkpoint, which says the job has a ledger. */
  endStep(): void {
    this.work.ledger.save();
    const cursor = this.job.cursor as SendCursor | null;
    if (this.work.ledger.used && cursor && cursor.ledger !== 1) {
      this.job.cursor = { ...cursor, ledger: 1 };
    }
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
