import { codedError } from '../core/errors';
import { inSpans, type RowScope, type RowsChoice, scopeOf, scopeOfMarks } from '../core/rows/scope';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * The `rows` of a job, resolved at the call in the person's execution (core/rows/scope.ts):
 * which data rows of `sheet` (0-based below `headerRow`) the choice names, read from the sheet
 * as the person sees it now. `values` are the sheet's header and data rows as the call read them.
 */
export function chosenRows(
  sheet: Sheet,
  headerRow: number,
  choice: RowsChoice,
): ((index: number) => boolean) | undefined {
  const sheetRow = (index: number) => headerRow + 1 + index;
  switch (choice.kind) {
    case 'all':
      return undefined;
    case 'marks':
      // Chosen by their cells, not their place (resolveRowScope): never asked by row here.
      return () => false;
    case 'list':
      return (index) => inSpans(choice, sheetRow(index));
    case 'visible':
      // https://developers.google.com/apps-script/reference/spreadsheet/sheet#isRowHiddenByFilter(Integer)
      // One or two calls a row: SpreadsheetApp has no call for many rows' hidden state, and what
      // each costs in Apps Script is not documented (unknown; the Sheets API's rowMetadata would
      // be one call, behind an advanced service the add-on does not use).
      return (index) =>
        !sheet.isRowHiddenByFilter(sheetRow(index)) && !sheet.isRowHiddenByUser(sheetRow(index));
    case 'selection': {
      const spans = selectedSpans(sheet);
      return (index) =>
        spans.some(([first, last]) => sheetRow(index) >= first && sheetRow(index) <= last);
    }
  }
}

/**
 * The rows of the person's current selection on `sheet` (every range of it, Ctrl/Cmd-selected
 * ones included), as [first, last] sheet rows. A selection on another sheet names none of this
 * sheet's rows: the error says so.
 */
export function selectedSpans(sheet: Sheet): [number, number][] {
  const active = SpreadsheetApp.getActiveSheet();
  if (!active || active.getSheetId() !== sheet.getSheetId()) {
    throw codedError(
      `rows "selection": the selected cells are on sheet "${active?.getName() ?? ''}", not on "${sheet.getName()}"; select rows of "${sheet.getName()}" or give rows as a list such as "5:9,12".`,
      'rowsSelectionElsewhere',
      { sheet: sheet.getName(), active: active?.getName() ?? '' },
    );
  }
  const list = SpreadsheetApp.getActiveRangeList();
  return (list?.getRanges() ?? []).map((range) => [range.getRow(), range.getLastRow()]);
}

/**
 * The scope a job keeps of `rows`, or none for every row. A choice that names no row with data
 * throws: a job over nothing is a mistake the person should see at once.
 */
export function resolveRowScope(
  sheet: Sheet,
  headerRow: number,
  choice: RowsChoice,
  values: { header: unknown[]; rows: unknown[][] },
  rowsText: string,
): { scope: RowScope; count: number } | undefined {
  const chosen = chosenRows(sheet, headerRow, choice);
  if (!chosen) return undefined;
  const resolved =
    choice.kind === 'marks'
      ? scopeOfMarks(values.header, values.rows, choice.marks)
      : scopeOf(values.header, values.rows, chosen);
  if (resolved.count === 0) {
    throw codedError(
      `rows "${rowsText}" names no row with data below row ${headerRow} of "${sheet.getName()}"; choose rows that hold leads.`,
      'rowsNone',
      { rows: rowsText, sheet: sheet.getName() },
    );
  }
  return resolved;
}

/** The counts the sidebars offer: every data row, the visible ones, the selected ones. */
export function rowCounts(
  sheet: Sheet,
  headerRow: number,
  values: { header: unknown[]; rows: unknown[][] },
): { all: number; visible: number; selected: number } {
  const count = (chosen: (index: number) => boolean) =>
    scopeOf(values.header, values.rows, chosen).count;
  const visible = chosenRows(sheet, headerRow, { kind: 'visible' }) as (i: number) => boolean;
  let selected = 0;
  try {
    selected = count(chosenRows(sheet, headerRow, { kind: 'selection' }) as (i: number) => boolean);
  } catch {
    // The selection is on another sheet: nothing of this one is selected.
  }
  return { all: count(() => true), visible: count(visible), selected };
}
