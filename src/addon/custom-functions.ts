/**
 * The CRM_* custom functions. Each is declared here with the JSDoc Sheets shows (the build copies
 * it into the global stub), and returns a 2-D array whose first row is the header. Arguments come
 * as Sheets passes them: text, numbers, booleans, or 2-D arrays for ranges.
 */
import {
  type CustomFieldDefinition,
  LEAD_LIST_INCLUDES,
  LEADS_MAX_PER_PAGE,
  type LeadListInclude,
  nextPage,
  type PipelineList,
  type User,
} from '../api';
import { type CellValue, toCustomFunctionCell } from '../core/export/cells';
import {
  type ColumnKind,
  CUSTOM_FIELD_PREFIX,
  columnKind,
  DEFAULT_LEAD_COLUMNS,
  type FlatValue,
  flattenLead,
  LEAD_COLUMNS,
  parseColumns,
  requiredIncludes,
} from '../core/export/columns';
import { columnHeader } from '../core/export/headers';
import {
  accountTable,
  automationsTable,
  customFieldsTable,
  instancesTable,
  leadTable,
  lostReasonsTable,
  pipelinesTable,
  sequencesTable,
  tasksTable,
  templatesTable,
  usersTable,
} from '../core/export/resources';
import { contractColumns } from '../core/query/columns';
import { describeValue } from '../core/query/dates';
import { queryError, shownValue } from '../core/query/errors';
import { normalizeLeadFilters, parseId, parseQueryString } from '../core/query/parse';
import { type FilterLookups, needsLookups, resolveLeadFilters } from '../core/query/resolve';
import {
  AUTOMATIONS_MAX_PER_PAGE,
  parseActiveOnly,
  parseAutomationQuery,
  parseLimit,
  parseTaskQuery,
  parseTemplateArgs,
  TASKS_MAX_PER_PAGE,
} from '../core/query/resource-queries';
import { COUNT_PER_PAGE, countFromPage, parseCountQuery } from '../core/reports/count';
import { type CustomFunctionContext, customFunctionContext } from './custom-function-context';

type Table = CellValue[][];

/** CRM_LEADS without `limit`: one page. */
export const LEADS_DEFAULT_LIMIT = 200;
/** Five pages: with the pacer's slots, well inside a formula's 30 seconds. */
export const LEADS_MAX_LIMIT = 1_000;

/**
 * Leads from the CRM, filtered like GET /leads, one row per lead under a header row.
 *
 * @param {string} query Filters as name=value pairs joined with &, e.g. "pipeline=Vendas&stage=Proposta&tags=vip,hot&q=maria". Names work where the API wants ids (pipeline, stage, owner). Empty: every lead.
 * @param {string} columns Column names, as a comma list ("id,name,stage,owner_name,custom_fields.cpf") or a range of names. Empty: id, name, email, phone, company, value, pipeline, stage, tags, source, created_at.
 * @param {number} limit Most leads to return (default 200, at most 1000).
 * @return {Array<Array<string|number|boolean|Date>>} A header row, then one row per lead.
 * @customfunction
 */
export function CRM_LEADS(query?: unknown, columns?: unknown, limit?: unknown): Table {
  const ctx = customFunctionContext();
  const filters = normalizeLeadFilters(parseQueryString(textArgument(query, 'query')), {
    dateOrder: ctx.dateOrder,
  });
  const chosen = leadColumns(ctx, columns);
  const max = parseLimit(limit, LEADS_DEFAULT_LIMIT, LEADS_MAX_LIMIT);
  const { include: asked, ...named } = filters;
  const resolved = resolveLeadFilters(named, filterLookups(ctx, named));
  const include = unionIncludes(asked ?? [], requiredIncludes(chosen.columns));
  const rows = ctx.cached(['leads', resolved, include, chosen.columns, max], (request) => {
    const perPage = Math.min(LEADS_MAX_PER_PAGE, max);
    const found: FlatValue[][] = [];
    let page: number | null = 1;
    while (page !== null && found.length < max) {
      const current: number = page;
      const result = request(() =>
        ctx.client.leads.list({
          ...resolved,
          ...(include.length > 0 ? { include } : {}),
          page: current,
          per_page: perPage,
        }),
      );
      for (const lead of result.data.slice(0, max - found.length)) {
        const record = flattenLead(lead, { customFields: chosen.customFields });
        found.push(chosen.columns.map((column) => record[column] ?? null));
      }
      page = nextPage(current, result, perPage);
    }
    return found;
  });
  return flatTable(ctx, chosen.columns, chosen.customFields, rows);
}

