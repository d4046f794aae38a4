/**
 * Plans the writes of one export page as a few rectangular blocks, so the Apps Script side does
 * one getValues and (usually) one setValues per page, never a call per cell.
 *
 * Coordinates are 0-based and relative to the table: row 0 is the header row, row 1 the first
 * data row; column 0 is the sheet's first column. On a sheet whose header is on row `headerRow`,
 * block (row, column) is written at sheet row `headerRow + row`, sheet column `1 + column`.
 */
import { codedError } from '../errors';
import { columnRuns } from '../ownership';
import type { CellValue } from './cells';
import type { FlatRecord, FlatValue } from './columns';
import { headerNamesColumn } from './headers';

export interface SheetBlock {
  row: number;
  column: number;
  /** Rectangular: every row has the same length. */
  values: CellValue[][];
}

export interface SheetArea {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

export interface SheetPlan {
  /**
   * Cleared (contents only) before the writes: replace mode's first page, over the columns the
   * export owns only (core/ownership.ts); empty for every other plan.
   */
  clear: SheetArea[];
  writes: SheetBlock[];
  /** The header row once the plan is applied. */
  header: string[];
  updatedRows: number;
  appendedRows: number;
  /** Leads whose row already held exactly these values: nothing written for them. */
  unchangedRows: number;
  /**
   * Sync: the cells a person changed and has not pushed (core/push/memory.ts), kept as they are
   * rather than overwritten with the CRM's value, by lead id.
   */
  kept?: { id: string; columns: string[] }[];
  /**
   * Number formats (money as currency) of sheet columns (0-based): set on the data rows of every
   * write block that covers the column.
   */
  formats?: { column: number; format: string }[];
}

/** Headers and number formats of the chosen columns, as the job's options hold them. */
export interface ColumnLooks {
  /** The header written for each chosen column (same order); absent: the column names. */
  headers?: readonly string[];
  /** Column name → number format of its data cells. */
  formats?: Readonly<Record<string, string>>;
}

/** A flat value of `column` → the cell to write (e.g. toSheetCell with the column's kind). */
export type ToCell = (column: string, value: FlatValue | undefined) => CellValue;

export interface PlanSyncInput extends ColumnLooks {
  /** The sheet's header row as read (getValues), [] for an empty sheet. */
  header: readonly unknown[];
  /** The data rows below the header as read (getValues), up to the last row with content. */
  rows: readonly (readonly unknown[])[];
  /** The chosen export columns. */
  columns: readonly string[];
  /** This page's leads, flattened. */
  leads: readonly FlatRecord[];
  toCell: ToCell;
  /** The column that identifies a lead; must be among `columns`. Default `id`. */
  idColumn?: string;
  /**
   * Changed rows at most this far apart are written as one block, the untouched rows between them
   * rewritten with what was read (each string re-marked as text). Fewer setValues calls for a few
   * more cells. Default 50.
   */
  maxGapRows?: number;
  /**
   * Whether the cell a row holds for `column` (read by getValues) is a person's change not yet
   * pushed (core/push/memory.ts): then it is kept as it is, never overwritten by a sync.
   */
  keep?: (id: string, column: string, current: unknown) => boolean;
}

const DEFAULT_MAX_GAP_ROWS = 50;

/**
 * Sync mode: rows are found by lead id and updated in place; leads not in the sheet are appended
 * below the last row. The user's order of columns is kept, chosen columns missing from the header
 * are added at its right, and every other column (the user's own) is never written. Several rows
 * with the same id are all updated. Rows whose lead was deleted in the CRM are left as they are:
 * the API reports no deletions, and a sync only sees leads updated since the last one.
 */
export function planSync(input: PlanSyncInput): SheetPlan {
  const idColumn = input.idColumn ?? 'id';
  if (!input.columns.includes(idColumn)) {
    // The export's start adds the id column to a sync's columns: a bug if missing here.
    throw codedError(
      `Sync matches rows by lead id: add the column "${idColumn}" to columns (or export with mode "replace").`,
      'exportSyncNeedsId',
    );
  }
  const { width, finalHeader, columnIndex } = syncLayout(
    input.header,
    input.columns,
    input.headers,
  );
  const idIndex = columnIndex.get(idColumn) as number;
  if (idIndex >= width && input.rows.some((row) => row.some((cell) => !isBlank(cell)))) {
    // The job checks the header first and says it in the person's words (export.syncNoIdColumn).
    throw codedError(
      `The sheet has data but no "${idColumn}" column, so its rows cannot be matched to leads. Add a column headed "${idColumn}" holding the lead ids, or export with mode "replace".`,
      'exportSyncNoIdColumn',
      { column: idColumn },
    );
  }

  const rowsById = new Map<string, number[]>();
  input.rows.forEach((row, index) => {
    const key = idKey(row[idIndex]);
    if (key === '') return;
    const list = rowsById.get(key);
    if (list) list.push(index);
    else rowsById.set(key, [index]);
  });

  // A lead may come twice when it changed while pages were read: the later copy wins.
  const latest = new Map<string, FlatRecord>();
  for (const lead of input.leads) {
    const key = idKey(lead[idColumn]);
    if (key === '') throw codedError(`A lead without "${idColumn}" cannot be synced.`, 'bug');
    latest.delete(key);
    latest.set(key, lead);
  }

  const positions = input.columns.map((column) => columnIndex.get(column) as number);
  const newRows = new Map<number, CellValue[]>();
  let updatedRows = 0;
  let unchangedRows = 0;
  let appendedRows = 0;
  const kept: { id: string; columns: string[] }[] = [];
  for (const [key, lead] of latest) {
    const fresh = input.columns.map((column) => input.toCell(column, lead[column]));
    const existing = rowsById.get(key);
    if (existing === undefined) {
      newRows.set(input.rows.length + appendedRows, fresh);
      appendedRows++;
      continue;
    }
    for (const rowIndex of existing) {
      const row = input.rows[rowIndex] ?? [];
      const keptColumns: string[] = [];
      const cells = fresh.map((cell, i) => {
        const column = input.columns[i] as string;
        const current = row[positions[i] as number];
        if (!input.keep?.(key, column, current)) return cell;
        keptColumns.push(column);
        return rewriteExisting(current);
      });
      if (keptColumns.length > 0) kept.push({ id: key, columns: keptColumns });
      if (positions.every((position, i) => sameCell(row[position], cells[i] as CellValue))) {
        unchangedRows++;
      } else {
        newRows.set(rowIndex, cells);
        updatedRows++;
      }
    }
  }

  const headerChanged = finalHeader.length > width;
  const writes = planBlocks({
    rows: input.rows,
    positions,
    newRows,
    header: headerChanged ? finalHeader : null,
    maxGapRows: input.maxGapRows ?? DEFAULT_MAX_GAP_ROWS,
  });
  return {
    clear: [],
    writes,
    header: finalHeader,
    updatedRows,
    appendedRows,
    unchangedRows,
    ...(kept.length > 0 ? { kept } : {}),
    ...formatsAt(input.formats, columnIndex),
  };
}

function formatsAt(
  formats: ColumnLooks['formats'],
  columnIndex: ReadonlyMap<string, number>,
): Pick<SheetPlan, 'formats'> {
  const list = Object.entries(formats ?? {}).flatMap(([column, format]) => {
    const at = columnIndex.get(column);
    return at === undefined ? [] : [{ column: at, format }];
  });
  return list.length === 0 ? {} : { formats: list };
}

/**
 * Where a sync writes each chosen column: the header's column that names it in either language
 * (headers.ts: `stage` or `Etapa`, or the header written for it), else a new column right of the
 * header's last filled cell, in the chosen order, headed by `headers` (default: the names).
 */
export function syncLayout(
  headerRow: readonly unknown[],
  columns: readonly string[],
  headers?: readonly string[],
): { width: number; finalHeader: string[]; columnIndex: Map<string, number> } {
  const header = headerRow.map(headerText);
  const width = lastFilledIndex(header) + 1;
  const finalHeader = header.slice(0, width);
  const columnIndex = new Map<string, number>();
  columns.forEach((column, i) => {
    const written = headers?.[i];
    const found = finalHeader.findIndex((name) => headerNamesColumn(name, column, written));
    if (found !== -1) {
      columnIndex.set(column, found);
    } else {
      columnIndex.set(column, finalHeader.length);
      finalHeader.push(written ?? column);
    }
  });
  return { width, finalHeader, columnIndex };
}

export interface PlanReplaceInput extends ColumnLooks {
  columns: readonly string[];
  leads: readonly FlatRecord[];
  toCell: ToCell;
  /** Data rows this export job already wrote on earlier pages; 0 on the first page. */
  writtenRows: number;
  /** Rows of the sheet's used area (header included) before the job; cleared on the first page. */
  existing: { rows: number };
  /**
   * The columns (0-based) the export owns: those its mark names (src/gas/ownership.ts), which
   * hold every column it writes. Only they are cleared; a column a person added stays.
   */
  owned: readonly number[];
}

/**
 * Replace mode: the first page clears the export's own columns and writes header and rows as
 * one block; later pages write their rows as one block below the rows already written.
 */
export function planReplace(input: PlanReplaceInput): SheetPlan {
  const header = input.columns.map((column, i) => input.headers?.[i] ?? column);
  const rows = input.leads.map((lead) =>
    input.columns.map((column) => input.toCell(column, lead[column])),
  );
  const first = input.writtenRows === 0;
  const clear = first ? ownedArea(0, input.existing.rows, input.owned) : [];
  const values: CellValue[][] = first ? [header.map(asHeaderCell), ...rows] : rows;
  const writes =
    values.length > 0 && header.length > 0
      ? [{ row: first ? 0 : 1 + input.writtenRows, column: 0, values }]
      : [];
  return {
    clear,
    writes,
    header,
    updatedRows: 0,
    appendedRows: rows.length,
    unchangedRows: 0,
    ...formatsAt(input.formats, new Map(input.columns.map((column, i) => [column, i]))),
  };
}

/** Rows `row` … `row + rows - 1` of the owned columns, as one area per run of adjacent columns. */
export function ownedArea(row: number, rows: number, owned: readonly number[]): SheetArea[] {
  if (rows <= 0) return [];
  return columnRuns(owned).map((run) => ({ row, column: run.column, rows, columns: run.columns }));
}

interface BlockInput {
  rows: readonly (readonly unknown[])[];
  /** Sheet column of each chosen column, in the order of the cells in `newRows`. */
  positions: readonly number[];
  /** Data row index → the chosen columns' new cells. */
  newRows: ReadonlyMap<number, readonly CellValue[]>;
  /** The full header when it gained columns (written with the blocks), else null. */
  header: readonly string[] | null;
  maxGapRows: number;
}

/** Rectangles over contiguous chosen columns × runs of changed rows (header row included). */
function planBlocks(input: BlockInput): SheetBlock[] {
  // Table rows: 0 is the header, data row i is table row i + 1.
  const tableRows = [...input.newRows.keys()].map((index) => index + 1);
  if (input.header) tableRows.push(0);
  tableRows.sort((a, b) => a - b);
  const rowRuns = runs(tableRows, input.maxGapRows + 1);

  const cellOf = new Map<number, number>();
  input.positions.forEach((position, i) => {
    cellOf.set(position, i);
  });
  const columnRuns = runs(
    [...input.positions].sort((a, b) => a - b),
    1,
  );

  const blocks: SheetBlock[] = [];
  for (const [firstRow, lastRow] of rowRuns) {
    for (const [firstColumn, lastColumn] of columnRuns) {
      const values: CellValue[][] = [];
      for (let row = firstRow; row <= lastRow; row++) {
        const line: CellValue[] = [];
        for (let column = firstColumn; column <= lastColumn; column++) {
          line.push(cellAt(input, row, column, cellOf.get(column) as number));
        }
        values.push(line);
      }
      blocks.push({ row: firstRow, column: firstColumn, values });
    }
  }
  return blocks;
}

function cellAt(input: BlockInput, tableRow: number, column: number, cellIndex: number): CellValue {
  if (tableRow === 0) {
    // Row 0 is in a block only when the header gained columns.
    return asHeaderCell(input.header?.[column] ?? '');
  }
  const fresh = input.newRows.get(tableRow - 1);
  if (fresh) return fresh[cellIndex] as CellValue;
  return rewriteExisting(input.rows[tableRow - 1]?.[column]);
}

/** Sorted numbers → [first, last] runs, joining neighbours at most `maxStep` apart. */
function runs(sorted: readonly number[], maxStep: number): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  for (const value of sorted) {
    const last = result[result.length - 1];
    if (last && value - last[1] <= maxStep) last[1] = Math.max(last[1], value);
    else result.push([value, value]);
  }
  return result;
}

