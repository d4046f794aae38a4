/**
 * crmExportLeads while the CRM changes under it (issue 13.7), the real bundle across several
 * executions: before every page request the sandbox loses leads (deleted, or moved out of the
 * filter), gains leads (created, or moved into it). The export must hold every lead that
 * matched from its start to its end and still exists, once. A full sync pass (`staleRows`)
 * marks or deletes the rows of leads that are gone or no longer match.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeadRow } from '../../sandbox/types';
import {
  accountLeads,
  buildBundle,
  createHarness,
  DEMO_NOW,
  type Harness,
  seedLeads,
} from './export-harness';

beforeAll(async () => {
  await buildBundle();
});

const SEEDS = [1, 2, 3, 4];
/** The filter under test: the demo account's first pipeline. */
const PIPELINE = 1;
const OTHER_PIPELINE = 2;

function seeded(seed: number): () => number {
  let state = seed * 2_654_435_761;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function inFilter(h: Harness): Set<number> {
  return new Set(
    accountLeads(h.sandbox)
      .filter((lead) => lead.pipeline_id === PIPELINE)
      .map((lead) => lead.id),
  );
}

/** Changes the CRM's data directly (no request, no rate limit): what other users do meanwhile. */
function changeCrm(h: Harness, random: () => number): void {
  const state = h.sandbox.state;
  const leads = accountLeads(h.sandbox);
  const pick = () => leads[Math.floor(random() * leads.length)] as LeadRow;
  const now = new Date(h.clock.now()).toISOString();
  const stageOf = (pipeline: number) => state.stages.find((s) => s.pipeline_id === pipeline);
  const move = (lead: LeadRow, pipeline: number) => {
    lead.pipeline_id = pipeline;
    lead.stage_id = stageOf(pipeline)?.id ?? lead.stage_id;
    lead.updated_at = now;
  };
  const roll = random();
  if (roll < 0.35) {
    const gone = pick();
    state.leads = state.leads.filter((lead) => lead !== gone);
  } else if (roll < 0.6) {
    move(pick(), OTHER_PIPELINE);
  } else if (roll < 0.8) {
    move(pick(), PIPELINE);
  } else {
    const id = (state.sequences.leads ?? 0) + 1;
    state.sequences.leads = id;
    const model = pick();
    state.leads.push({ ...model, id, name: `Novo ${id}`, created_at: now, updated_at: now });
  }
}

/** Runs the export to its end; before every GET /leads but the first, 1–4 changes. */
function exportUnderChange(h: Harness, seed: number, options: Record<string, unknown>) {
  const random = seeded(seed);
  let held = inFilter(h);
  const ever = new Set(held);
  let pages = 0;
  h.onRequest = (request) => {
    if (!/\/leads\?/.test(request.url)) return;
    if (pages++ > 0) {
      for (let i = 1 + Math.floor(random() * 4); i > 0; i--) changeCrm(h, random);
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
  const exists = new Set(accountLeads(h.sandbox).map((lead) => lead.id));
  return { held: [...held].filter((id) => exists.has(id)), ever, pages };
}

describe('crmExportLeads under change, across executions', () => {
  it.each(SEEDS)('replace, seed %i: every lead that matched throughout, once', async (seed) => {
    // 60 s per request: each execution reads a few pages, then a trigger goes on.
    const h = await createHarness({ runtime: { costs: { fetchMs: 60_000 } } });
    seedLeads(h.sandbox, 900, DEMO_NOW);
    const run = exportUnderChange(h, seed, {
      sheet: 'Funil',
      filters: { pipeline_id: PIPELINE },
      columns: 'id,name',
    });
    expect(h.runtime.executions.length).toBeGreaterThan(2);
    const ids = h.runtime
      .sheet('Funil')
      .getValues()
      .slice(1)
      .map((row) => row[0] as number);
    expect(new Set(ids).size).toBe(ids.length);
    expect(run.held.filter((id) => !ids.includes(id))).toEqual([]);
    expect(ids.filter((id) => !run.ever.has(id))).toEqual([]);
  });

  it.each(SEEDS)(
    'sync with staleRows "mark", seed %i: gone rows marked, none lost',
    async (seed) => {
      const h = await createHarness({ runtime: { costs: { fetchMs: 60_000 } } });
      seedLeads(h.sandbox, 900, DEMO_NOW);
      const options = {
        sheet: 'Funil',
        mode: 'sync',
        filters: { pipeline_id: PIPELINE },
        columns: 'id,name',
      };
      exportUnderChange(h, 100 + seed, options);
      const before = h.runtime
        .sheet('Funil')
        .getValues()
        .slice(1)
        .map((row) => row[0] as number);
      const run = exportUnderChange(h, 200 + seed, { ...options, staleRows: 'mark' });
      const values = h.runtime.sheet('Funil').getValues();
      expect(values[0]).toEqual(['id', 'name', 'CRM Sync Status']);
      const status = new Map(values.slice(1).map((row) => [row[0] as number, row[2]]));
      expect(run.held.filter((id) => !status.has(id))).toEqual([]);
      expect(run.held.filter((id) => status.get(id) === 'GONE')).toEqual([]);
      const stale = before.filter((id) => !run.ever.has(id));
      expect(stale.length).toBeGreaterThan(0);
      expect(stale.filter((id) => status.get(id) !== 'GONE')).toEqual([]);
      expect(values.length - 1).toBe(status.size);
    },
  );
});

describe('crmExportLeads sync, staleRows', () => {
  it('"delete" deletes the rows of leads that are gone or left the filter, and only those', async () => {
    const h = await createHarness();
    const options = { sheet: 'Funil', mode: 'sync', filters: { pipeline_id: PIPELINE } };
    h.runtime.runOrThrow('crmExportLeads', { ...options, columns: 'id,name' });
    const sheet = h.runtime.sheet('Funil');
    // The user's own column beside the export's.
    const withNotes = sheet.getValues().map((row, i) => [...row, i === 0 ? 'Nota' : `n${row[0]}`]);
    sheet.setValues(1, 1, withNotes);
    const leads = accountLeads(h.sandbox).filter((lead) => lead.pipeline_id === PIPELINE);
    const [deleted, moved] = [leads[3] as LeadRow, leads[10] as LeadRow];
    h.sandbox.state.leads = h.sandbox.state.leads.filter((lead) => lead !== deleted);
    moved.pipeline_id = OTHER_PIPELINE;
    h.clock.advance(3_600_000);

    const summary = h.runtime.runOrThrow('crmExportLeads', {
      ...options,
      columns: 'id,name',
      staleRows: 'delete',
    }) as { counts: Record<string, number>; message: string };
    expect(summary.counts).toMatchObject({ DELETED: 2 });
    expect(summary.message).toMatch(/2 deleted/);
    const after = sheet.getValues();
    const kept = withNotes.filter((row) => row[0] !== deleted.id && row[0] !== moved.id);
    expect(after).toEqual(kept);
  });

  it('refuses staleRows outside sync, naming the fix', async () => {
    const h = await createHarness();
    const result = h.runtime.run('crmExportLeads', { sheet: 'X', staleRows: 'mark' });
    expect(result.ok).toBe(false);
    expect(result.error?.message).toMatch(/staleRows applies to mode "sync"/);
  });
});