/**
 * How many leads match the query: one request of one lead, whose answer says the total. A single
 * number (no header row), so it sits in a table's cell, adds up and feeds a chart.
 *
 * @param {string} query Filters as name=value pairs joined with &, as in CRM_LEADS, e.g. "pipeline=Vendas&stage=Proposta" or "pipeline_id=3&stage_id=12&tags=vip". Names work where the API wants ids (pipeline, stage, owner). Empty: every lead.
 * @return {number} The number of leads that match.
 * @customfunction
 */
export function CRM_COUNT(query?: unknown): number {
  const ctx = customFunctionContext();
  const named = parseCountQuery(textArgument(query, 'query'), { dateOrder: ctx.dateOrder });
  const resolved = resolveLeadFilters(named, filterLookups(ctx, named));
  return ctx.cached(['count', resolved], (request) => {
    const page = request(() => ctx.client.leads.list({ ...resolved, per_page: COUNT_PER_PAGE }));
    const count = countFromPage(page);
    // Thrown inside the load, so no guess is ever cached in place of a count.
    if (count === null) throw new Error(ctx.t('reports.countMissing'));
    return count;
  });
}

/**
 * One lead by its id, as a header row and one row.
 *
 * @param {number} id The lead's id.
 * @param {string} columns Column names, as a comma list or a range of names. Empty: the same columns as CRM_LEADS.
 * @return {Array<Array<string|number|boolean|Date>>} A header row and the lead's row.
 * @customfunction
 */
export function CRM_LEAD(id?: unknown, columns?: unknown): Table {
  const ctx = customFunctionContext();
  const leadId = parseId(Array.isArray(id) ? id.flat(2)[0] : id, 'id');
  const chosen = leadColumns(ctx, columns);
  const include = requiredIncludes(chosen.columns);
  const lead = ctx.cached(['lead', leadId, include], (request) =>
    request(() => ctx.client.leads.get(leadId, include)),
  );
  const table = leadTable(lead, chosen.columns, chosen.customFields, cellOptionsFor(ctx, chosen));
  return [headerRow(ctx, chosen.columns, chosen.customFields), ...table.slice(1)];
}

/**
 * Every pipeline and its stages, in order: one row per stage.
 *
 * @return {Array<Array<string|number|boolean>>} pipeline_id, pipeline, stage_position, stage_id, stage, color, is_won, is_lost.
 * @customfunction
 */
export function CRM_PIPELINES(): Table {
  const ctx = customFunctionContext();
  return pipelinesTable(pipelineList(ctx).pipelines);
}

/**
 * The reasons a lead can be marked lost with.
 *
 * @return {Array<Array<string|number>>} id, name.
 * @customfunction
 */
export function CRM_LOST_REASONS(): Table {
  const ctx = customFunctionContext();
  return lostReasonsTable(pipelineList(ctx).lost_reasons ?? []);
}

/**
 * The custom fields defined for leads.
 *
 * @param {boolean} active_only TRUE for active fields only (default FALSE).
 * @return {Array<Array<string|number|boolean>>} id, name, label, field_type, options, is_required, is_active, show_on_card, sort_order.
 * @customfunction
 */
export function CRM_CUSTOM_FIELDS(active_only?: unknown): Table {
  const ctx = customFunctionContext();
  return customFieldsTable(customFields(ctx, parseActiveOnly(single(active_only))));
}

/**
 * The nurture sequences leads can be enrolled in.
 *
 * @param {boolean} active_only TRUE for active sequences only (default FALSE).
 * @return {Array<Array<string|number|boolean>>} id, name, description, channel, is_active, steps_count, stats_enrolled.
 * @customfunction
 */
