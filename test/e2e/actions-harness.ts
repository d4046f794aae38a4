/**
 * The add-on world (addon-harness.ts) set up for lead actions tests and the bench: the demo
 * account, one sheet of its leads by id, a full rate-limit budget to start with.
 */
import { DEMO, type Sandbox } from '../../sandbox/index';
import type { JobSummary } from '../../src/core/jobs/record';
import {
  type AddonRuntimeOptions,
  type AddonWorld,
  createAddonWorld,
  sheetColumn,
  waitOutRateWindow,
} from './addon-harness';

export const SHEET = 'Leads';
export const ACTION_HEADER = ['Nome', 'E-mail', 'CRM Lead ID', 'Valor', 'Etapa'];

export interface ActionsWorld extends AddonWorld {
  column(header: string): unknown[];
  statuses(): string[];
  details(): string[];
  /** Runs a global and returns its summary. */
  start(fn: string, ...args: unknown[]): JobSummary;
  /** Drives every pending job to its end (sidebar-less: the trigger chain). */
  finish(): void;
  job(jobId: string): JobSummary;
  /** Requests the sandbox logged, as `METHOD path`. */
  requests(): string[];
}

/** Demo leads of the demo account that tests may change freely (not the named special ones). */
export function plainLeads(sandbox: Sandbox, count: number) {
  const special = new Set<number>(Object.values(DEMO.leads));
  const blocked = new Set(
    sandbox.state.tasks
      .filter((t) => t.is_required && t.status === 'pending')
      .map((t) => `${t.lead_id}:${t.stage_id}`),
  );
  const leads = sandbox.state.leads.filter(
    (l) => l.account_id === 1 && !special.has(l.id) && !blocked.has(`${l.id}:${l.stage_id}`),
  );
  if (leads.length < count) throw new Error(`only ${leads.length} plain demo leads`);
  return leads.slice(0, count);
}

/** A sheet of rows, one per lead id (a row of `''` is a blank row). */
export function leadRows(sandbox: Sandbox, ids: readonly number[]): unknown[][] {
  return ids.map((id) => {
    const lead = sandbox.state.leads.find((l) => l.id === id);
    if (!lead) return ['', '', '', '', ''];
    return [lead.name, lead.email ?? '', id, lead.value ?? '', ''];
  });
}

export interface ActionsWorldOptions {
  rows: (sandbox: Sandbox) => unknown[][];
  /** More sheets (name → rows under ACTION_HEADER). */
  more?: (sandbox: Sandbox) => Record<string, unknown[][]>;
  header?: unknown[];
  runtime?: Pick<AddonRuntimeOptions, 'costs' | 'realTimeoutMs'>;
  /** Who owns and edits the spreadsheet (runAs one of them); left out, one person. */
  sharing?: { owner: string; editors: string[] };
  /** The spreadsheet's locale (`getSpreadsheetLocale`); the runtime's default is en_US. */
  locale?: string;
}

export async function createActionsWorld(options: ActionsWorldOptions): Promise<ActionsWorld> {
  const base = await createAddonWorld({
    sandbox: { seed: 'demo' },
    runtime: (sandbox) => ({
      publishedAddon: false,
      ...options.runtime,
      ...(options.sharing ? { sharing: options.sharing } : {}),
      workbook: {
        sheets: {
          [SHEET]: [options.header ?? ACTION_HEADER, ...options.rows(sandbox)],
          ...Object.fromEntries(
            Object.entries(options.more?.(sandbox) ?? {}).map(([name, rows]) => [
              name,
              [ACTION_HEADER, ...rows],
            ]),
          ),
        },
        timeZone: 'America/Sao_Paulo',
        ...(options.locale ? { locale: options.locale } : {}),
      },
    }),
  });
  const world: ActionsWorld = Object.assign(base, {
    column: (header: string) => sheetColumn(base.runtime, SHEET, header),
    statuses: () => world.column('CRM Action Status').map((v) => String(v ?? '')),
    details: () => world.column('CRM Action Detail').map((v) => String(v ?? '')),
    start: (fn: string, ...args: unknown[]) => base.runtime.runOrThrow(fn, ...args) as JobSummary,
    finish: () => {
      base.runtime.runUntilIdle({ maxExecutions: 60 });
    },
    job: (jobId: string) => base.runtime.runOrThrow('crmGetJob', jobId) as JobSummary,
    requests: () => base.sandbox.requests().map((r) => `${r.method} ${r.path}`),
  });
  waitOutRateWindow(world);
  return world;
}

