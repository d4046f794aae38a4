import type { SendSheetValues } from './rows';

/**
 * What the send job needs from its sheet. src/gas/send-sheet.ts implements it over
 * SpreadsheetApp; tests use an in-memory sheet. Rows are 0-based data rows (index 0 is just
 * below the header row); columns are 0-based.
 */
export interface SendSheet {
  /** Header and data rows in one read; with `display`, also what each cell shows. */
  read(withDisplay: boolean): SendSheetValues;
  /** Writes `values[i]` into data row `firstRow + i` at `columns`, one call per run of adjacent columns. */
  writeRows(
    firstRow: number,
    columns: readonly number[],
    values: readonly (readonly unknown[])[],
  ): void;
  /** Puts these headers at the right of the last used column; returns their indexes. */
  appendHeaders(headers: readonly string[]): number[];
  /**
   * Applies pending writes now. The SENDING mark must be in the sheet before the request
   * leaves: a kill after it must find the row SENDING, never as it was before.
   */
  flush(): void;
}
