import * as z from 'zod/mini';
import type { Translate } from '../i18n';
import { asText, setCells } from '../jobs/row-job';
import { campaignsOfRow, templateNamedIn, withHistory } from './campaigns';
import type { LookupBy } from './lookup';
import { type Cells, type Outcome, queuedCells, uncertainCells } from './outcome';
import { SYSTEMIC_REFUSALS_TO_PAUSE } from './provider-failures';
import {
  leadIdOfKey,
  type RowDecision,
  type SendAnalysis,
  type SendPayload,
  statusOf,
} from './rows';
import { type RecordView, recordDate } from './sent-record';

/**
 * The send job's decisions for one batch, over values read from the sheet (pure): which rows
 * to mark, which rows go out next, where each answer is written, and what the batch's answers
 * mean for the job. Rows are always found by their lead key in the read just taken, never by a
 * position remembered from an earlier read: people sort, insert and delete rows mid-send.
 */

/** Rows in one batch: a batch killed mid-flight leaves at most this many rows UNCERTAIN. */
export const MAX_BATCH_ROWS = 10;

/** A row's cells to write, at its position in the read just taken. */
export interface Entry {
  index: number;
  cells: Cells;
}

/** What a send job keeps between steps in its checkpoint. */
export const SendCursorSchema = z.object({
  /** Rows waiting to be sent again after a transient refusal, by key. */
  retries: z.record(z.string(), z.object({ attempts: z.number(), notBefore: z.number() })),
  /** Systemic provider refusals in a row, across batches. */
  streak: z.number(),
  /** Answers whose row could not be found again (moved out of reach or deleted). */
  unplaced: z.number(),
  /**
   * Leads this job sent to (or may have), encoded by encodeLeadIds: the sheet alone cannot say
   * so once a person deletes a SENT row, and a copy of that row must not be sent again.
   */
  sent: z.optional(z.string()),
  /**
   * Where the scan of the sheet goes on (a data row): the rows above it were done when the scan
   * passed them. Absent: the next step reads the whole sheet (the job's first step, or the end
   * of a pass, which finds what moved above the scan).
   */
  scan: z.optional(z.number()),
  /**
   * The rows the next step may send (key, data row when planned): only such a batch is ever
   * marked SENDING, so an execution killed mid-batch leaves its rows named here.
   */
  planned: z.optional(
    z.array(z.object({ key: z.string(), at: z.number(), leadId: z.optional(z.number()) })),
  ),
  /**
   * When the planned batch was planned (ms): a batch a killed run may have sent left no earlier
   * than this, so the lead's conversation settles it (a message since then means it went out).
   */
  plannedAt: z.optional(z.number()),
  /**
   * Leads a stopped run may have messaged, to settle from their conversations (lead id → the
   * earliest time the send may have left). Until settled they are in `sent`: never sent again.
   */
  unsure: z.optional(z.record(z.string(), z.number())),
  /**
   * When a run found the last `unsure` leads (ms): the run that may have messaged them was dead
   * by then, so a late request of theirs left before this, maybe long after `plannedAt`.
   */
  recovered: z.optional(z.number()),
  /** Leads this job asked the CRM about and could not settle: not asked again by this job. */
  unsettled: z.optional(z.array(z.number())),
  /** Sends that got an answer (or a refusal) in this job: batches start small (1, 2, 4 …). */
  answered: z.optional(z.number()),
  /**
   * Keys of rows that may have been messaged whose lead id is unknown (a row matched by e-mail
   * or phone left SENDING by a killed run): no other row with the key is sent.
   */
  claimed: z.optional(z.array(z.string())),
  /**
   * Answers not yet in the send record (sent-record.ts), written with the next batch's row:
   * lead ids reached, and lead ids nothing reached.
   */
  recordDue: z.optional(z.object({ sent: z.array(z.number()), notSent: z.array(z.number()) })),
});
export type SendCursor = z.infer<typeof SendCursorSchema>;

/** Lead ids as sorted base-36 gaps ("1.a.3"): about three characters a lead in the checkpoint. */
export function encodeLeadIds(ids: ReadonlySet<number>): string {
  let previous = 0;
  return [...ids]
    .sort((a, b) => a - b)
    .map((id) => {
      const gap = id - previous;
      previous = id;
      return gap.toString(36);
    })
    .join('.');
}

