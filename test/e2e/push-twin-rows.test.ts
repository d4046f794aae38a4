/**
 * Two rows of an exported sheet that name one lead by its ID (PRODUCT.md "Round trip"): a
 * person typed another lead's id over a row's ID, or copied a row and edited the copy. Which row
 * is the lead's cannot be told, so neither is sent, and both rows say why: never another lead's
 * cells pushed into a lead, never an edit dropped as "unchanged". The real bundle.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import { buildBundle } from './export-harness';
import { createPushWorld } from './push-harness';

beforeAll(async () => {
  await buildBundle();
});

describe('a push with two rows naming one lead', () => {
  it('sends nothing for them and says so on both rows', async () => {
    const w = await createPushWorld(10);
    // An export without e-mail and phone columns: nothing but the ID tells the rows apart.
    const exported = w.run('crmExportLeads', {
      sheet: 'Lista',
      filters: { tags: ['lote'] },
      columns: 'id,name,value,stage',
    });
    expect(exported.state, exported.message).toBe('done');
    const sheet = w.runtime.sheet('Lista');
    const values = () => sheet.getValues();
    const header = values()[0] as string[];
    const col = (name: string) => header.indexOf(name);
    const rowOf = (id: number) => values().findIndex((r, i) => i > 0 && r[col('ID')] === id) + 1;
    const [a, b, c] = w.ids as [number, number, number];
    const bBefore = structuredClone(w.lead(b));
    const cBefore = structuredClone(w.lead(c));
    // A's row: the person types B's id over A's, and moves it to the won stage.
    sheet.setValues(rowOf(a), col('Etapa') + 1, [['Ganho']]);
    sheet.setValues(rowOf(a), col('ID') + 1, [[b]]);
    // C's row copied below the data, the copy's name edited.
    const copy = [...(values()[rowOf(c) - 1] as unknown[])];
    copy[col('Nome')] = 'Cópia Editada';
    const copyRow = values().length + 1;
    sheet.setValues(copyRow, 1, [copy]);
    w.sandbox.clearRequests();
    const sales = w.sandbox.state.sales.length;
    const job = w.run('crmPushChanges', { sheet: 'Lista' });
    expect(job.state, job.message).toBe('done');
    // Nothing of A's row reached B: its name, value and stage stay, and no sale is recorded.
    expect(w.lead(b).name).toBe(bBefore.name);
    expect(w.lead(b).value).toBe(bBefore.value);
    expect(w.lead(b).stage_id).toBe(bBefore.stage_id);
    expect(w.lead(b).stage_id).not.toBe(DEMO.stages.ganho);
    expect(w.sandbox.state.sales.length).toBe(sales);
    expect(w.lead(c).name).toBe(cBefore.name);
    expect(w.writes()).toEqual([]);
    // Every row naming B or C says so, in words naming the lead.
    const after = values();
    const at = (after[0] as string[]).indexOf('CRM Push Status');
    const twins = after.filter((r, i) => i > 0 && (r[col('ID')] === b || r[col('ID')] === c));
    expect(twins).toHaveLength(4);
    for (const row of twins) {
      expect(row[at]).toBe('SKIPPED');
      expect(String(row[at + 1])).toContain(`#${String(row[col('ID')])}`);
    }
    expect(job.counts).toMatchObject({ SKIPPED: 2, NO_CHANGE: 7 });
  });
});
