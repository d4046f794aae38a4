/**
 * Two people, one CRM key (issue 19): both editors of a spreadsheet saved the team's key, and
 * each sends the document template to their own sheet of leads with the sidebar closed (the
 * bound script's trigger chains, triggers firing 0–60 s late). Their pacers meet in the script
 * cache: the figures are the 429s the CRM answered and the combined rate on the key.
 *
 *   npx tsx scripts/bench-shared-key.ts [profile=typical] [rowsEach=300]
 */
import { pathToFileURL } from 'node:url';
import type { Sandbox } from '../sandbox/index';
import type { JobSummary } from '../src/core/jobs/record';
import { BASE_URL, createAddonWorld, DEMO_KEYS } from '../test/e2e/addon-harness';
import { DOCUMENT_SEND, SEND_HEADER } from '../test/e2e/send-harness';
import { busiestMinute } from '../test/unit/core/jobs/fakes';
import type { LatencyProfileName } from '../tools/gas-runtime/index';
import { BENCH_SEED, PROFILES, round, sustainedPerMinute } from './bench-figures';

const ANA = 'ana@example.com';
const BIA = 'bia@example.com';
const SEND_PATH = /\/leads\/\d+\/send-chatapp-template$/;

export interface SharedKeyFigures {
  run: string;
  rows: number;
  /** Sends per minute on the key, both people together, sustained (whole budgets of 60). */
  perMin: number;
  busiest60s: number;
  r429: number;
  /** Each person's sends, when their jobs ended. */
  ana: number;
  bia: number;
  minutes: number;
}

function leadRows(sandbox: Sandbox, from: number, count: number): unknown[][] {
  const rows: unknown[][] = [];
  for (let i = from; i < from + count; i++) {
    const phone = `+55119${String(30_000_000 + i).slice(-8)}`;
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

export async function benchSharedKey(
  profile: LatencyProfileName,
  rowsEach: number,
): Promise<SharedKeyFigures> {
  const world = await createAddonWorld({
    sandbox: { seed: 'demo', leadLimit: 1_000_000 },
    runtime: (sandbox) => {
      sandbox.configure({ rateLimitPerMinute: 1_000_000 });
      return {
        costs: { profile, seed: BENCH_SEED },
        realTimeoutMs: 30 * 60_000,
        sharing: { owner: ANA, editors: [BIA] },
        workbook: {
          sheets: {
            Ana: [SEND_HEADER, ...leadRows(sandbox, 0, rowsEach)],
            Bia: [SEND_HEADER, ...leadRows(sandbox, rowsEach, rowsEach)],
          },
          timeZone: 'America/Sao_Paulo',
        },
      };
    },
  });
  const { runtime, sandbox, clock } = world;
  runtime.runAs(BIA, 'crmConfigure', { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL });
  sandbox.configure({ rateLimitPerMinute: 60 });
  clock.advance(61_000);
  sandbox.clearRequests();
  const startedAt = clock.now();
  // Bia starts her send while Ana's first slice runs (after its 9th fetch, her first 60 or so sends: batches ramp 1, 2 … 32): an execution
  // of hers, whole, in the middle of Ana's, as Apps Script runs two people's executions at once.
  const bia = { ...DOCUMENT_SEND, sheet: 'Bia' };
  let fetches = 0;
  const first = runtime.execute({
    fn: 'crmSendTemplate',
    args: [{ ...DOCUMENT_SEND, sheet: 'Ana' }],
    user: ANA,
    interleave: {
      // After a batch's answer, at its checkpoint: not between a slot and its request, which
      // the runtime would stretch over Bia's whole execution.
      atServiceCall: (event) => {
        if (event.name.startsWith('UrlFetchApp')) fetches += 1;
        return fetches >= 9 && event.name === 'Properties.setProperty';
      },
      fn: 'crmSendTemplate',
      args: [bia],
      user: BIA,
    },
  });
  if (!first.ok || !first.interleaved?.ok)
    throw new Error(
      `A send failed to start: ${first.error?.message ?? first.interleaved?.error?.message}`,
    );
  const jobs = [
    { user: ANA, jobId: (first.value as JobSummary).jobId },
    { user: BIA, jobId: (first.interleaved.value as JobSummary).jobId },
  ];
  runtime.runUntilIdle({ maxExecutions: 2_000 });
  const sent = jobs.map(({ user, jobId }) => {
    const job = runtime.runAs(user, 'crmGetJob', jobId).value as JobSummary;
    if (job.state !== 'done') throw new Error(`${user}'s send ended ${job.state}: ${job.message}`);
    return job.counts.SENT ?? 0;
  });
  const all = sandbox.requests().filter((r) => r.at >= startedAt);
  const sends = all.filter((r) => SEND_PATH.test(r.path) && r.status !== 429);
  if (new Set(sends.map((r) => r.path)).size !== sends.length)
    throw new Error('A lead was sent the template twice.');
  const last = Math.max(...sends.map((r) => r.at));
  return {
    run: 'two people, one key: send · trigger chains',
    rows: 2 * rowsEach,
    perMin: sustainedPerMinute(sends.map((r) => r.at)),
    busiest60s: busiestMinute(all.map((r) => r.at)),
    r429: all.filter((r) => r.status === 429).length,
    ana: sent[0] ?? 0,
    bia: sent[1] ?? 0,
    minutes: round((last - startedAt) / 60_000, 1),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [profile = 'typical', rows = '300'] = process.argv.slice(2);
  if (!PROFILES.includes(profile as LatencyProfileName))
    throw new Error(`profile must be one of ${PROFILES.join(', ')}`);
  console.table([await benchSharedKey(profile as LatencyProfileName, Number(rows))]);
}
