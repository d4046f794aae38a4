/**
 * The number a delete's `confirm` must equal comes from the preview only while the sheet names
 * the leads the preview saw: a sheet edited since (another lead typed in a row the preview found
 * empty of a lead) counts every row again, so a person never confirms fewer deletes than happen.
 */
import { describe, expect, it } from 'vitest';
import { createActionsWorld, leadRows, plainLeads, runJob, SHEET } from './actions-harness';

describe('lead actions: the delete confirm after the sheet changed', () => {
  it('a preview of other leads does not lower the count', async () => {
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
    // The row no lead had now names a real lead: four leads would go.
    world.runtime.sheet(SHEET).setValues(5, 3, [[extra]]);
    expect(() =>
      world.runtime.runOrThrow('crmLeadActions', { sheet: SHEET, action: 'delete', confirm: 3 }),
    ).toThrow(/confirm: 4/);
    expect(world.sandbox.state.leads.filter((l) => [...ids, extra].includes(l.id))).toHaveLength(4);
  });
});
