/**
 * The export job (kind `export`): one step = one GET /leads, or a batch of them sent together
 * (batch.ts), and one sheet plan for the leads they bring. Pages are windows that hold under change (paging.ts). Replace mode clears the
 * sheet's used area on the first page and writes each page below the previous one; sync mode
 * reads the sheet once per page and updates rows in place by lead id, appending new leads, and
 * after a full pass marks or deletes the rows of leads it did not read (stale.ts). Every step is
 * safe to repeat (the engine re-runs a step whose checkpoint was lost): the same page lands on
 * the same rows.
 */
import * as z from 'zod/mini';
import {
  CustomFieldDefinitionSchema,
  LEAD_LIST_INCLUDES,
  LEADS_MAX_PER_PAGE,
  type Lead,
  type LeadFilters,
  type Page,
} from '../../api';
import type { JobHandler, JobRecord, StepContext, StepResult } from '../jobs';
import type { Pacer } from '../pacing';
import type { Clock, KeyValueStore } from '../ports';
import { type ListLeadPages, pagesWanted, readBatch } from './batch';
import { type CellOptions, toSheetCell } from './cells';
import { type ColumnKind, columnKind, flattenLead } from './columns';
import { fetchWithPacing } from './job-errors';
import { writeLastSync } from './job-sync';
import { advancePaging, FIRST_PAGING, PagingCursorSchema, pagingQuery } from './paging';
import {
  decodeIds,
  encodeIds,
  GONE,
  planStale,
  STALE_ROW_ACTIONS,
  type StaleRowAction,
} from './stale';
import { nextUpdatedSince, planReplace, planSync, type SheetPlan } from './sync';

export const EXPORT_JOB_KIND = 'export';
export const EXPORT_MODES = ['replace', 'sync'] as const;
export type ExportMode = (typeof EXPORT_MODES)[number];

/** Row statuses of export jobs, shown as counts: what happened to the rows of each page. */
export function exportStatuses(mode: ExportMode, staleRows: StaleRowAction = 'keep'): string[] {
  if (mode === 'replace') return ['WRITTEN'];
  const statuses = ['UPDATED', 'ADDED', 'UNCHANGED'];
  if (staleRows === 'mark') statuses.push(GONE);
  if (staleRows === 'delete') statuses.push('DELETED');
  return statuses;
}

export const ExportJobOptionsSchema = z.object({
  sheetName: z.string(),
  /** Found by id first, so renaming the sheet during the export is harmless. */
  sheetId: z.number(),
  mode: z.enum(EXPORT_MODES),
  /** GET /leads filters with ids (names resolved when the job was started). */
  filters: z.record(z.string(), z.unknown()),
  columns: z.array(z.string()),
  include: z.array(z.enum(LEAD_LIST_INCLUDES)),
  /** Definitions of the custom fields among the columns (their kinds make dates and numbers). */
  customFields: z.array(CustomFieldDefinitionSchema),
  startedAt: z.number(),
  /** syncScope() of these settings: the watermark written at the end belongs to it. */
  scope: z.string(),
  /** Sync: what happens to rows of leads a full pass did not read (absent: keep). */
  staleRows: z.optional(z.enum(STALE_ROW_ACTIONS)),
});
export type ExportJobOptions = z.infer<typeof ExportJobOptionsSchema>;

export const ExportCursorSchema = z.extend(PagingCursorSchema, {
  /** Replace mode: data rows written by earlier pages. */
  writtenRows: z.int().check(z.minimum(0)),
  /** Sync with staleRows: ids of every lead read so far (encodeIds). */
  seen: z.optional(z.string()),
});
export type ExportCursor = z.infer<typeof ExportCursorSchema>;

export const FIRST_CURSOR: ExportCursor = { ...FIRST_PAGING, writtenRows: 0 };

/** The sheet an export writes to, as the job sees it (src/gas implements it over a Sheet). */
export interface ExportSheet {
  /** Rows and columns in use, header included (getLastRow / getLastColumn). */
  usedSize(): { rows: number; columns: number };
  /** The header row and every data row below it, as getValues returns them (one read). */
  readTable(): { header: unknown[]; rows: unknown[][] };
  /** Clears `plan.clear` (contents only) and writes each block with one setValues. */
  apply(plan: SheetPlan): void;
  /** Deletes data rows (0-based below the header), given in descending order. */
  deleteRows(rows: readonly number[]): void;
}

