import type {
  CustomFieldDefinition,
  MatchBy,
  Pipeline,
  UpsertLeadInput,
  User,
} from '../../api/schemas';
import { DEFAULT_ID_HEADERS } from '../actions/types';
import { cellFault } from '../cells/read';
import { codedError } from '../errors';
import { type MessageKey, type Translate, translator } from '../i18n';
import type { HeaderMap, MappedColumn } from './headers';
import type { LeadColumnField } from './lead-fields';
import {
  assertPhoneCountry,
  type DateFormatter,
  type DateOrder,
  type DecimalMark,
  isBlankCell,
  type Normalized,
  normalizeDate,
  normalizeEmail,
  normalizeMultiselect,
  normalizePhone,
  normalizeSelect,
  normalizeTags,
  normalizeText,
  parseCheckbox,
  parseNumber,
} from './normalize';
import {
  buildDirectory,
  type Directory,
  resolvePipeline,
  resolveStageAnywhere,
  resolveStageIn,
  resolveUser,
  type Stage,
} from './resolve';
import { columnLetter, describeCell } from './text-key';

const ENGLISH = translator('en');

export interface ImportContext {
  customFields: readonly CustomFieldDefinition[];
  pipelines: readonly Pipeline[];
  users: readonly User[];
  /** ISO 3166 alpha-2 country for phones written without a country code, e.g. 'BR'. */
  defaultCountry: string;
  /** Where a NEW lead goes when its row has no pipeline / stage cell (a name or an id). */
  defaults?: { pipeline?: string | number; stage?: string | number };
  matchBy: MatchBy;
  formatDate: DateFormatter;
  /**
   * The account's default pipeline (GET /pipelines/{id} `is_default`), asked only when a new
   * lead has no place from its cells or the job's options; undefined when no pipeline says so.
   */
  accountDefault?: () => Pipeline | undefined;
  /** How `01/02/2026` reads; 'DMY' (pt-BR) unless said otherwise. */
  dateOrder?: DateOrder;
  /**
   * The spreadsheet locale's decimal mark (decimalMarkOf): how an amount typed as text reads;
   * a comma (pt-BR) unless said otherwise.
   */
  decimalMark?: DecimalMark;
  /** The words of the reasons; English when absent. */
  t?: Translate;
}

/**
 * What a row needs to create a lead besides `payload`: the pipeline and stage from its cells or
 * the job's defaults, and a name. `ok: false` says why a new lead cannot be made (the row may
 * still update an existing one).
 */
export type Creation =
  | {
      ok: true;
      place: { pipeline_id: number; stage_id: number };
      names: [string, string];
      /** Placed by the account's default pipeline and its first stage (nothing else said where). */
      byDefault?: boolean;
    }
  | { ok: false; reason: string };

/**
 * `payload` carries only what the row's cells hold (an update sends it as is: the lead keeps
 * everything else); `create` adds what a new lead also needs.
 */
export type LeadPayloadResult =
  | {
      ok: true;
      payload: UpsertLeadInput;
      matchKey: string;
      create: Creation;
      /**
       * A stage cell without a pipeline cell: for an existing lead it is a stage of the lead's
       * own pipeline (placeExisting), never of the job's `pipeline` option, which places new
       * leads only. `payload` then holds no place.
       */
      stageOnly?: unknown;
    }
  | { ok: false; reason: string };

interface Prepared {
  directory: Directory;
  defaultPipeline?: Pipeline;
}

const prepared = new WeakMap<ImportContext, Prepared>();

/**
 * Checks the job-wide options once and indexes pipelines and users; memoised per context
 * object so planning 10,000 rows looks each list up once. Throws on bad options.
 */
