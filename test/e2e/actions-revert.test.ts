/**
 * crmRevertLeadActions on the real bundle: a run's DONE rows are put back from the before-state
 * the run recorded, after the revert's own preview; a lead changed since is left alone; what
 * cannot be undone says so.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, type Sandbox } from '../../sandbox/index';
import { createActionsWorld, leadRows, plainLeads, runJob, SHEET } from './actions-harness';

/** Stages that record a sale or a loss when a lead enters them. */
function closingStages(sandbox: Sandbox): Set<number> {
  return new Set(sandbox.state.stages.filter((s) => s.is_won || s.is_lost).map((s) => s.id));
}

/** `count` plain leads, or (`open`) plain leads in neither a won nor a lost stage. */
async function plainWorld(count: number, open = false) {
  let ids: number[] = [];
  const world = await createActionsWorld({
    rows: (sandbox) => {
      const closing = closingStages(sandbox);
      ids = plainLeads(sandbox, open ? 200 : count)
        .filter((l) => !open || !closing.has(l.stage_id))
        .slice(0, count)
        .map((l) => l.id);
      return leadRows(sandbox, ids);
    },
  });
  const lead = (id: number) => {
    const found = world.sandbox.state.leads.find((l) => l.id === id);
    if (!found) throw new Error(`lead ${id} is gone`);
    return found;
  };
  return { world, ids, lead };
}

