import type { CrmClock } from '../../api';
import { crmTimeReadings, crmTimeVersus, readCrmTime, UNKNOWN_CLOCK_SLACK_MS } from '../crm-time';
import type { Translate } from '../i18n';
import { campaignsOfRow, templateNamedIn } from './campaigns';
import { decodeLeadIds, encodeLeadIds, MAX_BATCH_ROWS, type SendCursor } from './cursor';
import { queuedCells, uncertainCells } from './outcome';
import type { Entry } from './place';
import { leadIdOfKey, type SendAnalysis, statusOf } from './rows';

/**
 * How a send settles a row that may have been sent (UNCERTAIN, or a batch a killed run may
 * have sent) from its lead's conversation (`GET /leads/{id}?include=conversation`), pure.
 */

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
    if (!isOwnUncertain(analysis, index)) return;
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

/**
 * An UNCERTAIN row of its own lead: another lead's UNCERTAIN record a sort put on a row is
 * never settled there (rows.ts isOtherLeadsRecord), its lead's own row is.
 */
function isOwnUncertain(analysis: SendAnalysis, index: number): boolean {
  return (
    !analysis.foreign[index] && statusOf(analysis.rows[index], analysis.columns) === 'UNCERTAIN'
  );
}

/** What a lead's conversation says about a send that may have left at `since`. */
export type Settlement = 'sent' | 'not-sent' | { unsettled: string };

/**
 * A message in the lead's conversation at or after the attempt means the send went out; none
 * since means nothing did. The message's time is the CRM's clock and the attempt's ours:
 * `clock` (the CRM's `Date` header) relates them, a doubt reading as sent (core/crm-time.ts);
 * without one, the clocks are taken to be at most SETTLE_SLACK_MS apart. A reply of the
 * lead counts as a message too: then the send is taken as sent, never repeated.
 * `otherNumber`: the conversation the CRM named is of another number than the send's (a lead
 * may have one per number, and the API names one): nothing there proves nothing was sent.
 */
export function settlementOf(
  lastMessageAt: string | null | undefined,
  since: number,
  otherNumber?: string | number,
  clock?: CrmClock,
): Settlement {
  const result = settlementAt(lastMessageAt, since, clock);
  if (result === 'not-sent' && otherNumber !== undefined) {
    return { unsettled: `conversation instance_id ${otherNumber}` };
  }
  return result;
}

/**
 * A time without a zone whose two readings (UTC, the script's zone) fall either side of the
 * attempt settles nothing: it names both readings (crm-time.ts).
 */
function settlementAt(
  lastMessageAt: string | null | undefined,
  since: number,
  clock: CrmClock | undefined,
): Settlement {
  const time = readCrmTime(lastMessageAt);
  if (time.kind === 'none') return 'not-sent';
  if (time.kind === 'unreadable') return { unsettled: `last_message_at "${lastMessageAt}"` };
  const versus = crmTimeVersus(time, since, clock);
  if (versus === 'either') {
    return { unsettled: `last_message_at ${crmTimeReadings(String(lastMessageAt), time)}` };
  }
  return versus === 'at-or-after' ? 'sent' : 'not-sent';
}

/** Clock difference allowed between Apps Script and the CRM when no `Date` header told it. */
export const SETTLE_SLACK_MS = UNKNOWN_CLOCK_SLACK_MS;

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
  const moved = new Set(cursor.moved ?? []);
  for (const [leadId, result] of results) {
    delete unsure[String(leadId)];
    if (result === 'sent') sent.add(leadId);
    else if (result === 'not-sent') sent.delete(leadId);
    else unsettled.add(leadId);
  }
  const entries: Entry[] = [];
  analysis.rows.forEach((row, index) => {
    if (!isOwnUncertain(analysis, index)) return;
    const campaigns = campaignsOfRow(row, analysis.columns);
    const leadId = campaigns.leadId ?? leadIdOfKey(analysis.keys[index]);
    const result = leadId === undefined ? undefined : results.get(leadId);
    if (result === undefined || leadId === undefined) return;
    const template = templateNamedIn(String(row[analysis.columns.detail] ?? '')) ?? '?';
    const mark = row[analysis.columns.sentAt];
    const at = mark instanceof Date ? mark : new Date(ctx.now);
    // A row whose record was overwritten is settled: its key is an ordinary one again.
    if (typeof result === 'string') moved.delete(analysis.keys[index] ?? '');
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
  entries.push(...releasedSkips(analysis, results, ctx.t));
  return {
    entries,
    cursor: {
      ...cursor,
      sent: encodeLeadIds(sent),
      unsure,
      unsettled: [...unsettled],
      claimed: [...claimed],
      ...(moved.size > 0 || cursor.moved ? { moved: [...moved] } : {}),
    },
  };
}

/**
 * Rows this job skipped because it had claimed their lead (`sent`: "already got, or may have
 * got") whose lead the conversation now says got nothing: back to the queue with the lead's
 * UNCERTAIN rows. Left SKIPPED, their `[✓ …]` history claims the lead again at the next whole
 * read (rows.ts `sentLeads`), and no row of the lead is ever sent. The planner decides them
 * afresh: one row of the lead is sent, the others skipped once it is.
 */
function releasedSkips(
  analysis: SendAnalysis,
  results: ReadonlyMap<number, Settlement>,
  t: Translate,
): Entry[] {
  const entries: Entry[] = [];
  analysis.rows.forEach((row, index) => {
    const decision = analysis.decisions[index];
    if (decision?.kind !== 'done' || decision.status !== 'SKIPPED') return;
    const leadId = campaignsOfRow(row, analysis.columns).leadId;
    if (leadId === undefined || results.get(leadId) !== 'not-sent') return;
    const claimed = t('send.detail.skippedSameLead', { leadId });
    if (!String(row[analysis.columns.detail] ?? '').startsWith(claimed)) return;
    entries.push({ index, cells: queuedCells(t('send.detail.notSentRequeued')) });
  });
  return entries;
}
