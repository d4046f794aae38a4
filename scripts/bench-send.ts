/**
 * Bulk-send benchmark: rows that are each a distinct lead with a phone, sent the DOCUMENT-header
 * template by the real bundle in the local Apps Script runtime against the sandbox, in simulated
 * time under a latency profile (tools/gas-runtime/costs.ts). Driven by the open sidebar (the fast
 * path) or by the bound script's one-off trigger chain (triggers firing up to 60 s late).
 *
 *   npx tsx scripts/bench-send.ts [profile=typical] [rows=300] [driver=sidebar]
 */
import { pathToFileURL } from 'node:url';
import type { Sandbox } from '../sandbox/index';
import type { JobSummary } from '../src/core/jobs/record';
import { driveJob } from '../test/e2e/addon-harness';
import { createSendWorld, DEMO_KEYS, DOCUMENT_SEND, SEND_HEADER } from '../test/e2e/send-harness';
import type { LatencyProfileName, TriggerLateness } from '../tools/gas-runtime/index';
import {
  benchWorldOptions,
  type Driver,
  type JobFigures,
  LATENESS_LABELS,
  measure,
  PROFILES,
  snapshot,
  startJob,
} from './bench-figures';

export interface SendRun {
  profile: LatencyProfileName;
  rows: number;
  driver: Driver;
  /** Stop after the first execution (the first slice of a big sheet) instead of finishing. */
  firstSliceOnly?: boolean;
  /** How late one-off triggers fire. @default 'uniform' */
  lateness?: TriggerLateness;
}

const MAX_RUNS = 400;
const SEND_PATH = /\/leads\/\d+\/send-chatapp-template$/;

/** Leads with phones made in the sandbox with the rate limit lifted, as rows to send. */
function leadRows(sandbox: Sandbox, count: number): unknown[][] {
  sandbox.configure({ rateLimitPerMinute: 1_000_000, leadLimit: 1_000_000 });
  const rows: unknown[][] = [];
  for (let i = 0; i < count; i++) {
    const phone = `+55119${String(10_000_000 + i).slice(-8)}`;
    const { body } = sandbox.handle({
      method: 'POST',
      path: '/api/v1/leads/upsert',
      headers: { 'X-API-Key': DEMO_KEYS.admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Cliente ${i + 1}`, phone, match_by: 'phone' }),
    });
    const id = (JSON.parse(String(body)) as { lead: { id: number } }).lead.id;
    rows.push([`Cliente ${i + 1}`, '', phone, id, `#${i}`, `https://files.example.com/p/${i}.pdf`]);
  }
  return rows;
}

export async function benchSend(run: SendRun): Promise<JobFigures> {
  const world = await createSendWorld({
    sheet: (sandbox) => ({ header: SEND_HEADER, rows: leadRows(sandbox, run.rows) }),
    runtime: benchWorldOptions(run.profile, run.lateness),
  });
  const { runtime, clock } = world;
  // The leads were made above the limit; the harness has since let a whole window pass.
  world.sandbox.configure({ rateLimitPerMinute: 60 });
  world.sandbox.clearRequests();
  runtime.resetStats();
  const startedAt = clock.now();
  const first = startJob(runtime, 'crmSendTemplate', DOCUMENT_SEND);
  if (!run.firstSliceOnly) driveJob(world, first.jobId, run.driver, MAX_RUNS);
  const stats = run.firstSliceOnly ? first.stats : snapshot(runtime.stats);
  const job = runtime.runOrThrow('crmGetJob', first.jobId) as JobSummary;
  if (!run.firstSliceOnly) {
    if (job.state !== 'done') throw new Error(`The send ended ${job.state}: ${job.message}`);
    if (job.counts.SENT !== run.rows)
      throw new Error(`Only ${job.counts.SENT} of ${run.rows} rows were sent.`);
  }
  const sends = world.sendRequests().filter((r) => r.status !== 429);
  if (new Set(sends.map((r) => r.path)).size !== sends.length)
    throw new Error('A lead was sent the template twice.');
  return measure({
    run: run.firstSliceOnly
      ? `${first.killed ? 'killed at 6 min: ' : ''}send, first slice of ${run.rows.toLocaleString('en')} rows`
      : `send · ${run.driver === 'trigger' ? `trigger chain, ${LATENESS_LABELS[run.lateness ?? 'uniform']}` : 'sidebar'}`,
    runtime,
    sandbox: world.sandbox,
    stats,
    startedAt,
    rows: run.firstSliceOnly ? job.done : run.rows,
    isJobRequest: (path) => SEND_PATH.test(path),
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [profile = 'typical', rows = '300', driver = 'sidebar', lateness = 'uniform'] =
    process.argv.slice(2);
  if (!PROFILES.includes(profile as LatencyProfileName))
    throw new Error(`profile must be one of ${PROFILES.join(', ')}`);
  console.table([
    await benchSend({
      profile: profile as LatencyProfileName,
      rows: Number(rows),
      driver: driver === 'trigger' ? 'trigger' : 'sidebar',
      lateness: lateness === 'longTail' ? 'longTail' : 'uniform',
    }),
  ]);
}
