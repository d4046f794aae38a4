/**
 * What an export wrote on each row, remembered so that a push (PRODUCT.md "Round trip") sends
 * only the cells a person changed since. Kept by lead id, never by row position: people sort.
 * A value is kept as its canonical text (`canonCell`), the same for what the export wrote and
 * for what getValues reads back, so a cell a person did not touch compares equal.
 *
 * The table lives in a hidden sheet the add-on owns (src/gas/push-memory-sheet.ts), one row a
 * lead: Properties hold 9 KB a value and 500 KB in all, too small for a 10,000-lead export.
 */
import type { CellValue } from '../export/cells';

/** A remembered row: export column name → canonical cell text. */
export type RememberedRow = Record<string, string>;

export interface MemoryTable {
  /** The export's columns (API names) and the headers it wrote for them. */
  columns: string[];
  headers: string[];
  rows: Map<number, RememberedRow>;
  /** Where each lead's row is kept (0-based), as loaded: a save of a few rows writes only them. */
  at?: Map<number, number>;
  /** Rows the store holds (blank ones included), as loaded. */
  size?: number;
}

/** Where a sheet's memory is kept (src/gas/push-memory-sheet.ts over a hidden sheet). */
export interface PushMemoryStore {
  /** The table, or null when the sheet has none (not written by an export). */
  load(): MemoryTable | null;
  /**
   * Writes the rows of `ids` only (each step saves what it changed, not the table): at `start`
   * + i when given (a replace export keeps its leads in the order it writes them on the sheet),
   * else where the table was loaded from, a lead not there yet below the last row.
   */
  saveRows(table: MemoryTable, ids: readonly number[], start?: number): void;
  /** Clears the rows from `index` (0-based) down: what an earlier export or a killed step left. */
  clearFrom(index: number): void;
}

/**
 * One canonical text per cell value: text as it reads (trimmed, an export's apostrophe gone),
 * numbers, booleans and dates marked so that `'5'` the text and `5` the number stay apart.
 */
export function canonCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : `@d${value.getTime()}`;
  if (typeof value === 'number') return Number.isFinite(value) ? `@n${value}` : '';
  if (typeof value === 'boolean') return value ? '@b1' : '@b0';
  let text = String(value);
  if (text.startsWith("'")) text = text.slice(1);
  text = text.trim();
  return text.startsWith('@') ? `@s${text}` : text;
}

/** The value a canonical text stands for (a Date, a number, a boolean or text). */
export function decodeCanon(canon: string): string | number | boolean | Date {
  if (!canon.startsWith('@')) return canon;
  const body = canon.slice(2);
  switch (canon[1]) {
    case 'd':
      return new Date(Number(body));
    case 'n':
      return Number(body);
    case 'b':
      return body === '1';
    default:
      return body;
  }
}

/** A lead's remembered row from the cells an export writes for it. */
export function rememberCells(
  columns: readonly string[],
  cells: readonly CellValue[],
): RememberedRow {
  const row: RememberedRow = {};
  columns.forEach((column, i) => {
    if (column === 'id') return;
    row[column] = canonCell(cells[i]);
  });
  return row;
}

/** The columns of `row` (as read) a person changed since `remembered`. */
export function changedColumns(
  remembered: RememberedRow,
  cellOf: (column: string) => unknown,
): string[] {
  return Object.keys(remembered).filter((column) => {
    const cell = cellOf(column);
    return cell !== undefined && canonCell(cell) !== remembered[column];
  });
}

/** A table row as the hidden sheet keeps it: the lead id, and the row as JSON. */
export function encodeRow(id: number, row: RememberedRow): [number, string] {
  return [id, JSON.stringify(row)];
}

/** The rows of the table (and, into `at`, where each lead's row is: 0-based). */
export function decodeRows(
  values: readonly (readonly unknown[])[],
  at?: Map<number, number>,
): Map<number, RememberedRow> {
  const rows = new Map<number, RememberedRow>();
  values.forEach(([id, json], index) => {
    const lead = Number(id);
    // The first row of a lead wins (a save writes each lead where it was loaded from).
    if (!Number.isInteger(lead) || lead <= 0 || rows.has(lead)) return;
    try {
      const parsed = JSON.parse(String(json ?? '')) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        rows.set(lead, parsed as RememberedRow);
        at?.set(lead, index);
      }
    } catch {
      // A row a person edited by hand is forgotten: that lead's cells push nothing.
    }
  });
  return rows;
}
