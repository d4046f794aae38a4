import type { UpsertLeadInput } from '../../../api/schemas';
import type { Translate } from '../../i18n';
import { conflictReason } from '../conflict';
import { matchKeyId } from '../fingerprint';
import type { Existence } from '../lookup';
import { duplicateGoneReason, type ImportContext, placeExisting } from '../row';
import type { ImportMode, ImportRowStatus } from '../status-columns';
import type { FingerprintBook } from './fingerprints';
import type { ExistenceKnowledge } from './knowledge';
import type { ImportJobOptions } from './options';
import { type Decision, fingerprintOf, type SendDecision, type SheetAnalysis } from './sheet';

/**
 * How an import decides a row (pure): what it costs nothing to know (INVALID, DUPLICATE,
 * UNCHANGED), what the memory or the sheet's id cell says of its lead, and, once its lead's
 * existence is known, its outcome or the body to upsert, by the job's `mode` and `onConflict`.
 */

export interface RowOutcome {
  status: ImportRowStatus;
  /** The lead id to write; undefined keeps what the cell holds. */
  leadId?: number;
  detail: string;
}

/** What deciding a row reads of the job's run. */
export interface DecideRun {
  options: ImportJobOptions;
  mode: ImportMode;
  t: Translate;
  book: FingerprintBook;
  knowledge: ExistenceKnowledge;
  /** The default country, to compare the row's phone with the lead's. */
  country: string;
}

/** The body of a row to send, and whether a new lead is expected. */
export interface UpsertBody {
  send: UpsertLeadInput;
  expectCreate: boolean;
}

/** Statuses of an earlier import whose `CRM Lead ID` cell names the row's lead. */
const LEAD_ID_STATUSES: ReadonlySet<string> = new Set([
  'CREATED',
  'UPDATED',
  'UNCHANGED',
  'EXISTS',
]);

/** What a row costs nothing to decide, before anything about its lead is known. */
export function outcomeWithoutRequest(
  decision: Decision,
  run: DecideRun,
): RowOutcome | 'send' | undefined {
  const { t } = run;
  switch (decision.kind) {
    case 'skip':
    case 'done':
      return undefined;
    case 'invalid':
      return { status: 'INVALID', detail: decision.reason };
    case 'duplicate':
      return { status: 'DUPLICATE', detail: decision.reason };
    case 'send': {
      // The dry run decides UNCHANGED as the run does (issue 27 item 7c): it said "would
      // update" where the run then sent nothing.
      const last = run.book.get(matchKeyId(decision.matchKey));
      if (last && run.mode !== 'create' && last.fingerprint === fingerprintOf(decision)) {
        // A lead this job made, its row's status lost to a kill or cleared by the end check.
        if (last.createdHere) return createdHere(last.leadId, t);
        return { status: 'UNCHANGED', leadId: last.leadId, detail: t('import.unchanged') };
      }
      return 'send';
    }
  }
}

/** Existence of a row's lead from what costs no request: the memory, the sheet's id cell. */
export function knownWithoutRequest(
  run: DecideRun,
  analysis: SheetAnalysis,
  index: number,
  decision: SendDecision,
): Existence | undefined {
  const known = run.knowledge.get(decision.matchKey);
  if (known) return known;
  // Mode `update` never creates: only the CRM can say its lead still exists (a lead deleted
  // since the memory or the id cell was written would come back as a new lead).
  if (run.mode === 'update') return undefined;
  // A stage cell alone is a stage of the lead's own pipeline, which only the CRM knows.
  if (decision.stageOnly !== undefined) return undefined;
  // The upsert matches by the row's key, not by the id remembered: the key may now be another
  // person's (an e-mail typed over, an id column pasted from elsewhere, a row written over).
  // Only the CRM's record of that lead can say, so a row that could be a CONFLICT asks it.
  if (mayConflict(run, decision)) return undefined;
  const by = decision.matchKey.startsWith('email:') ? 'email' : 'phone';
  const remembered = run.book.get(matchKeyId(decision.matchKey));
  if (remembered) return { exists: true, leadId: remembered.leadId, by, via: 'memory' };
  const row = analysis.rows[index] ?? [];
  const id = row[analysis.columns.leadId];
  const status = String(row[analysis.columns.status] ?? '');
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && LEAD_ID_STATUSES.has(status))
    return { exists: true, leadId: id, by, via: 'sheet' };
  return undefined;
}

/** The outcome of a row whose existence is known, or the body to send for it. */
export function decideRow(
  run: DecideRun,
  decision: SendDecision,
  existence: Existence,
  importContext: ImportContext,
): RowOutcome | UpsertBody {
  const { t, mode } = run;
  if (existence.exists === 'unclear') {
    const key = t(existence.by === 'email' ? 'import.key.email' : 'import.key.phone');
    return { status: 'FAILED', detail: t('import.lookupUnclear', { key, count: existence.seen }) };
  }
  if (existence.exists) return decideExisting(run, decision, existence, importContext);
  const key = keyOfMatch(decision.matchKey, t);
  if (mode === 'update') return { status: 'NOT_FOUND', detail: t('import.notFound', { key }) };
  const create = decision.create;
  if (!create.ok) {
    return {
      status: 'INVALID',
      detail: t('import.cannotCreate', { key, reason: create.reason }),
    };
  }
  if (run.options.dryRun) {
    const [pipeline, stage] = create.names;
    const words = create.byDefault ? 'import.dry.createDefault' : 'import.dry.create';
    return { status: 'VALID', detail: t(words, { pipeline, stage }) };
  }
  return { send: { ...decision.payload, ...create.place }, expectCreate: true };
}

