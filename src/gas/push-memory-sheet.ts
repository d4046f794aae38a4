import { decodeRows, encodeRow, type MemoryTable, type PushMemoryStore } from '../core/push/memory';
import { markedSheets, markSheet } from './ownership';

/**
 * The developer metadata key of a push memory's hidden sheet (PROJECT visibility); its value
 * names the export sheet it remembers (by id, which survives renames) and that export's columns.
 * Found by this mark only, never by name (as the send record, send-record-sheet.ts).
 */
export const PUSH_MEMORY_TAG = 'crm.pushMemory';
const SHEET_NAME = 'CRM Push Memory';
const HEADER = ['Lead ID', 'Values'];

interface MarkValue {
  s: number;
  c: string[];
  h: string[];
}

function readMark(value: string): MarkValue | null {
  try {
    const parsed = JSON.parse(value) as MarkValue;
    return typeof parsed.s === 'number' && Array.isArray(parsed.c) ? parsed : null;
  } catch {
    return null;
  }
}

function findMemorySheet(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  sheetId: number,
): { sheet: GoogleAppsScript.Spreadsheet.Sheet; mark: MarkValue } | null {
  for (const { sheet, value } of markedSheets(spreadsheet, PUSH_MEMORY_TAG)) {
    const mark = readMark(value);
    if (mark?.s === sheetId) return { sheet, mark };
  }
  return null;
}

/**
 * The memory of export sheet `sheetId` (core/push/memory.ts) in a hidden sheet of its own, one
 * row a lead (id, JSON of its cells): bounded by the export itself. Hidden, not secret: it holds
 * what the export sheet shows. A save writes the whole table from row 2, then clears the rows
 * below it: a kill in between leaves old rows under the new ones, and the first row of a lead
 * wins (decodeRows).
 */
export function pushMemorySheet(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  sheetId: number,
): PushMemoryStore {
  return {
    load() {
      const found = findMemorySheet(spreadsheet, sheetId);
      if (!found) return null;
      const { sheet, mark } = found;
      const last = sheet.getLastRow();
      const values = last > 1 ? sheet.getRange(2, 1, last - 1, 2).getValues() : [];
      return { columns: mark.c, headers: mark.h ?? mark.c, rows: decodeRows(values) };
    },
    save(table: MemoryTable) {
      const mark = JSON.stringify({ s: sheetId, c: table.columns, h: table.headers });
      let sheet = findMemorySheet(spreadsheet, sheetId)?.sheet;
      if (!sheet) {
        const active = spreadsheet.getActiveSheet();
        sheet = spreadsheet.insertSheet(freeName(spreadsheet), spreadsheet.getNumSheets());
        markSheet(sheet, PUSH_MEMORY_TAG, mark);
        sheet.getRange(1, 1, 1, 2).setValues([HEADER]);
        sheet.hideSheet();
        if (active) spreadsheet.setActiveSheet(active);
      } else {
        markSheet(sheet, PUSH_MEMORY_TAG, mark);
        if (!sheet.isSheetHidden()) sheet.hideSheet();
      }
      const rows = [...table.rows].map(([id, row]) => encodeRow(id, row));
      const old = sheet.getLastRow() - 1;
      if (rows.length > 0) {
        const missing = 1 + rows.length - sheet.getMaxRows();
        if (missing > 0) sheet.insertRowsAfter(sheet.getMaxRows(), missing);
        // Text as text: a JSON cell must never be parsed as a number or a formula.
        sheet.getRange(2, 1, rows.length, 2).setValues(rows.map(([id, json]) => [id, `'${json}`]));
      }
      if (old > rows.length)
        sheet.getRange(2 + rows.length, 1, old - rows.length, 2).clearContent();
    },
  };
}

function freeName(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): string {
  let name = SHEET_NAME;
  for (let n = 2; spreadsheet.getSheetByName(name) !== null; n++) name = `${SHEET_NAME} (${n})`;
  return name;
}