/** What a step needs from the platform; built once per execution, on the first step. */
export interface ExportEnv {
  listLeads(filters: LeadFilters): Page<Lead>;
  /** Several pages at once (client.all); without it every step reads one page. */
  listLeadPages?: ListLeadPages;
  /** The shared pacer, built over the step's clock. */
  pacer(clock: Clock): Pacer;
  /** The export's sheet; throws a JobFailure naming the fix when it is gone. */
  openSheet(target: { sheetId: number; sheetName: string }): ExportSheet;
  /** Midnight of a calendar day in the spreadsheet's time zone. */
  makeDate: NonNullable<CellOptions['makeDate']>;
  /** The document's properties: where the sync watermark lives. */
  documentStore: KeyValueStore;
  /** Leads per request; the API's maximum unless a test wants a small world with many pages. */
  pageSize?: number;
}

export function parseExportOptions(value: unknown): ExportJobOptions {
  const parsed = ExportJobOptionsSchema.safeParse(value);
  if (!parsed.success) {
    throw new Error('This export job was saved by another version of the add-on; start it again.');
  }
  return parsed.data;
}

function parseCursor(value: unknown): ExportCursor {
  if (value === null || value === undefined) return { ...FIRST_CURSOR };
  const parsed = ExportCursorSchema.safeParse(value);
  if (!parsed.success) {
    throw new Error('This export job was saved by another version of the add-on; start it again.');
  }
  return parsed.data;
}

export function createExportJobHandler(env: () => ExportEnv): JobHandler {
  return {
    kind: EXPORT_JOB_KIND,
    statuses: [],
    step: (job, ctx) => exportStep(job, ctx, env()),
  };
}

/** One page: fetch, flatten, plan, write, checkpoint. Exported for unit tests. */
export function exportStep(job: JobRecord, ctx: StepContext, env: ExportEnv): StepResult {
  const options = parseExportOptions(job.options);
  const cursor = parseCursor(job.cursor);
  const perPage = env.pageSize ?? LEADS_MAX_PER_PAGE;
  const query = (page: number): LeadFilters => ({
    ...(options.filters as LeadFilters),
    ...(options.include.length > 0 ? { include: options.include } : {}),
    ...pagingQuery({ ...cursor, page }),
    per_page: perPage,
  });
  const pacer = env.pacer(ctx.clock);
  const wanted = env.listLeadPages ? pagesWanted(cursor, perPage) : 1;
  const batch =
    wanted > 1 && env.listLeadPages
      ? readBatch(pacer, env.listLeadPages, query, wanted, ctx.latestStartAt)
      : null;
  const result: Page<Lead> =
    batch?.result ??
    fetchWithPacing(pacer, ctx, () => env.listLeads(query(cursor.page)), {
      what:
        cursor.bound === undefined
          ? `page ${cursor.page} of the lead list`
          : `the lead list after its first ${job.done} leads`,
    });
  const sheet = env.openSheet({ sheetId: options.sheetId, sheetName: options.sheetName });
  const paging = advancePaging(cursor, result, perPage, batch?.pages ?? 1);
  const leads = paging.fresh;
  const plan = planPage(options, cursor, sheet, leads, env);
  sheet.apply(plan);

  if (options.mode === 'replace') {
    count(job, 'WRITTEN', plan.appendedRows);
  } else {
    count(job, 'UPDATED', plan.updatedRows);
    count(job, 'ADDED', plan.appendedRows);
    count(job, 'UNCHANGED', plan.unchangedRows);
  }
  job.done += leads.length;
  job.total = job.done + (paging.remaining ?? 0);
  const staleRows = options.staleRows ?? 'keep';
  const seen =
    options.mode === 'sync' && staleRows !== 'keep'
      ? encodeIds([...decodeIds(cursor.seen), ...result.data.map((lead) => lead.id)])
      : undefined;

  const writtenRows = cursor.writtenRows + (options.mode === 'replace' ? plan.appendedRows : 0);
  if (paging.next === null) {
    if (options.mode === 'replace') clearBelow(sheet, writtenRows);
    if (seen !== undefined && !paging.unsure) {
      removeStale(job, sheet, staleRows as Exclude<StaleRowAction, 'keep'>, decodeIds(seen));
    }
    // A replace export also leaves the sheet complete as of its start: a later sync goes on from there.
    if (options.columns.includes('id') && !paging.unsure) {
      writeLastSync(env.documentStore, options.sheetId, {
        since: nextUpdatedSince(options.startedAt),
        scope: options.scope,
      });
    }
    job.message = finishedMessage(job, options) + (paging.unsure ? UNSURE_NOTE : '');
    return { status: 'finished' };
  }
  job.cursor = {
    ...paging.next,
    writtenRows,
    ...(seen === undefined ? {} : { seen }),
  } satisfies ExportCursor;
  job.message = `Exporting to "${options.sheetName}": ${job.done} of ${job.total} leads.`;
  return { status: 'more' };
}

