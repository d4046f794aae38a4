/**
 * The export job (kind `export`): one step = one GET /leads, or a batch of them sent together
 * (batch.ts), and one sheet plan for the leads they bring. Pages overlap and are checked, so
 * that no lead is missed whatever the CRM's order (paging.ts). Replace mode clears the columns
 * the export owns (its marks, core/ownership.ts) on the first page and writes each page below
 * the previous one; sync mode reads the sheet once per page and updates rows in place by lead
 * id, appending new leads, and after a full pass marks or deletes the rows of leads it did not
 * read (stale.ts) — once it is sure they are stale (catch-up passes, below). Every step is safe
 * to repeat (the engine re-runs a step whose checkpoint was lost): the same page lands on the
 * same rows.
 */
import * as z from 'zod/mini';
import {
  CustomFieldDefinitionSchema,
  LEAD_LIST_INCLUDES,
  LEADS_MAX_PER_PAGE,
  type Lead,
  type LeadFilters,
  type Page,
} from '../../../api';
import { lazySchema } from '../../../api/schemas/lazy';
import { type Translate, translator } from '../../i18n';
import {
  JobFailure,
  type JobHandler,
  type JobRecord,
  type StepContext,
  type StepResult,
} from '../../jobs';
import type { Pacer } from '../../pacing';
import type { Clock, KeyValueStore } from '../../ports';
import {
  canonCell,
  type MemoryTable,
  type PushMemoryStore,
  rememberCells,
} from '../../push/memory';
import { PUSH_STATUS_HEADERS } from '../../push/types';

const PUSH_DETAIL_HEADER = PUSH_STATUS_HEADERS[1];

import { type ListLeadPages, pagesWanted, readBatch } from '../batch';
import { type CellOptions, toSheetCell } from '../cells';
import { type ColumnKind, columnKind, flattenLead } from '../columns';
import { type ExpectedIds, type ExportSheet, WRITE_ATTEMPTS } from '../export-sheet';
import { exportFinishedMessage, exportProgressMessage } from '../messages';
import {
  advancePaging,
  answersAfter,
  FIRST_PAGING,
  PagingCursorSchema,
  type PagingStep,
  type PlannedPage,
  planPages,
} from '../paging';
import { decodeIds, encodeIds, GONE, STALE_ROW_ACTIONS, type StaleRowAction } from '../stale';
import { nextUpdatedSince, ownedArea, planReplace, planSync, type SheetPlan } from '../sync';
import { fetchWithPacing } from './errors';
import { removeStale, staleCount } from './stale';
import { laterSince, writeLastSync } from './sync';

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

export const ExportJobOptionsSchema = lazySchema(() =>
  z.object({
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
    /** The header of each column in the spreadsheet's language (headers.ts); absent: the names. */
    headers: z.optional(z.array(z.string())),
    /** Column → number format of its cells (money as the spreadsheet's currency). */
    formats: z.optional(z.record(z.string(), z.string())),
  }),
);
export type ExportJobOptions = z.infer<typeof ExportJobOptionsSchema>;

export const ExportCursorSchema = lazySchema(() =>
  z.extend(PagingCursorSchema, {
    /** Replace mode: data rows written by earlier pages. */
    writtenRows: z.int().check(z.minimum(0)),
    /** Sync with staleRows, in a catch-up pass: ids read by the passes before it (encodeIds). */
    seen: z.optional(z.string()),
    /**
     * Sync with staleRows: the pass now reading the leads changed since `since` (a catch-up), the
     * `count`th, begun at `startedAt` (ms).
     */
    catchUp: z.optional(z.object({ since: z.string(), count: z.int(), startedAt: z.number() })),
  }),
);
export type ExportCursor = z.infer<typeof ExportCursorSchema>;

export const FIRST_CURSOR: ExportCursor = { ...FIRST_PAGING, writtenRows: 0 };

export type { ExpectedIds, ExportSheet } from '../export-sheet';

