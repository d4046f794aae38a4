import type { RowJobSheetWriter, RowWindow } from '../jobs/row-job';
import type { SendSheetValues } from './rows';

/**
 * What the send job needs from its sheet. src/gas/send-sheet.ts implements it over
 * SpreadsheetApp; tests use an in-memory sheet. Rows are 0-based data rows (index 0 is just
 * below the header row); columns are 0-based.
 */
export interface SendSheet extends RowJobSheetWriter {
  /**
   * Header and data rows in one read (with `window`, only the header and those rows); with
   * `withDisplay`, also what each cell shows.
   */
  read(withDisplay: boolean, window?: RowWindow): SendSheetValues;
  /**
   * Applies pending writes now. The SENDING mark must be in the sheet before the request
   * leaves: a kill after it must find the row SENDING, never as it was before.
   */
  flush(): void;
  /** Data rows the sheet holds now (one call, no cell read); left out, it is not known. */
  rowCount?(): number;
}