export function decodeLeadIds(text: string | undefined): Set<number> {
  const ids = new Set<number>();
  let previous = 0;
  for (const gap of (text ?? '').split('.')) {
    if (gap === '') continue;
    previous += Number.parseInt(gap, 36);
    ids.add(previous);
  }
  return ids;
}

export function readSendCursor(stored: unknown): SendCursor {
  const parsed = SendCursorSchema.safeParse(stored);
  return parsed.success ? parsed.data : { retries: {}, streak: 0, unplaced: 0 };
}

/** A row to send: its key, lead and the data row it was on when planned. */
export interface SendRow extends PlannedRow {
  leadId: number;
}

/** What this execution learnt of a matched row's lead (lookups are not checkpointed). */
export type KnownLead = { leadId: number } | { next: 'phone' };

/** A row of a planned batch: its key, the data row it was on when planned, and its lead when known. */
export interface PlannedRow {
  key: string;
  at: number;
  leadId?: number;
}

export interface LookupRow extends PlannedRow {
  by: LookupBy;
  value: string;
  /** The row also has a phone to try when the e-mail finds no lead. */
  phoneNext: boolean;
}

/** A lead that may have been messaged, to settle from its conversation: since when. */
export interface SettleLead {
  leadId: number;
  /** The earliest instant the send may have left (ms); 0 when unknown. */
  since: number;
}

/** A lead to settle and the latest instant its send may have left (ms): when it may be settled. */
interface SettleCandidate extends SettleLead {
  latest: number;
}

export type NextWork =
  | { kind: 'settle'; leads: SettleLead[] }
  | { kind: 'send'; rows: SendRow[] }
  | { kind: 'lookup'; rows: LookupRow[] }
  /** Only rows waiting for a retry are left: nothing to do before `until`. */
  | { kind: 'wait'; until: number }
  | { kind: 'done' };

export interface Plan {
  /** Statuses that cost no request: QUEUED, SKIPPED, and UNCERTAIN for rows left SENDING. */
  marks: Entry[];
  next: NextWork;
}

export interface PlanInput {
  jobId: string;
  templateName: string;
  t: Translate;
  now: number;
  lookups: ReadonlyMap<string, KnownLead>;
  cursor: SendCursor;
  maxRows: number;
  /**
   * What the send record says of this sheet and template (sent-record.ts); left out when the
   * person asked to send again to leads that got it before (`resend`).
   */
  record?: RecordView;
}

/**
 * Marks for every row of the read, and the next batch: the first `maxRows` rows to send (in
 * sheet order, skipping rows whose retry is not due), or the lookups they need first.
 */
