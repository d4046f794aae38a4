import { columnRuns, type SheetTable } from '../core/import/job-table';

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
    read() {
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

/** A sheet by its id, which survives renaming; null when it was deleted. */
export function findSheetById(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  sheetId: number,
): GoogleAppsScript.Spreadsheet.Sheet | null {
  return spreadsheet.getSheets().find((sheet) => sheet.getSheetId() === sheetId) ?? null;
}
