/**
 * A run does what its preview showed (PRODUCT.md "What a person confirmed is what happens",
 * issue 27 item 2), as a property over seeds: a sheet of leads by id (and a row whose id no lead
 * has) is previewed for `stage`, `addTags` or `delete`; then a person pastes rows of other
 * leads, edits rows (a name, or the id: another lead), deletes rows and sorts the sheet; then the
 * run (a delete confirming the preview's count) is started and driven by executions each killed
 * at a random service call. By the end:
 * - no lead was acted on that the preview did not show as WILL_CHANGE, and none through another
 *   row than the one the preview saw (every lead acted on is a WILL_CHANGE row's, unedited);
 * - every count of the run is the preview's minus what changed: DONE = the unedited WILL_CHANGE
 *   rows, NO_CHANGE and NOT_FOUND likewise, NOT_PREVIEWED = the rows pasted or edited since.
 * Odd seeds key the sheet by e-mail / phone instead (no id column): rows by e-mail and phone
 * whose phone another person also holds, on an earlier page of the account's leads (the
 * second key: it must never name that person), rows by e-mail alone and by phone alone; an
 * edit of a row's key gives it another lead's e-mail and phone. There, too, every lead acted
 * on is the lead that holds its row's first matching key and that the preview named: 0 actions
 * on another person.
 * `ACTIONS_PLAN_SEEDS=300` for the deep run (default 8, ~35 s: a seed costs ~4 s of kills and
 * executions). Before the plan, 12 of the 13 stage / addTags seeds of 0-19 acted on 21 leads
 * the preview did not show, and 6 of the 7 delete seeds refused the preview's confirm. With a
 * paged read that kept its first holder (the phone's other person on page 1) over the e-mail's
 * lead, the 4 e-mail / phone seeds of 0-7 acted on 12 other people. On main with this file,
 * 300 seeds (150 by e-mail / phone): 0 failures, 29 min at nice 10 on a loaded machine.
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index';
import { seededRandom } from '../unit/core/jobs/fakes';
import {
  type ActionsWorld,
  createActionsWorld,
  leadRows,
  plainLeads,
  SHEET,
} from './actions-harness';

const SEEDS = Number(process.env.ACTIONS_PLAN_SEEDS) || 8;
const ROWS = 8;
const SPARE = 4;

const ACTIONS = [
  { action: 'stage', params: { stage: 'Negociação' } },
  { action: 'addTags', params: { tags: 'plano' } },
  { action: 'delete', params: {} },
] as const;

/** What a preview status becomes in its run when nothing changed. */
const RUN_OF: Record<string, string> = {
  WILL_CHANGE: 'DONE',
  NO_CHANGE: 'NO_CHANGE',
  NOT_FOUND: 'NOT_FOUND',
  WILL_FAIL: 'FAIL',
};
const FAILS = new Set(['SKIPPED', 'FAILED', 'BLOCKED']);

/** The header of a sheet keyed by e-mail / phone (odd seeds): no id column. */
const KEY_HEADER = ['Nome', 'E-mail', 'Telefone', 'Valor', 'Etapa'];

/**
 * How a seed's sheet names leads: by id (column 3), or by e-mail (column 2) else phone (column
 * 3). `rows` writes leads' rows, `leadOf` is the lead a row's first matching key names (its
 * key: `#id`, `e:…` or `p:…`).
 */
interface Keying {
  header?: string[];
  rows(sandbox: Sandbox, ids: readonly number[]): unknown[][];
  keyOf(row: readonly unknown[]): string;
}

const BY_ID: Keying = {
  rows: leadRows,
  keyOf: (row) => (Number(row[2]) ? `#${Number(row[2])}` : ''),
};

/** Rows by e-mail and phone, e-mail alone, phone alone, in turn (by the lead's id). */
const BY_KEY: Keying = {
  header: KEY_HEADER,
  rows: (sandbox, ids) =>
    ids.map((id) => {
      const lead = sandbox.state.leads.find((l) => l.id === id);
      if (!lead) return ['', '', '', '', ''];
      const form = id % 3;
      return [lead.name, form === 2 ? '' : lead.email, form === 1 ? '' : lead.phone, '', ''];
    }),
  keyOf: (row) => {
    const email = String(row[1] ?? '')
      .trim()
      .toLowerCase();
    if (email) return `e:${email}`;
    // The sheet reads a typed `+55…` as a number: a phone is known by its digits.
    const phone = String(row[2] ?? '').replace(/\D/g, '');
    return phone ? `p:${phone}` : '';
  },
};