/** What a step needs from the platform; built once per execution, on the first step. */
export interface ExportEnv {
  listLeads(filters: LeadFilters): Page<Lead>;
  /** Several pages at once (client.all); without it every step reads one page. */
  listLeadPages?: ListLeadPages;
  /** The shared pacer, built over the step's clock. */
  pacer(clock: Clock): Pacer;
  /** The export's sheet, found by id; null when it was deleted. */
  openSheet(target: { sheetId: number; sheetName: string }): ExportSheet | null;
  /** Midnight of a calendar day in the spreadsheet's time zone. */
  makeDate: NonNullable<CellOptions['makeDate']>;
  /** The document's properties: where the sync watermark lives. */
  documentStore: KeyValueStore;
  /** Leads per request; the API's maximum unless a test wants a small world with many pages. */
  pageSize?: number;
  /** Where the export remembers what it wrote on each row, for a push (core/push/memory.ts). */
  memory?(sheetId: number): PushMemoryStore;
}

export function parseExportOptions(
  value: unknown,
  t: Translate = translator('en'),
): ExportJobOptions {
  const parsed = ExportJobOptionsSchema.safeParse(value);
  // Said in the job's language: the Jobs sidebar shows this message as it is.
  if (!parsed.success) throw new Error(t('messages.jobOutdated'));
  return parsed.data;
}

function parseCursor(value: unknown, t: Translate): ExportCursor {
  if (value === null || value === undefined) return { ...FIRST_CURSOR };
  const parsed = ExportCursorSchema.safeParse(value);
  if (!parsed.success) throw new Error(t('messages.jobOutdated'));
  return parsed.data;
}

export function createExportJobHandler(env: () => ExportEnv): JobHandler {
  return {
    kind: EXPORT_JOB_KIND,
    statuses: [],
    step: (job, ctx) => exportStep(job, ctx, env()),
  };
}

/** One request (or batch): fetch, flatten, plan, write, checkpoint. Exported for unit tests. */
export function exportStep(job: JobRecord, ctx: StepContext, env: ExportEnv): StepResult {
  const t = translator(job.locale ?? 'en');
  const options = parseExportOptions(job.options, t);
  const cursor = parseCursor(job.cursor, t);
  const paging = readPages(options, cursor, job, ctx, env, t);
  const sheet = env.openSheet({ sheetId: options.sheetId, sheetName: options.sheetName });
  if (sheet === null) throw new JobFailure(t('export.sheetDeleted', { sheet: options.sheetName }));
  const seenBefore = decodeIds(cursor.seen);
  // A replace catch-up writes only leads no pass wrote: the others have their row already.
  const leads =
    options.mode === 'replace' && cursor.catchUp
      ? paging.fresh.filter((lead) => !seenBefore.has(lead.id))
      : paging.fresh;
  const memory = env.memory?.(options.sheetId);
  const table = memory ? memoryOf(memory, options) : undefined;
  const plan = planAndApply(options, cursor, sheet, leads, env, t, table);
  if (memory && table) {
    remember(table, options, leads, env, plan);
    const ids = leads.map((lead) => lead.id);
    if (options.mode === 'replace') {
      // A replace keeps each lead's row where the sheet has it: a repeated step rewrites the
      // same rows, and the first step clears what an earlier export left below its own.
      memory.saveRows(table, ids, cursor.writtenRows);
      if (cursor.writtenRows === 0 && !cursor.catchUp) memory.clearFrom(ids.length);
    } else memory.saveRows(table, ids);
    if (plan.kept && sheet.sayOnRows)
      sheet.sayOnRows(PUSH_DETAIL_HEADER, keptWords(options, plan.kept, t));
  }

  if (options.mode === 'replace') {
    count(job, 'WRITTEN', plan.appendedRows);
  } else {
    count(job, 'UPDATED', plan.updatedRows);
    count(job, 'ADDED', plan.appendedRows);
    // A catch-up pass re-reads leads of the full pass (they changed): counted there already.
    if (cursor.catchUp === undefined) count(job, 'UNCHANGED', plan.unchangedRows);
  }
  job.done += leads.filter((lead) => !seenBefore.has(lead.id)).length;
  job.total = Math.max(job.done, cursor.catchUp ? job.total : job.done + (paging.remaining ?? 0));
  const writtenRows = cursor.writtenRows + (options.mode === 'replace' ? plan.appendedRows : 0);
  if (paging.next !== null) {
    // Paging state comes whole from `next` (an overlap grown after a shift shrinks back).
    job.cursor = {
      ...paging.next,
      writtenRows,
      ...(cursor.seen === undefined ? {} : { seen: cursor.seen }),
      ...(cursor.catchUp === undefined ? {} : { catchUp: cursor.catchUp }),
    } satisfies ExportCursor;
    job.message = exportProgressMessage(t, options.sheetName, job.done, job.total);
    return { status: 'more' };
  }
  if (options.mode === 'replace') {
    clearBelow(sheet, writtenRows);
    memory?.clearFrom(writtenRows);
  }
  const staleRows = options.staleRows ?? 'keep';
  const seen = new Set([...seenBefore, ...paging.read]);
  const outcome = settlePass(job, { ...cursor, writtenRows }, paging, seen, ctx, options);
  if (outcome === 'again') {
    job.message = exportProgressMessage(t, options.sheetName, job.done, job.total);
    return { status: 'more' };
  }
  let keptStale: number | undefined;
  if (options.mode === 'sync' && staleRows !== 'keep') {
    if (outcome === 'sure')
      count(job, staleRows === 'mark' ? GONE : 'DELETED', removeStale(sheet, staleRows, seen));
    else keptStale = staleCount(sheet, seen);
  }
  // A replace export also leaves the sheet complete as of its start: a later sync goes on from there.
  if (options.columns.includes('id')) {
    writeLastSync(env.documentStore, options.sheetId, {
      since: nextUpdatedSince(options.startedAt),
      scope: options.scope,
    });
  }
  job.message = exportFinishedMessage(t, job, options, keptStale);
  return { status: 'finished' };
}

