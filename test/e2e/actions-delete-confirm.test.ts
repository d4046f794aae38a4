/**
 * A delete's `confirm` is the number of leads its preview counted (PRODUCT.md "A delete deletes
 * what was counted"): a row edited since the preview (another lead typed in a row the preview
 * found empty of a lead) does not raise it, and its lead is not deleted: the row is
 * NOT_PREVIEWED, so a person never has more deleted than they confirmed.
 */
import { describe, expect, it } from 'vitest';
import { createActionsWorld, leadRows, plainLeads, runJob, SHEET } from './actions-harness';

describe('lead actions: the delete confirm after the sheet changed', () => {
  it('a row edited since the preview is neither counted nor deleted', async () => {
    let ids: number[] = [];
    let extra = 0;
    const world = await createActionsWorld({
      rows: (sandbox) => {
        const leads = plainLeads(sandbox, 4).map((l) => l.id);
        ids = leads.slice(0, 3);
        extra = leads[3] as number;
        return [...leadRows(sandbox, ids), ['Ninguém', '', 999_999, '', '']];
      },
    });
    const preview = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'delete',
      preview: true,
    });
    expect(preview.counts).toMatchObject({ WILL_CHANGE: 3, NOT_FOUND: 1 });
    // The row no lead had now names a real lead: it was not counted, so it is not deleted.
    world.runtime.sheet(SHEET).setValues(5, 3, [[extra]]);
    expect(() =>
      world.runtime.runOrThrow('crmLeadActions', { sheet: SHEET, action: 'delete', confirm: 4 }),
    ).toThrow(/confirm: 3/);
    const run = runJob(world, 'crmLeadActions', { sheet: SHEET, action: 'delete', confirm: 3 });
    expect(run.counts).toMatchObject({ DONE: 3, NOT_PREVIEWED: 1 });
    expect(world.sandbox.state.leads.filter((l) => ids.includes(l.id))).toHaveLength(0);
    expect(world.sandbox.state.leads.some((l) => l.id === extra)).toBe(true);
  });
});
