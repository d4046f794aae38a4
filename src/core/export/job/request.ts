/**
 * crmExportLeads({sheet, filters, columns, include, mode}) checked before anything is fetched or
 * written, then (once the lookups it needs are loaded) turned into the export job's options.
 * Every mistake is an Error that names the option and what to write instead.
 */
import type { CustomFieldDefinition, LeadListInclude } from '../../../api/schemas';
import { LEAD_LIST_INCLUDES } from '../../../api/schemas';
import { codedError } from '../../errors';
import { localeOf } from '../../i18n';
import { contractColumns } from '../../query/columns';
import { describeValue } from '../../query/dates';
import {
  type NamedLeadFilters,
  type NormalizeFilterOptions,
  normalizeLeadFilters,
  parseIncludes,
} from '../../query/parse';
import { type FilterLookups, resolveLeadFilters } from '../../query/resolve';
import {
  CUSTOM_FIELD_PREFIX,
  DEFAULT_LEAD_COLUMNS,
  LEAD_COLUMNS,
  parseColumns,
  requiredIncludes,
  withIncludeColumns,
} from '../columns';
import { columnHeader, isMoneyColumn, moneyFormat } from '../headers';
import { STALE_ROW_ACTIONS, type StaleRowAction } from '../stale';
import { EXPORT_MODES, type ExportJobOptions, type ExportMode } from './job';
import { laterSince, syncScope } from './sync';

const OPTION_NAMES = ['sheet', 'filters', 'columns', 'include', 'mode', 'staleRows'] as const;
/** Sheets refuses longer sheet names. */
const MAX_SHEET_NAME = 100;

export interface ExportRequest {
  sheet: string;
  /** Checked filters, names (pipeline, stage, owner) not yet resolved. */
  filters: NamedLeadFilters;
  /** The columns as given ('' / absent → the defaults), checked once custom fields are known. */
  columns: string | unknown[] | undefined;
  /** The user's include tokens (from `include` and `filters.include`). */
  include: LeadListInclude[];
  mode: ExportMode;
  /** Sync: rows of leads a full pass does not read are kept, marked `GONE`, or deleted. */
  staleRows: StaleRowAction;
}

/** Throws an Error saying what to fix for any bad option; no request is made before this passes. */
export function parseExportRequest(
  input: unknown,
  options: NormalizeFilterOptions = {},
): ExportRequest {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw codedError(
      `crmExportLeads takes one object such as {sheet: "Leads", filters: {pipeline: "Vendas"}}; got ${describeValue(input)}.`,
      'exportOptionsNotObject',
    );
  }
  const raw = input as Record<string, unknown>;
  for (const key of Object.keys(raw)) {
    if (!(OPTION_NAMES as readonly string[]).includes(key)) {
      throw new Error(
        `Unknown option "${key}" for crmExportLeads. Options: ${OPTION_NAMES.join(', ')}.`,
      );
    }
  }
  const sheet = parseSheetName(raw.sheet);
  const filters =
    raw.filters === undefined || raw.filters === null
      ? {}
      : normalizeLeadFilters(raw.filters as Record<string, unknown>, options);
  const { include: filterInclude, ...rest } = filters;
  const include = mergeIncludes(
    filterInclude ?? [],
    raw.include === undefined || raw.include === null ? [] : parseIncludes(raw.include),
  );
  const mode = parseMode(raw.mode);
  const staleRows = parseStaleRows(raw.staleRows, mode);
  if (staleRows !== 'keep' && rest.updated_since !== undefined) {
    throw codedError(
      `staleRows "${staleRows}" needs a full pass over every lead that matches the filters: remove updated_since from filters (a lead not updated since then is not stale).`,
      'exportStaleNeedsFullPass',
    );
  }
  return {
    sheet,
    filters: rest,
    // Either language: `Nome, Etapa` as well as `name, stage` (PRODUCT.md).
    columns: contractColumns(
      parseColumnsInput(raw.columns),
      LEAD_COLUMNS,
    ) as ExportRequest['columns'],
    include,
    mode,
    staleRows,
  };
}

function parseStaleRows(value: unknown, mode: ExportMode): StaleRowAction {
  if (value === undefined || value === null || value === '') return 'keep';
  const action = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!(STALE_ROW_ACTIONS as readonly string[]).includes(action)) {
    throw codedError(
      `staleRows must be "keep" (default), "mark" (write GONE in the "CRM Sync Status" column) or "delete" (delete the row), for rows whose lead was deleted or no longer matches the filters; got ${describeValue(value)}.`,
      'exportStaleRowsValue',
    );
  }
  if (action !== 'keep' && mode !== 'sync') {
    throw codedError(
      `staleRows applies to mode "sync": a "replace" export rewrites the whole sheet, so it never holds stale rows. Add mode: "sync" or remove staleRows.`,
      'exportStaleNeedsSync',
    );
  }
  return action as StaleRowAction;
}

function parseSheetName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw codedError(
      `sheet must be the name of the sheet to export into, e.g. {sheet: "Leads"} (it is created when missing); got ${describeValue(value)}.`,
      'sheetMissing',
    );
  }
  const name = value.trim();
  if (name.length > MAX_SHEET_NAME) {
    throw codedError(
      `sheet names have at most ${MAX_SHEET_NAME} characters; "${name.slice(0, 20)}…" has ${name.length}.`,
      'sheetNameTooLong',
      { max: MAX_SHEET_NAME },
    );
  }
  return name;
}

