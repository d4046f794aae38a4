/**
 * Issue 16.10, on the real bundle against the sandbox: the CRM does not document the order of
 * GET /leads, and a bulk import creates hundreds of leads at one instant. For every order the
 * sandbox offers (newest first, by id, arbitrary, last edited first) and leads sharing one
 * `created_at` by the hundred, with leads edited, created, deleted and moved in and out of the
 * filter before every list request, an export holds every lead that matched from its start to its end, once; a sync
 * with `staleRows` marks or deletes only rows whose lead is gone or no longer matches, and
 * every row of a lead that never matched during the pass.
 *
 * Seeds: EXPORT_ORDER_SEEDS (default 8, two per order, about 9 s; 300 for a deep run).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeadListOrder } from '../../sandbox/index';
import type { LeadRow } from '../../sandbox/types';
import { accountLeads, buildBundle, createHarness, DEMO_NOW, type Harness } from './export-harness';

beforeAll(async () => {
  await buildBundle();
});

const SEEDS = Number(process.env.EXPORT_ORDER_SEEDS ?? 8);
const ORDERS: LeadListOrder[] = ['newest', 'id', 'arbitrary', 'updated'];
const PIPELINE = 1;
const OTHER_PIPELINE = 2;

function seeded(seed: number): () => number {
  let state = (seed * 2_654_435_761) % 2_147_483_648;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** `count` leads in pipeline 1 in a few bulk imports: hundreds share one `created_at`. */
function seedBulk(h: Harness, count: number, random: () => number): void {
  const state = h.sandbox.state;
  const account = state.accounts.find((a) => a.id === 1);
  if (account) account.lead_limit = 1_000_000;
  const stage = state.stages.find((s) => s.pipeline_id === PIPELINE);
  // Two to four instants, the first holding more than a page (200).
  const instants = 2 + Math.floor(random() * 3);
  for (let i = 0; i < count; i++) {
    const id = (state.sequences.leads ?? 0) + 1;
    state.sequences.leads = id;
    const group = i < 230 ? 0 : 1 + Math.floor(random() * (instants - 1));
    const at = new Date(DEMO_NOW - (group + 1) * 3_600_000).toISOString();
    state.leads.push({
      id,
      account_id: 1,
      name: `Lote ${id}`,
      phone: null,
      email: `lote${id}@exemplo.com.br`,
      company: null,
      birthday: null,
      value: null,
      source: null,
      tags: [],
      pipeline_id: PIPELINE,
      stage_id: stage?.id ?? 1,
      notes: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      custom_fields: {},
      assigned_to: null,
      score: 0,
      score_updated_at: null,
      created_at: at,
      updated_at: at,
    } satisfies LeadRow);
  }
}

function inFilter(h: Harness): Set<number> {
  return new Set(
    accountLeads(h.sandbox)
      .filter((lead) => lead.pipeline_id === PIPELINE)
      .map((lead) => lead.id),
  );
}

/** What other people do meanwhile: delete, move out of or into the filter, create. */
function changeCrm(h: Harness, random: () => number): void {
  const state = h.sandbox.state;
  const leads = accountLeads(h.sandbox);
  const pick = () => leads[Math.floor(random() * leads.length)] as LeadRow;
  const now = new Date(h.clock.now()).toISOString();
  const move = (lead: LeadRow, pipeline: number) => {
    lead.pipeline_id = pipeline;
    lead.stage_id = state.stages.find((s) => s.pipeline_id === pipeline)?.id ?? lead.stage_id;
    lead.updated_at = now;
  };
  const roll = random();
  if (roll < 0.15) {
    // An edit: the lead still matches, but a CRM ordering by updated_at moves it to the top.
    const edited = pick();
    edited.name = `${edited.name} *`;
    edited.updated_at = now;
  } else if (roll < 0.35) {
    const gone = pick();
    state.leads = state.leads.filter((lead) => lead !== gone);
  } else if (roll < 0.6) {
    move(pick(), OTHER_PIPELINE);
  } else if (roll < 0.8) {
    move(pick(), PIPELINE);
  } else {
    const id = (state.sequences.leads ?? 0) + 1;
    state.sequences.leads = id;
    state.leads.push({ ...pick(), id, name: `Novo ${id}`, created_at: now, updated_at: now });
  }
}

interface Run {
  /** Matched at the first list request and after every change, and exists at the end. */
  held: number[];
  /** Matched at some moment of the run. */
  ever: Set<number>;
  /** Matches at the end. */
  end: Set<number>;
  message: string;
  /** GET /leads requests. */
  lists: number;
}