describe('revert', () => {
  it('previews, then puts every moved lead back in its recorded pipeline and stage; a lead moved since is CHANGED_SINCE', async () => {
    const { world, ids, lead } = await plainWorld(8);
    const before = new Map(ids.map((id) => [id, [lead(id).pipeline_id, lead(id).stage_id]]));
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'stage',
      params: { stage: 'Qualificado', pipeline: 'Vendas' },
    });
    expect(run.state).toBe('done');
    // A lead taken out of a won or lost stage is not put back: that would record a new sale.
    const closing = closingStages(world.sandbox);
    const moved = ids.filter(
      (id) =>
        before.get(id)?.[1] !== DEMO.stages.qualificado && !closing.has(before.get(id)?.[1] ?? 0),
    );
    const closed = ids.filter((id) => closing.has(before.get(id)?.[1] ?? 0));
    const changed = moved[0] as number;
    lead(changed).stage_id = DEMO.stages.proposta;
    world.sandbox.clearRequests();

    // Entering Qualificado made its mandatory task: while it is pending, no lead can leave.
    const blockedPreview = runJob(world, 'crmRevertLeadActions', run.jobId, { preview: true });
    expect(blockedPreview.counts.BLOCKED).toBe(moved.length - 1);
    expect(blockedPreview.counts.WILL_CHANGE ?? 0).toBe(0);
    const task = world.sandbox.state.tasks.find(
      (x) => x.lead_id === moved[1] && x.stage_id === DEMO.stages.qualificado,
    );
    expect(world.details().filter((d) => d.includes(String(task?.subject)))).toHaveLength(
      moved.length - 1,
    );
    // Done, the leads may move again.
    for (const task of world.sandbox.state.tasks)
      if (ids.includes(task.lead_id ?? 0)) task.status = 'completed';

    const preview = runJob(world, 'crmRevertLeadActions', run.jobId, { preview: true });
    expect(preview.state).toBe('done');
    expect(preview.counts.WILL_CHANGE).toBe(moved.length - 1);
    expect(preview.counts.CHANGED_SINCE).toBe(1);
    expect(preview.counts.NOT_REVERSIBLE ?? 0).toBe(closed.length);
    // Only the scope check, on a lead id no account has.
    expect(
      world.requests().filter((r) => !r.startsWith('GET') && !r.includes('2147483647')),
    ).toEqual([]);
    expect(ids.filter((id) => lead(id).stage_id === DEMO.stages.qualificado)).toHaveLength(
      ids.length - 1,
    );

    const revert = runJob(world, 'crmRevertLeadActions', run.jobId);
    expect(revert.state).toBe('done');
    expect(revert.counts.REVERTED).toBe(moved.length - 1);
    expect(revert.counts.NOT_REVERSIBLE ?? 0).toBe(closed.length);
    for (const id of closed) expect(lead(id).stage_id).toBe(DEMO.stages.qualificado);
    for (const id of moved) {
      if (id === changed) expect(lead(id).stage_id).toBe(DEMO.stages.proposta);
      else expect([lead(id).pipeline_id, lead(id).stage_id]).toEqual(before.get(id));
    }
    const statuses = world.statuses();
    expect(statuses.filter((s) => s === 'REVERTED')).toHaveLength(moved.length - 1);
    expect(statuses.filter((s) => s === 'CHANGED_SINCE')).toHaveLength(1);
    expect(world.column('CRM Action Run').filter((v) => v === revert.jobId)).toHaveLength(
      moved.length + closed.length,
    );
  });

  it('takes back added tags and says a won lead’s sale record stays', async () => {
    const { world, ids, lead } = await plainWorld(4);
    const tagsBefore = new Map(ids.map((id) => [id, [...lead(id).tags]]));
    const add = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'addTags',
      params: { tags: 'feira-2026' },
    });
    runJob(world, 'crmRevertLeadActions', add.jobId);
    for (const id of ids) expect(lead(id).tags).toEqual(tagsBefore.get(id));

    const won = runJob(world, 'crmLeadActions', { sheet: SHEET, action: 'won' });
    const sales = world.sandbox.state.sales.length;
    const revert = runJob(world, 'crmRevertLeadActions', won.jobId);
    expect(revert.counts.REVERTED).toBe(won.counts.DONE);
    expect(world.sandbox.state.sales.length).toBe(sales);
    expect(world.details().filter((d) => d.includes('the sale record stays'))).toHaveLength(
      won.counts.DONE ?? 0,
    );
  });

  it.each([
    ['a stage move', 'stage', { stage: 'Negociação', pipeline: 'Vendas' }],
    ['a lost run', 'lost', {}],
  ] as const)(
    '%s of won leads is NOT_REVERSIBLE: the revert records no second sale',
    async (_, action, params) => {
      const { world, ids, lead } = await plainWorld(4, true);
      const won = runJob(world, 'crmLeadActions', { sheet: SHEET, action: 'won' });
      expect(won.counts.DONE).toBe(ids.length);
      const run = runJob(world, 'crmLeadActions', { sheet: SHEET, action, params });
      expect(run.counts.DONE).toBe(ids.length);
      const after = new Map(ids.map((id) => [id, lead(id).stage_id]));
      const sales = world.sandbox.state.sales.length;
      const losses = world.sandbox.state.lostSales.length;

      const preview = runJob(world, 'crmRevertLeadActions', run.jobId, { preview: true });
      expect(preview.counts.NOT_REVERSIBLE).toBe(ids.length);
      const revert = runJob(world, 'crmRevertLeadActions', run.jobId);
      expect(revert.counts.NOT_REVERSIBLE).toBe(ids.length);
      expect(revert.counts.REVERTED ?? 0).toBe(0);
      expect(world.sandbox.state.sales.length).toBe(sales);
      expect(world.sandbox.state.lostSales.length).toBe(losses);
      for (const id of ids) expect(lead(id).stage_id).toBe(after.get(id));
      expect(world.details().filter((d) => /would record a new sale/.test(d))).toHaveLength(
        ids.length,
      );
    },
  );

  it('a message cannot be undone: NOT_REVERSIBLE, and nothing is sent', async () => {
    const world = await createActionsWorld({
      rows: (sandbox) => leadRows(sandbox, [DEMO.leads.windowOpen]),
    });
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'message',
      params: { text: 'Oi' },
    });
    expect(run.counts.DONE).toBe(1);
    const messages = world.sandbox.state.messages.length;
    const revert = runJob(world, 'crmRevertLeadActions', run.jobId);
    expect(revert.counts.NOT_REVERSIBLE).toBe(1);
    expect(world.details()[0]).toMatch(/the message stays sent/);
    expect(world.sandbox.state.messages.length).toBe(messages);
  });
});
