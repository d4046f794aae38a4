import type { CrmApi, CrmClock, Settled } from '../../api';
import { NotFoundError } from '../../api/errors';
import type { Lead } from '../../api/schemas';
import type { ActionRequest } from '../actions/decide';
import type { ActionEntry } from '../actions/entry';
import { afterTasksRead, readOpenTasks, tasksToRead } from '../actions/reference';
import {
  callOf,
  isRepeatable,
  outcomeOf,
  settledBy,
  settleIncludes,
  stateOf,
} from '../actions/requests';
import { hashText } from '../cache/chunked';
import { cellFault, shownText } from '../cells/read';
import { toSheetCell } from '../export/cells';
import { columnKind, flattenLead } from '../export/columns';
import { headerNamesColumn } from '../export/headers';
import type { Translate } from '../i18n';
import { type DateOrder, type DecimalMark, isBlankCell, normalizePhone } from '../import/normalize';
import { buildDirectory } from '../import/resolve';
import { columnLetter } from '../import/text-key';
import type { NextMove, PipelineKind, ReadHooks, SheetValues } from '../jobs/pipeline/types';
import { asText } from '../jobs/row-job';
import {
  emailKey,
  holdsKey,
  type LeadKey,
  type SearchAnswer,
  searchHolders,
} from '../leads/resolver';
import { fitToPlan, type PlanRow } from '../plan/plan';
import { lookupQuery } from '../send/lookup';
import { decidePush, type PushContext, upsertKey } from './decide';
import { goesByUpsert, roleOf } from './fields';
import { canonCell, type MemoryTable } from './memory';
import {
  PUSH_STATUS_HEADERS,
  type PushEntry,
  type PushJobOptions,
  type PushRequest,
  type PushState,
} from './types';

export interface PushKindEnv {
  jobId: string;
  t: Translate;
  /** The sheet's memory (what the export or the last push left), read once an execution. */
  memory(): MemoryTable | null;
  /** Remembers the cells of rows the push sent (or found already so) as the sheet shows them. */
  remember(rows: ReadonlyMap<number, Record<string, string>>): void;
  makeDate(year: number, month: number, day: number): Date;
  formatDate(date: Date): string;
  /** The spreadsheet locale's decimal mark: how amounts typed as text read (a comma unless said). */
  decimalMark?: DecimalMark;
  /** The spreadsheet locale's date order (dateOrderOf): how `01/02/2026` reads (DMY unless said). */
  dateOrder?: DateOrder;
  crmClock?(): CrmClock | undefined;
  now(): number;
  plan?(): ReadonlyMap<string, PlanRow>;
}

/**
 * How often a push places its statuses (pipeline/types.ts `placeEveryMs`): changed rows lie
 * among untouched ones, and placed step by step each cost a sheet write of its own (bench-push:
 * 6.0 Sheets calls a changed row); placed every half minute with the untouched rows between
 * them, a few writes a run.
 */
export const PUSH_PLACE_EVERY_MS = 30_000;

/** Where each remembered column is on the sheet now (found by its header, in either language). */
export function pushLayout(
  header: readonly unknown[],
  table: Pick<MemoryTable, 'columns' | 'headers'>,
): { id?: number; at: Map<string, number> } {
  const at = new Map<string, number>();
  table.columns.forEach((column, i) => {
    const index = header.findIndex((cell) => headerNamesColumn(cell, column, table.headers[i]));
    if (index >= 0) at.set(column, index);
  });
  const id = at.get('id');
  at.delete('id');
  return id === undefined ? { at } : { id, at };
}

function idOf(
  row: readonly unknown[],
  display: readonly unknown[],
  index: number,
): number | undefined {
  const text = String(display[index] ?? row[index] ?? '').trim();
  return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}

/** Each data row's key: `#<lead id>`, `?<cells>` for a row with data but no id, '' blank. */
export function pushRowKeys(values: SheetValues, layout: ReturnType<typeof pushLayout>): string[] {
  const columns = [...layout.at.values()];
  return values.rows.map((row, index) => {
    const display = values.display[index] ?? row;
    const id = layout.id === undefined ? undefined : idOf(row, display, layout.id);
    if (id !== undefined) return `#${id}`;
    if (columns.every((c) => isBlankCell(row[c]))) return '';
    return `?${columns.map((c) => String(display[c] ?? row[c] ?? '')).join('|')}`;
  });
}

