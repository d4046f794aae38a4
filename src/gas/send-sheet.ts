import type { SendSheet } from '../core/send/sheet';
import { createSheetTable, type KnownHeader, readRowWindow, windowOrWhole } from './sheet-table';

/**
 * The send job's sheet over SpreadsheetApp. A whole read is one getValues (and, when a variable
 * comes from a column, one getDisplayValues) of the data range; a window (rows around a batch)
 * reads the header row and those rows only (sheet-table.ts readRowWindow), so its cost does not
 * grow with the sheet. Writes go through the import's SheetTable (one setValues per run of
 * adjacent columns); flush applies them at once.
 */
export function createSendSheet(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  headerRow: number,
): SendSheet {
  const table = createSheetTable(sheet, headerRow);
  const known: { current?: KnownHeader } = {};
  return {
    read(withDisplay, window) {
      const read = window && windowOrWhole(() => readRowWindow(sheet, headerRow, window, known));
      if (read) {
        if (!withDisplay || read.rows.length === 0) return read;
        const display = sheet
          .getRange(headerRow + 1 + read.offset, 1, read.rows.length, read.rows[0]?.length ?? 1)
          .getDisplayValues();
        return { ...read, display };
      }
      const range = sheet.getDataRange();
      const values = range.getValues();
      const header = values[headerRow - 1] ?? [];
      const rows = values.slice(headerRow);
      if (!withDisplay) return { header, rows, offset: 0, complete: true };
      const display = range.getDisplayValues().slice(headerRow);
      return { header, rows, display, offset: 0, complete: true };
    },
    writeRows: table.writeRows,
    readRowsNow: table.readRowsNow,
    appendHeaders: table.appendHeaders,
    flush() {
      SpreadsheetApp.flush();
    },
    rowCount: () => Math.max(0, sheet.getLastRow() - headerRow),
  };
}
