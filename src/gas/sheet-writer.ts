/**
 * The export's sheet over SpreadsheetApp: one getValues per read, one setValues per planned
 * block, never a call per cell. Plans are 0-based with row 0 = the header on sheet row 1.
 */
import type { CellValue } from '../core/export/cells';
import type { ExpectedIds, ExportSheet } from '../core/export/job/job';
import { leadIdOf } from '../core/export/stale';
import type { SheetPlan } from '../core/export/sync';
import { EXPORT_COLUMN_KEY } from '../core/export/target';
import { headerKey } from '../core/import/text-key';
import { markedColumns } from './ownership';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** The sheet by name, created (at the end) when missing. */
export function ensureSheet(spreadsheet: Spreadsheet, name: string): Sheet {
  return (
    spreadsheet.getSheetByName(name) ?? spreadsheet.insertSheet(name, spreadsheet.getNumSheets())
  );
}

/** By id (the user may have renamed it during the export); null when it was deleted. */
export function findSheet(
  spreadsheet: Spreadsheet,
  target: { sheetId: number; sheetName: string },
): Sheet | null {
  return spreadsheet.getSheetById(target.sheetId);
}

export function openExportSheet(
  spreadsheet: Spreadsheet,
  target: { sheetId: number; sheetName: string },
): ExportSheet | null {
  const sheet = findSheet(spreadsheet, target);
  return sheet ? sheetExport(sheet) : null;
}

export function sheetExport(sheet: Sheet): ExportSheet {
  return {
    usedSize: () => ({ rows: sheet.getLastRow(), columns: sheet.getLastColumn() }),
    ownedColumns: () => [...markedColumns(sheet, EXPORT_COLUMN_KEY)],
    readTable() {
      const lastRow = sheet.getLastRow();
      const lastColumn = sheet.getLastColumn();
      if (lastRow === 0 || lastColumn === 0) return { header: [], rows: [] };
      const values = sheet.getRange(1, 1, lastRow, lastColumn).getValues();
      return { header: values[0] ?? [], rows: values.slice(1) };
    },
    apply(plan: SheetPlan, expected?: ExpectedIds) {
      for (const { row, column, rows, columns } of plan.clear) {
        sheet.getRange(row + 1, column + 1, rows, columns).clearContent();
      }
      if (plan.writes.length === 0) return true;
      let lastRow = 0;
      let lastColumn = 0;
      for (const block of plan.writes) {
        lastRow = Math.max(lastRow, block.row + block.values.length);
        lastColumn = Math.max(lastColumn, block.column + (block.values[0]?.length ?? 0));
      }
      growTo(sheet, lastRow, lastColumn);
      // The last call before the writes: rows moved since the plan's read write nothing.
      if (expected && expected.ids.length > 0) {
        const ids = sheet.getRange(2, expected.column + 1, expected.ids.length, 1).getValues();
        const moved = ids.some(([cell], i) => leadIdOf(cell) !== leadIdOf(expected.ids[i]));
        if (moved) return false;
      }
      for (const block of plan.writes) {
        const width = block.values[0]?.length ?? 0;
        if (block.values.length === 0 || width === 0) continue;
        sheet
          .getRange(block.row + 1, block.column + 1, block.values.length, width)
          .setValues(block.values as CellValue[][]);
        applyFormats(sheet, block.row, block.values.length, block.column, width, plan.formats);
      }
      return true;
    },
    sayOnRows(header, byId) {
      const lastRow = sheet.getLastRow();
      const lastColumn = sheet.getLastColumn();
      if (lastRow < 2 || lastColumn === 0) return;
      const values = sheet.getRange(1, 1, lastRow, lastColumn).getValues();
      const head = (values[0] ?? []).map((cell) => headerKey(String(cell ?? '')));
      const idColumn = head.indexOf(headerKey('id'));
      if (idColumn < 0) return;
      let column = head.indexOf(headerKey(header));
      if (column < 0) {
        column = lastColumn;
        growTo(sheet, lastRow, column + 1);
        sheet.getRange(1, column + 1).setValue(header);
      }
      values.slice(1).forEach((row, i) => {
        const words = byId.get(String(leadIdOf(row[idColumn])));
        // Text as text: words never become a formula.
        if (words) sheet.getRange(i + 2, column + 1).setValue(`'${words}`);
      });
    },
    deleteRows(rows, expected) {
      // Bottom-up, a run of adjacent rows per call: each deletion leaves the rows above in place.
      let index = 0;
      let deleted = 0;
      while (index < rows.length) {
        const start = index;
        const last = rows[index] as number;
        let first = last;
        while (rows[index + 1] === first - 1) {
          first -= 1;
          index += 1;
        }
        index += 1;
        const count = last - first + 1;
        // Data row 0 is sheet row 2 (the header is row 1).
        if (expected && !holdsIds(sheet, first + 2, count, expected, start)) return deleted;
        sheet.deleteRows(first + 2, count);
        deleted += count;
      }
      return deleted;
    },
  };
}

