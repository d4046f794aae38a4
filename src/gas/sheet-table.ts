import { columnRuns, type SheetTable, type SheetTableValues } from '../core/import/job/table';
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
  const known: { current?: KnownHeader } = {};
  return {
    read(window) {
      if (window) {
        const read = windowOrWhole(() => readRowWindow(sheet, headerRow, window, known));
        if (read) return read;
      }
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
    readRowsNow(first, count) {
      return readRowWindow(sheet, headerRow, { first, count, uncut: true }, known);
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

/** The header row as last read, and its width (the sheet's last column then). */
export interface KnownHeader {
  width: number;
  header: unknown[];
}

/**
 * The header row and the rows of `window` that exist, each one getSheetValues, so that cells
 * read do not grow with the sheet. The header is read at the width it had last time: when it
 * reads the same, no column was inserted, deleted or moved to its left (every such change
 * shifts a header cell), and a column added at its right holds nothing the job reads; when it
 * differs, it is read again at the sheet's last column. The window is cut at the last row with
 * content (one getLastRow) unless `uncut`.
 */
export function readRowWindow(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  headerRow: number,
  window: RowWindow,
  known: { current?: KnownHeader },
): Required<SheetTableValues> {
  const lastRow = window.uncut ? Number.POSITIVE_INFINITY : sheet.getLastRow();
  const readHeader = (width: number) =>
    width > 0 ? (sheet.getSheetValues(headerRow, 1, 1, width)[0] ?? []) : [];
  let header = known.current ? readHeader(known.current.width) : undefined;
  if (!known.current || !sameCells(header ?? [], known.current.header)) {
    const width = sheet.getLastColumn();
    header = readHeader(width);
    known.current = { width, header };
  }
  const width = known.current.width;
  const firstRow = headerRow + 1 + window.first;
  const count = Math.max(0, Math.min(window.count, lastRow - firstRow + 1));
  const rows = count > 0 && width > 0 ? sheet.getSheetValues(firstRow, 1, count, width) : [];
  return {
    header: header ?? [],
    rows,
    offset: window.first,
    complete: firstRow + count > lastRow,
  };
}

/**
 * A window read, or undefined when its range fell outside the grid (rows deleted since they
 * were read): the caller reads the whole sheet. Sheets throws for a range past the grid
 * (https://developers.google.com/apps-script/reference/spreadsheet/sheet#getSheetValues(Integer,Integer,Integer,Integer));
 * any other error would come back from the whole read too.
 */
export function windowOrWhole<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function sameCells(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => sameCell(value, b[i]));
}

function sameCell(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}

/** A sheet by its id, which survives renaming; null when it was deleted. */
export function findSheetById(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  sheetId: number,
): GoogleAppsScript.Spreadsheet.Sheet | null {
  return spreadsheet.getSheets().find((sheet) => sheet.getSheetId() === sheetId) ?? null;
}
