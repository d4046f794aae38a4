import * as z from 'zod/mini';
import { lazySchema } from '../../api/schemas/lazy';
import { addClaims, decodeIds, encodeIds } from '../jobs/pipeline/claims';
import { rampedBatch } from '../jobs/pipeline/ramp';
import type { LookupBy } from './lookup';
import { leadIdOfKey, type SendAnalysis } from './rows';

/**
 * What a send job keeps between steps in its checkpoint (pure): the batch it planned, the
 * leads it claimed (sent to, or may have), retries to come, and how its batches ramp up.
 */

/**
 * Rows in one batch: a batch killed mid-flight leaves at most this many rows UNCERTAIN, each
 * settled by one read. A whole budget of 60, so that a trigger execution sends the slots it
 * woke for in one round trip (issue 30: batches of 10 at a 2–4 s CRM kept it running half of
 * every minute); the ramp (batchSize) still starts a job at 1.
 */
export const MAX_BATCH_ROWS = 60;

/** What a send job keeps between steps in its checkpoint. */
export const SendCursorSchema = lazySchema(() =>
  z.object({
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
     * The job has a ledger of the rows it ended SKIPPED or FAILED (job-ledger.ts): read by each
     * execution, dropped when the job ends. Without it a send that skips nothing reads nothing.
     */
    ledger: z.optional(z.number()),
    /**
     * Answers not yet in the send record (sent-record.ts), written with the next batch's row:
     * lead ids reached, and lead ids nothing reached.
     */
    recordDue: z.optional(z.object({ sent: z.array(z.number()), notSent: z.array(z.number()) })),
    /**
     * Keys of rows found by e-mail or phone whose own SENT record a misplaced one was written
     * over (misplaced.ts): once looked up, such a row's lead is UNCERTAIN since ever and settled
     * from its conversation, whatever `resend` and the send record say (neither may know it).
     */
    moved: z.optional(z.array(z.string())),
  }),
);
export type SendCursor = z.infer<typeof SendCursorSchema>;

/** Lead ids as sorted base-36 gaps ("1.a.3"): about three characters a lead in the checkpoint. */
export const encodeLeadIds = encodeIds;
export const decodeLeadIds = decodeIds;

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

/**
 * Keys whose leads no other row may be sent to in this job: lead ids join `sent`, other keys
 * (e-mail, phone) join `claimed`.
 */
export function claimKeys(cursor: SendCursor, keys: readonly string[]): SendCursor {
  if (keys.length === 0) return cursor;
  const claims = addClaims({ ids: cursor.sent, keys: cursor.claimed }, keys, leadIdOfKey);
  return {
    ...cursor,
    ...(claims.ids === undefined ? {} : { sent: claims.ids }),
    ...(claims.keys === undefined ? {} : { claimed: claims.keys }),
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
  return rampedBatch(cursor.answered ?? 0, cursor.streak, MAX_BATCH_ROWS);
}
