import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createGasRuntime,
  type GasRuntimeOptions,
  loadCsv,
  loadXlsx,
  saveCsv,
  saveXlsx,
} from './index';

/** Runs `body` as the body of a global function in a fresh runtime and returns the result. */
function runBody(body: string, options: GasRuntimeOptions = {}) {
  const runtime = createGasRuntime({ code: `function main() {\n${body}\n}`, ...options });
  return { runtime, result: runtime.run('main') };
}

function resultOf(body: string, options: GasRuntimeOptions = {}) {
  const { result } = runBody(body, options);
  if (!result.ok) throw new Error(`execution failed: ${result.error?.message}`);
  return result.value;
}

function errorOf(body: string, options: GasRuntimeOptions = {}) {
  const { result } = runBody(body, options);
  expect(result.ok).toBe(false);
  return result.error?.message;
}

const leads = {
  sheets: {
    Leads: [
      ['Nome', 'Email'],
      ['Maria', 'maria@example.com'],
      ['João', 'joao@example.com'],
    ],
  },
};

describe('SpreadsheetApp: spreadsheets and sheets', () => {
  it('finds the active spreadsheet, sheets by name, and null for a missing one', () => {
    expect(
      resultOf(
        `var ss = SpreadsheetApp.getActive();
         return [ss.getId() === SpreadsheetApp.getActiveSpreadsheet().getId(), SpreadsheetApp.getActiveSheet().getName(),
                 ss.getSheets().length, ss.getSheetByName('Leads').getName(), ss.getSheetByName('Nope')];`,
        { workbook: leads },
      ),
    ).toEqual([true, 'Leads', 1, 'Leads', null]);
  });

  it('inserts a sheet, makes it active, and refuses a duplicate name', () => {
    const { runtime, result } = runBody(
      `var ss = SpreadsheetApp.getActive(); ss.insertSheet('Export'); return SpreadsheetApp.getActiveSheet().getName();`,
      { workbook: leads },
    );
    expect(result.value).toBe('Export');
    expect(runtime.workbook.sheets.map((s) => s.name)).toEqual(['Leads', 'Export']);
    expect(errorOf(`SpreadsheetApp.getActive().insertSheet('Leads');`, { workbook: leads })).toBe(
      'A sheet with the name "Leads" already exists. Please enter another name.',
    );
  });

  it('reports 1000 rows and 26 columns for a new sheet, and content bounds', () => {
    expect(
      resultOf(
        `var s = SpreadsheetApp.getActive().getSheetByName('Leads');
         var e = SpreadsheetApp.getActive().insertSheet('Empty');
         return [s.getLastRow(), s.getLastColumn(), s.getMaxRows(), s.getMaxColumns(), e.getLastRow(), e.getLastColumn(),
                 s.getDataRange().getA1Notation(), e.getDataRange().getA1Notation()];`,
        { workbook: leads },
      ),
    ).toEqual([3, 2, 1000, 26, 0, 0, 'A1:B3', 'A1']);
  });
});

