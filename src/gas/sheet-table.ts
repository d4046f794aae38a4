import { columnRuns, type SheetTable, type SheetTableValues } from '../core/import/job-table';
import type { RowWindow } from '../core/jobs/row-job';

/**
 * The import job's SheetTable over one sheet: a read is one getValues of the data range, a
 * write is one setValues per run of adjacent columns (the four status columns, created side by
 * side, are one run), whatever the number of rows.
 */
export function createSheetTable(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  headerRow: number,
): SheetTable {
  const firstDataRow = headerRow + 1;
  return {
    read(window) {
      if (window) return readRowWindow(sheet, headerRow, window);
      const values = sheet.getDataRange().getValues();
      return { header: values[headerRow - 1] ?? [], rows: values.slice(headerRow) };
    },
    writeRows(firstRow, columns, values) {
      if (values.length === 0 || columns.length === 0) return;
      for (const run of columnRuns(columns)) {
        sheet
          .getRange(firstDataRow + firstRow, run.start + 1, values.length, run.length)
          .setValues(values.map((line) => line.slice(run.offset, run.offset + run.length)));
      }
    },
    appendHeaders(headers) {
      if (headers.length === 0) return [];
      const start = sheet.getLastColumn();
      const missing = start + headers.length - sheet.getMaxColumns();
      if (missing > 0) sheet.insertColumnsAfter(sheet.getMaxColumns(), missing);
      sheet.getRange(headerRow, start + 1, 1, headers.length).setValues([[...headers]]);
      return headers.map((_, i) => start + i);
    },
  };
}

/**
 * The header row and the data rows of `window` that exist: the header (read in full, so that
 * moved or added columns are seen) and the rows (the header's width), two getSheetValues, after
 * getLastColumn and getLastRow. Cells read do not grow with the sheet.
 */
export function readRowWindow(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  headerRow: number,
  window: RowWindow,
): Required<SheetTableValues> {
  const lastColumn = sheet.getLastColumn();
  const lastRow = sheet.getLastRow();
  const firstRow = headerRow + 1 + window.first;
  const count = Math.max(0, Math.min(window.count, lastRow - firstRow + 1));
  const header =
    lastColumn > 0 && lastRow >= headerRow
      ? (sheet.getSheetValues(headerRow, 1, 1, lastColumn)[0] ?? [])
      : [];
  const rows = count > 0 ? sheet.getSheetValues(firstRow, 1, count, lastColumn) : [];
  return { header, rows, offset: window.first, complete: firstRow + count > lastRow };
}

/** A sheet by its id, which survives renaming; null when it was deleted. */
export function findSheetById(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  sheetId: number,
): GoogleAppsScript.Spreadsheet.Sheet | null {
  return spreadsheet.getSheets().find((sheet) => sheet.getSheetId() === sheetId) ?? null;
}
