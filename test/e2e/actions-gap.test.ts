/**
 * A person edits the sheet between a lead actions step's locating read and the write it places
 * (issue 16 item 12): as actions-sort.test.ts, but an edit may come at EVERY service call of the
 * real bundle, `Sheet.getRange`, `Range.getValues`, `Range.getDisplayValues` and
 * `Range.setValues` included (Sheets offers no atomic read-and-write, so a write can land on rows
 * that moved a millisecond before). The person sorts, inserts a blank row, deletes a row or
 * pastes a lead's row again at the bottom. Each row's own cell (`Etapa`) holds what is done to
 * its lead (a tag `tag-<id>`, or the sale value `<id>`; a message names the row), so another
 * row's cells show at once.
 *
 * By the end: no lead has a second sale, enrollment or message, each made with its own row's
 * cells; every row of a lead shows that lead's status, detail and run; no blank row shows any
 * status.
 * `ACTIONS_GAP_SEEDS=300` for the deep run.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import { seededRandom } from '../unit/core/jobs/fakes';
import {
  type ActionsWorld,
  createActionsWorld,
  leadRows,
  plainLeads,
  SHEET,
} from './actions-harness';

const ROWS = 16;
const EDIT_CHANCE = 0.08;
const SEEDS = Number(process.env.ACTIONS_GAP_SEEDS) || 9;
/** A pasted row's name says so: it may come after the job's last read (no status then). */
const PASTED = ' (colado)';

const ACTIONS = [
  { action: 'addTags', params: { tags: { column: 'Etapa' } } },
  { action: 'won', params: { value: { column: 'Etapa' } } },
  { action: 'enroll', params: { sequence: 'Boas-vindas' } },
  { action: 'message', params: { text: 'Olá {{Nome}}' } },
] as const;
/** The action of a seed: its index in ACTIONS. */
const actionOf = (seed: number) => seed % ACTIONS.length;

interface Run {
  world: ActionsWorld;
  edits: number;
  jobId: string;
  /** The highest sale and enrollment ids before the run (the sandbox's ids only grow). */
  before: { sales: number; seqs: number; msgs: number };
}

function editor(world: ActionsWorld, seed: number): () => number {
  const random = seededRandom(seed);
  const model = world.runtime.sheet(SHEET);
  let edits = 0;
  world.onServiceCall = () => {
    if (random() >= EDIT_CHANCE) return;
    edits += 1;
    const last = model.lastRow();
    const what = random();
    if (what < 0.55 && last > 2)
      model.sortRows(2, last, 1 + Math.floor(random() * 5), random() < 0.5);
    else if (what < 0.7) model.insertRows(2, 1);
    else if (what < 0.85 && last > 2) model.deleteRows(2 + Math.floor(random() * (last - 1)), 1);
    else if (last > 1) {
      // A person pastes a lead's row (its data cells, not its statuses) again at the bottom.
      const source = model.getValues()[1 + Math.floor(random() * (last - 1))] ?? [];
      if (source[2] === '' || source[2] === undefined) return;
      model.setValues(last + 1, 1, [[`${source[0]}${PASTED}`, ...source.slice(1, 5)]]);
    }
  };
  return () => edits;
}

async function gapRun(seed: number): Promise<Run> {
  const world = await createActionsWorld({
    rows: (sandbox) => {
      const leads = plainLeads(sandbox, 250).filter(
        (l) => l.stage_id !== DEMO.stages.ganho && (actionOf(seed) !== 3 || l.phone),
      );
      const start = (seed * 13) % (leads.length - ROWS);
      const ids = leads.slice(start, start + ROWS).map((l) => l.id);
      const cell = actionOf(seed) === 0 ? (id: unknown) => `tag-${id}` : (id: unknown) => id;
      return leadRows(sandbox, ids).map((row) => [...row.slice(0, 4), cell(row[2])]);
    },
  });
  const state = world.sandbox.state;
  const before = {
    sales: Math.max(0, ...state.sales.map((s) => s.id)),
    seqs: Math.max(0, ...state.leadSequences.map((e) => e.id)),
    msgs: Math.max(0, ...state.messages.map((m) => m.id)),
  };
  const edits = editor(world, seed);
  const { action, params } = ACTIONS[actionOf(seed)] as (typeof ACTIONS)[number];
  const started = world.start('crmLeadActions', { sheet: SHEET, action, params });
  world.finish();
  world.onServiceCall = null;
  return { world, edits: edits(), jobId: started.jobId, before };
}