/** The lead as the push compares it: the cells an export would write now for `columns`. */
export function pushStateOf(
  lead: Lead,
  columns: readonly string[],
  options: Pick<PushJobOptions, 'customFields' | 'ref'>,
  makeDate: PushKindEnv['makeDate'],
): PushState {
  // `won` records what a stage move needs: the place, pending mandatory tasks, sales and losses.
  const base = stateOf(lead, 'won', options.ref);
  const flat = flattenLead(lead, { customFields: options.customFields });
  const n: Record<string, string> = {};
  for (const column of columns) {
    const kind = columnKind(column, options.customFields);
    n[column] = canonCell(toSheetCell(flat[column] ?? null, kind, { makeDate }));
  }
  return {
    ...base,
    tags: [...(lead.tags ?? [])],
    n,
    ...(lead.email ? { e: lead.email } : {}),
    ...(lead.phone ? { ph: lead.phone } : {}),
  };
}

export function pushContext(
  options: PushJobOptions,
  t: Translate,
  env: Pick<PushKindEnv, 'formatDate' | 'decimalMark' | 'dateOrder'>,
  labels: Record<string, string>,
): PushContext {
  const pipelines = options.ref.pipelines.map((p) => ({
    id: p.id,
    name: p.name,
    stages: p.stages.map((s) => ({ id: s.id, name: s.name, is_won: s.won, is_lost: s.lost })),
  }));
  return {
    t,
    locale: options.locale,
    ref: options.ref,
    directory: buildDirectory(pipelines, options.users),
    customFields: options.customFields,
    values: {
      defaultCountry: options.defaultCountry,
      formatDate: env.formatDate,
      ...(env.decimalMark ? { decimalMark: env.decimalMark } : {}),
      ...(env.dateOrder ? { dateOrder: env.dateOrder } : {}),
      t,
    },
    formatDate: env.formatDate,
    onConflict: options.onConflict,
    labels,
  };
}

