/**
 * A row copied after a message preview names the lead of the row it was copied from: the lead
 * gets one message (the run acts once per lead), and each row says what happened to it. The
 * copy said DONE like its original while the counts said 3 of 4: now it is NOT_PREVIEWED (the
 * preview never showed it) or, with no preview, SKIPPED naming the row that carried the lead.
 */
import { describe, expect, it } from 'vitest';
import { createActionsWorld, leadRows, plainLeads, runJob, SHEET } from './actions-harness';

async function messageWorld() {
  let ids: number[] = [];
  const world = await createActionsWorld({
    rows: (sandbox) => {
      ids = plainLeads(sandbox, 200)
        .filter((l) => l.phone)
        .slice(0, 3)
        .map((l) => l.id);
      return leadRows(sandbox, ids);
    },
  });
  const copyRow2 = () => {
    const model = world.runtime.sheet(SHEET);
    model.setValues(model.lastRow() + 1, 1, leadRows(world.sandbox, [ids[1] ?? 0]));
  };
  return { world, ids, copyRow2 };
}

const message = { sheet: SHEET, action: 'message', params: { text: 'Oi {{Nome}}' } };

describe('lead actions: a copied row', () => {
  it('after a message preview, the copy is NOT_PREVIEWED and its lead gets one message', async () => {
    const { world, ids, copyRow2 } = await messageWorld();
    runJob(world, 'crmLeadActions', { ...message, preview: true });
    expect(world.statuses()).toEqual(['WILL_CHANGE', 'WILL_CHANGE', 'WILL_CHANGE']);
    copyRow2();
    const before = world.sandbox.state.messages.length;
    const job = runJob(world, 'crmLeadActions', message);
    expect(world.sandbox.state.messages.slice(before)).toHaveLength(3);
    expect(job.counts.DONE).toBe(3);
    // Before: the copy (sheet row 5) said DONE too.
    expect(world.statuses()).toEqual(['DONE', 'DONE', 'DONE', 'NOT_PREVIEWED']);
    expect(world.details()[3]).toMatch(/row 3/);
    expect(ids).toHaveLength(3);
  });

  it('with no preview, the copy is SKIPPED naming the row that carried the lead', async () => {
    const { world, copyRow2 } = await messageWorld();
    copyRow2();
    const before = world.sandbox.state.messages.length;
    runJob(world, 'crmLeadActions', message);
    expect(world.sandbox.state.messages.slice(before)).toHaveLength(3);
    // Before: DONE on both rows of the lead.
    expect(world.statuses()).toEqual(['DONE', 'DONE', 'DONE', 'SKIPPED']);
    expect(world.details()[3]).toMatch(/row 3/);
  });
});
