/**
 * A push and a sync of one export sheet, run by two people at once (PRODUCT.md "Round trip":
 * the memory of what the export wrote is "refreshed by a sync or a push"). Each person's jobs
 * run under their own lock, so Ana's push slice and Bia's sync slice may overlap, each with its
 * own view of the hidden "CRM Push Memory" sheet. Each seed: Ana renames some rows (`N-<id>`),
 * a colleague changes some companies in the CRM; one of them starts their job (killed at a
 * random service call, sometimes), the other starts theirs while the first one's slice runs
 * (at a random service call of it), then the two go on slice by slice, each slice running
 * the other one in its middle, some of them killed; the colleague keeps changing companies.
 * A job refused because the other holds the sheet is started again once that one is done.
 *
 * In the end the memory must say what the sheet shows: the colleague renames every lead and
 * changes every company in the CRM, and a last sync must bring every one of those values into
 * the sheet. A stale save of the memory (one job saving what it loaded before the other saved)
 * makes the sync keep a cell as "the person's change" that nobody made: the CRM's new value
 * never reaches the sheet, and a later push would call it a CONFLICT or send the old value.
 * PUSH_RACE_SEEDS seeds (default 6; deeper runs: PUSH_RACE_SEEDS=60).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../sandbox/index';
import type { ServiceCallEvent } from '../../tools/gas-runtime/index';
import { seededRandom } from '../unit/core/jobs/fakes';
import { BASE_URL } from './addon-harness';
import { createPushWorld, PUSH_COLUMNS, PUSH_SHEET, type PushWorld } from './push-harness';

const SEEDS = Number(process.env.PUSH_RACE_SEEDS) || 6;
const ANA = 'ana@example.com';
const BIA = 'bia@example.com';
const LEADS = 10;
const ROUNDS = 6;
const SHEET_CALL_CHANCE = 0.08;

type Which = 'push' | 'sync';
const USER: Record<Which, string> = { push: ANA, sync: BIA };
const KIND: Record<Which, string> = { push: 'push', sync: 'export' };
const START: Record<Which, { fn: string; args: unknown[] }> = {
  push: { fn: 'crmPushChanges', args: [{ sheet: PUSH_SHEET }] },
  sync: { fn: 'crmRefreshExport', args: [PUSH_SHEET] },
};

interface JobRow {
  jobId: string;
  kind: string;
  state: string;
}

/** The newest job of `which` started since `before` (the jobs that existed then), if any. */
function jobOf(w: PushWorld, which: Which, before: ReadonlySet<string>): JobRow | undefined {
  const jobs = w.runtime.runAs(USER[which], 'crmListJobs').value as JobRow[];
  return jobs.find((job) => job.kind === KIND[which] && !before.has(job.jobId));
}

/** The colleague's edit in the CRM: a lead's company (or name), as an edit there leaves it. */
function crmEdit(w: PushWorld, id: number, field: 'company' | 'name', value: string): void {
  const lead = w.lead(id);
  lead[field] = value;
  lead.updated_at = new Date(w.clock.now()).toISOString();
}