/** Starts a job and drives it to its end; returns its final summary. */
export function runJob(world: ActionsWorld, fn: string, ...args: unknown[]): JobSummary {
  const started = world.start(fn, ...args);
  world.finish();
  return world.job(started.jobId);
}

/** The actions a kill must never repeat, a sheet each of `rows` rows (a delete confirms them). */
export function unrepeatableCases(rows: number) {
  return [
    { sheet: 'Won', action: 'won', params: {}, method: 'PUT' },
    { sheet: 'Enroll', action: 'enroll', params: { sequence: 'Boas-vindas' }, method: 'POST' },
    { sheet: 'Message', action: 'message', params: { text: 'Olá {{Nome}}' }, method: 'POST' },
    { sheet: 'Delete', action: 'delete', params: {}, confirm: rows, method: 'DELETE' },
  ] as const;
}

export type UnrepeatableCase = ReturnType<typeof unrepeatableCases>[number];

/** crmLeadActions' options for a case. */
export function caseOptions(c: UnrepeatableCase) {
  return {
    sheet: c.sheet,
    action: c.action,
    params: c.params,
    ...('confirm' in c ? { confirm: c.confirm } : {}),
  };
}

/**
 * A world with a sheet per case, each holding its own set of `rows` leads with a phone: the
 * sets are disjoint, and `stride` picks a different slice of the leads per seed.
 */
export async function casesWorld(
  cases: readonly UnrepeatableCase[],
  rows: number,
  seed: number,
  stride: number,
): Promise<{ w: ActionsWorld; sets: number[][] }> {
  let sets: number[][] = [];
  const w = await createActionsWorld({
    rows: () => [],
    more: (sandbox) => {
      const leads = plainLeads(sandbox, 200).filter((l) => l.phone);
      const start = (seed * stride) % (leads.length - rows * cases.length);
      sets = cases.map((_, i) =>
        leads.slice(start + i * rows, start + (i + 1) * rows).map((l) => l.id),
      );
      return Object.fromEntries(cases.map((c, i) => [c.sheet, leadRows(sandbox, sets[i] ?? [])]));
    },
  });
  return { w, sets };
}

/** What the CRM held before a run: its effects are counted from there (effectsOf). */
export interface Before {
  sales: Set<number>;
  seqs: Set<number>;
  msgs: Set<number>;
  enrolled: Set<number>;
  won: Set<number>;
}

export function beforeOf(w: ActionsWorld): Before {
  const state = w.sandbox.state;
  return {
    sales: new Set(state.sales.map((x) => x.id)),
    seqs: new Set(state.leadSequences.map((x) => x.id)),
    msgs: new Set(state.messages.map((x) => x.id)),
    enrolled: new Set(
      state.leadSequences
        .filter((e) => e.status === 'active' && e.sequence_id === DEMO.sequences.boasVindas)
        .map((e) => e.lead_id),
    ),
    won: new Set(state.leads.filter((l) => l.stage_id === DEMO.stages.ganho).map((l) => l.id)),
  };
}

/** The CRM's effects per lead since `before`: sales, enrollments made, messages sent. */
export function effectsOf(
  w: ActionsWorld,
  c: UnrepeatableCase,
  ids: number[],
  before: Before,
): Map<number, number> {
  const per = new Map(ids.map((id) => [id, 0]));
  const bump = (id: number | null | undefined) => {
    if (id !== null && id !== undefined && per.has(id)) per.set(id, (per.get(id) ?? 0) + 1);
  };
  const state = w.sandbox.state;
  if (c.action === 'won') for (const s of state.sales) if (!before.sales.has(s.id)) bump(s.lead_id);
  if (c.action === 'enroll')
    for (const e of state.leadSequences) if (!before.seqs.has(e.id)) bump(e.lead_id);
  if (c.action === 'message') {
    const leadOf = new Map(state.conversations.map((conv) => [conv.id, conv.lead_id]));
    for (const m of state.messages) {
      if (!before.msgs.has(m.id) && m.direction === 'out') bump(leadOf.get(m.conversation_id));
    }
  }
  return per;
}