/** The push's pieces of the row pipeline (core/jobs/pipeline/ledger), a run or its preview. */
export function pushKind(
  options: PushJobOptions,
  env: PushKindEnv,
): PipelineKind<PushEntry, PushRequest> {
  const { t } = env;
  const preview = options.mode === 'preview';
  let table: MemoryTable | null | undefined;
  const memory = () => {
    if (table === undefined) table = env.memory();
    return table;
  };
  const labels = () => {
    const m = memory();
    return Object.fromEntries((m?.columns ?? []).map((c, i) => [c, m?.headers[i] ?? c]));
  };
  let ctx: PushContext | undefined;
  const context = () => {
    ctx ??= pushContext(options, t, env, labels());
    return ctx;
  };
  const next = (entry: PushEntry) => nextPush(context(), entry, preview);
  const derive = (entry: PushEntry): string | undefined => {
    if (entry.s === undefined) return undefined;
    const { s: _s, d: _d, ...bare } = entry;
    const move = next(bare);
    return move.kind === 'final' && move.status === entry.s ? move.words : undefined;
  };
  return {
    headers: PUSH_STATUS_HEADERS,
    adoptsLateRows: true,
    placeEveryMs: PUSH_PLACE_EVERY_MS,
    collect(values) {
      const m = memory();
      if (!m) return t('push.message.noMemory', { sheet: options.sheetName });
      const layout = pushLayout(values.header, m);
      if (layout.id === undefined)
        return t('push.message.noIdColumn', { sheet: options.sheetName });
      const entries = collectPush(values, layout, m, t, env.now(), options);
      const plan = env.plan?.();
      if (plan) for (const entry of entries) keepToPushPlan(entry, plan, t, env.now());
      return entries;
    },
    keyColumns(header) {
      const m = memory();
      if (!m) return undefined;
      const layout = pushLayout(header, m);
      return layout.id === undefined ? undefined : [layout.id, ...layout.at.values()];
    },
    keysOf(values) {
      const m = memory();
      if (!m) return values.rows.map(() => '');
      return pushRowKeys(values, pushLayout(values.header, m));
    },
    read: pushReads(options, env, context),
    rowMark: (entry) => (entry.g ? undefined : entry.h),
    next,
    call: (entry, request) =>
      request.op === 'upsert'
        ? (api: CrmApi) => api.leads.upsert(request.body)
        : callOf(entry.i ?? 0, request),
    repeatable: (request) => request.op === 'upsert' || isRepeatable(request),
    readAnswer(entry, request, answer) {
      if (request.op !== 'upsert') {
        // A move the CRM holds (mandatory tasks) ends as a push status: SKIPPED, with its words.
        const outcome = outcomeOf(request, answer, t);
        return outcome.kind === 'row' && outcome.status === 'BLOCKED'
          ? { ...outcome, status: 'SKIPPED' }
          : outcome;
      }
      if (answer.ok) {
        const lead = (answer.value as { lead?: { id?: number } }).lead;
        // The key named another lead after all: said, never taken for this row's change.
        if (lead?.id !== undefined && lead.id !== entry.i)
          return {
            kind: 'row',
            status: 'FAILED',
            words: t('push.detail.otherLead', { id: lead.id }),
          };
        return { kind: 'done' };
      }
      const outcome = outcomeOf({ op: 'stage', stageId: 0, pipelineId: 0 }, answer, t);
      if (outcome.kind === 'row' && outcome.status === 'BLOCKED')
        return { kind: 'row', status: 'FAILED', words: outcome.words };
      return outcome;
    },
    settleCall: (entry, request) => (api: CrmApi) =>
      api.leads.get(entry.i ?? 0, settleIncludes(request as ActionRequest)),
    settled: (entry, request, answer) =>
      request.op === 'upsert'
        ? 'unknown'
        : settledBy(
            request,
            entry as unknown as ActionEntry,
            answer as Settled<Lead>,
            env.crmClock?.(),
          ),
    cancelled: (entry, how) => ({
      status: 'SKIPPED',
      words: t(
        (entry.x ?? 0) > 0
          ? 'push.detail.cancelledPart'
          : how === 'notArrived'
            ? 'push.detail.cancelledNotArrived'
            : 'push.detail.cancelled',
        { jobId: env.jobId },
      ),
    }),
    words(_entry, status, base) {
      if (status === 'settled') return `${base} ${t('leadjob.detail.confirmed')}`;
      if (status === 'UNCERTAIN') return t('leadjob.detail.uncertain', { reason: base });
      return base;
    },
    derive,
    cells: (entry) => [
      entry.s ?? '',
      asText(entry.d ?? derive(entry) ?? ''),
      entry.t === undefined ? '' : new Date(entry.t),
      asText(env.jobId),
    ],
    message(entries, finished) {
      if (finished && !preview) env.remember(pushedCells(context(), entries));
      return pushMessage(t, options, entries, finished);
    },
  };
}

/** What a row does next: a request of its decision, or its end. */
export function nextPush(
  ctx: PushContext,
  entry: PushEntry,
  preview: boolean,
): NextMove<PushRequest> {
  const { t } = ctx;
  if (entry.s !== undefined) return { kind: 'none' };
  if (entry.g === 2) return { kind: 'final', status: 'SKIPPED', words: entry.d ?? '' };
  // A row the person did not touch: nothing to read or send.
  if (entry.c === undefined && entry.g === undefined)
    return { kind: 'final', status: 'NO_CHANGE', words: t('push.detail.untouched') };
  const decision = decidePush(ctx, entry);
  switch (decision.kind) {
    case 'gone':
      return { kind: 'final', status: 'NOT_FOUND', words: t('push.detail.notFound') };
    case 'final':
      return decision;
    case 'change': {
      if (preview) return { kind: 'final', status: 'WILL_CHANGE', words: decision.words };
      if ((entry.x ?? 0) === 0 && entry.q !== undefined && entry.q !== 'W') {
        return {
          kind: 'final',
          status: 'NOT_PREVIEWED',
          words: t('push.detail.notPreviewedStays', { change: decision.words }),
        };
      }
      const request = decision.requests[entry.x ?? 0];
      if (request) return { kind: 'request', request, words: decision.words };
      // A held stage move is no DONE: the stage cell stays unremembered, so a later push sends it.
      return { kind: 'final', status: decision.held ? 'SKIPPED' : 'DONE', words: decision.words };
    }
  }
}

