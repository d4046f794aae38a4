/**
 * Review finding F3 (issue 16, "work mislabelled"): a person renames the lead id column while a
 * lead actions job runs, on a sheet that also has an e-mail column, so its rows key by e-mail
 * from then on (or the other way: a column of lead ids is renamed `CRM Lead ID`, and rows keyed
 * by e-mail key by id). The end of the pass took them for rows added meanwhile (a new pass, by
 * design), found each one's lead already acted on by the job, and ended them "SKIPPED, same
 * lead": every lead got its message once, and every row said it had not. A row that is the
 * same row (the same cells) keeps its end and its detail and sends nothing; a row that is
 * really another row of the lead (added meanwhile, other cells) is still SKIPPED "same lead".
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index';
import { type ActionsWorld, createActionsWorld, plainLeads, SHEET } from './actions-harness';

const ID_HEADER = 'CRM Lead ID';
const OTHER_HEADER = 'Referência interna';
const ROWS = 5;

const ACTIONS = [
  { action: 'message', params: { text: 'Olá {{Nome}}' } },
  { action: 'won', params: {} },
  { action: 'enroll', params: { sequence: 'Boas-vindas' } },
  { action: 'addTags', params: { tags: 'revisado-27-11' } },
] as const;
type Action = (typeof ACTIONS)[number];

/** Leads with a phone and an e-mail that no other lead has (so each key finds only it). */
function uniqueLeads(sandbox: Sandbox, count: number) {
  const closed = new Set(
    sandbox.state.stages.filter((s) => s.is_won || s.is_lost).map((s) => s.id),
  );
  const leads = plainLeads(sandbox, 150).filter(
    (l) =>
      l.email &&
      l.phone &&
      !closed.has(l.stage_id) &&
      sandbox.state.leads.filter((o) => o.email === l.email || o.phone === l.phone).length === 1,
  );
  if (leads.length < count) throw new Error('not enough demo leads with a unique e-mail and phone');
  return leads.slice(0, count);
}

/** The CRM's effects per lead since `before`: sales, enrollments, outbound messages. */
function effects(world: ActionsWorld, action: Action['action'], before: Set<string>) {
  const state = world.sandbox.state;
  const per = new Map<number, number>();
  const bump = (id: number | null | undefined) => per.set(id ?? 0, (per.get(id ?? 0) ?? 0) + 1);
  if (action === 'won') for (const s of state.sales) if (!before.has(`s${s.id}`)) bump(s.lead_id);
  if (action === 'enroll')
    for (const e of state.leadSequences) if (!before.has(`q${e.id}`)) bump(e.lead_id);
  if (action === 'message') {
    const leadOf = new Map(state.conversations.map((c) => [c.id, c.lead_id]));
    for (const m of state.messages)
      if (!before.has(`m${m.id}`) && m.direction === 'out') bump(leadOf.get(m.conversation_id));
  }
  return per;
}

function snapshot(world: ActionsWorld): Set<string> {
  const state = world.sandbox.state;
  return new Set([
    ...state.sales.map((s) => `s${s.id}`),
    ...state.leadSequences.map((e) => `q${e.id}`),
    ...state.messages.map((m) => `m${m.id}`),
  ]);
}

interface Renamed {
  /** The statuses and details every row showed when the person renamed the column. */
  statuses: string[];
  details: string[];
  /** CRM requests made before the rename. */
  requests: number;
  renamed: boolean;
}

/**
 * Renames the key column once every row shows the job's run (all placed, the end check to
 * come); with `extraRow`, a person also adds a row naming the first lead by its phone only.
 */
function renameWhenPlaced(world: ActionsWorld, to: string, extraRow?: unknown[]): Renamed {
  const model = world.runtime.sheet(SHEET);
  const seen: Renamed = { statuses: [], details: [], requests: 0, renamed: false };
  world.onServiceCall = () => {
    if (seen.renamed) return;
    const [header = [], ...rows] = model.getValues();
    const run = header.indexOf('CRM Action Run');
    if (run < 0 || rows.some((row) => String(row[run] ?? '') === '')) return;
    seen.statuses = world.statuses();
    seen.requests = world.requests().length;
    seen.details = world.details();
    model.setValues(1, 4, [[to]]);
    if (extraRow) model.setValues(rows.length + 2, 1, [extraRow]);
    seen.renamed = true;
  };
  return seen;
}

