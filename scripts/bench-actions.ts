/**
 * Lead actions benchmark: a 1,000-row stage move, then its revert, by the real bundle in the
 * local Apps Script runtime against the sandbox, in simulated time under a latency profile,
 * driven by the open sidebar (uiContinueJob). Kept apart from the import and send benches.
 *
 *   npx tsx scripts/bench-actions.ts [profile=typical] [rows=1000]
 */
import { pathToFileURL } from 'node:url';
import { DEMO, type Sandbox } from '../sandbox/index';
import type { JobSummary } from '../src/core/jobs/record';
import { ACTION_HEADER, createActionsWorld, SHEET } from '../test/e2e/actions-harness';
import { DEMO_KEYS, driveJob } from '../test/e2e/addon-harness';
import type { LatencyProfileName } from '../tools/gas-runtime/index';
import {
  benchWorldOptions,
  type JobFigures,
  measure,
  PROFILES,
  snapshot,
  startJob,
} from './bench-figures';

export const ACTION_ROWS = 1_000;
const MAX_RUNS = 400;
const STAGE_PATH = /^\/api\/v1\/leads\/\d+\/stage$/;

/** Leads made in the sandbox with the rate limit lifted, in Vendas → Novo, as rows by id. */
function leadRows(sandbox: Sandbox, count: number): unknown[][] {
  sandbox.configure({ rateLimitPerMinute: 1_000_000, leadLimit: 1_000_000 });
  const rows: unknown[][] = [];
  for (let i = 0; i < count; i++) {
    const { body } = sandbox.handle({
      method: 'POST',
      path: '/api/v1/leads',
      headers: { 'X-API-Key': DEMO_KEYS.admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: `Cliente ${i + 1}`,
        email: `cliente${i + 1}@example.com`,
        pipeline_id: DEMO.pipelines.vendas,
        stage_id: DEMO.stages.novo,
      }),
    });
    const id = (JSON.parse(String(body)) as { lead: { id: number } }).lead.id;
    rows.push([`Cliente ${i + 1}`, `cliente${i + 1}@example.com`, id, '', '']);
  }
  return rows;
}

/** Mandatory tasks done, so that no move is BLOCKED: the bench measures pacing, not tasks. */
function completeTasks(sandbox: Sandbox): void {
  for (const task of sandbox.state.tasks) task.status = 'completed';
}

function figures(
  world: Awaited<ReturnType<typeof createActionsWorld>>,
  run: string,
  fn: string,
  args: unknown[],
  rows: number,
): { figures: JobFigures; job: JobSummary } {
  const { runtime, clock, sandbox } = world;
  completeTasks(sandbox);
  sandbox.clearRequests();
  runtime.resetStats();
  const startedAt = clock.now();
  const first = args.length === 1 ? startJob(runtime, fn, args[0]) : startRevert(world, args);
  driveJob(world, first.jobId, 'sidebar', MAX_RUNS);
  const stats = snapshot(runtime.stats);
  const job = runtime.runOrThrow('crmGetJob', first.jobId) as JobSummary;
  if (job.state !== 'done') throw new Error(`${run} ended ${job.state}: ${job.message}`);
  return {
    job,
    figures: measure({
      run,
      runtime,
      sandbox,
      stats,
      startedAt,
      rows,
      isJobRequest: (p) => STAGE_PATH.test(p),
    }),
  };
}

function startRevert(world: Awaited<ReturnType<typeof createActionsWorld>>, args: unknown[]) {
  const started = world.runtime.runOrThrow('crmRevertLeadActions', ...args) as JobSummary;
  return { jobId: started.jobId };
}

export async function benchLeadActions(
  profile: LatencyProfileName,
  rows = ACTION_ROWS,
): Promise<JobFigures[]> {
  const world = await createActionsWorld({
    header: ACTION_HEADER,
    rows: (sandbox) => leadRows(sandbox, rows),
    runtime: benchWorldOptions(profile),
  });
  world.sandbox.configure({ rateLimitPerMinute: 60 });
  world.clock.advance(61_000);
  const move = figures(
    world,
    `lead actions: stage move, ${rows.toLocaleString('en')} rows · sidebar`,
    'crmLeadActions',
    [{ sheet: SHEET, action: 'stage', params: { stage: 'Proposta' } }],
    rows,
  );
  if (move.job.counts.DONE !== rows)
    throw new Error(`Only ${move.job.counts.DONE} of ${rows} rows moved.`);
  world.clock.advance(61_000);
  const revert = figures(
    world,
    `lead actions: revert, ${rows.toLocaleString('en')} rows · sidebar`,
    'crmRevertLeadActions',
    [move.job.jobId, {}],
    rows,
  );
  if (revert.job.counts.REVERTED !== rows)
    throw new Error(
      `Only ${revert.job.counts.REVERTED} of ${rows} rows reverted: ${revert.job.message}`,
    );
  return [move.figures, revert.figures];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [profile = 'typical', rows = String(ACTION_ROWS)] = process.argv.slice(2);
  if (!PROFILES.includes(profile as LatencyProfileName))
    throw new Error(`profile must be one of ${PROFILES.join(', ')}`);
  console.table(await benchLeadActions(profile as LatencyProfileName, Number(rows)));
}