async function race(seed: number): Promise<string[]> {
  const random = seededRandom(seed * 7_919 + 11);
  const w = await createPushWorld(LEADS, 'pt_BR', PUSH_COLUMNS, { owner: ANA, editors: [BIA] });
  w.runtime.runAs(BIA, 'crmConfigure', { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL });
  const renamed = w.ids.filter((_, i) => i === 0 || random() < 0.5);
  for (const id of renamed) w.set(id, 'Nome', `N-${id}`);
  let edits = 0;
  const colleague = () => {
    const id = w.ids[Math.floor(random() * w.ids.length)] as number;
    edits += 1;
    crmEdit(w, id, 'company', `C${edits}-${id}`);
  };
  for (let i = 0; i < 3; i++) colleague();
  w.clock.advance(2_000);
  const before = new Set(
    (w.runtime.runAs(ANA, 'crmListJobs').value as JobRow[]).map((job) => job.jobId),
  );
  const job = (which: Which) => jobOf(w, which, before);
  // A killed execution's lock on its person's jobs lasts until it would have ended (6 min).
  const afterKill = () => w.clock.advance(6 * 60_000 + 10_000);
  w.onServiceCall = (_event: ServiceCallEvent) => {
    if (random() < 0.01) colleague();
  };

  // The other job comes in at a random sheet call: where each job reads and saves the memory.
  const sheetCall = (event: ServiceCallEvent) =>
    /^(Sheet|Range)\./.test(event.name) && random() < SHEET_CALL_CHANCE;
  const first: Which = random() < 0.5 ? 'push' : 'sync';
  const second: Which = first === 'push' ? 'sync' : 'push';
  const kill = 40 + Math.floor(random() * 400);
  w.runtime.execute({ ...START[first], user: USER[first], killAfterServiceCalls: kill });
  afterKill();
  // A kill before the job existed left nothing: the person starts again.
  if (!job(first)) w.runtime.execute({ ...START[first], user: USER[first] });
  const firstJob = job(first) as JobRow;
  const secondStart = w.runtime.execute({
    ...START[second],
    user: USER[second],
    interleave: {
      atServiceCall: sheetCall,
      fn: 'uiContinueJob',
      args: [firstJob.jobId],
      user: USER[first],
    },
  });
  for (let round = 0; round < ROUNDS; round++) {
    w.clock.advance(3_000 + Math.floor(random() * 20_000));
    const open = (['push', 'sync'] as const)
      .map((which) => ({ which, job: job(which) }))
      .filter(({ job }) => job && job.state !== 'done');
    const outer = open[Math.floor(random() * open.length)];
    if (!outer?.job) break;
    const inner = open.find(({ which }) => which !== outer.which);
    const killed = random() < 0.3;
    w.runtime.execute({
      fn: 'uiContinueJob',
      args: [outer.job.jobId],
      user: USER[outer.which],
      ...(killed ? { killAfterServiceCalls: 5 + Math.floor(random() * 200) } : {}),
      ...(inner?.job
        ? {
            interleave: {
              atServiceCall: sheetCall,
              fn: 'uiContinueJob',
              args: [inner.job.jobId],
              user: USER[inner.which],
            },
          }
        : {}),
    });
    if (killed) afterKill();
  }
  w.clock.advance(7 * 60_000);
  w.runtime.runUntilIdle({ maxExecutions: 80 });
  // A start refused while the other job held the sheet: started again now.
  if (!job(second)) {
    w.runtime.runAs(USER[second], START[second].fn, ...START[second].args);
    w.runtime.runUntilIdle({ maxExecutions: 80 });
  }
  w.onServiceCall = null;
  const where = `seed ${seed} (${first} first, killed at ${kill})`;
  const problems: string[] = [];
  // Refused, the second person is told which job holds the sheet and what to do.
  const refusal = secondStart.ok ? '' : (secondStart.error?.message ?? '');
  if (refusal && !refusal.includes(`${firstJob.jobId} is already`))
    problems.push(`${where}: the ${second} start failed: ${refusal}`);
  for (const which of ['push', 'sync'] as const) {
    const state = job(which)?.state;
    if (state !== 'done') problems.push(`${where}: ${which} ${state}`);
  }
  for (const id of renamed)
    if (w.lead(id).name !== `N-${id}`) problems.push(`${where}: lead ${id} not renamed`);

  // The colleague changes every lead in the CRM; the last sync brings each change in.
  w.clock.advance(61_000);
  for (const id of w.ids) {
    crmEdit(w, id, 'name', `Z-${id}`);
    crmEdit(w, id, 'company', `Z-${id}`);
  }
  w.clock.advance(61_000);
  w.runtime.runAs(BIA, 'crmRefreshExport', PUSH_SHEET);
  w.runtime.runUntilIdle({ maxExecutions: 80 });
  for (const id of w.ids) {
    for (const [header, field] of [
      ['Nome', 'name'],
      ['Empresa', 'company'],
    ] as const) {
      const shown = String(w.cell(id, header) ?? '');
      if (shown !== w.lead(id)[field])
        problems.push(`${where}: lead ${id} ${header} shows "${shown}", the CRM holds "Z-${id}"`);
    }
  }
  return problems;
}

describe('a push and a sync of one sheet at once', () => {
  it(`never leave the memory stale: a last sync brings every CRM change in (${SEEDS} seeds)`, async () => {
    const problems: string[] = [];
    for (let seed = 1; seed <= SEEDS; seed++) problems.push(...(await race(seed)));
    expect(problems).toEqual([]);
  }, 600_000);
});