const UNSURE_NOTE =
  ' The CRM did not list leads newest first and its lead count changed during the export, so some leads may be missing: run the export again.';

function planPage(
  options: ExportJobOptions,
  cursor: ExportCursor,
  sheet: ExportSheet,
  leads: readonly Lead[],
  env: ExportEnv,
): SheetPlan {
  const flat = leads.map((lead) => flattenLead(lead, { customFields: options.customFields }));
  const kinds = new Map<string, ColumnKind>(
    options.columns.map((column) => [column, columnKind(column, options.customFields)]),
  );
  const cellOptions: CellOptions = { makeDate: env.makeDate };
  const toCell = (column: string, value: Parameters<typeof toSheetCell>[0]) =>
    toSheetCell(value, kinds.get(column) ?? 'auto', cellOptions);
  if (options.mode === 'replace') {
    return planReplace({
      columns: options.columns,
      leads: flat,
      toCell,
      writtenRows: cursor.writtenRows,
      // Measured on the first page only: later pages never clear.
      existing: cursor.writtenRows === 0 ? sheet.usedSize() : { rows: 0, columns: 0 },
    });
  }
  const table = sheet.readTable();
  return planSync({
    header: table.header,
    rows: table.rows,
    columns: options.columns,
    leads: flat,
    toCell,
  });
}

/**
 * Replace mode's last page: rows below the export's own are cleared. They exist only when a step
 * ran, wrote, and died before its checkpoint, and its repeat (the CRM having changed) wrote fewer.
 */
function clearBelow(sheet: ExportSheet, writtenRows: number): void {
  const used = sheet.usedSize();
  const end = 1 + writtenRows;
  if (used.rows <= end) return;
  sheet.apply({
    clear: { row: end, column: 0, rows: used.rows - end, columns: used.columns },
    writes: [],
    header: [],
    updatedRows: 0,
    appendedRows: 0,
    unchangedRows: 0,
  });
}

/** After a full sync pass: marks or deletes the rows whose lead the pass did not read. */
function removeStale(
  job: JobRecord,
  sheet: ExportSheet,
  action: Exclude<StaleRowAction, 'keep'>,
  seen: ReadonlySet<number>,
): void {
  const table = sheet.readTable();
  const plan = planStale({ header: table.header, rows: table.rows, seen, action });
  if (plan.writes.length > 0) {
    sheet.apply({
      clear: null,
      writes: plan.writes,
      header: [],
      updatedRows: 0,
      appendedRows: 0,
      unchangedRows: 0,
    });
  }
  if (plan.deleteRows.length > 0) sheet.deleteRows(plan.deleteRows);
  count(job, action === 'mark' ? GONE : 'DELETED', plan.stale);
}

function count(job: JobRecord, status: string, rows: number): void {
  job.counts[status] = (job.counts[status] ?? 0) + rows;
}

function finishedMessage(job: JobRecord, options: ExportJobOptions): string {
  if (options.mode === 'replace') {
    return `Exported ${job.done} leads to "${options.sheetName}".`;
  }
  const c = job.counts;
  const stale =
    options.staleRows === 'mark'
      ? `, ${c[GONE] ?? 0} marked ${GONE}`
      : options.staleRows === 'delete'
        ? `, ${c.DELETED ?? 0} deleted (their leads are gone or no longer match)`
        : '';
  return `Synced "${options.sheetName}": ${c.UPDATED ?? 0} rows updated, ${c.ADDED ?? 0} added, ${c.UNCHANGED ?? 0} unchanged${stale}.`;
}
