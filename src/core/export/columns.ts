/**
 * The export column catalogue: every column a user can ask for, how it is read from a lead,
 * what kind of cell it becomes, and which `include` token the API needs to send its data.
 */
import {
  type CustomFieldDefinition,
  LEAD_LIST_INCLUDES,
  type Lead,
  type LeadListInclude,
} from '../../api/schemas';
import { listed, queryError, shownValue } from '../query/errors';
import { closeMatches, foldName, quoteList } from '../query/text';

/** A flattened value, before it becomes a cell. Timestamps and dates stay ISO text here. */
export type FlatValue = string | number | boolean | null;
export type FlatRecord = Record<string, FlatValue>;

/**
 * How a column is written: `timestamp` (ISO instant → Date), `date` (YYYY-MM-DD → a day),
 * `auto` for fields the catalogue does not know (numbers and booleans kept, everything else text).
 */
export type ColumnKind = 'text' | 'number' | 'timestamp' | 'date' | 'boolean' | 'auto';

type LooseRecord = Record<string, unknown>;

interface ColumnSpec {
  name: string;
  kind: ColumnKind;
  include?: LeadListInclude;
  read(lead: LooseRecord): FlatValue;
}

export const CUSTOM_FIELD_PREFIX = 'custom_fields.';

/** PRODUCT.md: what CRM_LEADS shows without `columns`. */
export const DEFAULT_LEAD_COLUMNS: readonly string[] = [
  'id',
  'name',
  'email',
  'phone',
  'company',
  'value',
  'pipeline',
  'stage',
  'tags',
  'source',
  'created_at',
];

function text(key: string) {
  return (lead: LooseRecord): FlatValue => asText(lead[key]);
}
function numeric(key: string) {
  return (lead: LooseRecord): FlatValue => asNumber(lead[key]);
}

const UTM_COLUMNS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];

const CATALOGUE: readonly ColumnSpec[] = [
  { name: 'id', kind: 'number', read: numeric('id') },
  { name: 'name', kind: 'text', read: text('name') },
  { name: 'email', kind: 'text', read: text('email') },
  { name: 'phone', kind: 'text', read: text('phone') },
  { name: 'company', kind: 'text', read: text('company') },
  { name: 'value', kind: 'number', read: numeric('value') },
  { name: 'source', kind: 'text', read: text('source') },
  { name: 'status', kind: 'text', read: text('status') },
  { name: 'tags', kind: 'text', read: (lead) => joinList(lead.tags) },
  { name: 'notes', kind: 'text', read: text('notes') },
  { name: 'birthday', kind: 'date', read: text('birthday') },
  { name: 'pipeline_id', kind: 'number', read: numeric('pipeline_id') },
  { name: 'pipeline', kind: 'text', read: (lead) => asText(field(lead.pipeline, 'name')) },
  { name: 'stage_id', kind: 'number', read: numeric('stage_id') },
  { name: 'stage', kind: 'text', read: (lead) => asText(field(lead.stage, 'name')) },
  {
    name: 'assigned_to',
    kind: 'number',
    include: 'owner',
    read: (lead) => asNumber(lead.assigned_to ?? field(lead.owner, 'id')),
  },
  {
    name: 'owner_name',
    kind: 'text',
    include: 'owner',
    read: (lead) => asText(field(lead.owner, 'name')),
  },
  {
    name: 'owner_email',
    kind: 'text',
    include: 'owner',
    read: (lead) => asText(field(lead.owner, 'email')),
  },
  { name: 'created_at', kind: 'timestamp', read: text('created_at') },
  { name: 'updated_at', kind: 'timestamp', read: text('updated_at') },
  ...UTM_COLUMNS.map((name): ColumnSpec => ({ name, kind: 'text', read: text(name) })),
  { name: 'score', kind: 'number', include: 'score', read: numeric('score') },
  { name: 'score_updated_at', kind: 'timestamp', include: 'score', read: text('score_updated_at') },
  { name: 'products', kind: 'number', include: 'products', read: (lead) => count(lead.products) },
  {
    name: 'products_total',
    kind: 'number',
    include: 'products',
    read: (lead) => sum(lead.products, 'total'),
  },
  {
    name: 'products_summary',
    kind: 'text',
    include: 'products',
    read: (lead) => productsSummary(lead.products),
  },
  { name: 'contacts', kind: 'number', include: 'contacts', read: (lead) => count(lead.contacts) },
  {
    name: 'primary_contact',
    kind: 'text',
    include: 'contacts',
    read: (lead) => primaryContact(lead.contacts),
  },
  { name: 'notes_count', kind: 'number', include: 'notes', read: (lead) => count(lead.notes_list) },
  { name: 'last_note', kind: 'text', include: 'notes', read: (lead) => lastNote(lead.notes_list) },
  {
    name: 'sales_total',
    kind: 'number',
    include: 'sales',
    read: (lead) => sum(lead.sales, 'value'),
  },
  {
    name: 'last_sale_at',
    kind: 'timestamp',
    include: 'sales',
    read: (lead) => latest(lead.sales, 'closed_at'),
  },
  { name: 'lost_sales', kind: 'number', include: 'sales', read: (lead) => count(lead.lost_sales) },
  { name: 'tasks_open', kind: 'number', include: 'tasks', read: (lead) => tasksOpen(lead.tasks) },
  { name: 'next_task', kind: 'text', include: 'tasks', read: (lead) => nextTask(lead.tasks) },
  {
    name: 'active_sequence',
    kind: 'text',
    include: 'sequences',
    read: (lead) => activeSequence(lead.active_sequence),
  },
  {
    name: 'sequences',
    kind: 'number',
    include: 'sequences',
    read: (lead) => count(lead.sequences),
  },
];