/** How many catch-up passes an export makes before it stops (a sync keeps the rows it cannot be sure of). */
export const MAX_CATCH_UPS = 3;

/**
 * The end of a pass: is every lead that matches now read? A pass of several pages misses a lead
 * that changed while it ran: one that moved into the filters or was created, and — when the CRM
 * orders the list by `updated_at` or by name (the contract does not say) — one edited, which
 * jumps behind the pages already read although it matched throughout (issue 16.10: 8 of 900 in
 * a unit run). So a catch-up pass reads the leads changed since the pass began (`updated_since`,
 * less the watermark's margin): one request, usually. A pass answered in one request is one
 * snapshot of the CRM: every lead matching at that instant was read by it or, unchanged since,
 * by the passes before (`sure`). One of several pages may itself miss leads that changed during
 * it, so another catch-up follows; after MAX_CATCH_UPS the export ends (`unsure`: a sync with
 * `staleRows` keeps the rows it could not be sure of, and says so).
 */
function settlePass(
  job: JobRecord,
  cursor: ExportCursor,
  paging: PagingStep,
  seen: ReadonlySet<number>,
  ctx: StepContext,
  options: ExportJobOptions,
): 'sure' | 'again' | 'unsure' {
  const catchUp = cursor.catchUp;
  // One answer held the whole list: a snapshot, whether of the full pass or of a catch-up.
  if (answersAfter(cursor, paging) === 1) return 'sure';
  if (catchUp !== undefined && catchUp.count >= MAX_CATCH_UPS) return 'unsure';
  job.cursor = {
    ...FIRST_CURSOR,
    writtenRows: cursor.writtenRows,
    seen: encodeIds(seen),
    catchUp: {
      since: nextUpdatedSince(catchUp?.startedAt ?? options.startedAt),
      count: (catchUp?.count ?? 0) + 1,
      startedAt: ctx.clock.now(),
    },
  } satisfies ExportCursor;
  return 'again';
}