export function prepareContext(context: ImportContext): Prepared {
  const cached = prepared.get(context);
  if (cached) return cached;
  assertPhoneCountry(context.defaultCountry);
  const directory = buildDirectory(context.pipelines, context.users);
  const result: Prepared = { directory };
  const { pipeline, stage } = context.defaults ?? {};
  // The message stays English for scripts; the code's params carry the person's words.
  const t = context.t ?? ENGLISH;
  const refuse = (option: 'pipeline' | 'stage', english: string, words: string) =>
    codedError(`${option} option: ${english}`, 'importPlaceOption', { problem: words });
  if (!isBlankCell(pipeline)) {
    const found = resolvePipeline(pipeline, directory);
    if (!found.ok) {
      const words = resolvePipeline(pipeline, directory, t);
      throw refuse('pipeline', found.error, words.ok ? found.error : words.error);
    }
    result.defaultPipeline = found.value;
    if (!isBlankCell(stage)) {
      const inPipeline = resolveStageIn(stage, found.value, directory);
      if (!inPipeline.ok) {
        const words = resolveStageIn(stage, found.value, directory, t);
        throw refuse('stage', inPipeline.error, words.ok ? inPipeline.error : words.error);
      }
    }
  } else if (!isBlankCell(stage)) {
    // Without a default pipeline the default stage is looked up in each row's pipeline,
    // so it only has to exist somewhere.
    if (!directory.pipelines.some((p) => resolveStageIn(stage, p, directory).ok)) {
      throw refuse(
        'stage',
        `no stage ${describeCell(stage)} in any pipeline`,
        t('import.place.noStage', { value: describeCell(stage) }),
      );
    }
  }
  prepared.set(context, result);
  return result;
}

type Problem = (column: MappedColumn | undefined, error: string) => void;

type CellOf = MappedColumn & { value: unknown };

/** What normalising one value needs (an import's context, or a push's). */
export type ValueContext = Pick<
  ImportContext,
  'defaultCountry' | 'formatDate' | 'dateOrder' | 'decimalMark' | 't'
>;

/** A custom field's cell as the CRM takes it (per `field_type`); shared with the push. */
export function customValue(
  value: unknown,
  field: CustomFieldDefinition,
  context: ValueContext,
): Normalized<unknown> {
  const options = field.options ?? [];
  const t = context.t ?? ENGLISH;
  switch (field.field_type) {
    case 'number':
    case 'currency':
      return parseNumber(value, t, context.decimalMark ?? ',');
    case 'date':
      return normalizeDate(value, context);
    case 'checkbox':
      return parseCheckbox(value, t);
    case 'select':
      return normalizeSelect(value, options, t);
    case 'multiselect':
      return normalizeMultiselect(value, options, t);
    default:
      // text, and any type a newer API adds: sent as text, the CRM converts.
      return normalizeText(value, context.formatDate, t);
  }
}

/** A lead field's cell as the CRM takes it (phones E.164, `R$ 9.500,50`, dates); shared with the push. */
export function leadValue(
  value: unknown,
  field: LeadColumnField,
  context: ValueContext,
): Normalized<unknown> {
  const t = context.t ?? ENGLISH;
  switch (field) {
    case 'email':
      return withinLength(normalizeEmail(value, t), 255, t);
    case 'phone':
      return normalizePhone(value, context.defaultCountry, context.t);
    case 'value': {
      // The CRM refuses a negative deal value (422 `value`): INVALID before any request.
      const number = parseNumber(value, t, context.decimalMark ?? ',');
      if (number.ok && number.value < 0)
        return { ok: false, error: t('fieldcheck.negative', { value: describeCell(value) }) };
      return number;
    }
    case 'birthday':
      return normalizeDate(value, context);
    case 'tags':
      return normalizeTags(value, t);
    default:
      return withinLength(
        normalizeText(value, context.formatDate, t),
        field === 'notes' ? 10_000 : 255,
        t,
      );
  }
}

/** A text the CRM keeps only up to `max` characters (longer: 422 on the field), checked first. */
function withinLength(text: Normalized<string>, max: number, t: Translate): Normalized<string> {
  if (!text.ok || text.value.length <= max) return text;
  return { ok: false, error: t('fieldcheck.tooLong', { max, length: text.value.length }) };
}

