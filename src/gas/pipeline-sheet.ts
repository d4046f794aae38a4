import type { PipelineSheet } from '../core/jobs/pipeline/types';
import { createSheetTable } from './sheet-table';

/**
 * A row pipeline's sheet over SpreadsheetApp: a read is the data range's values and display
 * values (two calls); writes go through SheetTable (one setValues per run of adjacent columns).
 */
export function createPipelineSheet(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  headerRow: number,
): PipelineSheet {
  const table = createSheetTable(sheet, headerRow);
  return {
    read() {
      const range = sheet.getDataRange();
      const values = range.getValues();
      const display = range.getDisplayValues();
      return {
        header: values[headerRow - 1] ?? [],
        rows: values.slice(headerRow),
        display: display.slice(headerRow),
      };
    },
    readHeader() {
      const width = sheet.getLastColumn();
      return width > 0 ? (sheet.getRange(headerRow, 1, 1, width).getValues()[0] ?? []) : [];
    },
    readColumns(first, count) {
      const rows = sheet.getLastRow() - headerRow;
      return rows > 0 ? sheet.getRange(headerRow + 1, first + 1, rows, count).getValues() : [];
    },
    writeRows: table.writeRows,
    readRowsNow: table.readRowsNow,
    appendHeaders: table.appendHeaders,
    flush() {
      SpreadsheetApp.flush();
    },
  };
}