/**
 * Whether sheet rows `row` … `row + count - 1` still hold the planned ids: `expected.ids[start]`
 * is the id planned for the run's last (lowest) row, the ids going up from there.
 */
function holdsIds(
  sheet: Sheet,
  row: number,
  count: number,
  expected: { column: number; ids: readonly number[] },
  start: number,
): boolean {
  const values = sheet.getRange(row, expected.column + 1, count, 1).getValues();
  return values.every(([cell], i) => leadIdOf(cell) === expected.ids[start + (count - 1 - i)]);
}

/**
 * The plan's number formats (money as currency) on the data rows of one written block: one call
 * per formatted column the block covers, the header row left as it is.
 */
function applyFormats(
  sheet: Sheet,
  row: number,
  rows: number,
  column: number,
  width: number,
  formats: SheetPlan['formats'],
): void {
  const first = Math.max(row, 1);
  const count = row + rows - first;
  if (count <= 0) return;
  for (const format of formats ?? []) {
    if (format.column < column || format.column >= column + width) continue;
    sheet.getRange(first + 1, format.column + 1, count, 1).setNumberFormat(format.format);
  }
}

/** Sheets refuses ranges beyond the grid: add rows and columns first, in one call each. */
function growTo(sheet: Sheet, rows: number, columns: number): void {
  const maxRows = sheet.getMaxRows();
  if (rows > maxRows) sheet.insertRowsAfter(maxRows, rows - maxRows);
  const maxColumns = sheet.getMaxColumns();
  if (columns > maxColumns) sheet.insertColumnsAfter(maxColumns, columns - maxColumns);
}

/**
 * Midnight of a calendar day in `timeZone`, as a Date (what a date-only cell holds). Apps Script
 * has no zone arithmetic but Utilities.formatDate knows every zone's offset: take the offset at
 * noon of that day, then check it at the resulting instant (a DST change between the two).
 */
export function zonedMidnightMaker(
  timeZone: string,
): (year: number, month: number, day: number) => Date {
  const memo = new Map<string, Date>();
  const offsetMs = (instant: number): number => {
    const text = Utilities.formatDate(new Date(instant), timeZone, 'Z');
    const match = /^([+-])(\d{2})(\d{2})$/.exec(text);
    if (!match) return 0;
    const minutes = Number(match[2]) * 60 + Number(match[3]);
    return (match[1] === '-' ? -1 : 1) * minutes * 60_000;
  };
  return (year, month, day) => {
    const key = `${year}-${month}-${day}`;
    const known = memo.get(key);
    if (known) return new Date(known.getTime());
    const utcMidnight = Date.UTC(year, month - 1, day);
    let instant = utcMidnight - offsetMs(utcMidnight + 12 * 3_600_000);
    const atInstant = offsetMs(instant);
    instant = utcMidnight - atInstant;
    const date = new Date(instant);
    memo.set(key, date);
    return new Date(instant);
  };
}