describe('SpreadsheetApp: ranges', () => {
  it('gets ranges by A1 and by row/column/numRows/numColumns', () => {
    expect(
      resultOf(
        `var s = SpreadsheetApp.getActiveSheet();
         return [s.getRange('A2:B3').getValues(), s.getRange(2, 1, 2, 2).getValues(), s.getRange(2, 2).getValue(),
                 s.getRange('B:B').getNumRows(), s.getRange('A2:B').getA1Notation(), s.getRange(1, 1, 1, 2).getA1Notation()];`,
        { workbook: leads },
      ),
    ).toEqual([
      [
        ['Maria', 'maria@example.com'],
        ['João', 'joao@example.com'],
      ],
      [
        ['Maria', 'maria@example.com'],
        ['João', 'joao@example.com'],
      ],
      'maria@example.com',
      1000,
      'A2:B1000',
      'A1:B1',
    ]);
  });

  it.each([
    ['getRange(0, 1)', 'The starting row of the range is too small.'],
    ['getRange(1, 0)', 'The starting column of the range is too small.'],
    ['getRange(1, 1, 0, 1)', 'The number of rows in the range must be at least 1.'],
    ['getRange(1, 1, 1, 0)', 'The number of columns in the range must be at least 1.'],
    ["getRange('not a range')", 'Range not found'],
    [
      "getRange('1', 2)",
      "The parameters (String,number) don't match the method signature for SpreadsheetApp.Sheet.getRange.",
    ],
    [
      'getRange(1, 1, 2, 2).setValues([[1, 2]])',
      'The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2.',
    ],
    [
      'getRange(1, 1, 1, 3).setValues([[1, 2]])',
      'The number of columns in the data does not match the number of columns in the range. The data has 2 but the range has 3.',
    ],
    [
      'getRange(1, 1).setValues(5)',
      "The parameters (number) don't match the method signature for SpreadsheetApp.Range.setValues.",
    ],
    ['deleteRows(999, 5)', 'Those rows are out of bounds.'],
    ['deleteRows(1, 1000)', "You can't delete all the rows on the sheet."],
  ])('sheet.%s throws %j', (call, message) => {
    expect(errorOf(`SpreadsheetApp.getActiveSheet().${call};`)).toBe(message);
  });

  it('applies the entry rules on setValues and returns Dates of the script realm', () => {
    expect(
      resultOf(
        `var r = SpreadsheetApp.getActiveSheet().getRange(1, 1, 1, 6);
         r.setValues([['=HYPERLINK("x")', "'+55 11", '+5511987654321', '2026-11-21', 'TRUE', '1,234.56']]);
         var v = r.getValues()[0];
         return [v, r.getFormulas()[0], r.getDisplayValues()[0], v[3] instanceof Date, v instanceof Array,
                 Utilities.formatDate(v[3], 'America/Sao_Paulo', 'yyyy-MM-dd HH:mm')];`,
      ),
    ).toEqual([
      ['#NAME?', '+55 11', 5511987654321, new Date('2026-11-21T03:00:00.000Z'), true, 1234.56],
      ['=HYPERLINK("x")', '', '', '', '', ''],
      ['#NAME?', '+55 11', '5511987654321', '2026-11-21', 'TRUE', '1,234.56'],
      true,
      true,
      '2026-11-21 00:00',
    ]);
  });

  it("keeps strings as text under number format '@' and keeps numbers typed", () => {
    expect(
      resultOf(
        `var r = SpreadsheetApp.getActiveSheet().getRange('A1:C1');
         r.setNumberFormat('@');
         r.setValues([['+5511987654321', 42, '=1+1']]);
         return [r.getValues()[0], r.getFormulas()[0], r.getNumberFormats()[0], SpreadsheetApp.getActiveSheet().getRange('D1').getNumberFormat()];`,
      ),
    ).toEqual([
      ['+5511987654321', 42, '#NAME?'],
      ['', '', '=1+1'],
      ['@', '@', '@'],
      '0.###############',
    ]);
  });

  it('setValue writes every cell of the range; Date objects stay dates', () => {
    const { runtime } = runBody(
      `var r = SpreadsheetApp.getActiveSheet().getRange('A1:B2'); r.setValue(new Date(Date.UTC(2026, 0, 2)));`,
    );
    const values = runtime.sheet('Sheet1').getValues();
    expect(values.flat()).toEqual(Array(4).fill(new Date(Date.UTC(2026, 0, 2))));
  });

  it('appendRow writes after the last row with content', () => {
    const { runtime } = runBody(
      `SpreadsheetApp.getActiveSheet().appendRow(['Ana', '0042', '=A1']);`,
      { workbook: leads },
    );
    expect(runtime.sheet('Leads').getValues()[3]).toEqual(['Ana', 42, '#NAME?']);
    expect(runtime.sheet('Leads').getFormulas()[3]).toEqual(['', '', '=A1']);
  });

  it('inserts and deletes rows and columns, moving content', () => {
    const { runtime, result } = runBody(
      `var s = SpreadsheetApp.getActiveSheet();
       s.insertRowBefore(2); s.insertRowsAfter(3, 2); s.deleteRow(1); s.insertColumnBefore(1); s.deleteColumns(3, 1);
       return [s.getMaxRows(), s.getMaxColumns()];`,
      { workbook: leads },
    );
    expect(result.value).toEqual([1002, 26]);
    expect(runtime.sheet('Leads').getValues()).toEqual([
      ['', ''],
      ['', 'Maria'],
      ['', ''],
      ['', ''],
      ['', 'João'],
    ]);
  });

  it('clear removes formats, clearContents keeps them', () => {
    expect(
      resultOf(
        `var s = SpreadsheetApp.getActiveSheet(); var r = s.getRange('A1:B1');
         r.setNumberFormat('0.00').setValues([[1, 2]]);
         s.clearContents(); var kept = [r.getValues()[0], r.getNumberFormat()];
         r.setValues([[3, 4]]); s.clear();
         return [kept, r.getValues()[0], r.getNumberFormat(), s.getLastRow()];`,
      ),
    ).toEqual([[['', ''], '0.00'], ['', ''], '0.###############', 0]);
  });

  it('grows the sheet when a write goes past its last row (documented simplification)', () => {
    const { runtime, result } = runBody(
      `var s = SpreadsheetApp.getActiveSheet(); s.getRange(1500, 1).setValue('x'); return s.getMaxRows();`,
    );
    expect(result.value).toBe(1500);
    expect(runtime.sheet('Sheet1').lastRow()).toBe(1500);
  });

  it('sorts a range by a column, blanks last', () => {
    const { runtime } = runBody(
      `SpreadsheetApp.getActiveSheet().getRange('A2:B4').sort({ column: 2, ascending: false });`,
      {
        workbook: {
          sheets: {
            S: [
              ['h', 'n'],
              ['a', 1],
              ['b', ''],
              ['c', 3],
            ],
          },
        },
      },
    );
    expect(runtime.sheet('S').getValues()).toEqual([
      ['h', 'n'],
      ['c', 3],
      ['a', 1],
      ['b', ''],
    ]);
  });
});