interface Placement {
  pipeline?: Pipeline;
  stage?: Stage;
  /** A problem was already reported, so "missing" must not be reported too. */
  failed?: boolean;
}

/**
 * Pipeline and stage from the row's own cells, for a new lead (a stage cell alone is looked up
 * in the default pipeline when one is set, else in every pipeline). An existing lead moves only
 * where its cells say (placeExisting), never by the job's options.
 */
function placeFromCells(
  cells: { pipeline?: CellOf; stage?: CellOf },
  prep: Prepared,
  problem: Problem,
  t: Translate,
): Placement {
  const { directory } = prep;
  let pipeline: Pipeline | undefined;
  if (cells.pipeline) {
    const found = resolvePipeline(cells.pipeline.value, directory, t);
    if (!found.ok) {
      problem(cells.pipeline, found.error);
      return { failed: true };
    }
    pipeline = found.value;
  }
  const stageCell = cells.stage;
  if (!stageCell) return pipeline ? { pipeline } : {};
  const within = pipeline ?? prep.defaultPipeline;
  if (!within) {
    const found = resolveStageAnywhere(stageCell.value, directory, t);
    if (found.ok) return found.value;
    problem(stageCell, found.error);
    return { failed: true };
  }
  const stage = resolveStageIn(stageCell.value, within, directory, t);
  if (stage.ok) return { pipeline: within, stage: stage.value };
  problem(stageCell, stage.error);
  return { failed: true };
}

/** Where a new lead goes: the cells' place, completed by the job's defaults. */
function placeNewLead(
  cells: Placement,
  context: ImportContext,
  prep: Prepared,
):
  | { ok: true; pipeline: Pipeline; stage: Stage; byDefault?: boolean }
  | { ok: false; what: 'pipeline' | 'stage' | 'defaultStage'; error?: string } {
  if (cells.pipeline && cells.stage)
    return { ok: true, pipeline: cells.pipeline, stage: cells.stage };
  const defaultStage = context.defaults?.stage;
  let pipeline = cells.pipeline ?? prep.defaultPipeline;
  if (!pipeline) {
    if (isBlankCell(defaultStage)) {
      // Nothing says where: the account's default pipeline and its first stage (PRODUCT.md).
      const fallback = cells.stage ? undefined : context.accountDefault?.();
      const first = fallback?.stages?.[0];
      if (fallback && first) return { ok: true, pipeline: fallback, stage: first, byDefault: true };
      return { ok: false, what: 'pipeline' };
    }
    // A default stage without a default pipeline: the pipeline it is in.
    const found = resolveStageAnywhere(defaultStage, prep.directory, context.t);
    if (!found.ok) return { ok: false, what: 'defaultStage', error: found.error };
    return { ok: true, pipeline: found.value.pipeline, stage: found.value.stage };
  }
  if (isBlankCell(defaultStage)) return { ok: false, what: 'stage' };
  const stage = resolveStageIn(defaultStage, pipeline, prep.directory, context.t);
  if (!stage.ok) return { ok: false, what: 'defaultStage', error: stage.error };
  pipeline = pipeline as Pipeline;
  return { ok: true, pipeline, stage: stage.value };
}

/**
 * One sheet row to a `POST /leads/upsert` body.
 *
 * Empty cells are omitted, never sent as '' or null: the upsert changes only the fields
 * sent, so a blank cell never erases CRM data. `payload` holds only what the row's cells say,
 * so an existing lead keeps its pipeline, stage, name and everything else the sheet has no
 * column for (PRODUCT.md, Import). A new lead also needs a name, a pipeline and a stage
 * (POST /leads requires them): `create` adds the pipeline and stage (from the cells or the
 * job's defaults), or says why this row cannot make a new lead. Whether the row's lead exists
 * is the job's question (lookup.ts), not the row's.
 */
