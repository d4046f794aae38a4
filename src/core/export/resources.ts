/**
 * One function per custom function of PRODUCT.md: API data in, the 2-D array with a header row
 * out, so each CRM_* global in src/addon is a one-liner (fetch, call, return). Cells follow the
 * custom-function rule (no apostrophes; timestamps as Dates; see cells.ts).
 */
import type {
  Account,
  Automation,
  ChatappInstance,
  ChatappTemplate,
  CustomFieldDefinition,
  Lead,
  LostReason,
  NurtureSequence,
  Pipeline,
  Task,
  User,
} from '../../api/schemas';
import { type CellOptions, type CellValue, toCustomFunctionCell } from './cells';
import { DEFAULT_LEAD_COLUMNS, type FlatRecord, type FlatValue } from './columns';
import { type CellFn, leadsToTable, recordsToTable, type TableColumn } from './table';

type Table = CellValue[][];

function cells(options: CellOptions): CellFn {
  return (value, kind) => toCustomFunctionCell(value, kind, options);
}

/** CRM_LEADS(query, columns, limit): leads already fetched (and cut to `limit`) by the caller. */
export function leadsTable(
  leads: readonly Lead[],
  columns: readonly string[] = DEFAULT_LEAD_COLUMNS,
  customFields: readonly CustomFieldDefinition[] = [],
  options: CellOptions = {},
): Table {
  return leadsToTable(leads, columns, { customFields }, cells(options));
}

/** CRM_LEAD(id, columns): one lead, header row + one row. */
export function leadTable(
  lead: Lead,
  columns: readonly string[] = DEFAULT_LEAD_COLUMNS,
  customFields: readonly CustomFieldDefinition[] = [],
  options: CellOptions = {},
): Table {
  return leadsToTable([lead], columns, { customFields }, cells(options));
}

const PIPELINE_COLUMNS: TableColumn[] = [
  { name: 'pipeline_id', kind: 'number' },
  { name: 'pipeline', kind: 'text' },
  { name: 'stage_position', kind: 'number' },
  { name: 'stage_id', kind: 'number' },
  { name: 'stage', kind: 'text' },
  { name: 'color', kind: 'text' },
  { name: 'is_won', kind: 'boolean' },
  { name: 'is_lost', kind: 'boolean' },
];

/** CRM_PIPELINES(): one row per stage, in order; a pipeline without stages still gets a row. */
export function pipelinesTable(pipelines: readonly Pipeline[], options: CellOptions = {}): Table {
  const records: FlatRecord[] = [];
  for (const pipeline of pipelines) {
    const base = { pipeline_id: pipeline.id, pipeline: pipeline.name };
    if (pipeline.stages.length === 0) records.push(base);
    pipeline.stages.forEach((stage, index) => {
      records.push({
        ...base,
        stage_position: index + 1,
        stage_id: stage.id,
        stage: stage.name,
        color: flat(stage.color),
        is_won: stage.is_won ?? false,
        is_lost: stage.is_lost ?? false,
      });
    });
  }
  return recordsToTable(records, PIPELINE_COLUMNS, cells(options));
}

/** CRM_LOST_REASONS(): the `lost_reasons` of GET /pipelines. */
export function lostReasonsTable(reasons: readonly LostReason[], options: CellOptions = {}): Table {
  return recordsToTable(
    reasons.map((reason) => ({ id: reason.id, name: reason.name })),
    [
      { name: 'id', kind: 'number' },
      { name: 'name', kind: 'text' },
    ],
    cells(options),
  );
}

/** CRM_CUSTOM_FIELDS(active_only): options joined with ", ". */
export function customFieldsTable(
  fields: readonly CustomFieldDefinition[],
  options: CellOptions = {},
): Table {
  return recordsToTable(
    fields.map((field) => ({
      id: field.id,
      name: field.name,
      label: flat(field.label),
      field_type: field.field_type,
      options: (field.options ?? []).join(', '),
      is_required: flat(field.is_required),
      is_active: flat(field.is_active),
      show_on_card: flat(field.show_on_card),
      sort_order: flat(field.sort_order),
    })),
    [
      { name: 'id', kind: 'number' },
      { name: 'name', kind: 'text' },
      { name: 'label', kind: 'text' },
      { name: 'field_type', kind: 'text' },
      { name: 'options', kind: 'text' },
      { name: 'is_required', kind: 'boolean' },
      { name: 'is_active', kind: 'boolean' },
      { name: 'show_on_card', kind: 'boolean' },
      { name: 'sort_order', kind: 'number' },
    ],
    cells(options),
  );
}