function parseMode(value: unknown): ExportMode {
  if (value === undefined || value === null || value === '') return 'replace';
  const mode = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if ((EXPORT_MODES as readonly string[]).includes(mode)) return mode as ExportMode;
  throw codedError(
    `mode must be "replace" (clear the sheet and write every lead) or "sync" (update rows by lead id, add new leads); got ${describeValue(value)}.`,
    'exportModeValue',
  );
}

function parseColumnsInput(value: unknown): string | unknown[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || Array.isArray(value)) return value;
  throw codedError(
    `columns must be a comma list ("id,name,stage") or a list of names (["id", "name"]); got ${describeValue(value)}.`,
    'exportColumnsForm',
  );
}

function mergeIncludes(...lists: readonly LeadListInclude[][]): LeadListInclude[] {
  const wanted = new Set(lists.flat());
  return LEAD_LIST_INCLUDES.filter((token) => wanted.has(token));
}

/** Whether the chosen columns name custom fields, so their definitions must be fetched first. */
export function wantsCustomFields(columns: ExportRequest['columns']): boolean {
  return parseColumns(columns as string | unknown[] | undefined, DEFAULT_LEAD_COLUMNS).some(
    (column) => column.startsWith(CUSTOM_FIELD_PREFIX),
  );
}

export interface ExportJobInput {
  request: ExportRequest;
  /** What `needsLookups(request.filters)` asked for. */
  lookups: FilterLookups;
  /** GET /custom-fields, when `wantsCustomFields`; else undefined. */
  customFields: readonly CustomFieldDefinition[] | undefined;
  startedAt: number;
  /**
   * The spreadsheet's locale (`pt_BR`): its language names the headers, its currency formats
   * money (headers.ts). Absent: English names, no formats.
   */
  sheetLocale?: string;
  /** The base URL and CRM account read from (ownerOf): the sync watermark belongs to it. */
  account: string;
  /**
   * Opens (or creates) the target sheet for these columns, refusing a sheet a person typed
   * (target.ts); called only once every option has been checked. `lastSync` is the sheet's
   * stored watermark for a scope (readLastSync), when it applies.
   */
  sheet: (
    columns: readonly string[],
    headers: readonly string[] | undefined,
  ) => {
    sheetId: number;
    lastSync: (scope: string) => string | null;
  };
}

/** The job's options: ids instead of names, canonical columns, every include the columns need. */
export function buildExportJobOptions(input: ExportJobInput): ExportJobOptions {
  const { request } = input;
  const filters = resolveLeadFilters(request.filters, input.lookups);
  const chosen = parseColumns(
    request.columns as string | unknown[] | undefined,
    [],
    input.customFields === undefined ? {} : { customFields: input.customFields },
  );
  // Columns the user chose are kept as they are; otherwise each include adds its own.
  const columns =
    chosen.length > 0 ? chosen : withIncludeColumns(DEFAULT_LEAD_COLUMNS, request.include);
  if (request.mode === 'sync' && !columns.includes('id')) {
    throw codedError(
      'mode "sync" finds rows by lead id: add "id" to columns (or use mode "replace").',
      'exportSyncNeedsId',
    );
  }
  const include = mergeIncludes(request.include, requiredIncludes(columns));
  const chosenFields = (input.customFields ?? []).filter((field) =>
    columns.includes(CUSTOM_FIELD_PREFIX + field.name),
  );
  const scope = syncScope(filters, columns, include, input.account);
  const looks = columnLooks(columns, chosenFields, input.sheetLocale);
  const sheet = input.sheet(columns, looks.headers);
  const apiFilters: Record<string, unknown> = { ...filters };
  // A full pass (staleRows) reads every lead that matches: no watermark.
  if (request.mode === 'sync' && request.staleRows === 'keep') {
    const since = laterSince(filters.updated_since as string | undefined, sheet.lastSync(scope));
    if (since !== undefined) apiFilters.updated_since = since;
  }
  return {
    sheetName: request.sheet,
    sheetId: sheet.sheetId,
    mode: request.mode,
    filters: apiFilters,
    columns,
    include,
    customFields: chosenFields,
    startedAt: input.startedAt,
    scope,
    ...(request.staleRows === 'keep' ? {} : { staleRows: request.staleRows }),
    ...looks,
  };
}

/**
 * The headers (in the spreadsheet's language, only when not the names) and money formats of
 * the chosen columns.
 */
function columnLooks(
  columns: readonly string[],
  fields: readonly CustomFieldDefinition[],
  sheetLocale: string | undefined,
): { headers?: string[]; formats?: Record<string, string> } {
  if (sheetLocale === undefined) return {};
  const language = localeOf(sheetLocale);
  const headers = columns.map((column) => columnHeader(column, language, fields));
  const money = columns.filter((column) => isMoneyColumn(column, fields));
  const format = moneyFormat(sheetLocale);
  return {
    ...(headers.some((header, i) => header !== columns[i]) ? { headers } : {}),
    ...(money.length > 0
      ? { formats: Object.fromEntries(money.map((column) => [column, format])) }
      : {}),
  };
}