describe('developer metadata', () => {
  it('row metadata follows its row through a sort and an insert', () => {
    const runtime = createGasRuntime({
      code: `function tag() { SpreadsheetApp.getActiveSheet().getRange('3:3').addDeveloperMetadata('crm-row', 'joao'); }
             function where() {
               var found = SpreadsheetApp.getActive().createDeveloperMetadataFinder().withKey('crm-row').find();
               return found.map(function (m) { return [m.getValue(), m.getLocation().getRow().getRow()]; });
             }`,
      workbook: leads,
    });
    runtime.runOrThrow('tag');
    expect(runtime.runOrThrow('where')).toEqual([['joao', 3]]);
    runtime.sheet('Leads').sortRows(2, 3, 1, true); // a person sorts by Nome: João before Maria
    expect(runtime.runOrThrow('where')).toEqual([['joao', 2]]);
    runtime.sheet('Leads').insertRows(1, 2);
    expect(runtime.runOrThrow('where')).toEqual([['joao', 4]]);
  });

  it('column metadata follows its column through an insert and a delete', () => {
    const runtime = createGasRuntime({
      code: `function tag() { SpreadsheetApp.getActiveSheet().getRange('B:B').addDeveloperMetadata('crm-col', 'fone'); }
             function where() {
               var found = SpreadsheetApp.getActive().createDeveloperMetadataFinder().withKey('crm-col')
                 .withLocationType(SpreadsheetApp.DeveloperMetadataLocationType.COLUMN).find();
               return found.map(function (m) { return [m.getValue(), m.getLocation().getColumn().getColumn()]; });
             }`,
      workbook: leads,
    });
    runtime.runOrThrow('tag');
    expect(runtime.runOrThrow('where')).toEqual([['fone', 2]]);
    runtime.sheet('Leads').insertColumns(1, 2); // a person adds two columns at the left
    expect(runtime.runOrThrow('where')).toEqual([['fone', 4]]);
    runtime.sheet('Leads').deleteColumns(4, 1);
    expect(runtime.runOrThrow('where')).toEqual([]);
  });

  it('keeps spreadsheet and sheet metadata', () => {
    expect(
      resultOf(
        `var ss = SpreadsheetApp.getActive(); ss.addDeveloperMetadata('k', 'v');
         ss.getActiveSheet().addDeveloperMetadata('s', 'w', SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
         var md = ss.getDeveloperMetadata()[0]; md.setValue('v2');
         return [ss.getDeveloperMetadata()[0].getValue(), ss.getActiveSheet().getDeveloperMetadata()[0].getKey(),
                 ss.createDeveloperMetadataFinder().withValue('w').find().length];`,
      ),
    ).toEqual(['v2', 's', 1]);
  });
});

