import {
  CrmError,
  InvalidInputError,
  LimitReachedError,
  UnprocessableError,
} from '../../../api/errors';
import type { Settled } from '../../../api/http';
import { inputProblemDetail } from '../../input-problem';
import { jobControlOf } from '../../jobs/errors';
import { pauseForAccessError } from '../../jobs/requests';
import { crmDetail } from '../../person-message';
import { matchKeyId } from '../fingerprint';
import { type DecideRun, keyOfMatch, type RowOutcome } from './decide';
import { fingerprintOf, type SendDecision } from './sheet';

/**
 * How an import reads the CRM's answer to a row's upsert: CREATED or UPDATED (remembered in the
 * import memory and the job's knowledge), INVALID for a field the CRM refused, FAILED for what
 * may succeed later, and the plan limit that stops the job.
 */

export type UpsertAnswer = Settled<{ created: boolean; lead: { id: number } }>;

/**
 * A row's outcome from its upsert's answer; `stopWith` when the whole job must stop (plan
 * limit). Undefined when the request never left (no rate-limit slot before the slice ends):
 * the row stays for the next step. Errors that stop the job (401/403, bugs) are thrown.
 */
export function outcomeOfUpsert(
  run: DecideRun,
  decision: SendDecision,
  expectCreate: boolean,
  answer: UpsertAnswer,
  matchedBy: 'email' | 'phone' | undefined,
): { outcome: RowOutcome; stopWith?: string } | undefined {
  if (answer.ok) return { outcome: upserted(run, decision, expectCreate, answer.value, matchedBy) };
  const { t } = run;
  const error = answer.error;
  if (jobControlOf(error) === 'yield') return undefined;
  if (jobControlOf(error) || pauseForAccessError(error)) throw error;
  if (error instanceof LimitReachedError) {
    return {
      outcome: { status: 'FAILED', detail: t('import.crmLimit', { detail: crmDetail(error, t) }) },
      stopWith: t('import.job.limit', { message: error.message }),
    };
  }
  if (error instanceof UnprocessableError) {
    const detail = t('import.crmRefused', { detail: crmDetail(error, t) });
    return { outcome: { status: 'INVALID', detail } };
  }
  if (error instanceof InvalidInputError) {
    return { outcome: { status: 'INVALID', detail: inputProblemDetail(error, t) } };
  }
  if (error instanceof CrmError) {
    const detail = t('import.crmError', { detail: crmDetail(error, t) });
    return { outcome: { status: 'FAILED', detail } };
  }
  throw error;
}

/** A successful upsert: remembered, then CREATED or UPDATED naming the key it was found by. */
function upserted(
  run: DecideRun,
  decision: SendDecision,
  expectCreate: boolean,
  value: { created: boolean; lead: { id: number } },
  matchedBy: 'email' | 'phone' | undefined,
): RowOutcome {
  const { t } = run;
  const leadId = value.lead.id;
  const keyId = matchKeyId(decision.matchKey);
  // A row sent again after a kill finds the lead this job made: it is still this job's
  // creation, not an update (the memory's mark outlives the kill, fingerprints.ts).
  const before = run.book.get(keyId);
  const print = fingerprintOf(decision);
  // Mode `update` deletes what it creates (undoCreation): a kept mark must not delete again.
  const again = run.mode !== 'update' && before?.createdHere === true && before.leadId === leadId;
  const ours = value.created || again;
  run.book.set(keyId, {
    fingerprint: print,
    leadId,
    ...(ours ? { createdHere: true } : {}),
  });
  // The key the lookup found the lead by (an e-mail row may match by its phone).
  const by = matchedBy ?? (decision.matchKey.startsWith('email:') ? 'email' : 'phone');
  const key = t(by === 'email' ? 'import.key.email' : 'import.key.phone');
  run.knowledge.remember(decision.matchKey, { exists: true, leadId, by, via: 'lookup' });
  if (!ours) {
    return { status: 'UPDATED', leadId, detail: t('import.updated', { id: leadId, key }) };
  }
  return {
    status: 'CREATED',
    leadId,
    detail:
      expectCreate || !value.created
        ? t('import.created', { id: leadId })
        : t('import.createdNotFound', { id: leadId, key }),
  };
}

/**
 * Mode `update` never creates (PRODUCT.md): a lead deleted in the CRM between the job's look
 * and its upsert came back as a new lead made of this row alone. It is deleted again at once
 * (`deleteLead`, paced) and the row is NOT_FOUND; if the delete fails, the row says so.
 */
export function undoCreation(
  run: DecideRun,
  decision: SendDecision,
  created: RowOutcome,
  deleteLead: (id: number) => void,
): RowOutcome {
  const { t } = run;
  const id = created.leadId as number;
  const key = keyOfMatch(decision.matchKey, t);
  run.knowledge.remember(decision.matchKey, { exists: false, via: 'lookup' });
  try {
    deleteLead(id);
  } catch (error) {
    if (jobControlOf(error)) throw error;
    return { ...created, detail: t('import.update.createdKept', { id, key }) };
  }
  run.book.forget(matchKeyId(decision.matchKey));
  return { status: 'NOT_FOUND', detail: t('import.update.createdUndone', { id, key }) };
}