const CATALOGUE_BY_NAME = new Map(CATALOGUE.map((spec) => [spec.name, spec]));

/** Every catalogue column name (custom fields excluded), in catalogue order. */
export const LEAD_COLUMNS: readonly string[] = CATALOGUE.map((spec) => spec.name);

/** Lead keys that hold nested data or feed catalogue columns: never copied as "extra" columns. */
const NESTED_LEAD_KEYS = new Set([
  'custom_fields',
  'notes_list',
  'lost_sales',
  'active_sequence',
  'siblings',
  'contact_totals',
  'events',
  'conversation',
  ...LEAD_COLUMNS,
]);

export interface FlattenOptions {
  customFields: readonly CustomFieldDefinition[];
}

/**
 * One lead → one flat record keyed by column name: catalogue columns, `custom_fields.<name>` for
 * every defined field (and any other key the lead carries), then any unknown top-level scalar the
 * API may add, under its own name. List columns are empty when their include was not requested.
 */
export function flattenLead(lead: Lead, options: FlattenOptions): FlatRecord {
  const raw = lead as unknown as LooseRecord;
  const record: FlatRecord = {};
  for (const spec of CATALOGUE) record[spec.name] = spec.read(raw);

  const values = isRecord(raw.custom_fields) ? raw.custom_fields : {};
  for (const definition of options.customFields) {
    record[CUSTOM_FIELD_PREFIX + definition.name] = customFieldValue(
      values[definition.name],
      definition.field_type,
    );
  }
  for (const [key, value] of Object.entries(values)) {
    const column = CUSTOM_FIELD_PREFIX + key;
    if (!(column in record)) record[column] = customFieldValue(value, undefined);
  }

  for (const [key, value] of Object.entries(raw)) {
    if (NESTED_LEAD_KEYS.has(key) || key in record) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      record[key] = value as FlatValue;
    }
  }
  return record;
}

/** The cell kind of a column, for `toSheetCell` / `toCustomFunctionCell`. */
export function columnKind(
  column: string,
  customFields: readonly CustomFieldDefinition[] = [],
): ColumnKind {
  const spec = CATALOGUE_BY_NAME.get(column);
  if (spec) return spec.kind;
  if (column.startsWith(CUSTOM_FIELD_PREFIX)) {
    const name = column.slice(CUSTOM_FIELD_PREFIX.length);
    const definition = customFields.find((field) => field.name === name);
    return definition ? kindOfFieldType(definition.field_type) : 'auto';
  }
  return 'auto';
}

function kindOfFieldType(fieldType: string | undefined): ColumnKind {
  switch (fieldType) {
    case 'number':
    case 'currency':
      return 'number';
    case 'date':
      return 'date';
    case 'checkbox':
      return 'boolean';
    case 'text':
    case 'select':
    case 'multiselect':
      return 'text';
    default:
      return 'auto';
  }
}

function customFieldValue(value: unknown, fieldType: string | undefined): FlatValue {
  if (Array.isArray(value)) return joinList(value);
  switch (kindOfFieldType(fieldType)) {
    case 'number':
      return asNumber(value);
    case 'boolean':
      return asBoolean(value);
    case 'text':
    case 'date':
      return asText(value);
    default:
      return value === undefined || isRecord(value) ? null : (value as FlatValue);
  }
}

export interface ParseColumnsOptions {
  /** Known custom fields; when given, `custom_fields.<x>` must name one (by name or label). */
  customFields?: readonly CustomFieldDefinition[];
  /** Further accepted names, e.g. top-level fields the API added that the catalogue lacks. */
  extraColumns?: readonly string[];
}

/**
 * `columns` as a comma list (`"id, name, custom_fields.cpf"`) or a range of names (cells may
 * also hold comma lists) → canonical column names in the given order. Empty → `defaults`.
 * Matching is blind to case (and, for custom fields, accepts the label too). Throws on an
 * unknown column (suggesting close matches) and on a column listed twice.
 */