export function planStep(analysis: SendAnalysis, input: PlanInput): Plan {
  const { t, now } = input;
  const sentLeads = decodeLeadIds(input.cursor.sent);
  const claimed = new Set(input.cursor.claimed ?? []);
  const batchLeads = new Set<number>();
  const marks: Entry[] = [];
  const ready: { decision: Extract<RowDecision, { kind: 'send' }>; index: number }[] = [];
  let waitUntil: number | undefined;
  // A row skipped because its lead got (or may have got) this template says so at the end of
  // its detail: a later send of the template skips it too, even once the SENT row is gone.
  const today = new Date(now).toISOString().slice(0, 10);
  const got = (reason: string) =>
    withHistory(reason, [{ template: input.templateName, date: today }]);
  analysis.decisions.forEach((decision, index) => {
    if (decision.kind === 'in-flight') {
      marks.push({
        index,
        cells: uncertainCells(t, decision.since, t('send.why.stopped'), {
          leadId: decision.leadId,
          template: input.templateName,
        }),
      });
    } else if (decision.kind === 'skip') {
      const reason = decision.got ? got(decision.reason) : decision.reason;
      marks.push({ index, cells: ['SKIPPED', '', reason, ''] });
    } else if (decision.kind === 'send') {
      const leadId = knownLeadId(decision, input.lookups);
      const notBefore = input.cursor.retries[decision.key]?.notBefore ?? 0;
      if (leadId !== undefined && sentLeads.has(leadId)) {
        const reason = got(t('send.detail.skippedSameLead', { leadId }));
        marks.push({ index, cells: ['SKIPPED', '', reason, ''] });
        return;
      }
      const sentRow = leadId === undefined ? undefined : analysis.sentLeads.get(leadId);
      if (sentRow !== undefined) {
        const reason = got(t('send.detail.skippedSentRow', { leadId: leadId ?? '', row: sentRow }));
        marks.push({ index, cells: ['SKIPPED', '', reason, ''] });
        return;
      }
      const recorded = recordedSkip(leadId, input);
      if (recorded === 'wait') {
        // Settled from its conversation first (the cursor's `unsure`): sent once, or skipped.
        if (!decision.queued) {
          marks.push({
            index,
            cells: queuedCells(t('send.detail.queued', { jobId: input.jobId })),
          });
        }
        const due = (input.record?.get(leadId ?? 0)?.at ?? now) + SETTLE_QUIET_MS;
        waitUntil = Math.min(waitUntil ?? due, due);
        return;
      }
      if (recorded !== undefined) {
        marks.push({ index, cells: ['SKIPPED', '', recorded, ''] });
        return;
      }
      if (claimed.has(decision.key)) {
        const reason = t('send.detail.skippedSameKey', { key: decision.key.replace(':', ' ') });
        marks.push({ index, cells: ['SKIPPED', '', reason, ''] });
        return;
      }
      if (!decision.queued) {
        marks.push({ index, cells: queuedCells(t('send.detail.queued', { jobId: input.jobId })) });
      }
      if (notBefore > now) waitUntil = Math.min(waitUntil ?? notBefore, notBefore);
      else if (ready.length < input.maxRows && !(leadId !== undefined && batchLeads.has(leadId))) {
        // Two rows for one lead (an e-mail and a phone of one lead) never share a batch; once
        // the first is sent, the second is skipped.
        ready.push({ decision, index });
        if (leadId !== undefined) batchLeads.add(leadId);
      }
    }
  });
  const settle = settleWork(analysis, input.cursor, now);
  if (settle.length > 0) return { marks, next: { kind: 'settle', leads: settle } };
  // A lead whose attempt is too recent to settle: the job waits for it rather than end.
  const settleAt = settleDueAt(analysis, input.cursor);
  if (settleAt !== undefined) waitUntil = Math.min(waitUntil ?? settleAt, settleAt);
  return { marks, next: nextWork(ready, input.lookups, waitUntil, analysis.offset) };
}

/**
 * Leads to settle from their conversations before anything else is sent (PRODUCT.md, Bulk
 * send): the leads of UNCERTAIN rows (this job's or an earlier one's) and the leads a stopped
 * run may have messaged, except those this job could not settle already. At most a batch.
 * Given `now`, only leads whose attempt is SETTLE_QUIET_MS old: a request that got no answer
 * (or whose execution was killed) may still reach the CRM, and its message show, after we ask.
 */
export function settleWork(
  analysis: SendAnalysis,
  cursor: SendCursor,
  now = Number.POSITIVE_INFINITY,
): SettleLead[] {
  return settleCandidates(analysis, cursor)
    .filter(({ latest }) => latest + SETTLE_QUIET_MS <= now)
    .slice(0, MAX_BATCH_ROWS)
    .map(({ leadId, since }) => ({ leadId, since }));
}

/** When the earliest lead still to settle may be settled (undefined when none is left). */
export function settleDueAt(analysis: SendAnalysis, cursor: SendCursor): number | undefined {
  const leads = settleCandidates(analysis, cursor);
  if (leads.length === 0) return undefined;
  return Math.min(...leads.map(({ latest }) => latest)) + SETTLE_QUIET_MS;
}

/**
 * Each lead to settle with the earliest instant its send may have left (what its conversation
 * is compared with) and the latest (what the quiet period counts from).
 */
