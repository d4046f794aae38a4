/**
 * A run is reverted once: a second revert of it would undo what people did since (a tag put
 * back by hand, an enrollment made again), since its before-state is the run's, not theirs.
 */
import { describe, expect, it } from 'vitest';
import { createActionsWorld, leadRows, plainLeads, runJob, SHEET } from './actions-harness';

describe('lead actions: reverting a run twice', () => {
  it('is refused once a revert of it finished, and a tag put back since stays', async () => {
    let ids: number[] = [];
    const world = await createActionsWorld({
      rows: (sandbox) => {
        ids = plainLeads(sandbox, 2).map((l) => l.id);
        return leadRows(sandbox, ids);
      },
    });
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'addTags',
      params: { tags: 'evento' },
    });
    expect(run.counts.DONE).toBe(2);
    const revert = runJob(world, 'crmRevertLeadActions', run.jobId);
    expect(revert.counts.REVERTED).toBe(2);
    const lead = world.sandbox.state.leads.find((l) => l.id === ids[0]);
    if (!lead) throw new Error('lead gone');
    lead.tags = [...lead.tags, 'evento'];
    expect(() => world.runtime.runOrThrow('crmRevertLeadActions', run.jobId)).toThrow(
      /already reverted/,
    );
    world.finish();
    expect(world.sandbox.state.leads.find((l) => l.id === ids[0])?.tags).toContain('evento');
  });
});
