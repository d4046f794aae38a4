/**
 * Export benchmark: 10,000 leads exported by the real bundle in the local Apps Script runtime
 * against the sandbox, in simulated time (the runtime's cost model: 300 ms per fetch, 5 ms per
 * SpreadsheetApp call). Also the cold time of a custom function: a fresh V8 context that loads
 * the bundle and answers one CRM_PIPELINES from the cache.
 *
 *   npx tsx scripts/bench-export.ts
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

export interface ExportBenchResult {
  leads: number;
  /** API requests the export made (the floor is 10,000 / 200 = 50). */
  requests: number;
  /** Simulated time from crmExportLeads to the job's end, seconds. */
  simulatedSeconds: number;
  /** Executions it took (the first call, then triggers). */
  executions: number;
  spreadsheetCallsPer1000Rows: number;
  /** Wall time of one custom-function execution: fresh context, bundle run, one cached call. */
  customFunctionColdMs: number;
  /** Wall time to compile the bundle once (Apps Script parses it on each cold start too). */
  bundleCompileMs: number;
  bundleBytes: number;
}

const LEADS = 10_000;
const SEEDED = LEADS - 300; // the demo account already holds 300 leads
const COLD_RUNS = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export async function benchExport(): Promise<ExportBenchResult> {
  const h = await createHarness({ allowFormulas: true });
  seedLeads(h.sandbox, SEEDED, DEMO_NOW);
  waitOutRateWindow(h);
  h.sandbox.clearRequests();
  h.runtime.resetStats();

  const start = h.clock.now();
  const first = h.runtime.runOrThrow('crmExportLeads', { sheet: 'Leads' }) as { state: string };
  if (first.state !== 'done') h.runtime.runUntilIdle();
  const jobs = h.runtime.runOrThrow('crmListJobs') as Array<{ state: string; done: number }>;
  const end = h.runtime.executions.at(-2)?.endedAt ?? h.clock.now();
  const job = jobs[0];
  if (job?.state !== 'done' || job.done !== LEADS) {
    throw new Error(`The export did not finish: ${JSON.stringify(job)}`);
  }
  const rows = h.runtime.sheet('Leads').getValues().length - 1;
  if (rows !== LEADS) throw new Error(`The sheet holds ${rows} rows, not ${LEADS}.`);
  const sheetCalls = h.runtime.stats.byService.SpreadsheetApp ?? 0;
  const executions = h.runtime.stats.executions - 1; // the crmListJobs check above

  // Custom function: warm the cache once, then time cold executions that hit it.
  h.runtime.runCustomFunction('CRM_PIPELINES');
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
    leads: LEADS,
    requests: h.requests().filter((r) => r.path.startsWith('/api/v1/leads')).length,
    simulatedSeconds: Math.round((end - start) / 100) / 10,
    executions,
    spreadsheetCallsPer1000Rows: Math.round((sheetCalls / LEADS) * 1000 * 10) / 10,
    customFunctionColdMs: Math.round(median(coldMs) * 10) / 10,
    bundleCompileMs: Math.round(median(compileMs) * 10) / 10,
    bundleBytes: Buffer.byteLength(code),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchExport();
  console.log(JSON.stringify(result, null, 2));
}