function settleCandidates(analysis: SendAnalysis, cursor: SendCursor): SettleCandidate[] {
  const done = new Set(cursor.unsettled ?? []);
  const since = new Map<number, number>();
  const latest = new Map<number, number>();
  const add = (leadId: number, at: number, last = at) => {
    if (done.has(leadId)) return;
    since.set(leadId, Math.min(since.get(leadId) ?? at, at));
    latest.set(leadId, Math.max(latest.get(leadId) ?? last, last));
  };
  for (const [lead, at] of Object.entries(cursor.unsure ?? {})) {
    add(Number(lead), at, Math.max(at, cursor.recovered ?? 0));
  }
  analysis.rows.forEach((row, index) => {
    if (statusOf(row, analysis.columns) !== 'UNCERTAIN') return;
    const leadId =
      campaignsOfRow(row, analysis.columns).leadId ?? leadIdOfKey(analysis.keys[index]);
    if (leadId === undefined) return;
    const mark = row[analysis.columns.sentAt];
    add(leadId, mark instanceof Date ? mark.getTime() : 0);
  });
  return [...since].map(([leadId, at]) => ({
    leadId,
    since: at,
    latest: latest.get(leadId) ?? at,
  }));
}

/** What a lead's conversation says about a send that may have left at `since`. */
export type Settlement = 'sent' | 'not-sent' | { unsettled: string };

/**
 * A message in the lead's conversation at or after the attempt (less SETTLE_SLACK_MS, for
 * clocks that differ) means the send went out; none since means nothing did. A reply of the
 * lead counts as a message too: then the send is taken as sent, never repeated.
 * `otherNumber`: the conversation the CRM named is of another number than the send's (a lead
 * may have one per number, and the API names one): nothing there proves nothing was sent.
 */
export function settlementOf(
  lastMessageAt: string | null | undefined,
  since: number,
  otherNumber?: string | number,
): Settlement {
  const result = settlementAt(lastMessageAt, since);
  if (result === 'not-sent' && otherNumber !== undefined) {
    return { unsettled: `conversation instance_id ${otherNumber}` };
  }
  return result;
}

function settlementAt(lastMessageAt: string | null | undefined, since: number): Settlement {
  if (lastMessageAt === null || lastMessageAt === undefined || lastMessageAt === '') {
    return 'not-sent';
  }
  const at = Date.parse(lastMessageAt);
  if (Number.isNaN(at)) return { unsettled: `last_message_at "${lastMessageAt}"` };
  return at >= since - SETTLE_SLACK_MS ? 'sent' : 'not-sent';
}

/** Clock difference allowed between Apps Script and the CRM when comparing times. */
export const SETTLE_SLACK_MS = 2 * 60_000;

/**
 * How old an attempt must be before its lead's conversation may say "nothing went out": a
 * request whose answer never came, or whose execution was killed, may reach the CRM (and its
 * message show in the conversation) well after we gave up on it. UrlFetch gives up on a request
 * after about a minute; twice that covers the CRM's own work on a late one.
 */
export const SETTLE_QUIET_MS = 2 * 60_000;

/**
 * The cursor and row cells after settling leads: `sent` keeps a lead whose message is there
 * and drops one that got nothing (its UNCERTAIN rows go back to the queue, sent once), and
 * a lead the CRM could not settle is not asked about again by this job.
 */
