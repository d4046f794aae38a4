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
}

export async function createActionsWorld(options: ActionsWorldOptions): Promise<ActionsWorld> {
  const base = await createAddonWorld({
    sandbox: { seed: 'demo' },
    runtime: (sandbox) => ({
      publishedAddon: false,
      ...options.runtime,
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
