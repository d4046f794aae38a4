/**
 * Export benchmark: leads exported by the real bundle in the local Apps Script runtime against
 * the sandbox, in simulated time under a latency profile (tools/gas-runtime/costs.ts). Also the
 * cold time of a custom function: a fresh V8 context that loads the bundle and answers one
 * CRM_PIPELINES from the cache.
 *
 *   npx tsx scripts/bench-export.ts [profile=typical] [leads=2000]
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import {
  buildBundle,
  createHarness,
  DEMO_NOW,
  seedLeads,
  waitOutRateWindow,
} from '../test/e2e/export-harness';
import type { LatencyProfileName } from '../tools/gas-runtime/index';
import { benchWorldOptions, type JobFigures, measure, PROFILES, snapshot } from './bench-figures';

/** The demo account already holds 300 leads. */
const DEMO_LEADS = 300;
const COLD_RUNS = 20;

export interface ExportFigures extends JobFigures {
  /** API requests the export made (the floor is one per 200 leads). */
  requests: number;
}

export async function benchExport(
  profile: LatencyProfileName,
  leads: number,
): Promise<ExportFigures> {
  const h = await createHarness({ runtime: benchWorldOptions(profile) });
  seedLeads(h.sandbox, leads - DEMO_LEADS, DEMO_NOW);
  waitOutRateWindow(h);
  h.sandbox.clearRequests();
  h.runtime.resetStats();

  const startedAt = h.clock.now();
  const first = h.runtime.runOrThrow('crmExportLeads', { sheet: 'Leads' }) as { state: string };
  if (first.state !== 'done') h.runtime.runUntilIdle();
  const stats = snapshot(h.runtime.stats);
  const jobs = h.runtime.runOrThrow('crmListJobs') as Array<{ state: string; done: number }>;
  const job = jobs[0];
  if (job?.state !== 'done' || job.done !== leads) {
    throw new Error(`The export did not finish: ${JSON.stringify(job)}`);
  }
  const rows = h.runtime.sheet('Leads').getValues().length - 1;
  if (rows !== leads) throw new Error(`The sheet holds ${rows} rows, not ${leads}.`);
  const isPage = (path: string) => path.startsWith('/api/v1/leads');
  return {
    ...measure({
      run: `export · ${leads.toLocaleString('en')} leads`,
      runtime: h.runtime,
      sandbox: h.sandbox,
      stats,
      startedAt,
      rows: leads,
      isJobRequest: isPage,
    }),
    requests: h.requests().filter((r) => isPage(r.path)).length,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Wall time of a cached custom function in a fresh context, and of compiling the bundle. */
export async function benchCustomFunction(): Promise<{
  customFunctionColdMs: number;
  bundleCompileMs: number;
  bundleBytes: number;
}> {
  const h = await createHarness({ allowFormulas: true });
  h.runtime.runCustomFunction('CRM_PIPELINES'); // warms the cache
  const coldMs: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const t0 = performance.now();
    const result = h.runtime.runCustomFunction('CRM_PIPELINES');
    coldMs.push(performance.now() - t0);
    if (!result.ok) throw new Error(`CRM_PIPELINES failed: ${result.error?.message}`);
  }
  const code = await buildBundle();
  const compileMs: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const t0 = performance.now();
    new vm.Script(`${code}\n//${i}`);
    compileMs.push(performance.now() - t0);
  }
  return {
    customFunctionColdMs: Math.round(median(coldMs) * 10) / 10,
    bundleCompileMs: Math.round(median(compileMs) * 10) / 10,
    bundleBytes: Buffer.byteLength(code),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [profile = 'typical', leads = '2000'] = process.argv.slice(2);
  if (!PROFILES.includes(profile as LatencyProfileName))
    throw new Error(`profile must be one of ${PROFILES.join(', ')}`);
  console.table([await benchExport(profile as LatencyProfileName, Number(leads))]);
  console.table([await benchCustomFunction()]);
}