export function applySettlements(
  analysis: SendAnalysis,
  results: ReadonlyMap<number, Settlement>,
  cursor: SendCursor,
  ctx: { t: Translate; now: number },
): { entries: Entry[]; cursor: SendCursor } {
  const sent = decodeLeadIds(cursor.sent);
  const unsure = { ...(cursor.unsure ?? {}) };
  const unsettled = new Set(cursor.unsettled ?? []);
  const claimed = new Set(cursor.claimed ?? []);
  for (const [leadId, result] of results) {
    delete unsure[String(leadId)];
    if (result === 'sent') sent.add(leadId);
    else if (result === 'not-sent') sent.delete(leadId);
    else unsettled.add(leadId);
  }
  const entries: Entry[] = [];
  analysis.rows.forEach((row, index) => {
    if (statusOf(row, analysis.columns) !== 'UNCERTAIN') return;
    const campaigns = campaignsOfRow(row, analysis.columns);
    const leadId = campaigns.leadId ?? leadIdOfKey(analysis.keys[index]);
    const result = leadId === undefined ? undefined : results.get(leadId);
    if (result === undefined || leadId === undefined) return;
    const template = templateNamedIn(String(row[analysis.columns.detail] ?? '')) ?? '?';
    const mark = row[analysis.columns.sentAt];
    const at = mark instanceof Date ? mark : new Date(ctx.now);
    if (result === 'sent') {
      const text = ctx.t('send.detail.confirmedSent', { template, leadId });
      entries.push({ index, cells: ['SENT', '', text, at] });
    } else if (result === 'not-sent') {
      entries.push({ index, cells: queuedCells(ctx.t('send.detail.notSentRequeued')) });
      // Claimed by its key when it was found SENDING (matched rows): it is sent once now.
      claimed.delete(analysis.keys[index] ?? '');
    } else {
      const why = ctx.t('send.why.unsettled', { error: result.unsettled });
      entries.push({
        index,
        cells: uncertainCells(ctx.t, mark instanceof Date ? mark.getTime() : undefined, why, {
          leadId,
          template,
        }),
      });
    }
  });
  return {
    entries,
    cursor: {
      ...cursor,
      sent: encodeLeadIds(sent),
      unsure,
      unsettled: [...unsettled],
      claimed: [...claimed],
    },
  };
}

/**
 * What the send record says of a row's lead (issue 16 item 2): nothing (undefined), wait for
 * its conversation to settle a request that may have left, or the SKIPPED detail of a lead that
 * got (or may have got, unsettled) this template from this sheet, though no row says so now.
 */
function recordedSkip(leadId: number | undefined, input: PlanInput): string | 'wait' | undefined {
  const lead = leadId === undefined ? undefined : input.record?.get(leadId);
  if (leadId === undefined || lead === undefined) return undefined;
  const words = { leadId, template: input.templateName, date: recordDate(lead) };
  if (lead.state === 'sent') return input.t('send.detail.skippedRecorded', words);
  if ((input.cursor.unsettled ?? []).includes(leadId)) {
    return input.t('send.detail.skippedRecordedMaybe', words);
  }
  return 'wait';
}

function knownLeadId(
  decision: Extract<RowDecision, { kind: 'send' }>,
  lookups: ReadonlyMap<string, KnownLead>,
): number | undefined {
  if (decision.lead.kind === 'id') return decision.lead.leadId;
  const known = lookups.get(decision.key);
  return known && 'leadId' in known ? known.leadId : undefined;
}

function nextWork(
  ready: readonly { decision: Extract<RowDecision, { kind: 'send' }>; index: number }[],
  lookups: ReadonlyMap<string, KnownLead>,
  waitUntil: number | undefined,
  offset: number,
): NextWork {
  if (ready.length === 0)
    return waitUntil === undefined ? { kind: 'done' } : { kind: 'wait', until: waitUntil };
  const sends: SendRow[] = [];
  const lookupRows: LookupRow[] = [];
  for (const { decision, index } of ready) {
    const { key, lead } = decision;
    const at = offset + index;
    const leadId = knownLeadId(decision, lookups);
    if (leadId !== undefined) {
      sends.push({ key, leadId, at });
      continue;
    }
    if (lead.kind !== 'match') continue;
    const known = lookups.get(key);
    const by: LookupBy = known || lead.email === undefined ? 'phone' : 'email';
    const value = by === 'email' ? lead.email : lead.phone;
    if (value !== undefined) {
      lookupRows.push({
        key,
        at,
        by,
        value,
        phoneNext: by === 'email' && lead.phone !== undefined,
      });
    }
  }
  // Lookups first: the rows they find go out with the next batch, in sheet order.
  if (lookupRows.length > 0) return { kind: 'lookup', rows: lookupRows };
  return { kind: 'send', rows: sends };
}

/** A batch row found again in a fresh read, with the payload its cells hold now. */
export interface PlacedRow {
  index: number;
  key: string;
  leadId: number;
  payload: SendPayload;
}

/**
 * The batch's rows still to be sent, found by key in a fresh read (the row may have moved; a
 * row deleted, edited or already marked by then drops out), at most `limit`, in row order.
 */
