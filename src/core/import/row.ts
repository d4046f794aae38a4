import type {
  CustomFieldDefinition,
  MatchBy,
  Pipeline,
  UpsertLeadInput,
  User,
} from '../../api/schemas';
import type { HeaderMap, MappedColumn } from './headers';
import type { LeadColumnField } from './lead-fields';
import {
  assertPhoneCountry,
  type DateFormatter,
  type DateOrder,
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
import { describeCell } from './text-key';

export interface ImportContext {
  customFields: readonly CustomFieldDefinition[];
  pipelines: readonly Pipeline[];
  users: readonly User[];
  /** ISO 3166 alpha-2 country for phones written without a country code, e.g. 'BR'. */
  defaultCountry: string;
  /** Used when a row has no pipeline / stage cell (a name or an id). */
  defaults?: { pipeline?: string | number; stage?: string | number };
  matchBy: MatchBy;
  formatDate: DateFormatter;
  /** How `01/02/2026` reads; 'DMY' (pt-BR) unless said otherwise. */
  dateOrder?: DateOrder;
}

export type LeadPayloadResult =
  | { ok: true; payload: UpsertLeadInput; matchKey: string }
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
  if (!isBlankCell(pipeline)) {
    const found = resolvePipeline(pipeline, directory);
    if (!found.ok) throw new Error(`pipeline option: ${found.error}`);
    result.defaultPipeline = found.value;
    if (!isBlankCell(stage)) {
      const inPipeline = resolveStageIn(stage, found.value, directory);
      if (!inPipeline.ok) throw new Error(`stage option: ${inPipeline.error}`);
    }
  } else if (!isBlankCell(stage)) {
    // Without a default pipeline the default stage is looked up in each row's pipeline,
    // so it only has to exist somewhere.
    if (!directory.pipelines.some((p) => resolveStageIn(stage, p, directory).ok)) {
      throw new Error(`stage option: no stage ${describeCell(stage)} in any pipeline`);
    }
  }
  prepared.set(context, result);
  return result;
}

type Problem = (column: MappedColumn | undefined, error: string) => void;

type CellOf = MappedColumn & { value: unknown };

function customValue(
  value: unknown,
  field: CustomFieldDefinition,
  context: ImportContext,
): Normalized<unknown> {
  const options = field.options ?? [];
  switch (field.field_type) {
    case 'number':
    case 'currency':
      return parseNumber(value);
    case 'date':
      return normalizeDate(value, context);
    case 'checkbox':
      return parseCheckbox(value);
    case 'select':
      return normalizeSelect(value, options);
    case 'multiselect':
      return normalizeMultiselect(value, options);
    default:
      // text, and any type a newer API adds: sent as text, the CRM converts.
      return normalizeText(value, context.formatDate);
  }
}

function leadValue(
  value: unknown,
  field: LeadColumnField,
  context: ImportContext,
): Normalized<unknown> {
  switch (field) {
    case 'email':
      return normalizeEmail(value);
    case 'phone':
      return normalizePhone(value, context.defaultCountry);
    case 'value':
      return parseNumber(value);
    case 'birthday':
      return normalizeDate(value, context);
    case 'tags':
      return normalizeTags(value);
    default:
      return normalizeText(value, context.formatDate);
  }
}

interface Placement {
  pipeline?: Pipeline;
  stage?: Stage;
  /** A problem was already reported, so "missing" must not be reported too. */
  failed?: boolean;
}

/** Pipeline from the cell or the default; stage from the cell or the default, in that pipeline. */
function place(
  cells: { pipeline?: CellOf; stage?: CellOf },
  context: ImportContext,
  prep: Prepared,
  problem: Problem,
): Placement {
  const { directory } = prep;
  let pipeline = prep.defaultPipeline;
  if (cells.pipeline) {
    const found = resolvePipeline(cells.pipeline.value, directory);
    if (!found.ok) {
      problem(cells.pipeline, found.error);
      return { failed: true };
    }
    pipeline = found.value;
  }
  const stageCell = cells.stage;
  const stageValue = stageCell ? stageCell.value : context.defaults?.stage;
  if (isBlankCell(stageValue)) return { pipeline };
  const report = (error: string): Placement => {
    problem(stageCell, stageCell ? error : `default stage: ${error}`);
    return { pipeline, failed: true };
  };
  if (!pipeline) {
    const found = resolveStageAnywhere(stageValue, directory);
    return found.ok ? found.value : report(found.error);
  }
  const stage = resolveStageIn(stageValue, pipeline, directory);
  return stage.ok ? { pipeline, stage: stage.value } : report(stage.error);
}

