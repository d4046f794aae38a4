import type { CustomFieldDefinition } from '../../api/schemas';
import { type MessageKey, type MessageParams, type Translate, translator } from '../i18n';
import { isAddonStatusHeader } from '../status-headers';
import { LEAD_COLUMN_FIELDS, type LeadColumnField, leadFieldForKey } from './lead-fields';
import { IMPORT_STATUS_HEADERS, type ImportStatusHeader } from './status-columns';
import { columnLetter, headerKey, listBriefly } from './text-key';

export type ColumnTarget =
  | { kind: 'lead'; field: LeadColumnField }
  | { kind: 'custom'; field: CustomFieldDefinition };

export interface HeaderRef {
  /** 0-based column index in the sheet's header row. */
  index: number;
  header: string;
}

export interface MappedColumn extends HeaderRef {
  target: ColumnTarget;
}

export interface HeaderMap {
  /** Trimmed header text of every column. */
  headers: string[];
  /** Columns whose values are sent, in sheet order. */
  columns: MappedColumn[];
  /** Non-blank headers that match nothing: reported to the user, never sent. */
  unknown: HeaderRef[];
  /** Columns ignored on purpose: mapped to '' / null, or beaten by an explicit mapping. */
  ignored: HeaderRef[];
  /** Where the status columns are, by header; absent ones are created by the job. */
  statusColumns: Partial<Record<ImportStatusHeader, number>>;
}

export interface MapHeadersOptions {
  customFields: readonly CustomFieldDefinition[];
  /**
   * Sheet header → target (`email`, `custom_fields.cpf`, a custom field's label…), or
   * '' / null to ignore the column. Overrides the automatic match.
   */
  mapping?: Readonly<Record<string, string | null | undefined>>;
  /** The person's language, for the words a sidebar shows (the message stays English). */
  t?: Translate;
}

/** A problem by its catalogue key: English in the message, the person's words in the code. */
interface Problem {
  key: MessageKey;
  params: MessageParams;
}

const ENGLISH = translator('en');

/** Bad headers or mapping: `problems` lists each fix; `message` joins them. */
export class HeaderMappingError extends Error {
  constructor(
    readonly problems: string[],
    /** Columns that all map to one field: the sidebar says it in words (code columnsShareField). */
    shared?: { field: string; columns: string },
    /** The same problems in the person's words (the sidebar shows them by the code). */
    words: readonly string[] = problems,
  ) {
    super(problems.join('; '));
    this.name = 'HeaderMappingError';
    const cause = shared
      ? { code: 'columnsShareField', params: shared }
      : { code: 'importMappingProblems', params: { problems: words.join('; ') } };
    Object.assign(this, { cause });
  }
}

/** `email`, `pipeline`, `custom_fields.cpf`: how a target is named in mappings and messages. */
export function targetName(target: ColumnTarget): string {
  return target.kind === 'lead' ? target.field : `custom_fields.${target.field.name}`;
}

const CUSTOM_PREFIX_KEY = headerKey('custom_fields.');
const STATUS_BY_KEY = new Map(IMPORT_STATUS_HEADERS.map((h) => [headerKey(h), h] as const));
const TRAILING_NOTE = /\s*\([^)]*\)\s*$/;

interface CustomFieldIndex {
  byName: Map<string, CustomFieldDefinition>;
  byKey: Map<string, CustomFieldDefinition>;
}

function indexCustomFields(fields: readonly CustomFieldDefinition[]): CustomFieldIndex {
  const byName = new Map<string, CustomFieldDefinition>();
  const byKey = new Map<string, CustomFieldDefinition>();
  for (const field of fields) byName.set(field.name, field);
  const active = fields.filter((f) => f.is_active !== false);
  // Names first, so a field's name beats another field's identical label.
  for (const field of active)
    if (!byKey.has(headerKey(field.name))) byKey.set(headerKey(field.name), field);
  for (const field of active) {
    const key = headerKey(field.label ?? '');
    if (key && !byKey.has(key)) byKey.set(key, field);
  }
  return { byName, byKey };
}

function matchKey(key: string, custom: CustomFieldIndex): ColumnTarget | undefined {
  if (key.startsWith(CUSTOM_PREFIX_KEY) && key.length > CUSTOM_PREFIX_KEY.length) {
    const field = custom.byKey.get(key.slice(CUSTOM_PREFIX_KEY.length));
    if (field) return { kind: 'custom', field };
  }
  // A standard synonym beats a custom field of the same name or label (see mapHeaders).
  const lead = leadFieldForKey(key);
  if (lead) return { kind: 'lead', field: lead };
  const field = custom.byKey.get(key);
  return field ? { kind: 'custom', field } : undefined;
}