function exportUnderChange(h: Harness, random: () => number, options: object): Run {
  let held = inFilter(h);
  const ever = new Set(held);
  let lists = 0;
  h.onRequest = (request) => {
    if (!/\/leads\?/.test(request.url)) return;
    if (lists++ > 0) {
      for (let i = Math.floor(random() * 4); i > 0; i--) changeCrm(h, random);
      const now = inFilter(h);
      held = new Set([...held].filter((id) => now.has(id)));
      for (const id of now) ever.add(id);
    }
  };
  const started = h.runtime.run('crmExportLeads', options);
  if (!started.ok) throw new Error(`crmExportLeads failed: ${started.error?.message}`);
  h.runtime.runUntilIdle();
  h.onRequest = null;
  const jobs = h.runtime.runOrThrow('crmListJobs') as Array<{ state: string; message: string }>;
  expect(jobs[0]?.state).toBe('done');
  const end = inFilter(h);
  return {
    held: [...held].filter((id) => end.has(id)),
    ever,
    end,
    message: jobs[0]?.message ?? '',
    lists,
  };
}

function sheetIds(h: Harness): number[] {
  return h.runtime
    .sheet('Lote')
    .getValues()
    .slice(1)
    .map((row) => row[0] as number);
}

const seeds = Array.from({ length: SEEDS }, (_, i) => i + 1);
const tally = {
  replaceMissed: 0,
  replaceHeld: 0,
  replaceLists: 0,
  syncMissed: 0,
  wronglyRemoved: 0,
  staleKept: 0,
  syncLists: 0,
};

describe('crmExportLeads whatever the order of GET /leads (randomised)', () => {
  it.each(seeds)(
    'seed %i: replace holds every lead that matched throughout, once',
    async (seed) => {
      const order = ORDERS[seed % ORDERS.length] as LeadListOrder;
      const random = seeded(seed);
      const h = await createHarness({
        sandbox: { leadListOrder: order },
        runtime: { costs: { fetchMs: 30_000 } },
      });
      seedBulk(h, 300 + Math.floor(random() * 250), random);
      const run = exportUnderChange(h, random, {
        sheet: 'Lote',
        filters: { pipeline_id: PIPELINE },
        columns: 'id,name',
      });
      const ids = sheetIds(h);
      const missed = run.held.filter((id) => !ids.includes(id));
      tally.replaceMissed += missed.length;
      tally.replaceHeld += run.held.length;
      tally.replaceLists += run.lists;
      const context = `seed ${seed}, order ${order}`;
      expect(new Set(ids).size, `${context}: a lead twice`).toBe(ids.length);
      expect(missed, `${context}: missed of ${run.held.length}`).toEqual([]);
      expect(
        ids.filter((id) => !run.ever.has(id)),
        `${context}: strangers`,
      ).toEqual([]);
    },
  );

  it.each(seeds)(
    'seed %i: a sync marks or deletes only rows of leads gone or out of the filter',
    async (seed) => {
      const order = ORDERS[seed % ORDERS.length] as LeadListOrder;
      const random = seeded(1_000 + seed);
      const h = await createHarness({
        sandbox: { leadListOrder: order },
        runtime: { costs: { fetchMs: 30_000 } },
      });
      seedBulk(h, 300 + Math.floor(random() * 250), random);
      const options = {
        sheet: 'Lote',
        mode: 'sync',
        filters: { pipeline_id: PIPELINE },
        columns: 'id,name',
      };
      h.runtime.runOrThrow('crmExportLeads', options);
      h.runtime.runUntilIdle();
      for (let i = 0; i < 6; i++) changeCrm(h, random);
      h.clock.advance(3_600_000);
      const before = sheetIds(h);
      const action = seed % 2 === 0 ? 'delete' : 'mark';
      const run = exportUnderChange(h, random, { ...options, staleRows: action });
      const values = h.runtime.sheet('Lote').getValues();
      const rows = values.slice(1);
      const ids = rows.map((row) => row[0] as number);
      const removed =
        action === 'delete'
          ? before.filter((id) => !ids.includes(id))
          : rows.filter((row) => row[2] === 'GONE').map((row) => row[0] as number);
      const context = `seed ${seed}, order ${order}, ${action}`;
      const wrong = removed.filter((id) => run.end.has(id));
      tally.wronglyRemoved += wrong.length;
      tally.syncLists += run.lists;
      tally.syncMissed += run.held.filter((id) => !ids.includes(id)).length;
      expect(wrong, `${context}: rows of leads that still match`).toEqual([]);
      expect(
        run.held.filter((id) => !ids.includes(id)),
        `${context}: missed`,
      ).toEqual([]);
      const stale = before.filter((id) => !run.ever.has(id));
      const kept = stale.filter((id) => !removed.includes(id));
      tally.staleKept += kept.length;
      // Rows are kept only when the sync said so.
      if (kept.length > 0) expect(run.message, context).toMatch(/kept/i);
    },
  );

  it('tally', () => {
    if (process.env.EXPORT_ORDER_STATS) console.info(JSON.stringify({ seeds: SEEDS, ...tally }));
  });
});