export function placeBatch(
  analysis: SendAnalysis,
  rows: readonly { key: string; leadId: number }[],
  limit: number,
): PlacedRow[] {
  const toSend = new Map<string, number>();
  analysis.decisions.forEach((decision, index) => {
    if (decision.kind === 'send') toSend.set(decision.key, index);
  });
  const placed: PlacedRow[] = [];
  for (const { key, leadId } of rows) {
    if (placed.length >= limit) break;
    const index = toSend.get(key);
    const decision = index === undefined ? undefined : analysis.decisions[index];
    if (index === undefined || decision?.kind !== 'send') continue;
    placed.push({ index, key, leadId, payload: decision.payload });
  }
  return placed.sort((a, b) => a.index - b.index);
}

/**
 * Where each answer goes in a fresh read: the row of its key that this job marked SENDING.
 * Answers whose row is gone are left out and counted.
 */
export function placeAnswers(
  analysis: SendAnalysis,
  answers: readonly { key: string; cells: Cells }[],
): { entries: Entry[]; unplaced: number } {
  const inFlight = new Map<string, number>();
  analysis.rows.forEach((row, index) => {
    const key = analysis.keys[index] ?? '';
    if (key !== '' && !inFlight.has(key) && statusOf(row, analysis.columns) === 'SENDING') {
      inFlight.set(key, index);
    }
  });
  const entries: Entry[] = [];
  let unplaced = 0;
  for (const { key, cells } of answers) {
    const index = inFlight.get(key);
    if (index === undefined) unplaced += 1;
    else entries.push({ index, cells });
  }
  return { entries: entries.sort((a, b) => a.index - b.index), unplaced };
}

export interface BatchSettlement {
  answers: { key: string; cells: Cells }[];
  cursor: SendCursor;
  /** Set when the job must pause (the rows refused for that reason are QUEUED again). */
  pauseMessage?: string;
  /** The longest Retry-After of the batch's 429s, for the pacer. */
  retryAfterSeconds?: number;
  /** Apps Script refused the batch (a quota): thrown once the rows are written, so the job waits. */
  platformError?: unknown;
}

/**
 * What a batch's outcomes (one per row, in row order) do to the job: the cells of each row,
 * retries to come, and whether the job pauses: at once for a refusal a person must fix, and
 * after SYSTEMIC_REFUSALS_TO_PAUSE systemic provider refusals in a row.
 */
export function settleBatch(
  rows: readonly { key: string; leadId: number }[],
  outcomes: readonly Outcome[],
  cursor: SendCursor,
): BatchSettlement {
  const retries = { ...cursor.retries };
  const sent = decodeLeadIds(cursor.sent);
  let streak = cursor.streak;
  let pauseMessage: string | undefined;
  let retryAfterSeconds: number | undefined;
  let platformError: unknown;
  const systemicInBatch = outcomes.some((outcome) => outcome.kind === 'systemic');
  const answers = rows.map(({ key, leadId }, i) => {
    const outcome = outcomes[i] as Outcome;
    const [status] = outcome.cells;
    // FAILED too: one send per lead per job, and rows of other windows never see this one.
    if (status === 'SENT' || status === 'UNCERTAIN' || status === 'FAILED') sent.add(leadId);
    if (outcome.kind === 'systemic') {
      streak += 1;
      if (streak >= SYSTEMIC_REFUSALS_TO_PAUSE) pauseMessage ??= outcome.pauseMessage(streak);
      // Unless the job pauses, the row is tried again: counted like any retry, so it ends.
      retries[key] = { attempts: (retries[key]?.attempts ?? 0) + 1, notBefore: 0 };
      return { key, cells: outcome.cells };
    }
    // The requests of a batch leave together (fetchAll) and their order says nothing: one
    // that went through resets the streak only when no send of its batch was refused so.
    if (!systemicInBatch) streak = 0;
    if (outcome.kind === 'platform') platformError ??= outcome.error;
    if (outcome.kind === 'pause') pauseMessage ??= outcome.pauseMessage;
    if (outcome.kind === 'retry') {
      if (outcome.retryAfterSeconds !== undefined) {
        retryAfterSeconds = Math.max(retryAfterSeconds ?? 0, outcome.retryAfterSeconds);
      } else {
        retries[key] = {
          attempts: (retries[key]?.attempts ?? 0) + 1,
          notBefore: outcome.notBefore ?? 0,
        };
      }
    }
    if (outcome.kind === 'done') delete retries[key];
    return { key, cells: outcome.cells };
  });
  return {
    answers,
    // A pause starts afresh when the job is resumed.
    cursor: {
      ...cursor,
      retries,
      streak: pauseMessage === undefined ? streak : 0,
      answered: (cursor.answered ?? 0) + rows.length,
      ...(sent.size > 0 ? { sent: encodeLeadIds(sent) } : {}),
    },
    ...(pauseMessage === undefined ? {} : { pauseMessage }),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    ...(platformError === undefined ? {} : { platformError }),
  };
}

