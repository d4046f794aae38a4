/**
 * At most once over many batches and many kills: in each seed, one run each of `won`, `enroll`,
 * `message` and `delete` (24 leads each: three batches, shards of the record) is started and
 * then driven by trigger executions, each killed at a random service call with some chance,
 * while answers are lost at random (dropped after the CRM did the work, or before). No lead
 * gets a second sale, enrollment or message; a DONE row's effect is in the CRM once; a deleted
 * lead is in the backup sheet; every job ends. ACTIONS_KILL_MANY_SEEDS seeds (default 5; 40
 * run clean), for the pause / cancel test below too (40 run clean).
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../unit/core/jobs/fakes';
import {
  type ActionsWorld,
  type Before,
  beforeOf,
  casesWorld,
  effectsOf,
  caseOptions as options,
  type UnrepeatableCase,
  unrepeatableCases,
} from './actions-harness';

const SEEDS = Number(process.env.ACTIONS_KILL_MANY_SEEDS) || 5;
const ROWS = 24;

const CASES = unrepeatableCases(ROWS);
type Case = UnrepeatableCase;

const world = (seed: number) => casesWorld(CASES, ROWS, seed, 7);

function problems(w: ActionsWorld, c: Case, ids: number[], before: Before, where: string) {
  const found: string[] = [];
  const state = w.sandbox.state;
  const per = effectsOf(w, c, ids, before);
  const values = w.runtime.sheet(c.sheet).getValues();
  const at = (values[0] ?? []).indexOf('CRM Action Status');
  const statusOf = new Map(
    values.slice(1).map((row) => [Number(row[2]), at < 0 ? '' : String(row[at] ?? '')]),
  );
  const backup = w.runtime.workbook.sheets.find((s) => s.name.startsWith('CRM Backup'));
  const saved = new Set((backup?.getValues() ?? []).slice(1).map((r) => Number(r[0])));
  for (const id of ids) {
    const count = per.get(id) ?? 0;
    const status = statusOf.get(id) ?? '';
    if (count > 1) found.push(`${where}: lead ${id} acted on ${count} times`);
    if (c.action === 'delete') {
      const gone = !state.leads.some((l) => l.id === id);
      if (status === 'DONE' && !gone) found.push(`${where}: lead ${id} DONE, not deleted`);
      if (gone && !saved.has(id)) found.push(`${where}: deleted lead ${id} not backed up`);
      continue;
    }
    const already =
      (c.action === 'enroll' && before.enrolled.has(id)) ||
      (c.action === 'won' && before.won.has(id));
    if (status === 'DONE' && !already && count !== 1)
      found.push(`${where}: lead ${id} DONE, ${count} effects`);
    if (['NO_CHANGE', 'SKIPPED', 'FAILED', ''].includes(status) && count !== 0)
      found.push(`${where}: lead ${id} ${status || 'blank'}, ${count} effects`);
  }
  return found;
}

async function killedRuns(seed: number): Promise<string[]> {
  const random = seededRandom(seed + 101);
  const { w, sets } = await world(seed);
  const before = beforeOf(w);
  const loseSome = () => {
    for (const c of CASES) {
      if (random() < 0.5) {
        w.sandbox.faults.add({
          kind: 'drop',
          afterHandler: random() < 0.7,
          method: c.method,
          count: 1 + Math.floor(random() * 3),
        });
      }
    }
  };
  loseSome();
  for (const c of CASES) {
    w.runtime.execute({
      fn: 'crmLeadActions',
      args: [options(c)],
      killAfterServiceCalls: Math.floor(random() * 400),
    });
  }
  // A start killed before its job was made is started again.
  const started = new Set(
    (w.runtime.runOrThrow('crmListJobs') as { sheetName?: string }[]).map((j) => j.sheetName),
  );
  for (const c of CASES) {
    if (started.has(c.sheet)) continue;
    w.clock.advance(7 * 60_000);
    w.runtime.run('crmLeadActions', options(c));
  }
  // Trigger executions, most of them killed at a random call, past the killed ones' leases.
  for (let i = 0; i < 12; i++) {
    w.clock.advance(7 * 60_000);
    if (random() < 0.5) loseSome();
    const kill = random() < 0.75 ? Math.floor(random() * 600) : undefined;
    w.runtime.execute({
      fn: 'crmRunJobs',
      ...(kill === undefined ? {} : { killAfterServiceCalls: kill }),
    });
  }
  w.sandbox.faults.clear();
  for (let i = 0; i < 20; i++) {
    w.clock.advance(7 * 60_000);
    w.runtime.run('crmRunJobs');
    const jobs = w.runtime.runOrThrow('crmListJobs') as { state: string }[];
    if (jobs.every((job) => job.state === 'done')) break;
  }
  const found: string[] = [];
  const jobs = w.runtime.runOrThrow('crmListJobs') as { state: string; sheetName?: string }[];
  for (const job of jobs) {
    if (job.state !== 'done') found.push(`seed ${seed}: job on ${job.sheetName} ${job.state}`);
  }
  if (process.env.KILL_MANY_TRACE) {
    for (const c of CASES) {
      const values = w.runtime.sheet(c.sheet).getValues();
      const at = (values[0] ?? []).indexOf('CRM Action Status');
      const tally: Record<string, number> = {};
      for (const row of values.slice(1)) tally[String(row[at])] = (tally[String(row[at])] ?? 0) + 1;
      console.log(seed, c.action, JSON.stringify(tally));
    }
  }
  CASES.forEach((c, i) => {
    found.push(...problems(w, c, sets[i] ?? [], before, `seed ${seed} (${c.action})`));
  });
  return found;
}

describe('lead actions: at most once under many kills and lost answers', () => {
  it(`never acts on a lead twice; every job ends (${SEEDS} seeds × ${CASES.length} runs of ${ROWS} rows)`, async () => {
    const found: string[] = [];
    for (let seed = 0; seed < SEEDS; seed++) found.push(...(await killedRuns(seed)));
    expect(found).toEqual([]);
  }, 600_000);
});

/**
 * A pause or cancel that lands at a random service call of a run (during a wait for slots, a
 * read or a batch): no request leaves after it takes effect; a paused run, resumed, acts on
 * each lead once and ends.
 */
