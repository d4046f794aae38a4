/**
 * The ID column sorted alone, or ids typed over (PRODUCT.md "Round trip"): every id is still
 * unique, but each row now holds another lead's cells exactly as the export wrote them. The push
 * must not take them for the person's edits and write one lead's name, value and stage into
 * another (a won move recorded for the wrong lead). The real bundle.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBundle } from './export-harness';
import { createPushWorld } from './push-harness';

beforeAll(async () => {
  await buildBundle();
});

describe('a push after the ID column was scrambled', () => {
  it('sends nothing for rows holding another lead’s exported cells, and says why', async () => {
    const w = await createPushWorld(10);
    const exported = w.run('crmExportLeads', {
      sheet: 'Lista',
      filters: { tags: ['lote'] },
      columns: 'id,name,value,stage',
    });
    expect(exported.state, exported.message).toBe('done');
    const sheet = w.runtime.sheet('Lista');
    const header = sheet.getValues()[0] as string[];
    const idCol = header.indexOf('ID') + 1;
    const ids = sheet
      .getValues()
      .slice(1, 4)
      .map((r) => r[idCol - 1] as number);
    const before = ids.map((id) => structuredClone(w.lead(id)));
    // The first three ids rotated: each row names the next row's lead.
    sheet.setValues(2, idCol, [[ids[1]], [ids[2]], [ids[0]]]);
    w.sandbox.clearRequests();
    const job = w.run('crmPushChanges', { sheet: 'Lista' });
    expect(job.state, job.message).toBe('done');
    ids.forEach((id, i) => {
      expect(w.lead(id).name).toBe(before[i]?.name);
      expect(w.lead(id).value).toBe(before[i]?.value);
      expect(w.lead(id).stage_id).toBe(before[i]?.stage_id);
    });
    expect(w.writes()).toEqual([]);
    const after = sheet.getValues();
    const at = (after[0] as string[]).indexOf('CRM Push Status');
    for (const row of after.slice(1, 4)) {
      expect(row[at]).toBe('SKIPPED');
      expect(String(row[at + 1])).toMatch(/#\d+/);
    }
    expect(job.counts).toMatchObject({ SKIPPED: 3, NO_CHANGE: 7 });
  });
});
