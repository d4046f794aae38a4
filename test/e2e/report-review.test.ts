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

describe('pipeline report: what a person typed beside it (issue 27 item 8)', () => {
  it('a rewrite keeps 3 notes typed beside its table, and replaces only its own table and chart', async () => {
    const h = await createHarness({ allowFormulas: true });
    const first = h.runtime.runOrThrow('crmPipelineReport', { pipeline: 'Vendas' }) as Summary;
    const sheet = h.runtime.workbook.sheet(first.sheet);
    const table = sheet.getFormulas();
    const notes = [['ligar para o gerente'], ['meta: 40 leads'], ['revisar na sexta']];
    sheet.setValues(2, 4, notes);
    sheet.setValues(30, 1, [['Total revisado por Ana']]);
    const again = h.runtime.runOrThrow('crmPipelineReport', { pipeline: 'Vendas' }) as Summary;
    expect(again.sheet).toBe(first.sheet);
    // Before: the rewrite cleared the whole tab: 3 of 3 notes lost, and the line below.
    expect(
      sheet
        .getValues()
        .slice(1, 4)
        .map((row) => row[3]),
    ).toEqual(notes.map(([n]) => n));
    expect(sheet.getValues()[29]?.[0]).toBe('Total revisado por Ana');
    const formulas = sheet.getFormulas().slice(0, table.length);
    expect(formulas.map((row) => row.slice(0, 3))).toEqual(table.map((row) => row.slice(0, 3)));
    expect(sheet.charts).toHaveLength(1);
  });
});

describe('pipeline report: a kill at any service call', () => {
  it('the next report writes the same sheet: one table, one chart, no sheet left behind', async () => {
    const whole = await createHarness({ allowFormulas: true });
    const run = whole.runtime.run('crmPipelineReport', { pipeline: 'Vendas' });
    expect(run.ok, run.error?.message).toBe(true);
    const expected = whole.runtime.sheet('Report · Vendas').getFormulas();
    const failures: string[] = [];
    // Every kill point of the writes (the last calls), every REPORT_KILL_EVERY-th before them.
    const every = Number(process.env.REPORT_KILL_EVERY ?? 16);
    const writes = run.serviceCalls - 14;
    const points = Array.from({ length: run.serviceCalls - 1 }, (_, i) => i + 1).filter(
      (k) => k >= writes || k % every === 0,
    );
    for (const k of points) {
      const h = await createHarness({ allowFormulas: true });
      const killed = h.runtime.execute({
        fn: 'crmPipelineReport',
        args: [{ pipeline: 'Vendas' }],
        killAfterServiceCalls: k,
      });
      expect(killed.killed, `kill at ${k}`).toBe(true);
      // Before: a kill between the table's write and the sheet's mark left a sheet that every
      // later report refused ("holds data that a pipeline report did not write").
      const again = h.runtime.run('crmPipelineReport', { pipeline: 'Vendas' });
      if (!again.ok) {
        failures.push(`kill at ${k}: ${again.error?.message}`);
        continue;
      }
      expect((again.value as Summary).sheet, `kill at ${k}`).toBe('Report · Vendas');
      expect(h.runtime.sheet('Report · Vendas').getFormulas(), `kill at ${k}`).toEqual(expected);
      expect(h.runtime.workbook.sheet('Report · Vendas').charts, `kill at ${k}`).toHaveLength(1);
    }
    expect(failures).toEqual([]);
  });
});