async function pausedRun(seed: number): Promise<string[]> {
  const random = seededRandom(seed + 7001);
  const { w, sets } = await world(seed);
  const before = beforeOf(w);
  const c = CASES[Math.floor(random() * CASES.length)] as Case;
  const ids = sets[CASES.indexOf(c)] ?? [];
  const cancel = random() < 0.3;
  // A start that would run the whole job is killed early: the job is left for its driver.
  let started: { jobId: string } | undefined;
  for (let kill = 40; !started && kill < 2_000; kill += 20) {
    w.runtime.execute({ fn: 'crmLeadActions', args: [options(c)], killAfterServiceCalls: kill });
    const jobs = w.runtime.runOrThrow('crmListJobs') as { jobId: string; sheetName?: string }[];
    started = jobs.find((j) => j.sheetName === c.sheet);
  }
  if (!started) return [`seed ${seed}: no job`];
  const found: string[] = [];
  w.clock.advance(7 * 60_000);
  const asked = w.runtime.execute({
    fn: 'crmRunJobs',
    interleave: {
      atServiceCall: Math.floor(random() * 300),
      fn: cancel ? 'crmCancelJob' : 'uiPauseJob',
      args: [started.jobId],
    },
  });
  const where = `seed ${seed} (${c.action}, ${cancel ? 'cancel' : 'pause'})`;
  if (process.env.KILL_MANY_TRACE)
    console.log(where, Boolean(asked.interleaved), asked.serviceCalls);
  if (asked.interleaved) {
    const after = w.sandbox.requests().length;
    w.clock.advance(7 * 60_000);
    w.runtime.run('crmRunJobs');
    const job = w.runtime.runOrThrow('crmGetJob', started.jobId) as { state: string };
    const writes = w.sandbox
      .requests()
      .slice(after)
      .filter((r) => r.method !== 'GET');
    if (writes.length > 0) found.push(`${where}: ${writes.length} requests after it took effect`);
    if (job.state !== (cancel ? 'cancelled' : 'paused')) found.push(`${where}: ${job.state}`);
    if (!cancel) w.runtime.runOrThrow('crmResumeJob', started.jobId);
  }
  for (let i = 0; i < 20; i++) {
    const job = w.runtime.runOrThrow('crmGetJob', started.jobId) as { state: string };
    if (job.state === 'done' || job.state === 'cancelled') break;
    w.clock.advance(7 * 60_000);
    w.runtime.run('crmRunJobs');
  }
  const job = w.runtime.runOrThrow('crmGetJob', started.jobId) as { state: string };
  if (job.state !== (cancel && asked.interleaved ? 'cancelled' : 'done'))
    found.push(`${where}: ended ${job.state}`);
  found.push(...problems(w, c, ids, before, where));
  return found;
}

describe('lead actions: a pause or cancel at any call', () => {
  it(`stops before the next request; resumed, acts on each lead once (${SEEDS} seeds)`, async () => {
    const found: string[] = [];
    for (let seed = 0; seed < SEEDS; seed++) found.push(...(await pausedRun(seed)));
    expect(found).toEqual([]);
  }, 600_000);
});