export function buildLeadPayload(
  row: readonly unknown[],
  headerMap: HeaderMap,
  context: ImportContext,
): LeadPayloadResult {
  const prep = prepareContext(context);
  const t = context.t ?? ENGLISH;
  const problems: string[] = [];
  const problem: Problem = (column, error) =>
    problems.push(column ? t('import.cell', { header: column.header, error }) : error);
  const cells = readCells(row, headerMap, context, problem);
  const { lead, custom, badFields } = cells;
  const { placement, stageOnly } = placeRow(cells.placeCells, prep, problem, t);
  if (cells.ownerCell) {
    const user = resolveUser(cells.ownerCell.value, prep.directory, t);
    if (user.ok) lead.assigned_to = user.value.id;
    else problem(cells.ownerCell, user.error);
  }
  const missing = missingReason(headerMap, badFields, t);
  const matchKey = keyFor(context.matchBy, lead);
  if (!matchKey.ok) {
    const named = namedLead(row, headerMap);
    const reason = named
      ? t('import.keylessLead', named)
      : missing(matchKey.fields, t(matchKey.error), t(matchKey.fix));
    if (reason !== undefined) problems.push(reason);
  }
  if (problems.length || !matchKey.ok || (placement.failed && !stageOnly))
    return { ok: false, reason: problems.join('; ') };

  const cellPlace = stageOnly ? {} : placement;
  const payload: UpsertLeadInput = {
    ...lead,
    ...(cellPlace.pipeline ? { pipeline_id: cellPlace.pipeline.id } : {}),
    ...(cellPlace.stage ? { stage_id: cellPlace.stage.id } : {}),
    ...(Object.keys(custom).length ? { custom_fields: custom } : {}),
    match_by: context.matchBy,
  };
  return {
    ok: true,
    payload,
    matchKey: matchKey.key,
    create: creation({ lead, placement, stageOnly, context, prep, missing }),
    ...(stageOnly ? { stageOnly: stageOnly.value } : {}),
  };
}

/** A row's cells by target: lead fields, custom fields, place and owner cells, bad fields. */
function readCells(
  row: readonly unknown[],
  headerMap: HeaderMap,
  context: ImportContext,
  problem: Problem,
) {
  const t = context.t ?? ENGLISH;
  const lead: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  const badFields = new Set<LeadColumnField>();
  const placeCells: { pipeline?: CellOf; stage?: CellOf } = {};
  let ownerCell: CellOf | undefined;
  for (const column of headerMap.columns) {
    const value = row[column.index];
    if (isBlankCell(value)) continue;
    const fault = cellFault(value);
    if (fault) {
      // A formula's error is never a value (a lead named "#NAME?"): the row waits for a fix.
      const cell = columnLetter(column.index);
      const key = fault === 'loading' ? 'import.loadingCell' : 'import.errorCell';
      problem(column, t(key, { value: String(value).trim(), cell }));
      if (column.target.kind === 'lead') badFields.add(column.target.field);
      continue;
    }
    const { target } = column;
    if (target.kind === 'custom') {
      const result = customValue(value, target.field, context);
      if (result.ok) custom[target.field.name] = result.value;
      else problem(column, result.error);
    } else if (target.field === 'pipeline' || target.field === 'stage') {
      placeCells[target.field] = { ...column, value };
    } else if (target.field === 'owner') {
      ownerCell = { ...column, value };
    } else {
      const result = leadValue(value, target.field, context);
      if (result.ok) lead[target.field] = result.value;
      else {
        problem(column, result.error);
        badFields.add(target.field);
      }
    }
  }
  return { lead, custom, badFields, placeCells, ownerCell };
}

/**
 * The row's place from its cells. A stage cell alone: its place depends on the lead (existing:
 * its own pipeline; new: the job's pipeline option). It only has to name a stage of some
 * pipeline to be valid.
 */