describe('Ui, toasts and flush', () => {
  it('records menus, sidebars, dialogs, alerts and toasts', () => {
    const runtime = createGasRuntime({
      code: `function onOpen() { SpreadsheetApp.getUi().createMenu('CRM').addItem('Settings', 'showSettings').addSeparator()
               .addSubMenu(SpreadsheetApp.getUi().createMenu('More').addItem('Help', 'showHelp')).addToUi(); }
             function showSettings() { SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput('<b>hi</b>').setTitle('Settings')); }
             function ask() { var ui = SpreadsheetApp.getUi(); SpreadsheetApp.flush();
               SpreadsheetApp.getActive().toast('Done', 'CRM', 3);
               return [ui.alert('Sure?', 'Send 3 messages?', ui.ButtonSet.YES_NO) === ui.Button.NO,
                       ui.prompt('Key?').getResponseText()]; }`,
    });
    runtime.runOrThrow('onOpen');
    expect(runtime.ui.menus()[0]).toMatchObject({
      name: 'CRM',
      items: [
        { caption: 'Settings', functionName: 'showSettings' },
        { separator: true },
        { caption: 'More', items: [{ caption: 'Help', functionName: 'showHelp' }] },
      ],
    });
    expect(runtime.ui.clickMenuItem('Settings').ok).toBe(true);
    expect(runtime.ui.sidebars()[0]?.html).toMatchObject({
      title: 'Settings',
      content: '<b>hi</b>',
    });
    runtime.ui.respond('NO');
    runtime.ui.respond('OK', 'crm_abcd');
    expect(runtime.runOrThrow('ask')).toEqual([true, 'crm_abcd']);
    expect(runtime.ui.toasts()[0]).toMatchObject({
      message: 'Done',
      title: 'CRM',
      timeoutSeconds: 3,
    });
    expect(runtime.ui.alerts().map((a) => a.type)).toEqual(['alert', 'prompt']);
  });

  it('refuses getUi in a time-driven trigger, as Apps Script does', () => {
    const runtime = createGasRuntime({ code: 'function t() { SpreadsheetApp.getUi(); }' });
    expect(runtime.execute({ fn: 't', kind: 'trigger' }).error?.message).toBe(
      'Cannot call SpreadsheetApp.getUi() from this context.',
    );
  });
});

describe('workbook files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gas-runtime-'));

  it('saves a sheet to CSV (display values, formulas as text) and loads it by the entry rules', async () => {
    const runtime = createGasRuntime({
      code: '',
      workbook: {
        sheets: {
          S: [
            ['n', 'when', 'f'],
            [1234.5, '2026-11-21', '=A2*2'],
            ['a,"b"', true, ''],
          ],
        },
      },
    });
    const path = join(dir, 's.csv');
    await saveCsv(runtime.sheet('S'), path);
    const loaded = await loadCsv(path, { sheetName: 'S' });
    expect(loaded.sheet('S').getDisplayValues()).toEqual(runtime.sheet('S').getDisplayValues());
    expect(loaded.sheet('S').getFormulas()).toEqual(runtime.sheet('S').getFormulas());
  });

  it('round-trips every sheet through XLSX', async () => {
    const runtime = createGasRuntime({
      code: '',
      workbook: {
        sheets: {
          A: [
            ['x', 2.5, true],
            [new Date(Date.UTC(2026, 10, 21)), '=B1', "'007"],
          ],
          B: [['only']],
        },
      },
    });
    const path = join(dir, 'w.xlsx');
    await saveXlsx(runtime.workbook, path);
    const loaded = await loadXlsx(path);
    expect(loaded.sheets.map((s) => s.name)).toEqual(['A', 'B']);
    expect(loaded.sheet('A').getValues()).toEqual(runtime.sheet('A').getValues());
    expect(loaded.sheet('A').getFormulas()).toEqual(runtime.sheet('A').getFormulas());
    expect(loaded.sheet('B').getValues()).toEqual([['only']]);
  });
});