/** Automatic match of a header; a trailing note such as `Valor (R$)` is tried without it. */
function matchHeader(header: string, custom: CustomFieldIndex): ColumnTarget | undefined {
  const direct = matchKey(headerKey(header), custom);
  if (direct) return direct;
  const bare = header.replace(TRAILING_NOTE, '');
  return bare && bare !== header ? matchKey(headerKey(bare), custom) : undefined;
}

function validTargetsHint(fields: readonly CustomFieldDefinition[]): string {
  const custom = fields.filter((f) => f.is_active !== false).map((f) => f.name);
  const customHint = custom.length ? `custom_fields.<name> (${listBriefly(custom, 6)})` : '';
  return [...LEAD_COLUMN_FIELDS, customHint].filter(Boolean).join(', ');
}

/** Resolves an explicit mapping target; null means "ignore the column". */
function resolveExplicitTarget(
  header: string,
  target: string,
  fields: readonly CustomFieldDefinition[],
  custom: CustomFieldIndex,
): ColumnTarget | null | Problem {
  const wanted = target.trim();
  if (wanted === '') return null;
  const prefixed = /^custom_fields\.(.+)$/i.exec(wanted);
  if (prefixed) {
    const name = prefixed[1] ?? '';
    const field = custom.byName.get(name) ?? custom.byKey.get(headerKey(name));
    if (!field) {
      const names = fields.filter((f) => f.is_active !== false).map((f) => f.name);
      return {
        key: 'import.mapping.noCustomField',
        params: { header, name, names: listBriefly(names) },
      };
    }
    if (field.is_active === false) {
      return { key: 'import.mapping.inactiveCustomField', params: { header, name } };
    }
    return { kind: 'custom', field };
  }
  const key = headerKey(wanted);
  const lead = leadFieldForKey(key);
  if (lead) return { kind: 'lead', field: lead };
  const field = custom.byKey.get(key);
  if (field) return { kind: 'custom', field };
  return {
    key: 'import.mapping.unknownTarget',
    params: { header, wanted, targets: validTargetsHint(fields) },
  };
}

function cellToHeader(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).trim();
}

function describeColumn(ref: HeaderRef): string {
  return `"${ref.header}" (column ${columnLetter(ref.index)})`;
}