/** The pages this step reads: a batch when the pacer allows, else one page with retries. */
function readPages(
  options: ExportJobOptions,
  cursor: ExportCursor,
  job: JobRecord,
  ctx: StepContext,
  env: ExportEnv,
  t: Translate,
): PagingStep {
  // A catch-up is meant to be one snapshot (settlePass): as many leads as a request may hold.
  const perPage = cursor.catchUp ? LEADS_MAX_PER_PAGE : (env.pageSize ?? LEADS_MAX_PER_PAGE);
  const own = options.filters as LeadFilters;
  const filters: LeadFilters = {
    ...own,
    // Never earlier than the person's own updated_since: a catch-up only narrows the filters.
    ...(cursor.catchUp
      ? {
          updated_since: laterSince(
            own.updated_since as string | undefined,
            cursor.catchUp.since,
          ) as string,
        }
      : {}),
    ...(options.include.length > 0 ? { include: options.include } : {}),
  };
  const query = (planned: PlannedPage): LeadFilters => ({
    ...filters,
    page: planned.page,
    per_page: planned.perPage,
  });
  const pacer = env.pacer(ctx.clock);
  const wanted = env.listLeadPages ? pagesWanted(cursor, perPage) : 1;
  const planned = planPages(cursor, perPage, wanted);
  let results: Page<Lead>[] =
    wanted > 1 && env.listLeadPages
      ? readBatch(pacer, env.listLeadPages, planned.map(query), ctx.latestStartAt)
      : [];
  if (results.length === 0) {
    const first = planned[0] as PlannedPage;
    results = [
      fetchWithPacing(pacer, ctx, () => env.listLeads(query(first)), {
        what:
          first.offset === 0
            ? t('export.what.firstPage')
            : t('export.what.after', { count: job.done }),
        t,
      }),
    ];
  }
  const answers = results.map((result, i) => ({ planned: planned[i] as PlannedPage, result }));
  return advancePaging(cursor, answers, perPage);
}

/**
 * Plans the step's writes and applies them. A sync writes rows by where their lead was read; a
 * person sorting between that read and the write put every lead's values on another lead's row
 * (299 of 300 notes beside another lead in one run). So the id column is checked just before
 * the write, and the table read and planned again when it moved; the last attempt writes as
 * planned.
 */
function planAndApply(
  options: ExportJobOptions,
  cursor: ExportCursor,
  sheet: ExportSheet,
  leads: readonly Lead[],
  env: ExportEnv,
  t: Translate,
  memory?: MemoryTable,
): SheetPlan {
  for (let attempt = 1; ; attempt++) {
    const { plan, expected } = planSheet(options, cursor, sheet, leads, env, t, memory);
    const check = attempt < WRITE_ATTEMPTS ? expected : undefined;
    if (sheet.apply(plan, check) !== false) return plan;
  }
}

/** How the export writes a flat value of each of its columns (kinds from the custom fields). */
function cellMaker(options: ExportJobOptions, env: ExportEnv) {
  const kinds = new Map<string, ColumnKind>(
    options.columns.map((column) => [column, columnKind(column, options.customFields)]),
  );
  const cellOptions: CellOptions = { makeDate: env.makeDate };
  return (column: string, value: Parameters<typeof toSheetCell>[0]) =>
    toSheetCell(value, kinds.get(column) ?? 'auto', cellOptions);
}

/**
 * The sheet's memory as this step starts: a replace writes its rows afresh, by their place on
 * the sheet, and reads none; a sync goes on from what is kept (it keeps a person's changes).
 */
function memoryOf(store: PushMemoryStore, options: ExportJobOptions): MemoryTable {
  const loaded = options.mode === 'replace' ? null : store.load();
  const headers = options.headers ?? options.columns;
  return { ...loaded, columns: options.columns, headers, rows: loaded?.rows ?? new Map() };
}

/**
 * What this step wrote for each lead becomes its remembered row; a cell a sync kept (a person's
 * change not yet pushed) keeps its remembered value, so the push still sees it as changed.
 */
function remember(
  table: MemoryTable,
  options: ExportJobOptions,
  leads: readonly Lead[],
  env: ExportEnv,
  plan: SheetPlan,
): void {
  const toCell = cellMaker(options, env);
  const kept = new Map((plan.kept ?? []).map((k) => [k.id, k.columns]));
  for (const lead of leads) {
    const flat = flattenLead(lead, { customFields: options.customFields });
    const row = rememberCells(
      options.columns,
      options.columns.map((column) => toCell(column, flat[column])),
    );
    const before = table.rows.get(lead.id);
    for (const column of kept.get(String(lead.id)) ?? []) {
      const old = before?.[column];
      if (old !== undefined) row[column] = old;
    }
    table.rows.set(lead.id, row);
  }
}