/** The sheet's rows by key: their five data cells, as text (the key and the cell mark). */
function rowsByKey(
  world: ActionsWorld,
  keying: Keying,
): Map<string, { cells: string; status: string }> {
  const values = world.runtime.sheet(SHEET).getValues();
  const at = (values[0] ?? []).indexOf('CRM Action Status');
  const rows = new Map<string, { cells: string; status: string }>();
  for (const row of values.slice(1)) {
    const id = keying.keyOf(row);
    if (!id || rows.has(id)) continue;
    rows.set(id, {
      cells: JSON.stringify(row.slice(0, 5).map((c) => String(c ?? ''))),
      status: at < 0 ? '' : String(row[at] ?? ''),
    });
  }
  return rows;
}

/** What the CRM holds of each lead that an action may change (absent: gone). */
function leadStates(world: ActionsWorld, ids: readonly number[]): Map<number, string> {
  const states = new Map<number, string>();
  for (const id of ids) {
    const lead = world.sandbox.state.leads.find((l) => l.id === id);
    if (lead) states.set(id, JSON.stringify([lead.pipeline_id, lead.stage_id, lead.tags]));
  }
  return states;
}

/** A person's edits between the preview and the run. */
function edit(world: ActionsWorld, random: () => number, spare: number[], keying: Keying): void {
  const model = world.runtime.sheet(SHEET);
  const edits = 1 + Math.floor(random() * 5);
  for (let n = 0; n < edits; n++) {
    const last = model.lastRow();
    const row = 2 + Math.floor(random() * Math.max(1, last - 1));
    const what = random();
    if (what < 0.3 && spare.length > 0) {
      model.setValues(last + 1, 1, keying.rows(world.sandbox, [spare.shift() as number]));
    } else if (what < 0.5 && last > 1) {
      model.setValues(row, 1, [[`${String(model.getValues()[row - 1]?.[0] ?? '')} (editado)`]]);
    } else if (what < 0.6 && last > 1 && spare.length > 0) {
      // The row now names another lead: the lead it named is no row's any more.
      const other = keying.rows(world.sandbox, [spare.shift() as number])[0] ?? [];
      if (keying === BY_ID) model.setValues(row, 3, [[other[2]]]);
      else model.setValues(row, 2, [[other[1], other[2]]]);
    } else if (what < 0.7 && last > 2) {
      model.deleteRows(row, 1);
    } else if (last > 2) {
      model.sortRows(2, last, 1 + Math.floor(random() * 5), random() < 0.5);
    }
  }
}

/**
 * Leads for a sheet by e-mail / phone: e-mails and phones no other lead of the account holds,
 * from the last page of `GET /leads` (newest first, 200 a page); each one's phone is given to
 * a lead of the first page too, that no row names (`shadows`), except for rows by phone alone.
 */
function keyedLeads(sandbox: Sandbox, seed: number, count: number) {
  const leads = sandbox.state.leads.filter((l) => l.account_id === 1);
  const newest = [...leads].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const firstPage = new Set(newest.slice(0, 200).map((l) => l.id));
  const once = (field: 'email' | 'phone', value: string | null) =>
    value !== null && leads.filter((o) => o[field] === value).length === 1;
  const plain = plainLeads(sandbox, 250);
  const candidates = plain.filter(
    (l) => !firstPage.has(l.id) && once('email', l.email) && once('phone', l.phone),
  );
  const shadows = plain.filter((l) => firstPage.has(l.id));
  if (candidates.length < count + 1 || shadows.length < count) throw new Error('too few leads');
  const start = (seed * 7) % (candidates.length - count);
  const chosen = candidates.slice(start, start + count);
  const shadowed: number[] = [];
  chosen.forEach((lead, i) => {
    const shadow = shadows[(seed * 13 + i) % shadows.length];
    if (lead.id % 3 === 2 || !shadow) return;
    shadow.phone = lead.phone;
    shadowed.push(shadow.id);
  });
  return { chosen: chosen.map((l) => l.id), shadowed };
}

