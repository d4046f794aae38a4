/**
 * crmRevertLeadActions on the real bundle: a run's DONE rows are put back from the before-state
 * the run recorded, after the revert's own preview; a lead changed since is left alone; what
 * cannot be undone says so.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import { createActionsWorld, leadRows, plainLeads, runJob, SHEET } from './actions-harness';

async function plainWorld(count: number) {
  let ids: number[] = [];
  const world = await createActionsWorld({
    rows: (sandbox) => {
      ids = plainLeads(sandbox, count).map((l) => l.id);
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
    const moved = ids.filter((id) => before.get(id)?.[1] !== DEMO.stages.qualificado);
    const changed = moved[0] as number;
    lead(changed).stage_id = DEMO.stages.proposta;
    world.sandbox.clearRequests();

    const preview = runJob(world, 'crmRevertLeadActions', run.jobId, { preview: true });
    expect(preview.state).toBe('done');
    expect(preview.counts.WILL_CHANGE).toBe(moved.length - 1);
    expect(preview.counts.CHANGED_SINCE).toBe(1);
    // Only the scope check, on a lead id no account has.
    expect(
      world.requests().filter((r) => !r.startsWith('GET') && !r.includes('2147483647')),
    ).toEqual([]);
    expect(ids.filter((id) => lead(id).stage_id === DEMO.stages.qualificado)).toHaveLength(
      ids.length - 1,
    );

    // Entering Qualificado made its mandatory task; done, the leads may move again.
    for (const task of world.sandbox.state.tasks)
      if (ids.includes(task.lead_id ?? 0)) task.status = 'completed';
    const revert = runJob(world, 'crmRevertLeadActions', run.jobId);
    expect(revert.state).toBe('done');
    expect(revert.counts.REVERTED).toBe(moved.length - 1);
    for (const id of moved) {
      if (id === changed) expect(lead(id).stage_id).toBe(DEMO.stages.proposta);
      else expect([lead(id).pipeline_id, lead(id).stage_id]).toEqual(before.get(id));
    }
    const statuses = world.statuses();
    expect(statuses.filter((s) => s === 'REVERTED')).toHaveLength(moved.length - 1);
    expect(statuses.filter((s) => s === 'CHANGED_SINCE')).toHaveLength(1);
    expect(world.column('CRM Action Run').filter((v) => v === revert.jobId)).toHaveLength(
      moved.length,
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