function planSheet(
  options: ExportJobOptions,
  cursor: ExportCursor,
  sheet: ExportSheet,
  leads: readonly Lead[],
  env: ExportEnv,
  t: Translate,
  memory?: MemoryTable,
): { plan: SheetPlan; expected?: ExpectedIds } {
  const flat = leads.map((lead) => flattenLead(lead, { customFields: options.customFields }));
  const toCell = cellMaker(options, env);
  const looks = { headers: options.headers, formats: options.formats };
  if (options.mode === 'replace') {
    const plan = planReplace({
      ...looks,
      columns: options.columns,
      leads: flat,
      toCell,
      writtenRows: cursor.writtenRows,
      // Measured on the first page only: later pages never clear.
      existing: cursor.writtenRows === 0 ? sheet.usedSize() : { rows: 0 },
      owned: cursor.writtenRows === 0 ? sheet.ownedColumns() : [],
    });
    return { plan };
  }
  const table = sheet.readTable();
  if (lacksIdColumn(table))
    throw new JobFailure(t('export.syncNoIdColumn', { sheet: options.sheetName }));
  const plan = planSync({
    ...looks,
    header: table.header,
    rows: table.rows,
    columns: options.columns,
    leads: flat,
    toCell,
    ...(memory ? { keep: personsChange(memory) } : {}),
  });
  const column = table.header.findIndex(
    (cell) =>
      String(cell ?? '')
        .trim()
        .toLowerCase() === 'id',
  );
  return column === -1 || table.rows.length === 0
    ? { plan }
    : { plan, expected: { column, ids: table.rows.map((row) => row[column]) } };
}

/** The words a sync writes on a row whose cells it kept (`CRM Push Detail`): which, and why. */
function keptWords(
  options: ExportJobOptions,
  kept: NonNullable<SheetPlan['kept']>,
  t: Translate,
): Map<string, string> {
  const label = (column: string) => options.headers?.[options.columns.indexOf(column)] ?? column;
  return new Map(
    kept.map(({ id, columns }) => [
      id,
      t('push.export.keptRow', { columns: columns.map(label).join(', ') }),
    ]),
  );
}

/**
 * A cell a person changed since the export wrote it and has not pushed (PRODUCT.md "Round
 * trip"): a sync keeps it rather than overwrite the person's work with the CRM's value.
 */
function personsChange(memory: MemoryTable) {
  return (id: string, column: string, current: unknown): boolean => {
    const remembered = memory.rows.get(Number(id))?.[column];
    return remembered !== undefined && canonCell(current) !== remembered;
  };
}

/**
 * Replace mode's last page: rows below the export's own are cleared (in its own columns). They exist only when a step
 * ran, wrote, and died before its checkpoint, and its repeat (the CRM having changed) wrote fewer.
 */
function clearBelow(sheet: ExportSheet, writtenRows: number): void {
  const used = sheet.usedSize();
  const end = 1 + writtenRows;
  if (used.rows <= end) return;
  sheet.apply({
    // The export's own columns only: a person's column beside them keeps its rows.
    clear: ownedArea(end, used.rows - end, sheet.ownedColumns()),
    writes: [],
    header: [],
    updatedRows: 0,
    appendedRows: 0,
    unchangedRows: 0,
  });
}

/** A sheet with data but no `id` column: a sync cannot tell which row is which lead. */
function lacksIdColumn(table: { header: unknown[]; rows: unknown[][] }): boolean {
  const hasId = table.header.some(
    (cell) =>
      String(cell ?? '')
        .trim()
        .toLowerCase() === 'id',
  );
  const hasData = table.rows.some((row) =>
    row.some((cell) => cell !== null && cell !== undefined && String(cell).trim() !== ''),
  );
  return !hasId && hasData;
}

function count(job: JobRecord, status: string, rows: number): void {
  job.counts[status] = (job.counts[status] ?? 0) + rows;
}