/** CRM_SEQUENCES(active_only). */
export function sequencesTable(
  sequences: readonly NurtureSequence[],
  options: CellOptions = {},
): Table {
  return recordsToTable(
    sequences.map((sequence) => ({
      id: sequence.id,
      name: sequence.name,
      description: flat(sequence.description),
      channel: flat(sequence.channel),
      is_active: flat(sequence.is_active),
      steps_count: flat(sequence.steps_count),
      stats_enrolled: flat(sequence.stats_enrolled),
    })),
    [
      { name: 'id', kind: 'number' },
      { name: 'name', kind: 'text' },
      { name: 'description', kind: 'text' },
      { name: 'channel', kind: 'text' },
      { name: 'is_active', kind: 'boolean' },
      { name: 'steps_count', kind: 'number' },
      { name: 'stats_enrolled', kind: 'number' },
    ],
    cells(options),
  );
}

/** CRM_USERS(). */
export function usersTable(users: readonly User[], options: CellOptions = {}): Table {
  return recordsToTable(
    users.map((user) => ({
      id: user.id,
      name: user.name,
      email: flat(user.email),
      role: flat(user.role),
    })),
    [
      { name: 'id', kind: 'number' },
      { name: 'name', kind: 'text' },
      { name: 'email', kind: 'text' },
      { name: 'role', kind: 'text' },
    ],
    cells(options),
  );
}

/** CRM_ACCOUNT(): one row. */
export function accountTable(account: Account, options: CellOptions = {}): Table {
  return recordsToTable(
    [{ id: account.id, name: account.name, plan: flat(account.plan) }],
    [
      { name: 'id', kind: 'number' },
      { name: 'name', kind: 'text' },
      { name: 'plan', kind: 'text' },
    ],
    cells(options),
  );
}

/** CRM_INSTANCES(): the connected chat numbers. */
export function instancesTable(
  instances: readonly ChatappInstance[],
  options: CellOptions = {},
): Table {
  return recordsToTable(
    instances.map((instance) => ({
      id: instance.id,
      display_name: flat(instance.display_name),
      phone_number: flat(instance.phone_number),
      provider: flat(instance.provider),
      status: flat(instance.status),
      is_primary: flat(instance.is_primary),
      supports_templates: flat(instance.supports_templates),
      supports_buttons: flat(instance.supports_buttons),
      has_window_restriction: flat(instance.has_window_restriction),
    })),
    [
      { name: 'id', kind: 'number' },
      { name: 'display_name', kind: 'text' },
      { name: 'phone_number', kind: 'text' },
      { name: 'provider', kind: 'text' },
      { name: 'status', kind: 'text' },
      { name: 'is_primary', kind: 'boolean' },
      { name: 'supports_templates', kind: 'boolean' },
      { name: 'supports_buttons', kind: 'boolean' },
      { name: 'has_window_restriction', kind: 'boolean' },
    ],
    cells(options),
  );
}

/**
 * CRM_TEMPLATES(status, instance_id, language): header_format is the HEADER component's format
 * (TEXT when a header has none: fixed text; blank without a header), body the BODY text, and
 * variables the number of distinct `{{N}}` of the body (the `variables` list when it is longer).
 */
