import type { Translate } from '../i18n';
import { sayDay } from '../i18n/day';
import { withHistory } from './campaigns';
import { cancelledCells } from './cancel';
import {
  decodeLeadIds,
  type KnownLead,
  type LookupRow,
  type SendCursor,
  type SendRow,
} from './cursor';
import type { LookupBy } from './lookup';
import { queuedCells, uncertainCells } from './outcome';
import type { Entry } from './place';
import type { RowDecision, SendAnalysis } from './rows';
import { type RecordedLead, type RecordView, recordDate } from './sent-record';
import { SETTLE_QUIET_MS, type SettleLead, settleDueAt, settleWork } from './settle';

/**
 * How a send decides its next work over a read (pure): the marks every row calls for (QUEUED,
 * SKIPPED, UNCERTAIN for rows left SENDING), and the next batch: leads to settle first, then
 * lookups, then sends, in sheet order.
 */

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
  /**
   * The job was cancelled (JobRecord.settleOnCancel): it only settles what may have left; every
   * row it would still send says it was not sent, and nothing is looked up or sent.
   */
  cancelled?: boolean;
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
      const reason = claimedReason(decision, leadId, analysis, input, { sentLeads, claimed, got });
      if (reason === 'moved') {
        const lead = { leadId: leadId ?? 0, template: input.templateName };
        marks.push({ index, cells: uncertainCells(t, undefined, t('send.why.moved'), lead) });
        return;
      }
      if (reason === 'wait') {
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
      if (reason !== undefined) {
        marks.push({ index, cells: ['SKIPPED', '', reason, ''] });
        return;
      }
      if (input.cancelled) {
        marks.push({ index, cells: cancelledCells(t, input.jobId) });
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
 * Why a row to send is skipped after all, its lead being taken: sent to (or maybe) by this job,
 * named by a SENT row of the sheet, in the send record, or its key claimed; 'wait' while the
 * record's lead is settled from its conversation; 'moved' for a row whose own SENT record a
 * misplaced one was written over (settled since ever); undefined: it goes.
 */
function claimedReason(
  decision: Extract<RowDecision, { kind: 'send' }>,
  leadId: number | undefined,
  analysis: SendAnalysis,
  input: PlanInput,
  taken: { sentLeads: Set<number>; claimed: Set<string>; got: (reason: string) => string },
): string | 'wait' | 'moved' | undefined {
  const { t } = input;
  if (leadId !== undefined && taken.sentLeads.has(leadId)) {
    return taken.got(t('send.detail.skippedSameLead', { leadId }));
  }
  const sentRow = leadId === undefined ? undefined : analysis.sentLeads.get(leadId);
  if (sentRow !== undefined) {
    return taken.got(t('send.detail.skippedSentRow', { leadId: leadId ?? '', row: sentRow }));
  }
  const recorded = recordedSkip(leadId, input);
  // Its SENT record overwritten (misplaced.ts): unless the record says it got the template,
  // settled from its conversation since ever, like a lead id row; never sent blindly.
  const ownLost = leadId !== undefined && input.cursor.moved?.includes(decision.key) === true;
  if (ownLost && (recorded === undefined || recorded === 'wait')) return 'moved';
  if (recorded !== undefined) return recorded;
  if (taken.claimed.has(decision.key)) {
    return t('send.detail.skippedSameKey', { key: decision.key.replace(':', ' ') });
  }
  return undefined;
}

/**
 * What the send record says of a row's lead (issue 16 item 2): nothing (undefined), wait for
 * its conversation to settle a request that may have left, or the SKIPPED detail of a lead that
 * got (or may have got, unsettled) this template from this sheet, though no row says so now.
 */
function recordedSkip(leadId: number | undefined, input: PlanInput): string | 'wait' | undefined {
  const lead = leadId === undefined ? undefined : input.record?.get(leadId);
  if (leadId === undefined || lead === undefined) return undefined;
  if (lead.state === 'sent' || (input.cursor.unsettled ?? []).includes(leadId)) {
    return recordedSkipDetail(input.t, input.templateName, leadId, lead);
  }
  return 'wait';
}

/** The SKIPPED detail of a lead the record says got (`sent`) or may have got this template. */
export function recordedSkipDetail(
  t: Translate,
  templateName: string,
  leadId: number,
  lead: RecordedLead,
): string {
  const words = {
    leadId,
    template: templateName,
    date: sayDay(t, recordDate(lead)),
    sheet: lead.sheetName,
  };
  return t(
    lead.state === 'sent' ? 'send.detail.skippedRecorded' : 'send.detail.skippedRecordedMaybe',
    words,
  );
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