export function CRM_SEQUENCES(active_only?: unknown): Table {
  const ctx = customFunctionContext();
  const activeOnly = parseActiveOnly(single(active_only));
  const sequences = ctx.cached(['sequences', activeOnly], (request) =>
    request(() => ctx.client.sequences.list(activeOnly ? { active_only: true } : {})),
  );
  return sequencesTable(sequences);
}

/**
 * The users of the CRM account.
 *
 * @return {Array<Array<string|number>>} id, name, email, role.
 * @customfunction
 */
export function CRM_USERS(): Table {
  const ctx = customFunctionContext();
  return usersTable(userList(ctx));
}

/**
 * The CRM account the API key belongs to.
 *
 * @return {Array<Array<string|number>>} id, name, plan.
 * @customfunction
 */
export function CRM_ACCOUNT(): Table {
  const ctx = customFunctionContext();
  const account = ctx.cached(['account'], (request) => request(() => ctx.client.account.get()));
  return accountTable(account);
}

/**
 * The connected chat numbers (use the id as instance_id when sending).
 *
 * @return {Array<Array<string|number|boolean>>} id, display_name, phone_number, provider, status, is_primary, supports_templates, supports_buttons, has_window_restriction.
 * @customfunction
 */
export function CRM_INSTANCES(): Table {
  const ctx = customFunctionContext();
  const instances = ctx.cached(['instances'], (request) =>
    request(() => ctx.client.chatapp.instances()),
  );
  return instancesTable(instances);
}

/**
 * The official chat templates, optionally filtered.
 *
 * @param {string} status APPROVED, PENDING, REJECTED, PAUSED or DISABLED. Empty: any.
 * @param {number} instance_id Only the templates of this chat number. Empty: any.
 * @param {string} language e.g. pt_BR. Empty: any.
 * @return {Array<Array<string|number>>} id, name, language, category, status, chatapp_instance_id, quality_rating, header_format, header_text, body, variables.
 * @customfunction
 */
export function CRM_TEMPLATES(status?: unknown, instance_id?: unknown, language?: unknown): Table {
  const ctx = customFunctionContext();
  const filters = parseTemplateArgs(single(status), single(instance_id), single(language));
  const templates = ctx.cached(['templates', filters], (request) =>
    request(() => ctx.client.chatapp.templates(filters)),
  );
  return templatesTable(templates);
}

/**
 * The automations, optionally filtered.
 *
 * @param {string} query Filters as name=value pairs joined with &: is_active, trigger_type, search, page, per_page (at most 100). Empty: the first 100.
 * @return {Array<Array<string|number|boolean|Date>>} id, name, trigger_type, is_active, run_count, last_run_at, updated_at.
 * @customfunction
 */
export function CRM_AUTOMATIONS(query?: unknown): Table {
  const ctx = customFunctionContext();
  const filters = parseAutomationQuery(textArgument(query, 'query'));
  const withPage = { per_page: AUTOMATIONS_MAX_PER_PAGE, ...filters };
  const automations = ctx.cached(['automations', withPage], (request) =>
    request(() => ctx.client.automations.list(withPage).data),
  );
  return automationsTable(automations);
}

/**
 * The tasks, optionally filtered.
 *
 * @param {string} query Filters as name=value pairs joined with &; page and per_page (at most 200) page through the list, other filters go to the CRM as given. Empty: the first 200.
 * @return {Array<Array<string|number|boolean|Date>>} id, subject, type, status, priority, due_date, due_time, completed_at, assigned_to, lead_id, then any other field the tasks carry.
 * @customfunction
 */
export function CRM_TASKS(query?: unknown): Table {
  const ctx = customFunctionContext();
  const filters = parseTaskQuery(textArgument(query, 'query'));
  const withPage = { per_page: TASKS_MAX_PER_PAGE, ...filters };
  const tasks = ctx.cached(['tasks', withPage], (request) =>
    request(() => ctx.client.tasks.list(withPage).data),
  );
  return tasksTable(tasks, ctx.cellOptions());
}

// ---- shared lookups: one cached copy serves every formula that needs it ----

function pipelineList(ctx: CustomFunctionContext): PipelineList {
  return ctx.cached(['pipelines'], (request) => request(() => ctx.client.pipelines.list()));
}