/** Every row with an id or data, as an entry: its changed cells against the memory. */
function collectPush(
  values: SheetValues,
  layout: ReturnType<typeof pushLayout>,
  table: MemoryTable,
  t: Translate,
  now: number,
  options: Pick<PushJobOptions, 'defaultCountry' | 'headerRow'>,
): PushEntry[] {
  const country = options.defaultCountry;
  const keys = pushRowKeys(values, layout);
  const byKey = new Map<string, PushEntry>();
  const rowsOf = new Map<string, number[]>();
  // Each remembered row's cells in the sheet's column order → its lead (built when first needed).
  // Only with a column that names a lead (name, e-mail, phone): stages and values alone are shared.
  const identity = ['name', 'email', 'phone'].filter((column) => layout.at.has(column));
  const signature = (cell: (column: string, at: number) => string) =>
    JSON.stringify([...layout.at].map(([column, at]) => cell(column, at)));
  let byCells: Map<string, number> | undefined;
  const exportedAs = () => {
    if (byCells) return byCells;
    byCells = new Map();
    for (const [lead, remembered] of table.rows) {
      if (!identity.some((column) => remembered[column])) continue;
      const key = signature((column) => remembered[column] ?? '');
      // Two leads exported alike tell nothing: neither is taken as the row's (0).
      byCells.set(key, byCells.has(key) ? 0 : lead);
    }
    return byCells;
  };
  values.rows.forEach((row, index) => {
    const key = keys[index] ?? '';
    if (key === '') return;
    const display = values.display[index] ?? row;
    const cells = [...layout.at.values()].map((c) => String(display[c] ?? row[c] ?? ''));
    const h = hashText(cells.join('\u0001')).slice(0, 7);
    const sheetRow = options.headerRow + 1 + index;
    const first = byKey.get(key);
    if (first) {
      // Two rows name one lead with other cells (an id typed over, a row copied and edited):
      // which is the lead's cannot be told, so neither is sent (never one lead's cells into another).
      const rows = [...(rowsOf.get(key) ?? []), sheetRow];
      rowsOf.set(key, rows);
      if (first.h === h && first.g !== 2) return;
      if (first.i !== undefined || first.g === 2) twinEntry(first, rows, t, key);
      return;
    }
    rowsOf.set(key, [sheetRow]);
    const entry: PushEntry = { k: key, h };
    byKey.set(key, entry);
    if (!key.startsWith('#')) {
      entry.g = 2;
      entry.d = t('push.detail.noId');
      return;
    }
    const id = Number(key.slice(1));
    entry.i = id;
    const remembered = table.rows.get(id);
    if (!remembered) {
      entry.g = 2;
      entry.d = t('push.detail.notExported', { id });
      return;
    }
    const c: Record<string, string> = {};
    const w: Record<string, string> = {};
    for (const [column, at] of layout.at) {
      const before = remembered[column];
      if (before === undefined) continue;
      const fault = cellFault(shownText(row[at], display[at]));
      if (fault) {
        // A cell showing an error or Loading… is never a value (PRODUCT.md "Every job reads cells alike").
        entry.g = 2;
        entry.d = t(fault === 'loading' ? 'leadjob.fail.loadingCell' : 'leadjob.fail.errorCell', {
          column: `${String(values.header[at] ?? '')} (${columnLetter(at)})`,
          value: String(display[at] ?? row[at] ?? '').trim(),
        });
        return;
      }
      const now = canonCell(row[at]);
      if (now === before) continue;
      c[column] = now;
      w[column] = before;
    }
    if (Object.keys(c).length === 0) {
      entry.s = 'NO_CHANGE';
      entry.d = t('push.detail.untouched');
      entry.t = now;
      return;
    }
    const owner = exportedAs().get(signature((_column, at) => canonCell(row[at])));
    if (owner && owner !== id) {
      // The row holds another lead's cells exactly as exported: its ID was changed (the ID
      // column sorted alone, an id typed over), not its cells. Never pushed into lead #id.
      entry.g = 2;
      entry.d = t('push.detail.idChanged', { id, other: owner });
      return;
    }
    entry.c = c;
    entry.w = w;
    if (remembered.email) entry.ke = emailKey(remembered.email);
    if (remembered.phone) {
      const phone = normalizePhone(remembered.phone, country);
      if (phone.ok) entry.kp = phone.value;
    }
  });
  return [...byKey.values()];
}

