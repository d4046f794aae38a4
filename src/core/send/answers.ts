import { breakerAfter } from '../jobs/pipeline/ramp';
import { decodeLeadIds, encodeLeadIds, type SendCursor } from './cursor';
import type { Cells, Outcome } from './outcome';
import { SYSTEMIC_REFUSALS_TO_PAUSE } from './provider-failures';

/** What a batch's answers do to a send job (pure): each row's cells, retries, and pauses. */

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
  // The provider-failure breaker: systemic refusals in a row, across batches.
  const breaker = breakerAfter(
    cursor.streak,
    outcomes.map((outcome) => (outcome.kind === 'systemic' ? 'refusal' : 'through')),
    SYSTEMIC_REFUSALS_TO_PAUSE,
  );
  const streak = breaker.streaks[breaker.streaks.length - 1] ?? cursor.streak;
  let pauseMessage: string | undefined;
  let retryAfterSeconds: number | undefined;
  let platformError: unknown;
  const answers = rows.map(({ key, leadId }, i) => {
    const outcome = outcomes[i] as Outcome;
    const [status] = outcome.cells;
    // FAILED too: one send per lead per job, and rows of other windows never see this one.
    if (status === 'SENT' || status === 'UNCERTAIN' || status === 'FAILED') sent.add(leadId);
    if (outcome.kind === 'systemic') {
      const refusals = breaker.streaks[i] ?? 0;
      if (refusals >= SYSTEMIC_REFUSALS_TO_PAUSE) pauseMessage ??= outcome.pauseMessage(refusals);
      // Unless the job pauses, the row is tried again: counted like any retry, so it ends.
      retries[key] = { attempts: (retries[key]?.attempts ?? 0) + 1, notBefore: 0 };
    }
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
