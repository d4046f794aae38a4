/**
 * A run whose record of its rows gave way (the person's storage was nearly full: the oldest
 * runs' records go first) can no longer be reverted: the revert says so instead of ending at
 * once with nothing put back.
 */
import { describe, expect, it } from 'vitest';
import { createActionsWorld, leadRows, plainLeads, runJob, SHEET } from './actions-harness';

describe('lead actions: reverting a run whose record is gone', () => {
  it('is refused with words that say why, and nothing is started', async () => {
    const world = await createActionsWorld({
      rows: (sandbox) =>
        leadRows(
          sandbox,
          plainLeads(sandbox, 3).map((l) => l.id),
        ),
    });
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'addTags',
      params: { tags: 'evento' },
    });
    expect(run.counts.DONE).toBe(3);
    const props = world.runtime.properties('user');
    const dropped = Object.keys(props).filter((k) => k.includes(`act.${run.jobId}.`));
    expect(dropped.length).toBeGreaterThan(0);
    world.runtime.setProperties(
      'user',
      Object.fromEntries(dropped.map((k) => [k, JSON.stringify({ value: [] })])),
    );
    const jobsBefore = (world.runtime.runOrThrow('crmListJobs') as unknown[]).length;
    expect(() => world.runtime.runOrThrow('crmRevertLeadActions', run.jobId)).toThrow(
      /record|registro/i,
    );
    expect((world.runtime.runOrThrow('crmListJobs') as unknown[]).length).toBe(jobsBefore);
  });
});