/** An entry whose lead two rows with other cells name: SKIPPED with words, nothing read or sent. */
function twinEntry(entry: PushEntry, rows: readonly number[], t: Translate, key: string): void {
  if (!key.startsWith('#')) return;
  for (const field of ['c', 'w', 's', 't', 'ke', 'kp'] as const) delete entry[field];
  entry.g = 2;
  entry.d = t('push.detail.twinRows', { id: key.slice(1), rows: rows.join(', ') });
}

/** A run with a preview acts only on rows as the preview saw them (core/plan). */
function keepToPushPlan(
  entry: PushEntry,
  plan: ReadonlyMap<string, PlanRow>,
  t: Translate,
  now: number,
): void {
  // A row the person left untouched sends nothing whatever the preview said of it.
  if (entry.s !== undefined) return;
  const fit = fitToPlan(plan, entry);
  if (fit.kind === 'notPreviewed') {
    entry.s = 'NOT_PREVIEWED';
    entry.d = t(
      fit.why === 'added' ? 'push.detail.notPreviewedAdded' : 'push.detail.notPreviewedChanged',
    );
    entry.t = now;
    delete entry.c;
    delete entry.g;
    return;
  }
  entry.q = fit.row.v;
  if (fit.row.i !== undefined) entry.p = fit.row.i;
}

/**
 * Reads each changed row's lead: pages of the whole account when fewer requests than one read a
 * row. A row whose fields go by upsert also needs its key's holders on complete evidence (a
 * whole paged read, or a search for the key): the upsert never goes by a key another lead holds.
 */