/** A row whose lead exists: CONFLICT, EXISTS (mode `create`), VALID (dry run) or an update. */
function decideExisting(
  run: DecideRun,
  decision: SendDecision,
  existence: Existence & { exists: true },
  importContext: ImportContext,
): RowOutcome | UpsertBody {
  const { t, mode } = run;
  const key = t(existence.by === 'email' ? 'import.key.email' : 'import.key.phone');
  // Any lead the key finds may be the one the CRM updates: each must be this person.
  const conflict =
    mode !== 'create' && run.options.onConflict !== 'update'
      ? (existence.leads ?? [])
          .map((lead) => conflictReason(decision.payload, lead, existence.by, run.country, t))
          .find((reason) => reason !== undefined)
      : undefined;
  // The other person's id is named in the detail, never written as this row's lead id (a send
  // by `CRM Lead ID` would message them).
  if (conflict !== undefined) return { status: 'CONFLICT', detail: conflict };
  // A key several leads hold names none (PRODUCT.md): the CRM would update one of them.
  const holders = existence.leads ?? [];
  if (mode !== 'create' && run.options.onConflict !== 'update' && holders.length > 1) {
    const ids = holders.map((lead) => `${lead.id} "${lead.name ?? ''}"`).join(', ');
    return { status: 'CONFLICT', detail: t('import.conflict.several', { key, ids }) };
  }
  if (mode === 'create') {
    const own = ownCreation(run, decision, existence, importContext);
    if (own !== undefined) return own;
    return existence.leadId === undefined
      ? { status: 'EXISTS', detail: t('import.existsNoId', { key }) }
      : {
          status: 'EXISTS',
          leadId: existence.leadId,
          detail: t('import.exists', { id: existence.leadId, key }),
        };
  }
  let payload = decision.payload;
  if (decision.stageOnly !== undefined) {
    const placed = placeForExisting(decision, existence, importContext, t);
    if ('status' in placed) return placed;
    payload = { ...payload, ...placed };
  }
  if (!run.options.dryRun) return { send: payload, expectCreate: false };
  const moved =
    payload.pipeline_id !== undefined || payload.stage_id !== undefined
      ? t('import.dry.moved')
      : '';
  return existence.leadId === undefined
    ? { status: 'VALID', detail: t('import.dry.updateNoId', { key, moved }) }
    : {
        status: 'VALID',
        leadId: existence.leadId,
        detail: t('import.dry.update', { id: existence.leadId, key, moved }),
      };
}

/**
 * Mode `create`: the outcome of a row whose key's lead this job made (the memory's
 * `createdHere`, or the creation written ahead, `intended`, whose answer a kill took), never
 * EXISTS of the job's own lead. Made of these very cells (its row decided again after a kill
 * or the end check): CREATED. Made of other cells (another row of the key, since deleted or
 * pasted over, or this row's before a person typed over it): DUPLICATE of that sent row, as
 * the end check words it (audit.ts checkKey), not sent (import-busy-race create seed 38).
 */
function ownCreation(
  run: DecideRun,
  decision: SendDecision,
  existence: Existence & { exists: true },
  importContext: ImportContext,
): RowOutcome | undefined {
  const keyId = matchKeyId(decision.matchKey);
  const print = fingerprintOf(decision);
  let own = run.book.get(keyId);
  if (own === undefined && existence.leadId !== undefined) {
    // The job sent cells to create the key's lead, and a kill took the answer: the lead found
    // now is that creation (as a repeated upsert would find it). Remembered as made of the
    // cells sent, so the end check knows the key's lead and whose cells made it.
    const sent = run.book.intended(keyId);
    if (sent === undefined) return undefined;
    own = { fingerprint: sent, leadId: existence.leadId, createdHere: true };
    run.book.set(keyId, own);
  }
  if (!own?.createdHere || (existence.leadId ?? own.leadId) !== own.leadId) return undefined;
  if (own.fingerprint === print) return createdHere(own.leadId, run.t);
  return {
    status: 'DUPLICATE',
    detail: duplicateGoneReason(decision.matchKey, own.leadId, importContext),
  };
}

/** The outcome of a row whose lead this job made (FingerprintBook's `createdHere`). */
function createdHere(leadId: number, t: Translate): RowOutcome {
  return { status: 'CREATED', leadId, detail: t('import.created', { id: leadId }) };
}

/**
 * Whether the row could turn out a CONFLICT (conflict.ts): it has a name and both keys, and the
 * job checks conflicts (mode `create` sends nothing to an existing lead; `onConflict: "update"`
 * overrides).
 */
export function mayConflict(run: DecideRun, decision: SendDecision): boolean {
  if (run.mode === 'create' || run.options.onConflict === 'update') return false;
  const { name, email, phone } = decision.payload;
  return typeof name === 'string' && name !== '' && Boolean(email) && Boolean(phone);
}

/**
 * The place of an existing lead whose row has a stage cell without a pipeline cell: that stage
 * in the lead's own pipeline (row.ts placeExisting), or INVALID naming the lead.
 */
function placeForExisting(
  decision: SendDecision,
  existence: Existence & { exists: true },
  context: ImportContext,
  t: Translate,
): { pipeline_id: number; stage_id: number } | RowOutcome {
  const pipelines = new Set((existence.leads ?? []).map((lead) => lead.pipelineId));
  const own = pipelines.size === 1 ? [...pipelines][0] : undefined;
  const placed = placeExisting(decision.stageOnly, own, context);
  if (placed.ok) return placed.value;
  return {
    status: 'INVALID',
    detail: t('import.stage.existing', { id: existence.leadId ?? '?', error: placed.error }),
  };
}

/** `e-mail` / `phone` in the job's language, for a match key `email:…` / `phone:…`. */
export function keyOfMatch(matchKey: string, t: Translate): string {
  return t(matchKey.startsWith('email:') ? 'import.key.email' : 'import.key.phone');
}