/**
 * One sheet row to a `POST /leads/upsert` body.
 *
 * Empty cells are omitted, never sent as '' or null: the upsert changes only the fields
 * sent, so a blank cell never erases CRM data. Name, pipeline and stage are required on
 * every row, even one meant to update an existing lead: the upsert body is "as POST
 * /leads", whose required fields are name, pipeline_id and stage_id, and we cannot know
 * before the request whether the lead exists. The consequence, worth telling users: an
 * update also moves the lead to the row's (or the default) stage.
 */
export function buildLeadPayload(
  row: readonly unknown[],
  headerMap: HeaderMap,
  context: ImportContext,
): LeadPayloadResult {
  const prep = prepareContext(context);
  const problems: string[] = [];
  const problem: Problem = (column, error) =>
    problems.push(column ? `Column "${column.header}": ${error}` : error);
  const lead: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  const badFields = new Set<LeadColumnField>();
  const placeCells: { pipeline?: CellOf; stage?: CellOf } = {};
  let ownerCell: CellOf | undefined;

  for (const column of headerMap.columns) {
    const value = row[column.index];
    if (isBlankCell(value)) continue;
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

  const placement = place(placeCells, context, prep, problem);
  if (ownerCell) {
    const user = resolveUser(ownerCell.value, prep.directory);
    if (user.ok) lead.assigned_to = user.value.id;
    else problem(ownerCell, user.error);
  }

  const missing = (fields: LeadColumnField[], what: string, fix: string) => {
    if (fields.some((f) => badFields.has(f))) return;
    const columns = headerMap.columns.filter(
      (c) => c.target.kind === 'lead' && fields.includes(c.target.field),
    );
    const named = columns.map((c) => `"${c.header}"`).join(' and ');
    if (columns.length === 0) problems.push(`${what}; ${fix}`);
    else
      problems.push(
        `Column${columns.length > 1 ? 's' : ''} ${named} ${columns.length > 1 ? 'are' : 'is'} empty: ${what}`,
      );
  };
  if (lead.name === undefined)
    missing(['name'], 'the CRM requires a name', 'add a Name / Nome column');
  if (!placement.failed && !placement.pipeline) {
    missing(
      ['pipeline'],
      'the CRM requires a pipeline',
      'add a Pipeline / Funil column or choose a default pipeline',
    );
  }
  if (!placement.failed && placement.pipeline && !placement.stage) {
    missing(
      ['stage'],
      'the CRM requires a stage',
      'add a Stage / Etapa column or choose a default stage',
    );
  }
  const matchKey = keyFor(context.matchBy, lead);
  if (!matchKey.ok) missing(matchKey.fields, matchKey.error, matchKey.fix);

  const { pipeline, stage } = placement;
  if (problems.length || !matchKey.ok || !pipeline || !stage)
    return { ok: false, reason: problems.join('; ') };
  const payload: UpsertLeadInput = {
    ...lead,
    pipeline_id: pipeline.id,
    stage_id: stage.id,
    ...(Object.keys(custom).length ? { custom_fields: custom } : {}),
    match_by: context.matchBy,
  };
  return { ok: true, payload, matchKey: matchKey.key };
}

type KeyResult =
  | { ok: true; key: string }
  | { ok: false; fields: LeadColumnField[]; error: string; fix: string };

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
      error: 'matching by email needs an email',
      fix: 'add an Email column',
    };
  }
  if (matchBy === 'phone') {
    return {
      ok: false,
      fields: ['phone'],
      error: 'matching by phone needs a phone',
      fix: 'add a Phone / Telefone column',
    };
  }
  return {
    ok: false,
    fields: ['email', 'phone'],
    error: 'matching by email or phone needs one of them',
    fix: 'add an Email or a Phone / Telefone column',
  };
}
