import type { RowJobSheetWriter, RowWindow } from '../../jobs/row-job';

/**
 * What the import job needs from a sheet. src/gas/sheet-table.ts implements it over
 * SpreadsheetApp; tests use an in-memory table. Rows are 0-based data rows: index 0 is the row
 * just below the header row. Columns are 0-based.
 */
export interface SheetTableValues {
  /** The header row's values. */
  header: unknown[];
  /**
   * Every row below the header row down to the last row with content, as values; for a read
   * of a window, the window's rows (those that exist).
   */
  rows: unknown[][];
  /** The data row of `rows[0]` (0 when left out: a whole read). */
  offset?: number;
  /** Whether `rows` reach the last row with content (true when left out). */
  complete?: boolean;
}

export interface SheetTable extends RowJobSheetWriter {
  /** Header row and data rows in one read; with `window`, only the header and those rows. */
  read(window?: RowWindow): SheetTableValues;
}

/** Runs of adjacent columns, in the order given: [5, 6, 7, 2] → [{5..7}, {2}]. */
export function columnRuns(
  columns: readonly number[],
): { start: number; length: number; offset: number }[] {
  const runs: { start: number; length: number; offset: number }[] = [];
  columns.forEach((column, offset) => {
    const last = runs[runs.length - 1];
    if (last && column === last.start + last.length) last.length += 1;
    else runs.push({ start: column, length: 1, offset });
  });
  return runs;
}