function placeRow(
  placeCells: { pipeline?: CellOf; stage?: CellOf },
  prep: Prepared,
  problem: Problem,
  t: Translate,
): { placement: Placement; stageOnly: CellOf | undefined } {
  const stageOnly = placeCells.stage && !placeCells.pipeline ? placeCells.stage : undefined;
  if (!stageOnly) return { placement: placeFromCells(placeCells, prep, problem, t), stageOnly };
  const newLead = placeFromCells(placeCells, prep, () => undefined, t);
  const known = prep.directory.pipelines.some(
    (p) => resolveStageIn(stageOnly.value, p, prep.directory).ok,
  );
  if (!known) {
    problem(stageOnly, t('import.stage.nowhere', { stage: describeCell(stageOnly.value) }));
  }
  return { placement: newLead.failed ? { failed: true } : newLead, stageOnly };
}

type MissingReason = (fields: LeadColumnField[], what: string, fix: string) => string | undefined;

/** Why a field is missing: no column for it, or its column is empty on this row. */
function missingReason(
  headerMap: HeaderMap,
  badFields: ReadonlySet<LeadColumnField>,
  t: Translate,
): MissingReason {
  return (fields, what, fix) => {
    if (fields.some((f) => badFields.has(f))) return undefined;
    const columns = headerMap.columns.filter(
      (c) => c.target.kind === 'lead' && fields.includes(c.target.field),
    );
    if (columns.length === 0) return t('import.missing.noColumn', { what, fix });
    const named = columns.map((c) => `"${c.header}"`).join(' / ');
    return t(columns.length > 1 ? 'import.missing.emptyMany' : 'import.missing.emptyOne', {
      columns: named,
      what,
    });
  };
}

/**
 * The lead a row without e-mail or phone names by its id column (an export's `ID`, the
 * import's own `CRM Lead ID`: the first of DEFAULT_ID_HEADERS that holds a whole number).
 * PRODUCT.md: a row names its lead by id, else e-mail, else phone. The CRM changes a lead's
 * fields only by upsert, whose match key is an e-mail or a phone (crm-api-v1.md
 * POST /leads/upsert; there is no PUT /leads/{id}), so such a lead cannot be updated from a
 * row: its reason names the lead, and warns that an e-mail typed in the row would make
 * another lead (the upsert would find none by it) rather than the generic "add an e-mail".
 */
function namedLead(
  row: readonly unknown[],
  headerMap: HeaderMap,
): { id: string; header: string } | undefined {
  for (const header of DEFAULT_ID_HEADERS) {
    const at = headerMap.headers.indexOf(header);
    if (at < 0) continue;
    const cell = row[at];
    const text = typeof cell === 'number' ? String(cell) : String(cell ?? '').trim();
    if (/^[1-9]\d{0,15}$/.test(text)) return { id: text, header };
  }
  return undefined;
}

/** What a new lead of this row would add (its place), or why the row cannot make one. */
function creation(row: {
  lead: Record<string, unknown>;
  placement: Placement;
  stageOnly: CellOf | undefined;
  context: ImportContext;
  prep: Prepared;
  missing: MissingReason;
}): Creation {
  const { lead, placement, stageOnly, context, prep, missing } = row;
  const t = context.t ?? ENGLISH;
  const reasons: string[] = [];
  if (lead.name === undefined) {
    const reason = missing(['name'], t('import.need.name'), t('import.need.nameFix'));
    if (reason !== undefined) reasons.push(reason);
  }
  if (placement.failed && stageOnly) {
    // The stage is not in the pipeline a new lead would go to: the row may still update.
    const within = prep.defaultPipeline;
    const found = within
      ? resolveStageIn(stageOnly.value, within, prep.directory, t)
      : resolveStageAnywhere(stageOnly.value, prep.directory, t);
    const error = found.ok
      ? t('import.stage.nowhere', { stage: describeCell(stageOnly.value) })
      : found.error;
    return { ok: false, reason: t('import.cell', { header: stageOnly.header, error }) };
  }
  const place = placeNewLead(placement, context, prep);
  if (!place.ok) {
    const reason =
      place.what === 'defaultStage'
        ? t('import.need.defaultStage', { error: place.error ?? '' })
        : place.what === 'pipeline'
          ? missing(['pipeline'], t('import.need.pipeline'), t('import.need.pipelineFix'))
          : missing(['stage'], t('import.need.stage'), t('import.need.stageFix'));
    if (reason !== undefined) reasons.push(reason);
  }
  if (reasons.length > 0 || !place.ok) return { ok: false, reason: reasons.join('; ') };
  return {
    ok: true,
    place: { pipeline_id: place.pipeline.id, stage_id: place.stage.id },
    names: [
      place.pipeline.name ?? String(place.pipeline.id),
      place.stage.name ?? String(place.stage.id),
    ],
    ...(place.byDefault ? { byDefault: true } : {}),
  };
}

