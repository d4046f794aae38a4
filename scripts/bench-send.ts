/**
 * Bulk-send benchmark: 1,000 rows, each a distinct lead with a phone, sent the DOCUMENT-header
 * template by the real bundle in the local Apps Script runtime against the sandbox, in simulated
 * time (the runtime's cost model: 300 ms per fetch, 5 ms per SpreadsheetApp call). Driven by the
 * open sidebar (the fast path) or by the bound script's one-off trigger chain.
 *
 *   npx tsx scripts/bench-send.ts
 */
import { pathToFileURL } from 'node:url';
import type { Sandbox } from '../sandbox/index';
import type { JobSummary } from '../src/core/jobs/record';
import { driveJob } from '../test/e2e/addon-harness';
import {
  busiestMinute,
  createSendWorld,
  DEMO_KEYS,
  DOCUMENT_SEND,
  SEND_HEADER,
} from '../test/e2e/send-harness';

export interface SendBenchResult {
  driver: 'sidebar' | 'trigger';
  rows: number;
  /** Send requests made (each row once: no resend). */
  sends: number;
  /**
   * Sustained rate: sends per minute over whole budgets of 60, from the 61st send on. The
   * pacer spends each budget as soon as it frees (a burst, then a wait), so only spans of whole
   * budgets measure the rate; the first minute starts with an unused budget and is left out.
   * The CRM allows 60 requests per 60 s; the pacer keeps 60 per 60.25 s.
   */
  sendsPerMinute: number;
  /** Most requests of any kind in one 60-second window of the sandbox's log. */
  busiestMinute: number;
  simulatedMinutes: number;
  executions: number;
  /** Every SpreadsheetApp method call, per sheet row. */
  spreadsheetCallsPerRow: number;
  /** Cells returned by range reads, per sheet row. */
  cellsReadPerRow: number;
}

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

export async function benchSend(
  driver: 'sidebar' | 'trigger' = 'sidebar',
  rows = 1_000,
): Promise<SendBenchResult> {
  const world = await createSendWorld({
    sheet: (sandbox) => ({ header: SEND_HEADER, rows: leadRows(sandbox, rows) }),
  });
  const { runtime, clock } = world;
  // The leads were made above the limit; the harness has since let a whole window pass.
  world.sandbox.configure({ rateLimitPerMinute: 60 });
  world.sandbox.clearRequests();
  runtime.resetStats();
  const startedAt = clock.now();
  const first = runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND) as JobSummary;
  driveJob(world, first.jobId, driver, 200);
  const job = runtime.runOrThrow('crmGetJob', first.jobId) as JobSummary;
  if (job.state !== 'done') throw new Error(`The send ended ${job.state}: ${job.message}`);
  if (job.counts.SENT !== rows)
    throw new Error(`Only ${job.counts.SENT} of ${rows} rows were sent.`);

  const sends = world.sendRequests();
  const times = sends.map((r) => r.at).sort((a, b) => a - b);
  const budgets = Math.floor((times.length - 61) / 60);
  const spanMinutes = ((times[60 + 60 * budgets] ?? 0) - (times[60] ?? 0)) / 60_000;
  return {
    driver,
    rows,
    sends: sends.length,
    sendsPerMinute: round((60 * budgets) / spanMinutes, 2),
    busiestMinute: busiestMinute(world.sandbox.requests().map((r) => r.at)),
    simulatedMinutes: round((clock.now() - startedAt) / 60_000, 1),
    executions: runtime.stats.executions,
    spreadsheetCallsPerRow: round((runtime.stats.byService.SpreadsheetApp ?? 0) / rows, 2),
    cellsReadPerRow: round(runtime.stats.cellsRead / rows, 1),
  };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table([await benchSend('sidebar'), await benchSend('trigger')]);
}
