/**
 * A push killed at any instant, with a person sorting the sheet while it goes on (PRODUCT.md
 * "A push is a job like the others: … safe against kills and people editing the sheet"). Each
 * seed exports 16 leads, renames some (`N-<id>`), tags some (`t-<id>`), moves two into the won
 * stage; the push's first execution is killed at a random service call; a driver then finishes
 * it while the person sorts by a random column or inserts a row at random service calls. By the
 * end: every edited lead holds its own new name and tag, each won lead has exactly one new sale
 * (a won move is never repeated), and every row's status and detail stand on its own lead's row.
 * PUSH_KILL_SEEDS seeds (default 6; deeper runs: PUSH_KILL_SEEDS=200).
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import type { ServiceCallEvent } from '../../tools/gas-runtime/index';
import { seededRandom } from '../unit/core/jobs/fakes';
import { createPushWorld, PUSH_SHEET } from './push-harness';

const SEEDS = Number(process.env.PUSH_KILL_SEEDS) || 6;
/**
 * Seeds that found a defect, run every time. 187: a row inserted while the push read the sheet
 * left the last lead out of that read, and the push "forgot" it from the memory as deleted; its
 * change was then SKIPPED ("export again").
 */
const REGRESSION_SEEDS = [187];
const LEADS = 16;
const EDIT_CHANCE = 0.08;
const NO_EDIT_CALLS = new Set(['Sheet.getRange', 'Range.setValues', 'Range.getDisplayValues']);

let firstCalls = 0;

async function killedPush(seed: number): Promise<number> {
  const random = seededRandom(seed + 7);
  const w = await createPushWorld(LEADS);
  const renamed = w.ids.filter(() => random() < 0.6);
  const tagged = w.ids.filter(() => random() < 0.4);
  const won = w.ids.filter((id) => !renamed.includes(id)).slice(0, 2);
  for (const id of renamed) w.set(id, 'Nome', `N-${id}`);
  for (const id of tagged) w.set(id, 'Etiquetas', `lote, lote2, t-${id}`);
  for (const id of won) w.set(id, 'Etapa', 'Ganho');
  const sales = w.sandbox.state.sales.length;
  const options = { sheet: PUSH_SHEET };
  if (firstCalls === 0) {
    firstCalls = w.runtime.run('crmPushChanges', options).serviceCalls;
    w.runtime.runUntilIdle({ maxExecutions: 80 });
    return 0;
  }
  const kill = Math.floor(random() * firstCalls);
  w.runtime.execute({ fn: 'crmPushChanges', args: [options], killAfterServiceCalls: kill });
  w.clock.advance(7 * 60_000);
  const model = w.runtime.sheet(PUSH_SHEET);
  let edits = 0;
  w.onServiceCall = (event: ServiceCallEvent) => {
    if (NO_EDIT_CALLS.has(event.name) || random() >= EDIT_CHANCE) return;
    edits += 1;
    if (random() < 0.85)
      model.sortRows(2, model.lastRow(), 1 + Math.floor(random() * 11), random() < 0.5);
    else model.insertRows(2, 1);
  };
  let jobs = w.runtime.runOrThrow('crmListJobs') as { state: string; kind: string }[];
  // A kill before the job existed left nothing: the person starts the push again.
  if (!jobs.some((j) => j.kind === 'push')) w.runtime.runOrThrow('crmPushChanges', options);
  w.runtime.run('crmRunJobs');
  w.runtime.runUntilIdle({ maxExecutions: 80 });
  w.onServiceCall = null;
  const where = `seed ${seed} (kill at ${kill} of ${firstCalls})`;
  jobs = w.runtime.runOrThrow('crmListJobs') as { state: string; kind: string }[];
  for (const job of jobs) expect(job.state, where).toBe('done');
  const newSales = w.sandbox.state.sales.slice(sales).map((s) => s.lead_id);
  expect(newSales.sort(), `${where}: sales`).toEqual([...won].sort());
  for (const id of won) expect(w.lead(id).stage_id, where).toBe(DEMO.stages.ganho);
  for (const id of renamed) expect(w.lead(id).name, `${where}: lead ${id}`).toBe(`N-${id}`);
  for (const id of tagged) {
    const own = w.lead(id).tags.filter((t) => t.startsWith('t-'));
    expect(own, `${where}: lead ${id}`).toEqual([`t-${id}`]);
  }
  for (const id of w.ids) {
    const edited = renamed.includes(id) || tagged.includes(id) || won.includes(id);
    expect(w.status(id), `${where}: lead ${id}`).toBe(edited ? 'DONE' : 'NO_CHANGE');
    if (renamed.includes(id)) expect(w.detail(id), `${where}: lead ${id}`).toContain(`N-${id}`);
    if (tagged.includes(id)) expect(w.detail(id), `${where}: lead ${id}`).toContain(`t-${id}`);
    if (!edited) expect(w.detail(id), `${where}: lead ${id}`).not.toMatch(/N-|t-/);
  }
  return edits;
}

describe('push under kills and sorts', () => {
  it(`sends each change once and leaves every status on its own row (${SEEDS} seeds)`, async () => {
    let edits = 0;
    const seeds = [...Array.from({ length: SEEDS + 1 }, (_, seed) => seed), ...REGRESSION_SEEDS];
    for (const seed of new Set(seeds)) edits += await killedPush(seed);
    expect(edits).toBeGreaterThan(SEEDS);
  }, 600_000);
});