type KeyResult =
  | { ok: true; key: string }
  | { ok: false; fields: LeadColumnField[]; error: MessageKey; fix: MessageKey };

/** `email:<address>` or `phone:<E.164>`; under email_or_phone the email wins when both exist. */
function keyFor(matchBy: MatchBy, lead: Record<string, unknown>): KeyResult {
  const email = typeof lead.email === 'string' ? lead.email : undefined;
  const phone = typeof lead.phone === 'string' ? lead.phone : undefined;
  if (matchBy !== 'phone' && email) return { ok: true, key: `email:${email}` };
  if (matchBy !== 'email' && phone) return { ok: true, key: `phone:${phone}` };
  if (matchBy === 'email') {
    return {
      ok: false,
      fields: ['email'],
      error: 'import.need.email',
      fix: 'import.need.emailFix',
    };
  }
  if (matchBy === 'phone') {
    return {
      ok: false,
      fields: ['phone'],
      error: 'import.need.phone',
      fix: 'import.need.phoneFix',
    };
  }
  return {
    ok: false,
    fields: ['email', 'phone'],
    error: 'import.need.either',
    fix: 'import.need.eitherFix',
  };
}

/**
 * Where an existing lead goes for a stage cell without a pipeline cell: that stage in the
 * lead's own pipeline; else the one pipeline that has it. Never the job's `pipeline` option:
 * options place new leads only (PRODUCT.md, Import).
 */
export function placeExisting(
  stage: unknown,
  leadPipelineId: number | null | undefined,
  context: ImportContext,
): Normalized<{ pipeline_id: number; stage_id: number }> {
  const { directory } = prepareContext(context);
  const t = context.t ?? ENGLISH;
  const own = leadPipelineId == null ? undefined : directory.pipelineById.get(leadPipelineId);
  if (own) {
    const inOwn = resolveStageIn(stage, own, directory, t);
    if (inOwn.ok) return { ok: true, value: { pipeline_id: own.id, stage_id: inOwn.value.id } };
  }
  const anywhere = resolveStageAnywhere(stage, directory, t);
  if (!anywhere.ok) return anywhere;
  return {
    ok: true,
    value: { pipeline_id: anywhere.value.pipeline.id, stage_id: anywhere.value.stage.id },
  };
}

/** `Same e-mail as row 4`, in the job's language. */
export function duplicateReason(claim: string, row: number, context: ImportContext): string {
  const t = context.t ?? ENGLISH;
  const key = t(claim.startsWith('email:') ? 'import.key.email' : 'import.key.phone');
  return t('import.duplicate', { key, row });
}

/**
 * A row of a key whose sent row is gone (deleted, or other cells pasted over it): it was not
 * sent, and does not take that row's status or lead id.
 */
export function duplicateGoneReason(
  claim: string,
  leadId: unknown,
  context: ImportContext,
): string {
  const t = context.t ?? ENGLISH;
  const key = t(claim.startsWith('email:') ? 'import.key.email' : 'import.key.phone');
  return t('import.duplicateGone', { key, id: String(leadId ?? '?') });
}