/** Whether the read holds every data row (a window from the first row to the last counts). */
export function isWhole(analysis: SendAnalysis): boolean {
  return analysis.offset === 0 && analysis.complete;
}

/** Whether each row's key is still on the data row it was on when planned, in this read. */
export function foundInPlace(analysis: SendAnalysis, rows: readonly PlannedRow[]): boolean {
  return rows.every(({ key, at }) => analysis.keys[at - analysis.offset] === key);
}

/**
 * Keys whose leads no other row may be sent to in this job: lead ids join `sent`, other keys
 * (e-mail, phone) join `claimed`.
 */
export function claimKeys(cursor: SendCursor, keys: readonly string[]): SendCursor {
  if (keys.length === 0) return cursor;
  const sent = decodeLeadIds(cursor.sent);
  const claimed = new Set(cursor.claimed ?? []);
  for (const key of keys) {
    const id = key.startsWith('lead:') ? Number(key.slice('lead:'.length)) : Number.NaN;
    if (Number.isSafeInteger(id) && id > 0) sent.add(id);
    else claimed.add(key);
  }
  return {
    ...cursor,
    ...(sent.size > 0 ? { sent: encodeLeadIds(sent) } : {}),
    ...(claimed.size > 0 ? { claimed: [...claimed] } : {}),
  };
}

/**
 * The batch the last checkpoint planned, as this read finds it. A planned row still on its data
 * row, with its key and waiting to be sent, was never marked SENDING, so it was not sent (the
 * mark is flushed before a request leaves). Any other planned row may have been messaged: its
 * row is SENDING or marked, or a person moved, deleted or replaced it (a copy of the lead
 * elsewhere proves nothing). Its lead is claimed by id (and by key when the lookup that found
 * it is unknown), so no row of that lead is sent again, and kept `unsure` for settling from the
 * lead's conversation.
 */
export function recoverPlanned(
  analysis: SendAnalysis,
  planned: readonly PlannedRow[],
  cursor: SendCursor,
  now: number,
): SendCursor {
  const claims = planned.filter(({ key, at }) => {
    const index = at - analysis.offset;
    const waiting = analysis.keys[index] === key && analysis.decisions[index]?.kind === 'send';
    return !waiting;
  });
  if (claims.length === 0) return cursor;
  const unsure = { ...(cursor.unsure ?? {}) };
  const keys: string[] = [];
  const at = cursor.plannedAt ?? 0;
  for (const { key, leadId } of claims) {
    keys.push(leadId === undefined ? key : `lead:${leadId}`);
    if (leadId !== undefined) unsure[String(leadId)] = Math.min(unsure[String(leadId)] ?? at, at);
  }
  return { ...claimKeys(cursor, keys), unsure, recovered: now };
}

/**
 * Rows in the next batch: one while systemic refusals are being counted, and a job's first
 * sends go 1, 2, 4, 8 … up to MAX_BATCH_ROWS, so a provider that refuses every send (a paused
 * template) costs at most SYSTEMIC_REFUSALS_TO_PAUSE requests before the job pauses.
 */
