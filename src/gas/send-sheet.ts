import type { SendSheet } from '../core/send/sheet';
import { createSheetTable } from './sheet-table';

/**
 * The send job's sheet over SpreadsheetApp: a read is one getValues (and, when a variable
 * comes from a column, one getDisplayValues) of the data range; writes go through the
 * import's SheetTable (one setValues per run of adjacent columns); flush applies them at once.
 */
export function createSendSheet(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  headerRow: number,
): SendSheet {
  const table = createSheetTable(sheet, headerRow);
  return {
    read(withDisplay) {
      const range = sheet.getDataRange();
      const values = range.getValues();
      const header = values[headerRow - 1] ?? [];
      const rows = values.slice(headerRow);
      if (!withDisplay) return { header, rows };
      return { header, rows, display: range.getDisplayValues().slice(headerRow) };
    },
    writeRows: table.writeRows,
    appendHeaders: table.appendHeaders,
    flush() {
      SpreadsheetApp.flush();
    },
  };
}
