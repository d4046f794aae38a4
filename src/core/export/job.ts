/**
 * The export job (kind `export`): one step = one page of 200 leads = one GET /leads and one
 * batched write. Replace mode clears the sheet's used area on page 1 and writes each page below
 * the previous one; sync mode reads the sheet once per page and updates rows in place by lead id,
 * appending new leads. Every step is safe to repeat (the engine re-runs a step whose checkpoint
 * was lost): the same page lands on the same rows.
 */
import * as z from 'zod/mini';
import {
  CustomFieldDefinitionSchema,
  LEAD_LIST_INCLUDES,
  LEADS_MAX_PER_PAGE,
  type Lead,
  type LeadFilters,
  nextPage,
  type Page,
} from '../../api';
import type { JobHandler, JobRecord, StepContext, StepResult } from '../jobs';
import type { Pacer } from '../pacing';
import type { Clock, KeyValueStore } from '../ports';
import { type CellOptions, toSheetCell } from './cells';
import { type ColumnKind, columnKind, flattenLead } from './columns';
import { fetchWithPacing } from './job-errors';
import { writeLastSync } from './job-sync';
import { nextUpdatedSince, planReplace, planSync, type SheetPlan } from './sync';

export const EXPORT_JOB_KIND = 'export';
export const EXPORT_MODES = ['replace', 'sync'] as const;
export type ExportMode = (typeof EXPORT_MODES)[number];

/** Row statuses of export jobs, shown as counts: what happened to the rows of each page. */
export function exportStatuses(mode: ExportMode): string[] {
  return mode === 'replace' ? ['WRITTEN'] : ['UPDATED', 'ADDED', 'UNCHANGED'];
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
});
export type ExportJobOptions = z.infer<typeof ExportJobOptionsSchema>;

export const ExportCursorSchema = z.object({
  page: z.int().check(z.minimum(1)),
  /** Replace mode: data rows written by earlier pages. */
  writtenRows: z.int().check(z.minimum(0)),
  /**
   * Ids of the previous page. The list is newest first, so a lead created during the export
   * pushes the previous page's last lead onto this page; it is dropped here, not written twice.
   */
  previousIds: z.array(z.number()),
});
export type ExportCursor = z.infer<typeof ExportCursorSchema>;

export const FIRST_CURSOR: ExportCursor = { page: 1, writtenRows: 0, previousIds: [] };

/** The sheet an export writes to, as the job sees it (src/gas implements it over a Sheet). */
export interface ExportSheet {
  /** Rows and columns in use, header included (getLastRow / getLastColumn). */
  usedSize(): { rows: number; columns: number };
  /** The header row and every data row below it, as getValues returns them (one read). */
  readTable(): { header: unknown[]; rows: unknown[][] };
  /** Clears `plan.clear` (contents only) and writes each block with one setValues. */
  apply(plan: SheetPlan): void;
}

/** What a step needs from the platform; built once per execution, on the first step. */
export interface ExportEnv {
  listLeads(filters: LeadFilters): Page<Lead>;
  /** The shared pacer, built over the step's clock. */
  pacer(clock: Clock): Pacer;
  /** The export's sheet; throws a JobFailure naming the fix when it is gone. */
  openSheet(target: { sheetId: number; sheetName: string }): ExportSheet;
  /** Midnight of a calendar day in the spreadsheet's time zone. */
  makeDate: NonNullable<CellOptions['makeDate']>;
  /** The document's properties: where the sync watermark lives. */
  documentStore: KeyValueStore;
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
  const filters = {
    ...(options.filters as LeadFilters),
    ...(options.include.length > 0 ? { include: options.include } : {}),
    page: cursor.page,
    per_page: LEADS_MAX_PER_PAGE,
  } satisfies LeadFilters;
  const result = fetchWithPacing(env.pacer(ctx.clock), ctx, () => env.listLeads(filters), {
    what: `page ${cursor.page} of the lead list`,
  });
  const sheet = env.openSheet({ sheetId: options.sheetId, sheetName: options.sheetName });

  const seen = new Set(cursor.previousIds);
  const leads = result.data.filter((lead) => !seen.has(lead.id));
  const flat = leads.map((lead) => flattenLead(lead, { customFields: options.customFields }));
  const kinds = new Map<string, ColumnKind>(
    options.columns.map((column) => [column, columnKind(column, options.customFields)]),
  );
  const cellOptions: CellOptions = { makeDate: env.makeDate };
  const toCell = (column: string, value: Parameters<typeof toSheetCell>[0]) =>
    toSheetCell(value, kinds.get(column) ?? 'auto', cellOptions);

  let plan: SheetPlan;
  if (options.mode === 'replace') {
    plan = planReplace({
      columns: options.columns,
      leads: flat,
      toCell,
      writtenRows: cursor.writtenRows,
      // Measured on the first page only: later pages never clear.
      existing: cursor.writtenRows === 0 ? sheet.usedSize() : { rows: 0, columns: 0 },
    });
  } else {
    const table = sheet.readTable();
    plan = planSync({
      header: table.header,
      rows: table.rows,
      columns: options.columns,
      leads: flat,
      toCell,
    });
  }
  sheet.apply(plan);

  if (options.mode === 'replace') {
    count(job, 'WRITTEN', plan.appendedRows);
  } else {
    count(job, 'UPDATED', plan.updatedRows);
    count(job, 'ADDED', plan.appendedRows);
    count(job, 'UNCHANGED', plan.unchangedRows);
  }
  job.done += leads.length;
  const total = result.meta?.total;
  job.total = Math.max(typeof total === 'number' ? total : 0, job.done);

  const next = nextPage(cursor.page, result, LEADS_MAX_PER_PAGE);
  if (next === null) {
    // A replace export also leaves the sheet complete as of its start: a later sync goes on from there.
    if (options.columns.includes('id')) {
      writeLastSync(env.documentStore, options.sheetId, {
        since: nextUpdatedSince(options.startedAt),
        scope: options.scope,
      });
    }
    job.message = finishedMessage(job, options);
    return { status: 'finished' };
  }
  job.cursor = {
    page: next,
    writtenRows: cursor.writtenRows + (options.mode === 'replace' ? plan.appendedRows : 0),
    previousIds: result.data.map((lead) => lead.id),
  } satisfies ExportCursor;
  job.message = `Exporting to "${options.sheetName}": ${job.done} of ${job.total} leads.`;
  return { status: 'more' };
}

function count(job: JobRecord, status: string, rows: number): void {
  job.counts[status] = (job.counts[status] ?? 0) + rows;
}

function finishedMessage(job: JobRecord, options: ExportJobOptions): string {
  if (options.mode === 'replace') {
    return `Exported ${job.done} leads to "${options.sheetName}".`;
  }
  const c = job.counts;
  return `Synced "${options.sheetName}": ${c.UPDATED ?? 0} rows updated, ${c.ADDED ?? 0} added, ${c.UNCHANGED ?? 0} unchanged.`;
}
