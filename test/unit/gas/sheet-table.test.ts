import { beforeAll, describe, expect, it } from 'vitest';
import { columnRuns } from '../../../src/core/import/job/table';
import { createGasRuntime, type GasRuntime } from '../../../tools/gas-runtime/index';
import { bundleAdapter } from './bundle-adapter';

let code = '';

/** The adapter bundled alone, with globals the runtime can call, over its SpreadsheetApp. */
beforeAll(async () => {
  code = await bundleAdapter(
    `
        import { createSheetTable, findSheetById } from './src/gas/sheet-table';
        const table = (name, headerRow) =>
          createSheetTable(SpreadsheetApp.getActive().getSheetByName(name), headerRow);
        globalThis.readTable = (name, headerRow) => table(name, headerRow).read();
        globalThis.writeRows = (name, headerRow, first, columns, values) =>
          table(name, headerRow).writeRows(first, columns, values);
        globalThis.appendHeaders = (name, headerRow, headers) =>
          table(name, headerRow).appendHeaders(headers);
        globalThis.sheetNameById = (id) => {
          const sheet = findSheetById(SpreadsheetApp.getActive(), id);
          return sheet ? sheet.getName() : null;
        };`,
  );
});

function runtimeWith(sheets: Record<string, unknown[][]>): GasRuntime {
  return createGasRuntime({ code, workbook: { sheets, timeZone: 'America/Sao_Paulo' } });
}

describe('columnRuns', () => {
  it.each([
    [[], []],
    [[4, 5, 6, 7], [{ start: 4, length: 4, offset: 0 }]],
    [
      [5, 6, 2],
      [
        { start: 5, length: 2, offset: 0 },
        { start: 2, length: 1, offset: 2 },
      ],
    ],
    [
      [3, 1, 2],
      [
        { start: 3, length: 1, offset: 0 },
        { start: 1, length: 2, offset: 1 },
      ],
    ],
  ])('%j → %j', (columns, runs) => {
    expect(columnRuns(columns)).toEqual(runs);
  });
});

describe('createSheetTable over SpreadsheetApp', () => {
  it('reads the header row and every row below it in one getValues', () => {
    const runtime = runtimeWith({
      Leads: [
        ['Importação de novembro', ''],
        ['Nome', 'Aniversário'],
        ['Ana', new Date(Date.UTC(1990, 2, 15, 3))],
        ['', ''],
        ['Bruno', ''],
      ],
    });
    const result = runtime.run('readTable', 'Leads', 2);
    expect(result.error).toBeUndefined();
    const value = result.value as { header: unknown[]; rows: unknown[][] };
    expect(value.header).toEqual(['Nome', 'Aniversário']);
    expect(value.rows.map((r) => r[0])).toEqual(['Ana', '', 'Bruno']);
    expect(value.rows[0]?.[1]).toBeInstanceOf(Date);
    expect(result.calls['Range.getValues']).toBe(1);
  });

  it('writes adjacent columns of many rows with one setValues per run of columns', () => {
    const runtime = runtimeWith({ Leads: [['Nome', 'A', 'B', 'C'], ['Ana'], ['Bia'], ['Caio']] });
    const together = runtime.run(
      'writeRows',
      'Leads',
      1,
      1,
      [1, 2, 3],
      [
        ['x1', 1, "'=1+1"],
        ['x2', 2, "'+55"],
      ],
    );
    expect(together.error).toBeUndefined();
    expect(together.calls['Range.setValues']).toBe(1);
    const split = runtime.run('writeRows', 'Leads', 1, 0, [3, 1], [['c0', 'a0']]);
    expect(split.calls['Range.setValues']).toBe(2);
    expect(runtime.sheet('Leads').getValues()).toEqual([
      ['Nome', 'A', 'B', 'C'],
      ['Ana', 'a0', '', 'c0'],
      ['Bia', 'x1', 1, '=1+1'],
      ['Caio', 'x2', 2, '+55'],
    ]);
    // Apostrophe-prefixed text stays text: no formula appears.
    expect(
      runtime
        .sheet('Leads')
        .getFormulas()
        .flat()
        .every((f) => f === ''),
    ).toBe(true);
  });

  it('appends headers at the right of the last used column, adding columns when the sheet is full', () => {
    const width = 25;
    const header = Array.from({ length: width }, (_, i) => `H${i + 1}`);
    const runtime = runtimeWith({ Leads: [header, ['x']] });
    const result = runtime.run('appendHeaders', 'Leads', 1, ['CRM Import Status', 'CRM Lead ID']);
    expect(result.error).toBeUndefined();
    expect(result.value).toEqual([25, 26]);
    expect(runtime.sheet('Leads').getValues()[0]?.slice(24)).toEqual([
      'H25',
      'CRM Import Status',
      'CRM Lead ID',
    ]);
  });

  it('finds a sheet by id, whatever its name; null once it is gone', () => {
    const runtime = runtimeWith({ Leads: [['Nome']], Outra: [['x']] });
    const id = runtime.sheet('Outra').sheetId;
    runtime.sheet('Outra').name = 'Renomeada';
    expect(runtime.runOrThrow('sheetNameById', id)).toBe('Renomeada');
    expect(runtime.runOrThrow('sheetNameById', 987654)).toBeNull();
  });
});