function userList(ctx: CustomFunctionContext): User[] {
  return ctx.cached(['users'], (request) => request(() => ctx.client.users.list()));
}

function customFields(ctx: CustomFunctionContext, activeOnly: boolean): CustomFieldDefinition[] {
  return ctx.cached(['custom-fields', activeOnly], (request) =>
    request(() => ctx.client.customFields.list(activeOnly ? { active_only: true } : {})),
  );
}

function filterLookups(
  ctx: CustomFunctionContext,
  filters: Parameters<typeof needsLookups>[0],
): FilterLookups {
  const needs = needsLookups(filters);
  return {
    ...(needs.pipelines ? { pipelines: pipelineList(ctx).pipelines } : {}),
    ...(needs.users ? { users: userList(ctx) } : {}),
  };
}

interface ChosenColumns {
  columns: string[];
  /** Definitions of every custom field, fetched only when a column names one. */
  customFields: CustomFieldDefinition[];
}

function leadColumns(ctx: CustomFunctionContext, columns: unknown): ChosenColumns {
  // Portuguese names (nome, etapa…) become the columns' contract names first (issue 18.6).
  const input = contractColumns(columnsArgument(columns), LEAD_COLUMNS) as ReturnType<
    typeof columnsArgument
  >;
  const loose = parseColumns(input, DEFAULT_LEAD_COLUMNS);
  if (!loose.some((column) => column.startsWith(CUSTOM_FIELD_PREFIX))) {
    return { columns: loose, customFields: [] };
  }
  const fields = customFields(ctx, false);
  return {
    columns: parseColumns(input, DEFAULT_LEAD_COLUMNS, { customFields: fields }),
    customFields: fields,
  };
}

function kindsOf(
  columns: readonly string[],
  fields: readonly CustomFieldDefinition[],
): ColumnKind[] {
  return columns.map((column) => columnKind(column, fields));
}

/** Only a date-only column needs the spreadsheet's time zone (one more service call). */
function cellOptionsFor(ctx: CustomFunctionContext, chosen: ChosenColumns) {
  return kindsOf(chosen.columns, chosen.customFields).includes('date') ? ctx.cellOptions() : {};
}

function flatTable(
  ctx: CustomFunctionContext,
  columns: string[],
  fields: CustomFieldDefinition[],
  rows: FlatValue[][],
): Table {
  const kinds = kindsOf(columns, fields);
  const options = cellOptionsFor(ctx, { columns, customFields: fields });
  return [
    headerRow(ctx, columns, fields),
    ...rows.map((row) =>
      row.map((value, i) => toCustomFunctionCell(value, kinds[i] ?? 'auto', options)),
    ),
  ];
}

/** The header row in the spreadsheet's language, as an export writes it (PRODUCT.md). */
function headerRow(
  ctx: CustomFunctionContext,
  columns: readonly string[],
  fields: readonly CustomFieldDefinition[],
): string[] {
  return columns.map((column) => columnHeader(column, ctx.language, fields));
}

function unionIncludes(...lists: readonly LeadListInclude[][]): LeadListInclude[] {
  const wanted = new Set(lists.flat());
  return LEAD_LIST_INCLUDES.filter((token) => wanted.has(token));
}

// ---- arguments as Sheets passes them ----

/** A single cell's value: a one-cell range arrives as [[value]]. */
function single(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const cells = value.flat(2);
  return cells.length === 1 ? cells[0] : value;
}

function textArgument(value: unknown, name: string): string {
  const cell = single(value);
  if (cell === undefined || cell === null) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  throw queryError(
    'queryArgumentNotText',
    `${name} must be text such as "pipeline=Vendas&tags=vip"; got ${describeValue(cell)}.`,
    { name, got: shownValue(cell) },
  );
}

function columnsArgument(value: unknown): string | unknown[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string' || Array.isArray(value)) return value;
  throw queryError(
    'queryColumnsNotNames',
    `columns must be a comma list such as "id,name,stage" or a range of column names; got ${describeValue(value)}.`,
    { got: shownValue(value) },
  );
}