export function batchSize(cursor: SendCursor): number {
  if (cursor.streak > 0) return 1;
  const answered = cursor.answered ?? 0;
  let size = 1;
  while (size <= answered && size < MAX_BATCH_ROWS) size *= 2;
  return Math.min(size, MAX_BATCH_ROWS);
}

/** The cells as written: text that could turn into a formula or a number stays text. */
export function cellsForSheet(cells: Cells): unknown[] {
  const [status, messageId, detail, at] = cells;
  // A string message id stays text: Sheets would turn "000123" or a 19-digit id into a number.
  return [
    status,
    typeof messageId === 'string' ? asText(messageId) : messageId,
    asText(detail),
    at,
  ];
}

/** Puts written cells into the rows read, so that the next analysis of them sees the sheet as it is now. */
export function applyEntries(analysis: SendAnalysis, entries: readonly Entry[]): void {
  // Already carried by the cells (withRowHistory): applying them keeps what the sheet says.
  const { columns } = analysis;
  const indexes = [columns.status, columns.messageId, columns.detail, columns.sentAt];
  for (const { index, cells } of entries) {
    const row = analysis.rows[index];
    if (row) setCells(row, indexes, cells);
  }
}

/**
 * The entries with each row's history at the end of its detail: the templates its lead got
 * from the row stay written there whatever a later send writes (campaigns.ts).
 */
export function withRowHistory(analysis: SendAnalysis, entries: readonly Entry[]): Entry[] {
  return entries.map((entry) => {
    const { received } = campaignsOfRow(analysis.rows[entry.index], analysis.columns);
    if (received.length === 0) return entry;
    const [status, messageId, detail, at] = entry.cells;
    return { index: entry.index, cells: [status, messageId, withHistory(detail, received), at] };
  });
}

/**
 * The end-of-job check (issue 16 item 12): every SENT row names its lead in its detail ("…
 * lead 42 …"); a row keyed by a lead id whose SENT record names another lead holds a status a
 * person's sort or insert put on the wrong row. Each such record moves to a row of its own lead
 * that holds no SENT record of its own; a row left without one is UNCERTAIN, settled from its
 * lead's conversation next (a lead that got nothing is sent once). Rows
 * matched by e-mail or phone carry no lead id to compare, so they are not checked here.
 */
export function misplacedEntries(
  analysis: SendAnalysis,
  cursor: SendCursor,
  ctx: { t: Translate; since: number; templateName: string },
): Entry[] {
  const { columns } = analysis;
  const records: { from: number; leadId: number; cells: Cells }[] = [];
  analysis.rows.forEach((row, index) => {
    if (statusOf(row, columns) !== 'SENT') return;
    const own = leadIdOfKey(analysis.keys[index]);
    const named = campaignsOfRow(row, columns).leadId;
    if (own === undefined || named === undefined || own === named) return;
    const at = row[columns.sentAt];
    records.push({
      from: index,
      leadId: named,
      cells: [
        'SENT',
        (row[columns.messageId] as string | number) ?? '',
        String(row[columns.detail] ?? ''),
        at instanceof Date ? at : '',
      ],
    });
  });
  if (records.length === 0) return [];
  const moving = new Set(records.map(({ from }) => from));
  const taken = new Set<number>();
  const entries: Entry[] = [];
  for (const record of records) {
    const target = analysis.keys.findIndex(
      (key, index) =>
        key === `lead:${record.leadId}` &&
        !taken.has(index) &&
        (moving.has(index) || statusOf(analysis.rows[index], columns) !== 'SENT'),
    );
    if (target < 0) continue;
    taken.add(target);
    entries.push({ index: target, cells: record.cells });
  }
  // A row left without a record: UNCERTAIN, settled from its lead's conversation next (since
  // this job began when it messaged the lead; since ever when an earlier job may have).
  const sent = decodeLeadIds(cursor.sent);
  for (const from of moving) {
    if (taken.has(from)) continue;
    const own = leadIdOfKey(analysis.keys[from]);
    const since = own !== undefined && sent.has(own) ? ctx.since : undefined;
    const why = ctx.t('send.why.moved');
    const lead = { leadId: own, template: ctx.templateName };
    entries.push({ index: from, cells: uncertainCells(ctx.t, since, why, lead) });
  }
  return entries;
}