function joinAnd(items: string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Finds the headers an explicit mapping key names: exact text first, then the header key. */
function headersNamed(key: string, headers: readonly string[]): number[] {
  const exact = headers.flatMap((h, i) => (h === key.trim() ? [i] : []));
  if (exact.length) return exact;
  const wanted = headerKey(key);
  return wanted ? headers.flatMap((h, i) => (headerKey(h) === wanted ? [i] : [])) : [];
}

/**
 * Maps the header row to lead fields and custom fields.
 *
 * Automatic matching is blind to case, accents, spaces and punctuation, and knows English and
 * Portuguese synonyms. When a custom field's name or label equals a standard synonym (a
 * custom field labelled "Origem", say), the standard field wins; map the header to
 * `custom_fields.<name>` to send it to the custom field instead. An explicit mapping beats
 * the automatic match, and an automatic match that lands on a target already mapped
 * explicitly is moved to `ignored`. Throws HeaderMappingError listing every problem.
 */
export function mapHeaders(headerRow: readonly unknown[], options: MapHeadersOptions): HeaderMap {
  const headers = headerRow.map(cellToHeader);
  const custom = indexCustomFields(options.customFields);
  const report = new MappingReport(options.t ?? ENGLISH);
  const statusColumns = findStatusColumns(headers, report);
  const explicit = explicitTargets(headers, options, custom, report);
  const { columns, unknown, ignored } = classifyColumns(headers, explicit, custom);
  const shared = sharedTargets(columns, report);
  if (report.problems.length) throw new HeaderMappingError(report.problems, shared, report.words);
  return {
    headers,
    columns,
    unknown,
    ignored: ignored.map(({ index, header }) => ({ index, header })),
    statusColumns,
  };
}

/** The problems of a mapping: English for the message, the person's words for the sidebar. */
class MappingReport {
  readonly problems: string[] = [];
  readonly words: string[] = [];
  constructor(readonly t: Translate) {}
  say({ key, params }: Problem): void {
    this.problems.push(ENGLISH(key, params));
    this.words.push(this.t(key, params));
  }
}

function isStatusHeader(header: string | undefined): boolean {
  return STATUS_BY_KEY.has(headerKey(header ?? ''));
}

/** The import's status columns by header (each at most once). */
function findStatusColumns(headers: readonly string[], report: MappingReport) {
  const statusColumns: HeaderMap['statusColumns'] = {};
  headers.forEach((header, index) => {
    const status = STATUS_BY_KEY.get(headerKey(header));
    if (!status) return;
    const earlier = statusColumns[status];
    if (earlier === undefined) statusColumns[status] = index;
    else {
      report.say({
        key: 'import.mapping.statusTwice',
        params: { status, first: columnLetter(earlier), second: columnLetter(index) },
      });
    }
  });
  return statusColumns;
}

/** The columns `mapping` names, by index: their target, or null to ignore the column. */
function explicitTargets(
  headers: readonly string[],
  options: MapHeadersOptions,
  custom: CustomFieldIndex,
  report: MappingReport,
): Map<number, ColumnTarget | null> {
  const explicit = new Map<number, ColumnTarget | null>();
  for (const [key, target] of Object.entries(options.mapping ?? {})) {
    const indexes = headersNamed(key, headers);
    if (indexes.length === 0) {
      const present = headers.filter((h) => h && !isStatusHeader(h));
      report.say({
        key: 'import.mapping.noHeader',
        params: { key, headers: listBriefly(present, 12) },
      });
      continue;
    }
    for (const index of indexes) {
      if (isStatusHeader(headers[index])) {
        report.say({
          key: 'import.mapping.statusColumn',
          params: { header: headers[index] ?? '' },
        });
        continue;
      }
      const resolved = resolveExplicitTarget(key, target ?? '', options.customFields, custom);
      if (resolved !== null && 'key' in resolved) report.say(resolved);
      else explicit.set(index, resolved);
    }
  }
  return explicit;
}

/**
 * Each column's target: the explicit one, else the automatic match (moved to `ignored` when
 * a column is mapped explicitly to that target), else unknown.
 */
function classifyColumns(
  headers: readonly string[],
  explicit: ReadonlyMap<number, ColumnTarget | null>,
  custom: CustomFieldIndex,
) {
  const explicitColumns: MappedColumn[] = [];
  const automaticColumns: MappedColumn[] = [];
  const unknown: HeaderRef[] = [];
  const ignored: HeaderRef[] = [];
  headers.forEach((header, index) => {
    if (isStatusHeader(header)) return;
    if (explicit.has(index)) {
      const target = explicit.get(index);
      if (target) explicitColumns.push({ index, header, target });
      else ignored.push({ index, header });
      return;
    }
    // Another job's status columns (CRM Send …) are no data either: neither sent nor reported.
    if (header === '' || isAddonStatusHeader(header)) return;
    const target = matchHeader(header, custom);
    if (target) automaticColumns.push({ index, header, target });
    else unknown.push({ index, header });
  });
  const explicitNames = new Set(explicitColumns.map((c) => targetName(c.target)));
  const columns = [...explicitColumns];
  for (const column of automaticColumns) {
    if (explicitNames.has(targetName(column.target))) ignored.push(column);
    else columns.push(column);
  }
  columns.sort((a, b) => a.index - b.index);
  ignored.sort((a, b) => a.index - b.index);
  return { columns, unknown, ignored };
}

/** Columns that map to one field: each is a problem; the first is also said in words. */
function sharedTargets(
  columns: readonly MappedColumn[],
  report: MappingReport,
): { field: string; columns: string } | undefined {
  const byTarget = new Map<string, MappedColumn[]>();
  for (const column of columns) {
    const name = targetName(column.target);
    byTarget.set(name, [...(byTarget.get(name) ?? []), column]);
  }
  let shared: { field: string; columns: string } | undefined;
  for (const [name, same] of byTarget) {
    if (same.length < 2) continue;
    const all = same.length === 2 ? 'both' : 'all';
    report.problems.push(
      `columns ${joinAnd(same.map(describeColumn))} ${all} map to ${name}; keep one, or map the others to '' in mapping to ignore them`,
    );
    report.words.push(
      report.t('import.mapping.shared', {
        field: name,
        columns: same.map((c) => `"${c.header}" (${columnLetter(c.index)})`).join(', '),
      }),
    );
    shared ??= {
      field: name,
      columns: same.map((c) => `${columnLetter(c.index)} · ${c.header}`).join(', '),
    };
  }
  return shared;
}

/** A column as the import sidebar offers it for mapping, with the target it matches by itself. */
export interface AutomaticTarget extends HeaderRef {
  target: ColumnTarget | undefined;
}

/**
 * Every column of the header row a person may map, in sheet order, each with its automatic
 * target (undefined when its header matches nothing). Blank headers and the add-on's own
 * status columns are left out. Unlike mapHeaders it never throws: two columns matching the same
 * field are both listed, for the person to choose.
 */
export function automaticTargets(
  headerRow: readonly unknown[],
  customFields: readonly CustomFieldDefinition[],
): AutomaticTarget[] {
  const custom = indexCustomFields(customFields);
  return headerRow.flatMap((cell, index) => {
    const header = cellToHeader(cell);
    if (header === '' || isAddonStatusHeader(header)) return [];
    return [{ index, header, target: matchHeader(header, custom) }];
  });
}
