import { describe, expect, it } from 'vitest';
import { createGasRuntime, Workbook } from './index';

/** Hidden rows (by a person, by a filter) and the person's selection, as scripts read them. */
describe('hidden rows and the selection', () => {
  const run = (workbook: Workbook, body: string) => {
    const runtime = createGasRuntime({ code: `function main() {\n${body}\n}`, workbook });
    const result = runtime.run('main');
    if (!result.ok) throw new Error(`execution failed: ${result.error?.message}`);
    return result.value;
  };
  const book = () =>
    Workbook.from({
      sheets: { Leads: [['Nome'], ['a'], ['b'], ['c'], ['d']], Other: [['x']] },
    });

  it('hideRows / showRows / a filter mark rows, and the marks move with a sort', () => {
    const workbook = book();
    workbook.sheet('Leads').filterRows([3]);
    const hidden = run(
      workbook,
      `var s = SpreadsheetApp.getActive().getSheetByName('Leads');
       s.hideRows(2); s.hideRows(4, 2); s.showRows(5);
       var out = [];
       for (var r = 1; r <= 5; r++) out.push([s.isRowHiddenByUser(r), s.isRowHiddenByFilter(r)]);
       return out;`,
    );
    expect(hidden).toEqual([
      [false, false],
      [true, false],
      [false, true],
      [true, false],
      [false, false],
    ]);
    // Descending by Nome: d, c, b, a; the marks stay with their rows.
    workbook.sheet('Leads').sortRows(2, 5, 1, false);
    const sheet = workbook.sheet('Leads');
    expect(
      [2, 3, 4, 5].map((r) => [sheet.isRowHiddenByUser(r), sheet.isRowHiddenByFilter(r)]),
    ).toEqual([
      [false, false],
      [true, false],
      [false, true],
      [true, false],
    ]);
  });

  it('getActiveRangeList is the selection of the active sheet, A1 without one', () => {
    const workbook = book();
    const a1s = `var list = SpreadsheetApp.getActiveRangeList();
       return [list.getRanges().map(function (r) { return r.getA1Notation(); }),
               SpreadsheetApp.getActiveSheet().getName()];`;
    expect(run(workbook, a1s)).toEqual([['A1'], 'Leads']);
    workbook.select('Leads', ['A2:A3', '5:5']);
    expect(run(workbook, a1s)).toEqual([['A2:A3', 'A5:Z5'], 'Leads']);
    workbook.activeSheetId = workbook.sheet('Other').sheetId;
    expect(run(workbook, a1s)).toEqual([['A1'], 'Other']);
  });
});