export function parseColumns(
  columns: string | unknown[][] | unknown[] | null | undefined,
  defaults: readonly string[],
  options: ParseColumnsOptions = {},
): string[] {
  const requested = splitColumnInput(columns);
  if (requested.length === 0) return [...defaults];
  const known = [
    ...LEAD_COLUMNS,
    ...(options.customFields ?? []).map((field) => CUSTOM_FIELD_PREFIX + field.name),
    ...(options.extraColumns ?? []),
  ];
  const chosen: string[] = [];
  for (const name of requested) {
    const canonical = canonicalColumn(name, known, options.customFields);
    if (chosen.includes(canonical)) {
      throw queryError(
        'queryColumnTwice',
        `Column "${canonical}" is listed twice in columns: keep one.`,
        { column: canonical },
      );
    }
    chosen.push(canonical);
  }
  return chosen;
}

function splitColumnInput(columns: unknown): string[] {
  if (columns === null || columns === undefined) return [];
  const cells: unknown[] = Array.isArray(columns) ? columns.flat(2) : [columns];
  const names: string[] = [];
  for (const cell of cells) {
    if (cell === null || cell === undefined) continue;
    if (typeof cell !== 'string' && typeof cell !== 'number') {
      throw queryError(
        'queryColumnsNotNames',
        `columns must be a comma list of names or a range of names; found ${typeof cell} in it.`,
        { got: shownValue(cell) },
      );
    }
    for (const part of String(cell).split(',')) {
      const name = part.trim();
      if (name !== '') names.push(name);
    }
  }
  return names;
}

function canonicalColumn(
  name: string,
  known: readonly string[],
  customFields: readonly CustomFieldDefinition[] | undefined,
): string {
  const lower = name.toLowerCase();
  const exact = known.find((column) => column.toLowerCase() === lower);
  if (exact !== undefined) return exact;
  if (lower.startsWith(CUSTOM_FIELD_PREFIX)) {
    const fieldName = name.slice(CUSTOM_FIELD_PREFIX.length).trim();
    if (customFields === undefined) {
      if (fieldName !== '') return CUSTOM_FIELD_PREFIX + fieldName;
    } else {
      const folded = foldName(fieldName);
      const byLabel = customFields.find(
        (field) => foldName(field.name) === folded || foldName(field.label ?? '') === folded,
      );
      if (byLabel) return CUSTOM_FIELD_PREFIX + byLabel.name;
      const names = customFields.map((field) => field.name);
      throw queryError(
        'queryUnknownCustomField',
        `Unknown custom field "${fieldName}" in column "${name}". Custom fields: ${names.length === 0 ? '(none)' : names.join(', ')}.`,
        { field: fieldName, column: name, valid: listed(names) },
      );
    }
  }
  const suggestions = closeMatches(name, known);
  if (suggestions.length > 0) {
    throw queryError(
      'queryUnknownColumnSuggest',
      `Unknown column "${name}". Did you mean ${quoteList(suggestions)}?`,
      { name, suggestions: quoteList(suggestions) },
    );
  }
  throw queryError(
    'queryUnknownColumn',
    `Unknown column "${name}". Valid columns: ${known.join(', ')}.`,
    { name, valid: listed(known) },
  );
}

/**
 * The columns an include adds when the user chose no columns ("Also fetch → Owner" shows the
 * owner, not nothing): its most useful columns, in the order the catalogue lists them.
 */
export const INCLUDE_COLUMNS: Readonly<Record<LeadListInclude, readonly string[]>> = {
  owner: ['owner_name', 'owner_email'],
  products: ['products', 'products_total', 'products_summary'],
  contacts: ['contacts', 'primary_contact'],
  notes: ['notes_count', 'last_note'],
  sales: ['sales_total', 'last_sale_at', 'lost_sales'],
  tasks: ['tasks_open', 'next_task'],
  sequences: ['active_sequence', 'sequences'],
  score: ['score'],
};

/** `columns` followed by the columns of each include, those already there left out. */
export function withIncludeColumns(
  columns: readonly string[],
  include: readonly LeadListInclude[],
): string[] {
  const result = [...columns];
  for (const token of include) {
    for (const column of INCLUDE_COLUMNS[token] ?? []) {
      if (!result.includes(column)) result.push(column);
    }
  }
  return result;
}

/** The include tokens (valid on lists) that the chosen columns need, in the API's order. */
export function requiredIncludes(columns: readonly string[]): LeadListInclude[] {
  const needed = new Set<string>();
  for (const column of columns) {
    const include = CATALOGUE_BY_NAME.get(column)?.include;
    if (include !== undefined) needed.add(include);
  }
  return (LEAD_LIST_INCLUDES as readonly LeadListInclude[]).filter((token) => needed.has(token));
}

