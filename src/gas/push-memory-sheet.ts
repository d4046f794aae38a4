import { writeInRuns } from '../core/jobs/row-job';
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
 * what the export sheet shows. A save writes the rows it is given only, each where it was loaded
 * from (or where a replace export puts it): a step costs its own rows, not the table's.
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
      const at = new Map<number, number>();
      const rows = decodeRows(values, at);
      return { columns: mark.c, headers: mark.h ?? mark.c, rows, at, size: values.length };
    },
    saveRows(table: MemoryTable, ids: readonly number[], start?: number) {
      const sheet = memorySheet(spreadsheet, sheetId, table);
      table.at ??= new Map();
      const at = table.at;
      let size = table.size ?? Math.max(0, sheet.getLastRow() - 1);
      const writes = ids.flatMap((id, i) => {
        const row = table.rows.get(id);
        if (!row) return [];
        let index = start === undefined ? at.get(id) : start + i;
        if (index === undefined) index = size;
        at.set(id, index);
        size = Math.max(size, index + 1);
        // Text as text: a JSON cell must never be parsed as a number or a formula.
        const [lead, json] = encodeRow(id, row);
        return [{ index, cells: [lead, `'${json}`] }];
      });
      table.size = size;
      if (writes.length === 0) return;
      const missing = 1 + size - sheet.getMaxRows();
      if (missing > 0) sheet.insertRowsAfter(sheet.getMaxRows(), missing);
      writes.sort((a, b) => a.index - b.index);
      fillGaps(writes, table);
      writeInRuns(
        writes,
        (run) =>
          sheet
            .getRange(2 + (run[0]?.index ?? 0), 1, run.length, 2)
            .setValues(run.map(({ cells }) => cells)),
        () => 0,
      );
    },
    clearFrom(index: number) {
      const sheet = findMemorySheet(spreadsheet, sheetId)?.sheet;
      if (!sheet) return;
      const rows = sheet.getLastRow() - 1 - index;
      if (rows > 0) sheet.getRange(2 + index, 1, rows, 2).clearContent();
    },
  };
}

/** Gaps between written rows this short are written too (the rows as loaded): one write. */
const MAX_GAP = 20;

type RowWrite = { index: number; cells: unknown[] };

/**
 * Joins scattered rows (a push's changed rows among untouched ones) into runs: a short gap
 * between two is written with the rows the table holds there (as loaded, so the same cells), or
 * blank where it holds none. `writes` is sorted; it comes back sorted.
 */
function fillGaps(writes: RowWrite[], table: MemoryTable): void {
  const idAt = new Map<number, number>();
  for (const [id, index] of table.at ?? []) idAt.set(index, id);
  const added: RowWrite[] = [];
  for (let w = 1; w < writes.length; w++) {
    const from = (writes[w - 1]?.index ?? 0) + 1;
    const to = writes[w]?.index ?? 0;
    if (to - from > MAX_GAP) continue;
    for (let index = from; index < to; index++) {
      const id = idAt.get(index);
      const row = id === undefined ? undefined : table.rows.get(id);
      const [lead, json] = id !== undefined && row ? encodeRow(id, row) : ['', ''];
      added.push({ index, cells: [lead, json === '' ? '' : `'${json}`] });
    }
  }
  writes.push(...added);
  writes.sort((a, b) => a.index - b.index);
}

/** The memory sheet, made (hidden, marked) when missing; its mark names the table's columns. */
function memorySheet(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  sheetId: number,
  table: Pick<MemoryTable, 'columns' | 'headers'>,
): GoogleAppsScript.Spreadsheet.Sheet {
  const mark = JSON.stringify({ s: sheetId, c: table.columns, h: table.headers });
  const found = findMemorySheet(spreadsheet, sheetId);
  if (found) {
    if (JSON.stringify(found.mark) !== mark) markSheet(found.sheet, PUSH_MEMORY_TAG, mark);
    if (!found.sheet.isSheetHidden()) found.sheet.hideSheet();
    return found.sheet;
  }
  const active = spreadsheet.getActiveSheet();
  const sheet = spreadsheet.insertSheet(freeName(spreadsheet), spreadsheet.getNumSheets());
  markSheet(sheet, PUSH_MEMORY_TAG, mark);
  sheet.getRange(1, 1, 1, 2).setValues([HEADER]);
  sheet.hideSheet();
  if (active) spreadsheet.setActiveSheet(active);
  return sheet;
}

function freeName(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): string {
  let name = SHEET_NAME;
  for (let n = 2; spreadsheet.getSheetByName(name) !== null; n++) name = `${SHEET_NAME} (${n})`;
  return name;
}