async function plannedRun(seed: number): Promise<string[]> {
  const random = seededRandom(seed * 31 + 5);
  const { action, params } = ACTIONS[seed % ACTIONS.length] as (typeof ACTIONS)[number];
  const keying = seed % 2 === 1 ? BY_KEY : BY_ID;
  let ids: number[] = [];
  let spare: number[] = [];
  const missing = 900_000 + seed;
  const world = await createActionsWorld({
    ...(keying.header ? { header: keying.header } : {}),
    rows: (sandbox) => {
      let chosen: number[];
      if (keying === BY_ID) {
        const leads = plainLeads(sandbox, 250);
        const start = (seed * 11) % (leads.length - ROWS - SPARE);
        chosen = leads.slice(start, start + ROWS + SPARE).map((l) => l.id);
      } else chosen = keyedLeads(sandbox, seed, ROWS + SPARE).chosen;
      ids = chosen.slice(0, ROWS);
      spare = chosen.slice(ROWS);
      const nobody =
        keying === BY_ID
          ? ['Ninguém', '', missing, '', '']
          : ['Ninguém', `ninguem${missing}@example.com`, '', '', ''];
      return [...keying.rows(sandbox, ids), nobody];
    },
  });
  const all = [...ids, ...spare];
  // The lead each row's key names: the chosen leads hold their keys alone (their first key).
  const leadOfKey = new Map<string, number>();
  for (const id of all) {
    const row = keying.rows(world.sandbox, [id])[0] ?? [];
    leadOfKey.set(keying.keyOf(row), id);
  }
  // Every lead of the account is watched: a lead acted on that no row names is another person.
  const watched = world.sandbox.state.leads.filter((l) => l.account_id === 1).map((l) => l.id);
  const where = `seed ${seed} (${action}, by ${keying === BY_ID ? 'id' : 'e-mail/phone'})`;
  const preview = world.start('crmLeadActions', { sheet: SHEET, action, params, preview: true });
  world.finish();
  const previewed = rowsByKey(world, keying);
  world.clock.advance(60_000 * (1 + Math.floor(random() * 60)));
  edit(world, random, spare, keying);
  const atRun = rowsByKey(world, keying);
  // What each row of the sheet at the run should end as.
  const expected: Record<string, number> = {};
  const acting = new Set<number>();
  for (const [key, row] of atRun) {
    const before = previewed.get(key);
    const end =
      !before || before.cells !== row.cells ? 'NOT_PREVIEWED' : (RUN_OF[before.status] ?? '?');
    expected[end] = (expected[end] ?? 0) + 1;
    const id = leadOfKey.get(key);
    if (end === 'DONE' && id !== undefined) acting.add(id);
  }
  const crmBefore = leadStates(world, watched);
  const confirm = world.job(preview.jobId).counts.WILL_CHANGE ?? 0;
  const options = { sheet: SHEET, action, params, ...(action === 'delete' ? { confirm } : {}) };
  const found: string[] = [];
  // The start, killed at a random call; started again when it died before its job was made.
  world.runtime.execute({
    fn: 'crmLeadActions',
    args: [options],
    killAfterServiceCalls: Math.floor(random() * 200),
  });
  const runOf = () =>
    (world.runtime.runOrThrow('crmListJobs') as { jobId: string }[]).find(
      (j) => j.jobId !== preview.jobId,
    );
  if (!runOf()) {
    world.clock.advance(7 * 60_000);
    world.runtime.run('crmLeadActions', options);
  }
  for (let i = 0; i < 8; i++) {
    const job = runOf();
    if (job && world.job(job.jobId).state === 'done') break;
    world.clock.advance(7 * 60_000);
    const kill = random() < 0.7 ? Math.floor(random() * 300) : undefined;
    world.runtime.execute({
      fn: 'crmRunJobs',
      ...(kill === undefined ? {} : { killAfterServiceCalls: kill }),
    });
  }
  for (let i = 0; i < 20; i++) {
    const job = runOf();
    if (!job || world.job(job.jobId).state === 'done') break;
    world.clock.advance(7 * 60_000);
    world.runtime.run('crmRunJobs');
  }
  const run = runOf();
  if (!run) return [`${where}: no run`];
  const summary = world.job(run.jobId);
  if (summary.state !== 'done') found.push(`${where}: run ${summary.state}`);
  // Leads acted on: those the CRM holds otherwise (or no more) than before the run.
  const crmAfter = leadStates(world, watched);
  for (const id of watched) {
    if (crmBefore.get(id) === crmAfter.get(id)) continue;
    if (!all.includes(id)) found.push(`${where}: lead ${id} acted on: another person`);
    else if (!acting.has(id)) found.push(`${where}: lead ${id} acted on, not previewed so`);
  }
  for (const id of acting) {
    if (crmBefore.get(id) === crmAfter.get(id)) found.push(`${where}: lead ${id} not acted on`);
  }
  const got: Record<string, number> = {};
  for (const [status, count] of Object.entries(summary.counts)) {
    if (count === 0) continue;
    const key = FAILS.has(status) ? 'FAIL' : status;
    got[key] = (got[key] ?? 0) + count;
  }
  const sorted = (o: Record<string, number>) => JSON.stringify(Object.entries(o).sort());
  if (sorted(got) !== sorted(expected)) {
    found.push(`${where}: counts ${sorted(got)}, expected ${sorted(expected)}`);
  }
  return found;
}

describe('lead actions: a run does what its preview showed', () => {
  it(`acts only on the previewed rows' leads, counts = preview minus changes (${SEEDS} seeds, kills)`, async () => {
    const found: string[] = [];
    const started = Date.now();
    for (let seed = 0; seed < SEEDS; seed++) found.push(...(await plannedRun(seed)));
    if (process.env.ACTIONS_PLAN_SEEDS) console.log(`${SEEDS} seeds in ${Date.now() - started} ms`);
    expect(found).toEqual([]);
  }, 3_600_000);
});