export function templatesTable(
  templates: readonly ChatappTemplate[],
  options: CellOptions = {},
): Table {
  return recordsToTable(
    templates.map((template) => {
      const components = template.components ?? [];
      const header = components.find((c) => String(c.type).toUpperCase() === 'HEADER');
      const body = components.find((c) => String(c.type).toUpperCase() === 'BODY');
      const bodyText = body?.text ?? '';
      return {
        id: template.id,
        name: template.name,
        language: flat(template.language),
        category: flat(template.category),
        status: flat(template.status),
        chatapp_instance_id: flat(template.chatapp_instance_id),
        quality_rating: flat(template.quality_rating),
        header_format: header ? String(header.format ?? 'TEXT').toUpperCase() : '',
        header_text: flat(header?.text),
        body: bodyText,
        variables: Math.max(countPlaceholders(bodyText), (template.variables ?? []).length),
      };
    }),
    [
      { name: 'id', kind: 'number' },
      { name: 'name', kind: 'text' },
      { name: 'language', kind: 'text' },
      { name: 'category', kind: 'text' },
      { name: 'status', kind: 'text' },
      { name: 'chatapp_instance_id', kind: 'number' },
      { name: 'quality_rating', kind: 'text' },
      { name: 'header_format', kind: 'text' },
      { name: 'header_text', kind: 'text' },
      { name: 'body', kind: 'text' },
      { name: 'variables', kind: 'number' },
    ],
    cells(options),
  );
}

/** Distinct `{{N}}` placeholders in a template text. */
export function countPlaceholders(text: string): number {
  const found = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) found.add(match[1] as string);
  return found.size;
}

/** CRM_AUTOMATIONS(query). */
export function automationsTable(
  automations: readonly Automation[],
  options: CellOptions = {},
): Table {
  return recordsToTable(
    automations.map((automation) => ({
      id: automation.id,
      name: automation.name,
      trigger_type: flat(automation.trigger_type),
      is_active: flat(automation.is_active),
      run_count: flat(automation.run_count),
      last_run_at: flat(automation.last_run_at),
      updated_at: flat(automation.updated_at),
    })),
    [
      { name: 'id', kind: 'number' },
      { name: 'name', kind: 'text' },
      { name: 'trigger_type', kind: 'text' },
      { name: 'is_active', kind: 'boolean' },
      { name: 'run_count', kind: 'number' },
      { name: 'last_run_at', kind: 'timestamp' },
      { name: 'updated_at', kind: 'timestamp' },
    ],
    cells(options),
  );
}

const TASK_COLUMNS: TableColumn[] = [
  { name: 'id', kind: 'number' },
  { name: 'subject', kind: 'text' },
  { name: 'type', kind: 'text' },
  { name: 'status', kind: 'text' },
  { name: 'priority', kind: 'text' },
  { name: 'due_date', kind: 'date' },
  { name: 'due_time', kind: 'text' },
  { name: 'completed_at', kind: 'timestamp' },
  { name: 'assigned_to', kind: 'auto' },
  { name: 'lead_id', kind: 'number' },
];

/**
 * CRM_TASKS(query). Task fields are "not shown" in the contract: the known ones come first, then
 * every other scalar field the tasks carry, in order of first appearance.
 */
export function tasksTable(tasks: readonly Task[], options: CellOptions = {}): Table {
  const columns = [...TASK_COLUMNS];
  const names = new Set(
    columns.map((column) => (typeof column === 'string' ? column : column.name)),
  );
  const records = tasks.map((task) => {
    const record: FlatRecord = {};
    for (const [key, value] of Object.entries(task)) {
      const scalar = key === 'assigned_to' ? actor(value) : scalarOrSkip(value);
      if (scalar === undefined) continue;
      record[key] = scalar;
      if (!names.has(key)) {
        names.add(key);
        columns.push(key);
      }
    }
    return record;
  });
  return recordsToTable(records, columns, cells(options));
}

/** `assigned_to` may be an id, a name or a user object (the contract does not say). */
function actor(value: unknown): FlatValue {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const person = value as Record<string, unknown>;
    return flat(person.name) ?? flat(person.email) ?? flat(person.id);
  }
  return flat(value);
}

/** A scalar as a flat value; absent, objects and arrays → null (an empty cell). */
function flat(value: unknown): FlatValue {
  return scalarOrSkip(value) ?? null;
}

/** A scalar as a flat value; objects and arrays → undefined (a column not worth showing). */
function scalarOrSkip(value: unknown): FlatValue | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  return undefined;
}