async function renameRun(c: Action, direction: 'id→e-mail' | 'e-mail→id', extra: boolean) {
  let leads: ReturnType<typeof uniqueLeads> = [];
  const from = direction === 'id→e-mail' ? ID_HEADER : OTHER_HEADER;
  const to = direction === 'id→e-mail' ? OTHER_HEADER : ID_HEADER;
  const world = await createActionsWorld({
    header: ['Nome', 'E-mail', 'Telefone', from, 'Valor'],
    rows: (sandbox) => {
      leads = uniqueLeads(sandbox, ROWS);
      return leads.map((l) => [l.name, l.email, l.phone, l.id, 'R$ 10,00']);
    },
  });
  const first = leads[0] as (typeof leads)[number];
  const before = snapshot(world);
  const seen = renameWhenPlaced(
    world,
    to,
    extra ? [first.name, '', first.phone, '', 'R$ 99,00'] : undefined,
  );
  const started = world.start('crmLeadActions', {
    sheet: SHEET,
    action: c.action,
    params: c.params,
  });
  world.finish();
  world.onServiceCall = null;
  return {
    world,
    leads,
    seen,
    job: world.job(started.jobId),
    per: effects(world, c.action, before),
  };
}

describe('lead actions whose key column a person renames mid-job (review F3)', () => {
  for (const c of ACTIONS) {
    for (const direction of ['id→e-mail', 'e-mail→id'] as const) {
      it(`${c.action}, ${direction}: every row keeps its DONE and detail, each lead acted on once`, async () => {
        const { world, leads, seen, job, per } = await renameRun(c, direction, false);
        expect(seen.renamed).toBe(true);
        expect(job.state).toBe('done');
        // DONE, or NO_CHANGE for a lead that was so already (enrolled before).
        expect(seen.statuses.every((s) => s === 'DONE' || s === 'NO_CHANGE')).toBe(true);
        expect(seen.statuses.filter((s) => s === 'DONE').length).toBeGreaterThanOrEqual(ROWS - 1);
        // Before the fix: ["SKIPPED" × 5], "same lead as …" (the lead acted on all the same).
        expect(world.statuses()).toEqual(seen.statuses);
        expect(world.details()).toEqual(seen.details);
        // The renamed rows are known by their cells: no lead is read or acted on again.
        expect(world.requests().slice(seen.requests)).toEqual([]);
        expect(job.total).toBe(ROWS);
        expect(job.counts.DONE).toBe(seen.statuses.filter((s) => s === 'DONE').length);
        if (c.action !== 'addTags') {
          leads.forEach((lead, i) => {
            const expected = seen.statuses[i] === 'DONE' ? 1 : 0;
            expect(per.get(lead.id) ?? 0, `lead ${lead.id}`).toBe(expected);
          });
          expect([...per.values()].reduce((a, b) => a + b, 0)).toBe(job.counts.DONE);
        }
      }, 60_000);
    }
  }

  it('still ends a row added meanwhile that names an acted-on lead SKIPPED, same lead', async () => {
    const c = ACTIONS[0];
    const { world, leads, seen, job, per } = await renameRun(c, 'id→e-mail', true);
    expect(seen.renamed).toBe(true);
    expect(job.state).toBe('done');
    expect(world.statuses()).toEqual([...Array(ROWS).fill('DONE'), 'SKIPPED']);
    expect(world.details()[ROWS]).toContain(`#${leads[0]?.id}`);
    expect([...per.values()].reduce((a, b) => a + b, 0)).toBe(ROWS);
  }, 60_000);

  for (const direction of ['id→e-mail', 'e-mail→id'] as const) {
    it(`delete, ${direction}: takes on no row (its confirm counted them) and keeps every DONE`, async () => {
      let leads: ReturnType<typeof uniqueLeads> = [];
      const world = await createActionsWorld({
        header: [
          'Nome',
          'E-mail',
          'Telefone',
          direction === 'id→e-mail' ? ID_HEADER : OTHER_HEADER,
        ],
        rows: (sandbox) => {
          leads = uniqueLeads(sandbox, 3);
          return leads.map((l) => [l.name, l.email, l.phone, l.id]);
        },
      });
      const seen = renameWhenPlaced(world, direction === 'id→e-mail' ? OTHER_HEADER : ID_HEADER);
      const started = world.start('crmLeadActions', { sheet: SHEET, action: 'delete', confirm: 3 });
      world.finish();
      world.onServiceCall = null;
      expect(seen.renamed).toBe(true);
      expect(world.job(started.jobId).state).toBe('done');
      expect(world.statuses()).toEqual(Array(3).fill('DONE'));
      expect(world.details()).toEqual(seen.details);
      for (const lead of leads)
        expect(world.sandbox.state.leads.some((l) => l.id === lead.id)).toBe(false);
    }, 60_000);
  }

  it('reverts each lead of a renamed run once (the rows taken on again are not its own)', async () => {
    const c = ACTIONS[3];
    // Rows keyed by e-mail, then by id: the rows taken on again name their leads by id.
    const { world, leads, job } = await renameRun(c, 'e-mail→id', false);
    expect(job.state).toBe('done');
    const tagged = (id: number) =>
      world.sandbox.state.leads.find((l) => l.id === id)?.tags.includes('revisado-27-11');
    expect(leads.every((lead) => tagged(lead.id))).toBe(true);
    // The person names the column back, then reverts the run.
    world.runtime.sheet(SHEET).setValues(1, 4, [[OTHER_HEADER]]);
    world.sandbox.clearRequests();
    const started = world.start('crmRevertLeadActions', job.jobId);
    world.finish();
    const revert = world.job(started.jobId);
    expect(revert.state).toBe('done');
    // Before: 10 rows (each lead twice), the second of each lead CHANGED_SINCE or NO_CHANGE.
    expect(revert.total).toBe(ROWS);
    expect(revert.counts.REVERTED).toBe(ROWS);
    const removals = world.requests().filter((r) => /^DELETE \/api\/v1\/leads\/\d+\/tags/.test(r));
    expect(removals.filter((r) => !r.includes('2147483647'))).toHaveLength(ROWS);
    expect(leads.some((lead) => tagged(lead.id))).toBe(false);
  }, 60_000);

  it('shows a revert on the rows of a renamed run the person did not name back', async () => {
    const c = ACTIONS[3];
    const { world, leads, job } = await renameRun(c, 'e-mail→id', false);
    expect(job.state).toBe('done');
    const started = world.start('crmRevertLeadActions', job.jobId);
    world.finish();
    const revert = world.job(started.jobId);
    expect(revert.state).toBe('done');
    expect(revert.counts.REVERTED).toBe(ROWS);
    const tagged = (id: number) =>
      world.sandbox.state.leads.find((l) => l.id === id)?.tags.includes('revisado-27-11');
    expect(leads.some((lead) => tagged(lead.id))).toBe(false);
    // Before: every row still said DONE (the rows key by id now, the revert's entries by e-mail).
    expect(world.statuses()).toEqual(Array(ROWS).fill('REVERTED'));
  }, 60_000);

  it('acts on a row that named no lead before the rename and names one since', async () => {
    let leads: ReturnType<typeof uniqueLeads> = [];
    const world = await createActionsWorld({
      header: ['Nome', 'E-mail', 'Telefone', ID_HEADER, 'Valor'],
      rows: (sandbox) => {
        leads = uniqueLeads(sandbox, 3);
        // The third row has no lead id: NOT_FOUND while rows key by id.
        return leads.map((l, i) => [l.name, l.email, l.phone, i === 2 ? '' : l.id, 'R$ 10,00']);
      },
    });
    const before = snapshot(world);
    const seen = renameWhenPlaced(world, OTHER_HEADER);
    const started = world.start('crmLeadActions', {
      sheet: SHEET,
      action: 'message',
      params: { text: 'Olá {{Nome}}' },
    });
    world.finish();
    world.onServiceCall = null;
    expect(seen.renamed).toBe(true);
    expect(seen.statuses).toEqual(['DONE', 'DONE', 'NOT_FOUND']);
    expect(world.job(started.jobId).state).toBe('done');
    expect(world.statuses()).toEqual(['DONE', 'DONE', 'DONE']);
    const per = effects(world, 'message', before);
    for (const lead of leads) expect(per.get(lead.id), `lead ${lead.id}`).toBe(1);
  }, 60_000);
});
