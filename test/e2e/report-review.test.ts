/**
 * Adversarial review of the pipeline report (issue 20): a report sheet a person froze or
 * reused is theirs, and a later report never writes over it. Each failed before its fix.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, createHarness } from './export-harness';

beforeAll(async () => {
  await buildBundle();
});

interface Summary {
  sheet: string;
}

describe('pipeline report: copies and reused tabs', () => {
  it('a duplicated report frozen as values (a weekly snapshot) is never rewritten', async () => {
    const h = await createHarness({ allowFormulas: true });
    const first = h.runtime.runOrThrow('crmPipelineReport', { pipeline: 'Vendas' }) as Summary;
    const report = h.runtime.workbook.sheet(first.sheet);
    // "Duplicate sheet", then paste values only: the copy keeps the sheet's developer metadata.
    const snapshot = h.runtime.workbook.addSheet('Semana 47', 0);
    const frozen = report
      .getValues()
      .map((row, r) => row.map((v, c) => (c === 1 && r > 0 ? 7 : v)));
    snapshot.setValues(1, 1, frozen);
    snapshot.metadata.push(...report.metadata.map((record) => ({ ...record, id: record.id + 1 })));
    const before = snapshot.getValues();
    const again = h.runtime.runOrThrow('crmPipelineReport', { pipeline: 'Vendas' }) as Summary;
    // Before: the report went to the snapshot (found first by its copied mark) and replaced it.
    expect(again.sheet).toBe(first.sheet);
    expect(snapshot.getValues()).toEqual(before);
    expect(snapshot.charts).toEqual([]);
    // Named, the snapshot is refused like any sheet a person typed.
    const named = h.runtime.run('crmPipelineReport', { pipeline: 'Vendas', sheet: 'Semana 47' });
    expect(named.ok).toBe(false);
    expect(named.error?.message).toMatch(
      /"Semana 47" holds data that a pipeline report did not write/,
    );
    expect(snapshot.getValues()).toEqual(before);
  });

  it('a report tab emptied and typed over is refused by name and left as it was', async () => {
    const h = await createHarness({ allowFormulas: true });
    const first = h.runtime.runOrThrow('crmPipelineReport', { pipeline: 'Vendas' }) as Summary;
    const sheet = h.runtime.workbook.sheet(first.sheet);
    sheet.rows = [];
    sheet.charts = [];
    const typed = [
      ['Nome', 'Telefone'],
      ['Ana', '(11) 98888-0001'],
    ];
    sheet.setValues(1, 1, typed);
    const again = h.runtime.run('crmPipelineReport', { pipeline: 'Vendas' });
    expect(again.ok).toBe(false);
    expect(again.error?.message).toMatch(/holds data that a pipeline report did not write/);
    expect(sheet.getValues()).toEqual(typed);
  });
});
