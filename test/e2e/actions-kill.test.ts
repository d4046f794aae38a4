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
import { DEMO, type Sandbox } from '../../sandbox/index';
import { seededRandom } from '../unit/core/jobs/fakes';
import { type ActionsWorld, createActionsWorld, leadRows, plainLeads } from './actions-harness';

const SEEDS = Number(process.env.ACTIONS_KILL_SEEDS) || 15;
const ROWS = 6;

const CASES = [
  { sheet: 'Won', action: 'won', params: {} },
  { sheet: 'Enroll', action: 'enroll', params: { sequence: 'Boas-vindas' } },
  { sheet: 'Message', action: 'message', params: { text: 'Olá {{Nome}}' } },
  { sheet: 'Delete', action: 'delete', params: {}, confirm: ROWS },
] as const;
type Case = (typeof CASES)[number];

function options(c: Case) {
  return {
    sheet: c.sheet,
    action: c.action,
    params: c.params,
    ...('confirm' in c ? { confirm: c.confirm } : {}),
  };
}

/** Four disjoint sets of six leads with a phone, a different slice per seed. */
function leadSets(sandbox: Sandbox, seed: number): number[][] {
  const leads = plainLeads(sandbox, 200).filter((l) => l.phone);
  const start = (seed * 11) % (leads.length - ROWS * CASES.length);
  return CASES.map((_, i) =>
    leads.slice(start + i * ROWS, start + (i + 1) * ROWS).map((l) => l.id),
  );
}

async function world(seed: number) {
  let sets: number[][] = [];
  const w = await createActionsWorld({
    rows: () => [],
    more: (sandbox) => {
      sets = leadSets(sandbox, seed);
      return Object.fromEntries(CASES.map((c, i) => [c.sheet, leadRows(sandbox, sets[i] ?? [])]));
    },
  });
  return { w, sets };
}

/** Service calls of a whole first execution, per action (kill points are drawn below it). */
const callsOf = new Map<string, number>();

async function measureCalls(): Promise<void> {
  const { w } = await world(0);
  for (const c of CASES) {
    callsOf.set(c.action, w.runtime.run('crmLeadActions', options(c)).serviceCalls);
    w.clock.advance(7 * 60_000);
  }
}

/** The CRM's effects per lead since `before`: sales, enrollments made, messages sent. */
function effectsOf(w: ActionsWorld, c: Case, ids: number[], before: Before): Map<number, number> {
  const per = new Map(ids.map((id) => [id, 0]));
  const bump = (id: number | null | undefined) => {
    if (id !== null && id !== undefined && per.has(id)) per.set(id, (per.get(id) ?? 0) + 1);
  };
  const state = w.sandbox.state;
  if (c.action === 'won') for (const s of state.sales) if (!before.sales.has(s.id)) bump(s.lead_id);
  if (c.action === 'enroll')
    for (const e of state.leadSequences) if (!before.seqs.has(e.id)) bump(e.lead_id);
  if (c.action === 'message') {
    const leadOf = new Map(state.conversations.map((conv) => [conv.id, conv.lead_id]));
    for (const m of state.messages) {
      if (!before.msgs.has(m.id) && m.direction === 'out') bump(leadOf.get(m.conversation_id));
    }
  }
  return per;
}

interface Before {
  sales: Set<number>;
  seqs: Set<number>;
  msgs: Set<number>;
  enrolled: Set<number>;
  won: Set<number>;
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
  const state = w.sandbox.state;
  const before: Before = {
    sales: new Set(state.sales.map((x) => x.id)),
    seqs: new Set(state.leadSequences.map((x) => x.id)),
    msgs: new Set(state.messages.map((x) => x.id)),
    enrolled: new Set(
      state.leadSequences
        .filter((e) => e.status === 'active' && e.sequence_id === DEMO.sequences.boasVindas)
        .map((e) => e.lead_id),
    ),
    won: new Set(state.leads.filter((l) => l.stage_id === DEMO.stages.ganho).map((l) => l.id)),
  };
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