function pushReads(
  options: PushJobOptions,
  env: PushKindEnv,
  context: () => PushContext,
): ReadHooks<PushEntry, unknown> {
  const country = options.defaultCountry;
  const include = options.include;
  const columnsOf = (entry: PushEntry) => Object.keys(entry.c ?? {});
  // A row that moves its lead (stage or pipeline cell changed).
  const moves = (entry: PushEntry) =>
    columnsOf(entry).some((c) => {
      const kind = roleOf(c, options.customFields).kind;
      return kind === 'stage' || kind === 'pipeline';
    });
  const state = (entry: PushEntry, lead: Lead) => {
    entry.b = pushStateOf(lead, columnsOf(entry), options, env.makeDate);
    if (!moves(entry)) delete entry.b.open;
  };
  const upserts = (entry: PushEntry) =>
    columnsOf(entry).some((c) => goesByUpsert(c, options.customFields));
  const keyPending = (entry: PushEntry) => {
    if (!entry.b || !upserts(entry)) return false;
    const key = upsertKey(context(), entry);
    return typeof key === 'string' && key !== 'both' && entry.kk !== key;
  };
  const leadKey = (key: string): LeadKey => ({
    by: key.startsWith('e:') ? 'email' : 'phone',
    value: key.slice(2),
  });
  return {
    needs: (entry) =>
      entry.s === undefined &&
      !entry.g &&
      entry.c !== undefined &&
      (entry.b === undefined || tasksToRead(entry.b) || keyPending(entry)),
    page: (page) => (api: CrmApi) => api.leads.list({ page, per_page: 200, include }),
    applyPage(items, needing) {
      const leads = items as Lead[];
      const byId = new Map(leads.map((lead) => [lead.id, lead]));
      const touched: PushEntry[] = [];
      for (const entry of needing) {
        const lead = byId.get(entry.i ?? 0);
        if (lead && !entry.b) state(entry, lead);
        if (upserts(entry)) {
          for (const other of leads) {
            if (entry.ke && holdsKey(other, { by: 'email', value: entry.ke }, country))
              entry.he = [...new Set([...(entry.he ?? []), other.id])].slice(0, 5);
            if (entry.kp && holdsKey(other, { by: 'phone', value: entry.kp }, country))
              entry.hp = [...new Set([...(entry.hp ?? []), other.id])].slice(0, 5);
          }
        }
        touched.push(entry);
      }
      return touched;
    },
    endPages(needing, whole) {
      for (const entry of needing) {
        const key = entry.b && upserts(entry) ? upsertKey(context(), entry) : undefined;
        if (whole && typeof key === 'string') {
          if (key === `e:${entry.ke}`) {
            entry.kk = key;
            entry.kh = entry.he ?? [];
          } else if (key === `p:${entry.kp}`) {
            entry.kk = key;
            entry.kh = entry.hp ?? [];
          }
        }
        delete entry.he;
        delete entry.hp;
      }
      return [...needing];
    },
    one: (entry) => (api: CrmApi) => {
      if (!entry.b) return api.leads.get(entry.i ?? 0, include);
      if (tasksToRead(entry.b)) return readOpenTasks(entry.i ?? 0)(api);
      const key = upsertKey(context(), entry) as string;
      const by = key.startsWith('e:') ? 'email' : 'phone';
      return api.leads.list({ q: lookupQuery(by, key.slice(2)), per_page: 200 });
    },
    applyOne(entry, answer) {
      if (entry.b && tasksToRead(entry.b)) {
        const held = afterTasksRead(entry.b, entry.i ?? 0, answer);
        if (!held) return false;
        entry.b = held;
        return true;
      }
      if (!answer.ok) {
        if (!(answer.error instanceof NotFoundError)) return false;
        entry.g = 1;
        return true;
      }
      const value = answer.value as { data?: unknown };
      if (!Array.isArray(value.data)) {
        state(entry, answer.value as Lead);
        return true;
      }
      const key = upsertKey(context(), entry);
      if (typeof key !== 'string' || key === 'both') return true;
      const holders = searchHolders(answer.value as SearchAnswer, leadKey(key), country);
      if (holders === undefined) {
        entry.g = 2;
        entry.d = env.t('leadjob.detail.searchTooBroad');
        return true;
      }
      entry.kk = key;
      entry.kh = [...holders];
      return true;
    },
  };
}

/**
 * The cells a run made the CRM's (DONE rows), or found the CRM already holding (NO_CHANGE):
 * the memory takes them, so a second push right after sends nothing. Emptied and read-only
 * cells keep their remembered value: nothing of them reached the CRM.
 */
function pushedCells(
  ctx: PushContext,
  entries: readonly PushEntry[],
): Map<number, Record<string, string>> {
  const rows = new Map<number, Record<string, string>>();
  for (const entry of entries) {
    if (entry.i === undefined || !entry.c || (entry.s !== 'DONE' && entry.s !== 'NO_CHANGE'))
      continue;
    const cells: Record<string, string> = {};
    for (const [column, value] of Object.entries(entry.c)) {
      if (value === '' || roleOf(column, ctx.customFields).kind === 'readOnly') continue;
      cells[column] = value;
    }
    rows.set(entry.i, cells);
  }
  return rows;
}

function pushMessage(
  t: Translate,
  options: PushJobOptions,
  entries: readonly PushEntry[],
  finished: boolean,
): string {
  const counts = new Map<string, number>();
  for (const e of entries) if (e.s && !e.a) counts.set(e.s, (counts.get(e.s) ?? 0) + 1);
  const parts = [...counts].map(([status, count]) => `${count} ${status}`).join(', ');
  if (!finished) {
    const done = entries.filter((e) => e.s !== undefined).length;
    return t('push.message.progress', { sheet: options.sheetName, done, total: entries.length });
  }
  return t(options.mode === 'preview' ? 'push.message.previewed' : 'push.message.finished', {
    sheet: options.sheetName,
    parts: parts || '0',
  });
}