// ---- readers: lenient, because every nested list is optional and shapes may grow ----

function isRecord(value: unknown): value is LooseRecord {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}

function records(value: unknown): LooseRecord[] | null {
  return Array.isArray(value) ? value.filter(isRecord) : null;
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** Numbers, and numbers the API sent as text ("1234.50", as decimal columns often are). */
function asNumber(value: unknown): FlatValue {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (/^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
    return trimmed === '' ? null : value;
  }
  return null;
}

function asBoolean(value: unknown): FlatValue {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return asText(value);
}

function joinList(value: unknown): FlatValue {
  if (!Array.isArray(value)) return asText(value);
  return value
    .map((item) => (isRecord(item) ? item.name : item))
    .filter((item) => item !== null && item !== undefined && String(item).trim() !== '')
    .map(String)
    .join(', ');
}

function count(value: unknown): FlatValue {
  return Array.isArray(value) ? value.length : null;
}

function sum(value: unknown, key: string): FlatValue {
  const items = records(value);
  if (items === null) return null;
  let total = 0;
  for (const item of items) {
    const amount = asNumber(item[key]);
    if (typeof amount === 'number') total += amount;
  }
  // Sums of cents drift in binary floating point (0.1 + 0.2); money has two decimals.
  return Math.round(total * 100) / 100;
}

function latest(value: unknown, key: string): FlatValue {
  const items = records(value);
  if (items === null) return null;
  let best: string | null = null;
  for (const item of items) {
    const when = item[key];
    if (typeof when === 'string' && (best === null || when > best)) best = when;
  }
  return best;
}

function productsSummary(value: unknown): FlatValue {
  const items = records(value);
  if (items === null) return null;
  return items
    .map((item) => {
      const quantity = asNumber(item.quantity);
      const name = asText(item.product_name) ?? `produto ${asText(item.product_id) ?? '?'}`;
      return `${typeof quantity === 'number' ? quantity : 1}× ${name}`;
    })
    .join('; ');
}

function primaryContact(value: unknown): FlatValue {
  const items = records(value);
  if (items === null) return null;
  const contact = items.find((item) => item.is_primary === true);
  if (!contact) return '';
  const name = asText(contact.name) ?? '';
  const reach = asText(contact.phone) ?? asText(contact.email);
  return reach ? `${name} (${reach})`.trim() : name;
}

function lastNote(value: unknown): FlatValue {
  const items = records(value);
  if (items === null) return null;
  let chosen: LooseRecord | undefined;
  for (const item of items) {
    const when = asText(item.created_at) ?? '';
    if (chosen === undefined || when >= (asText(chosen.created_at) ?? '')) chosen = item;
  }
  return chosen ? (asText(chosen.body) ?? '') : '';
}

/**
 * The task status enum is "not shown" in the contract: a task counts as open unless it has a
 * completed_at or a status word meaning done or cancelled (English or Portuguese).
 */
const CLOSED_TASK_STATUSES = new Set([
  'completed',
  'complete',
  'done',
  'cancelled',
  'canceled',
  'concluida',
  'concluido',
  'cancelada',
  'cancelado',
]);

function isOpenTask(task: LooseRecord): boolean {
  if (task.completed_at !== null && task.completed_at !== undefined && task.completed_at !== '') {
    return false;
  }
  const status = asText(task.status);
  return status === null || !CLOSED_TASK_STATUSES.has(foldName(status));
}

function tasksOpen(value: unknown): FlatValue {
  const items = records(value);
  return items === null ? null : items.filter(isOpenTask).length;
}

/** The open task due first ("subject (YYYY-MM-DD HH:MM)"); undated tasks come last. */
function nextTask(value: unknown): FlatValue {
  const items = records(value);
  if (items === null) return null;
  const open = items.filter(isOpenTask).map((task) => {
    const date = asText(task.due_date) ?? '';
    const time = asText(task.due_time) ?? '';
    return { task, due: `${date} ${time.slice(0, 5)}`.trim() };
  });
  open.sort(
    (a, b) => (a.due === '' ? 1 : 0) - (b.due === '' ? 1 : 0) || a.due.localeCompare(b.due),
  );
  const first = open[0];
  if (!first) return '';
  const subject = asText(first.task.subject) ?? '';
  return first.due === '' ? subject : `${subject} (${first.due})`;
}

function activeSequence(value: unknown): FlatValue {
  if (!isRecord(value)) return value === null ? '' : null;
  const name = asText(value.name) ?? '';
  const step = asNumber(value.current_step);
  const total = asNumber(value.total_steps);
  if (typeof step !== 'number') return name;
  return `${name} (${step}/${typeof total === 'number' ? total : '?'})`;
}
