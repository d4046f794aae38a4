/**
 * Push benchmark (PRODUCT.md "Round trip"): 1,000 leads exported into a sheet, 300 of them
 * renamed by hand, then pushed by the real bundle in the local Apps Script runtime against the
 * sandbox, in simulated time under a latency profile, driven by the open sidebar. Figures: the
 * changed rows pushed a minute (one upsert each), and the requests that named an untouched
 * row's lead (the contract: none; the paged read of the account is shared, not per row).
 *
 *   npx tsx scripts/bench-push.ts [profile=typical] [rows=1000] [changed=300]
 */
import { pathToFileURL } from 'node:url';
import { DEMO, type Sandbox } from '../sandbox/index';
import type { JobSummary } from '../src/core/jobs/record';
import { createAddonWorld, DEMO_KEYS, driveJob } from '../test/e2e/addon-harness';
import type { LatencyProfileName } from '../tools/gas-runtime/index';
import {
  benchWorldOptions,
  type JobFigures,
  measure,
  PROFILES,
  snapshot,
  startJob,
} from './bench-figures';

export const PUSH_ROWS = 1_000;
export const PUSH_CHANGED = 300;
const MAX_RUNS = 400;
const UPSERT_PATH = /^\/api\/v1\/leads\/upsert$/;

/** Leads made in the sandbox with the rate limit lifted, each with a unique e-mail and phone. */
function makeLeads(sandbox: Sandbox, count: number): number[] {
  sandbox.configure({ rateLimitPerMinute: 1_000_000, leadLimit: 1_000_000 });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { body } = sandbox.handle({
      method: 'POST',
      path: '/api/v1/leads',
      headers: { 'X-API-Key': DEMO_KEYS.admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: `Cliente ${i + 1}`,
        email: `cliente${i + 1}@example.com`,
        phone: `+55119${String(10_000_000 + i).slice(-8)}`,
        tags: ['bench'],
        pipeline_id: DEMO.pipelines.vendas,
        stage_id: DEMO.stages.novo,
      }),
    });
    ids.push((JSON.parse(String(body)) as { lead: { id: number } }).lead.id);
  }
  return ids;
}

export async function benchPush(
  profile: LatencyProfileName,
  rows = PUSH_ROWS,
  changed = PUSH_CHANGED,
): Promise<JobFigures[]> {
  let ids: number[] = [];
  const world = await createAddonWorld({
    sandbox: { seed: 'demo' },
    runtime: (sandbox) => {
      ids = makeLeads(sandbox, rows);
      return {
        ...benchWorldOptions(profile),
        workbook: { sheets: { Planilha1: [] }, locale: 'pt_BR', timeZone: 'America/Sao_Paulo' },
      };
    },
  });
  const { runtime, clock, sandbox } = world;
  for (const task of sandbox.state.tasks) task.status = 'completed';
  const exported = runtime.runOrThrow('crmExportLeads', {
    sheet: 'Export',
    filters: { tags: ['bench'] },
    columns: 'id,name,email,phone,company,value,stage,tags',
  }) as JobSummary;
  driveJob(world, exported.jobId, 'sidebar', MAX_RUNS);
  sandbox.configure({ rateLimitPerMinute: 60 });
  // The person renames every third row or so: `changed` rows spread over the sheet.
  const sheet = runtime.sheet('Export');
  const values = sheet.getValues();
  const step = Math.max(1, Math.floor(rows / changed));
  const renamed = new Set<number>();
  for (let row = 2; row <= values.length && renamed.size < changed; row += step) {
    const id = Number(values[row - 1]?.[0]);
    sheet.setValues(row, 2, [[`Editado ${id}`]]);
    renamed.add(id);
  }
  clock.advance(61_000);
  sandbox.clearRequests();
  runtime.resetStats();
  const startedAt = clock.now();
  const first = startJob(runtime, 'crmPushChanges', { sheet: 'Export' });
  driveJob(world, first.jobId, 'sidebar', MAX_RUNS);
  const stats = snapshot(runtime.stats);
  const job = runtime.runOrThrow('crmGetJob', first.jobId) as JobSummary;
  if (job.state !== 'done' || job.counts.DONE !== renamed.size)
    throw new Error(`push ended ${job.state} with ${job.counts.DONE} DONE: ${job.message}`);
  const untouched = new Set(ids.filter((id) => !renamed.has(id)).map(String));
  // The request log holds no bodies: an upsert beyond one a changed row is counted as untouched.
  const log = sandbox.requests();
  const upserts = log.filter((r) => UPSERT_PATH.test(r.path)).length;
  const byId = log.filter((r) => untouched.has(/\/leads\/(\d+)/.exec(r.path)?.[1] ?? '')).length;
  const untouchedRequests = byId + Math.max(0, upserts - renamed.size);
  return [
    measure({
      run: `push: ${rows.toLocaleString('en')} rows, ${renamed.size} changed · sidebar · requests for untouched rows: ${untouchedRequests}`,
      runtime,
      sandbox,
      stats,
      startedAt,
      rows: renamed.size,
      isJobRequest: (p) => UPSERT_PATH.test(p),
    }),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [profile = 'typical', rows = String(PUSH_ROWS), changed = String(PUSH_CHANGED)] =
    process.argv.slice(2);
  if (!PROFILES.includes(profile as LatencyProfileName))
    throw new Error(`profile must be one of ${PROFILES.join(', ')}`);
  console.table(await benchPush(profile as LatencyProfileName, Number(rows), Number(changed)));
}
