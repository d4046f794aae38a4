/**
 * At most once, whatever kills the job: in each seed, one run each of `won`, `enroll`,
 * `message` and `delete` (one sheet each, six leads) is killed at a random service call of its
 * first execution (before, during or after its requests: an answer lost with the execution);
 * one driver execution then finishes them all. No lead gets a second sale, enrollment or
 * message; a DONE row's effect is in the CRM exactly once; a deleted lead is in the backup
 * sheet. ACTIONS_KILL_SEEDS seeds (default 15: 60 killed runs, a few seconds; four runs share
 * one world to keep each cheap); the issue's ≥ 200 seeds with ACTIONS_KILL_SEEDS=200 (800 runs).
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

const SEEDS = Number(process.env.ACTIONS_KILL_SEEDS) || 15;
const ROWS = 6;

const CASES = unrepeatableCases(ROWS);
type Case = UnrepeatableCase;

/** Four disjoint sets of six leads with a phone, a different slice per seed. */
const world = (seed: number) => casesWorld(CASES, ROWS, seed, 11);

/** Service calls of a whole first execution, per action (kill points are drawn below it). */
const callsOf = new Map<string, number>();

async function measureCalls(): Promise<void> {
  const { w } = await world(0);
  for (const c of CASES) {
    callsOf.set(c.action, w.runtime.run('crmLeadActions', options(c)).serviceCalls);
    w.clock.advance(7 * 60_000);
  }
}

function checkCase(w: ActionsWorld, c: Case, ids: number[], before: Before, where: string): void {
  const state = w.sandbox.state;
  const per = effectsOf(w, c, ids, before);
  const values = w.runtime.sheet(c.sheet).getValues();
  const at = (values[0] ?? []).indexOf('CRM Action Status');
  const statusOf = new Map(
    values.slice(1).map((row) => [Number(row[2]), at < 0 ? '' : String(row[at] ?? '')]),
  );
  for (const id of ids) {
    const count = per.get(id) ?? 0;
    const status = statusOf.get(id) ?? '';
    expect(count, `${where}: lead ${id}`).toBeLessThanOrEqual(1);
    if (c.action === 'delete') {
      if (status === 'DONE')
        expect(
          state.leads.some((l) => l.id === id),
          `${where}: lead ${id}`,
        ).toBe(false);
      continue;
    }
    const already =
      (c.action === 'enroll' && before.enrolled.has(id)) ||
      (c.action === 'won' && before.won.has(id));
    if (status === 'DONE' && !already) expect(count, `${where}: lead ${id} DONE`).toBe(1);
    if (['NO_CHANGE', 'SKIPPED', 'FAILED', ''].includes(status))
      expect(count, `${where}: lead ${id} ${status}`).toBe(0);
  }
  if (c.action === 'delete') {
    const backup = w.runtime.workbook.sheets.find((s) => s.name.startsWith('CRM Backup'));
    const saved = new Set((backup?.getValues() ?? []).slice(1).map((r) => Number(r[0])));
    for (const id of ids) {
      if (!state.leads.some((l) => l.id === id))
        expect(saved.has(id), `${where}: deleted lead ${id} backed up`).toBe(true);
    }
  }
}

async function killedRuns(seed: number): Promise<number> {
  const random = seededRandom(seed + 1);
  const { w, sets } = await world(seed);
  const before = beforeOf(w);
  const kills = CASES.map((c) => Math.floor(random() * (callsOf.get(c.action) ?? 100)));
  CASES.forEach((c, i) => {
    w.runtime.execute({
      fn: 'crmLeadActions',
      args: [options(c)],
      killAfterServiceCalls: kills[i],
    });
  });
  // Past the killed executions' leases; one driver execution finishes every job.
  w.clock.advance(7 * 60_000);
  w.runtime.run('crmRunJobs');
  const jobs = w.runtime.runOrThrow('crmListJobs') as { state: string; sheetName?: string }[];
  for (const job of jobs) expect(job.state, `seed ${seed}: job on ${job.sheetName}`).toBe('done');
  CASES.forEach((c, i) => {
    checkCase(w, c, sets[i] ?? [], before, `seed ${seed} (${c.action}, kill at ${kills[i]})`);
  });
  return jobs.length;
}

describe('lead actions: at most once under kills', () => {
  it(`never records a second sale, enrollment or message (${SEEDS} seeds × ${CASES.length} killed runs)`, async () => {
    await measureCalls();
    let jobs = 0;
    for (let seed = 0; seed < SEEDS; seed++) jobs += await killedRuns(seed);
    // Most kills land after the job exists (the start's own calls are few).
    expect(jobs).toBeGreaterThan(SEEDS * 2);
  }, 600_000);
});
