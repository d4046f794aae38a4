/**
 * Import benchmark: generated Brazilian rows (valid, invalid, duplicate, blank) imported by the
 * real bundle in the local Apps Script runtime against the sandbox, in simulated time under a
 * latency profile (tools/gas-runtime/costs.ts). Driven by the open sidebar (the fast path) or by
 * the bound script's one-off trigger chain (triggers firing up to 60 s late). Also the CPU cost
 * of the job's per-step planning of a 10,000-row sheet.
 *
 *   npx tsx scripts/bench-import.ts [profile=typical] [rows=300] [driver=sidebar]
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createSandbox, DEMO_KEYS } from '../sandbox/index';
import { intlDateFormatter } from '../src/core/import/date-format';
import { mapHeaders } from '../src/core/import/headers';
import { analyseSheet, type PayloadCache, statusColumnsOf } from '../src/core/import/job/sheet';
import type { ImportContext } from '../src/core/import/row';
import { IMPORT_STATUS_HEADERS } from '../src/core/import/status-columns';
import type { JobSummary } from '../src/core/jobs/record';
import { driveJob } from '../test/e2e/addon-harness';
import { createImportWorld, SHEET } from '../test/e2e/import-harness';
import { generateImportSheet } from '../test/e2e/import-sheet';
import type { LatencyProfileName, TriggerLateness } from '../tools/gas-runtime/index';
import {
  benchWorldOptions,
  type Driver,
  type JobFigures,
  LATENESS_LABELS,
  measure,
  PROFILES,
  round,
  snapshot,
  startJob,
} from './bench-figures';

export interface ImportRun {
  profile: LatencyProfileName;
  rows: number;
  driver: Driver;
  /** Stop after the first execution (the first slice of a big sheet) instead of finishing. */
  firstSliceOnly?: boolean;
  /** How late one-off triggers fire. @default 'uniform' */
  lateness?: TriggerLateness;
  /** The import's mode (`create` writes its creations ahead: one more write a batch). */
  mode?: 'upsert' | 'create';
}

/** Sidebar calls or trigger executions a run may take before it is called stuck. */
const MAX_RUNS = 400;

export async function benchImport(run: ImportRun): Promise<JobFigures> {
  const sheet = generateImportSheet(run.rows);
  const world = await createImportWorld({
    sheet,
    runtime: benchWorldOptions(run.profile, run.lateness),
  });
  const { runtime, clock } = world;
  runtime.resetStats();
  const startedAt = clock.now();
  const first = startJob(runtime, 'crmImportLeads', {
    sheet: SHEET,
    ...(run.mode === undefined ? {} : { mode: run.mode }),
  });
  if (!run.firstSliceOnly) driveJob(world, first.jobId, run.driver, MAX_RUNS);
  const stats = run.firstSliceOnly ? first.stats : snapshot(runtime.stats);
  const job = runtime.runOrThrow('crmGetJob', first.jobId) as JobSummary;
  if (!run.firstSliceOnly && job.state !== 'done')
    throw new Error(`The import ended ${job.state}: ${job.message}`);
  return measure({
    run: run.firstSliceOnly
      ? `${first.killed ? 'killed at 6 min: ' : ''}import, first slice of ${run.rows.toLocaleString('en')} rows`
      : `import · ${run.driver === 'trigger' ? `trigger chain, ${LATENESS_LABELS[run.lateness ?? 'uniform']}` : 'sidebar'}`,
    runtime,
    sandbox: world.sandbox,
    stats,
    startedAt,
    // A first slice is measured on the rows it reached; a whole run on every row of the sheet.
    rows: run.firstSliceOnly ? job.done : run.rows,
    isJobRequest: (path) => path.startsWith('/api/v1/leads/upsert'),
  });
}

/**
 * Each step plans the whole sheet again (rows may have moved); payloads are reused from the
 * previous step, so a step costs a key per row. Measured on 10,000 rows: one cold plan, then
 * the average warm re-plan.
 */
export function benchImportPlanning(rows = 10_000): {
  rows: number;
  coldMsPerRow: number;
  warmStepMs: number;
} {
  const sheet = generateImportSheet(rows, 77);
  const sandbox = createSandbox({ seed: 'empty' });
  const get = (path: string) =>
    JSON.parse(
      sandbox.handle({
        method: 'GET',
        path: `/api/v1${path}`,
        headers: { 'x-api-key': DEMO_KEYS.admin },
      }).body,
    );
  const context: ImportContext = {
    customFields: get('/custom-fields').data,
    pipelines: get('/pipelines').pipelines,
    users: [],
    defaultCountry: 'BR',
    matchBy: 'email_or_phone',
    formatDate: intlDateFormatter('America/Sao_Paulo'),
  };
  const header = [...sheet.header, ...IMPORT_STATUS_HEADERS];
  const headerMap = mapHeaders(header, { customFields: context.customFields });
  const columns = statusColumnsOf(headerMap);
  if (!columns) throw new Error('status columns missing');
  const cache: PayloadCache = new Map();
  const plan = () =>
    analyseSheet({
      header,
      rows: sheet.rows,
      headerMap,
      columns,
      context,
      headerRow: 1,
      processedSince: 0,
      readAt: 0,
      cache,
    });
  let start = performance.now();
  plan();
  const cold = performance.now() - start;
  const runs = 10;
  start = performance.now();
  for (let i = 0; i < runs; i++) plan();
  const warm = (performance.now() - start) / runs;
  return { rows, coldMsPerRow: round(cold / rows, 4), warmStepMs: round(warm, 1) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [profile = 'typical', rows = '300', driver = 'sidebar', lateness = 'uniform'] =
    process.argv.slice(2);
  if (!PROFILES.includes(profile as LatencyProfileName))
    throw new Error(`profile must be one of ${PROFILES.join(', ')}`);
  console.table([
    await benchImport({
      profile: profile as LatencyProfileName,
      rows: Number(rows),
      driver: driver === 'trigger' ? 'trigger' : 'sidebar',
      lateness: lateness === 'longTail' ? 'longTail' : 'uniform',
    }),
  ]);
}