/**
 * A value read with getValues, written back unchanged: text read back has lost the apostrophe
 * that kept it text, so it gets one again.
 */
export function rewriteExisting(value: unknown): CellValue {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value === '' ? '' : `'${value}`;
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date)
    return value;
  return `'${String(value)}`;
}

function asHeaderCell(name: string): CellValue {
  return name === '' ? '' : `'${name}`;
}

/** Would writing `next` leave the cell showing what `current` (read by getValues) holds? */
function sameCell(current: unknown, next: CellValue): boolean {
  const written = typeof next === 'string' && next.startsWith("'") ? next.slice(1) : next;
  if (written instanceof Date)
    return current instanceof Date && current.getTime() === written.getTime();
  if (current === null || current === undefined) return written === '';
  return current === written;
}

function headerText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  return String(cell).trim();
}

function lastFilledIndex(cells: readonly string[]): number {
  for (let i = cells.length - 1; i >= 0; i--) if (cells[i] !== '') return i;
  return -1;
}

function isBlank(cell: unknown): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

/** Lead ids as read back from a sheet may be numbers or text ("123", " 123 "). */
function idKey(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return String(value).trim();
}

/**
 * The `updated_since` to store for the next sync: the moment this sync started, less a margin,
 * because leads changed while its pages were being read (and clock skew between the CRM and
 * Apps Script) must not fall between two syncs. Leads seen twice are simply updated twice.
 */
export function nextUpdatedSince(syncStartedAtMs: number, marginSeconds = 300): string {
  if (!Number.isFinite(syncStartedAtMs)) {
    throw codedError(
      `syncStartedAtMs must be a time in milliseconds; got ${syncStartedAtMs}.`,
      'bug',
    );
  }
  return new Date(syncStartedAtMs - Math.max(0, marginSeconds) * 1000).toISOString();
}