/** Sales, enrollments and messages the job made, per lead (a second: a lead acted on twice). */
function effects(run: Run) {
  const { before } = run;
  const state = run.world.sandbox.state;
  const sales = new Map<number, number[]>();
  for (const s of state.sales.filter((s) => s.id > before.sales))
    sales.set(s.lead_id, [...(sales.get(s.lead_id) ?? []), s.value]);
  const seqs = new Map<number, number>();
  for (const e of state.leadSequences.filter((e) => e.id > before.seqs))
    seqs.set(e.lead_id, (seqs.get(e.lead_id) ?? 0) + 1);
  const leadOf = new Map(state.conversations.map((c) => [c.id, c.lead_id]));
  const msgs = new Map<number, string[]>();
  for (const m of state.messages.filter((m) => m.id > before.msgs && m.direction === 'out')) {
    const lead = leadOf.get(m.conversation_id) ?? 0;
    msgs.set(lead, [...(msgs.get(lead) ?? []), String(m.body)]);
  }
  return { sales, seqs, msgs };
}

function checkRows(run: Run, seed: number): void {
  const label = `seed ${seed}`;
  const values = run.world.runtime.sheet(SHEET).getValues();
  const header = values[0] ?? [];
  const at = (name: string) => header.indexOf(name);
  const tags = actionOf(seed) === 0;
  const { sales, seqs, msgs } = effects(run);
  const leads = run.world.sandbox.state.leads;
  for (const row of values.slice(1)) {
    const id = Number(row[at('CRM Lead ID')]);
    const status = String(row[at('CRM Action Status')] ?? '');
    const detail = String(row[at('CRM Action Detail')] ?? '');
    const ran = String(row[at('CRM Action Run')] ?? '');
    if (!id) {
      // A blank row a person inserted holds nothing of the job.
      expect([status, detail, ran], `${label}: blank row`).toEqual(['', '', '']);
      continue;
    }
    if (String(row[0]).endsWith(PASTED) && status === '') continue;
    expect(ran, `${label}: lead ${id}`).toBe(run.jobId);
    if (tags) {
      expect(status, `${label}: lead ${id}`).toBe('DONE');
      expect(detail, `${label}: lead ${id}`).toBe(`+ tag-${id}`);
      const own = leads.find((l) => l.id === id)?.tags.filter((t) => t.startsWith('tag-'));
      expect(own, `${label}: tags of lead ${id}`).toEqual([`tag-${id}`]);
    } else {
      // SKIPPED: a message to a lead whose 24-hour window is closed.
      expect(['DONE', 'NO_CHANGE', 'SKIPPED'], `${label}: lead ${id}`).toContain(status);
      // A lead shown DONE got its sale, enrollment or message (in this run: none before).
      const made =
        [0, sales.get(id)?.length, seqs.get(id), msgs.get(id)?.length][actionOf(seed)] ?? 0;
      if (status === 'DONE') expect(made, `${label}: lead ${id} DONE`).toBe(1);
    }
  }
}

/** At most one sale (with its own row's value) and one enrollment per lead; DONE has its one. */
function checkEffects(run: Run, seed: number): void {
  const { sales, seqs, msgs } = effects(run);
  const leads = run.world.sandbox.state.leads;
  for (const [lead, bodies] of msgs) {
    const name = leads.find((l) => l.id === lead)?.name;
    // One message, with its own row's name (a row pasted again, maybe twice, names itself so).
    expect(bodies, `seed ${seed}: messages to lead ${lead}`).toHaveLength(1);
    const body = bodies[0] ?? '';
    const own = body.startsWith(`Olá ${name}`);
    const rest = body.slice(`Olá ${name}`.length).split(PASTED).join('');
    expect(own && rest === '', `seed ${seed}: lead ${lead}: ${body}`).toBe(true);
  }
  for (const [lead, values] of sales) {
    expect(values, `seed ${seed}: sales of lead ${lead}`).toEqual([lead]);
  }
  for (const [lead, count] of seqs) {
    expect(count, `seed ${seed}: enrollments of lead ${lead}`).toBe(1);
  }
}

async function checkSeed(seed: number): Promise<number> {
  const run = await gapRun(seed);
  expect(run.world.job(run.jobId).state, `seed ${seed}`).toBe('done');
  checkEffects(run, seed);
  checkRows(run, seed);
  return run.edits;
}

describe('lead actions edited between their reads and writes', () => {
  it(`0 leads acted on twice and every status on its own row (${SEEDS} seeds)`, async () => {
    let edits = 0;
    const failed: string[] = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      try {
        edits += await checkSeed(seed);
      } catch (error) {
        failed.push(`seed ${seed}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    expect(failed).toEqual([]);
    expect(edits).toBeGreaterThan(SEEDS * 3);
  }, 600_000);
});
