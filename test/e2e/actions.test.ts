/**
 * Lead actions on the real bundle against the sandbox: preview first (nothing changes), then a
 * run, for each action; the status columns say what happened to each row.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import { createActionsWorld, leadRows, plainLeads, runJob, SHEET } from './actions-harness';

describe('lead actions: stage', () => {
  it('previews each row before → after without a write, then moves every lead once', async () => {
    let ids: number[] = [];
    const world = await createActionsWorld({
      rows: (sandbox) => {
        ids = plainLeads(sandbox, 12).map((l) => l.id);
        return leadRows(sandbox, ids);
      },
    });
    const stageOf = (id: number) => world.sandbox.state.leads.find((l) => l.id === id)?.stage_id;
    const before = ids.map(stageOf);
    const preview = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'stage',
      params: { stage: 'Negociação', pipeline: 'Vendas' },
      preview: true,
    });
    expect(preview.state).toBe('done');
    expect(ids.map(stageOf)).toEqual(before);
    expect(world.requests().filter((r) => !r.startsWith('GET'))).toEqual([
      `DELETE /api/v1/leads/2147483647/tags/crm-sheets-scope-check`,
    ]);
    const already = before.filter((s) => s === DEMO.stages.negociacao).length;
    expect(preview.counts.WILL_CHANGE).toBe(ids.length - already);
    expect(world.statuses().every((s) => s === 'WILL_CHANGE' || s === 'NO_CHANGE')).toBe(true);
    expect(world.details().some((d) => / → Negociação$/.test(d))).toBe(true);

    world.sandbox.clearRequests();
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'stage',
      params: { stage: 'Negociação', pipeline: 'Vendas' },
    });
    expect(run.state).toBe('done');
    expect(ids.map(stageOf)).toEqual(ids.map(() => DEMO.stages.negociacao));
    const puts = world.requests().filter((r) => r.startsWith('PUT'));
    expect(puts).toHaveLength(ids.length - already);
    expect(run.counts.DONE).toBe(ids.length - already);
    expect(world.column('CRM Action Run').every((v) => v === run.jobId)).toBe(true);
  });
});
