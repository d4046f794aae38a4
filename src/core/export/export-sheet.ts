/**
 * The sheet an export writes to, as the export job sees it: src/gas/sheet-writer.ts implements
 * it over a Sheet, the unit tests over a grid.
 */
import type { SheetPlan } from './sync';

/** Plans a sync's writes this many times at most when a person keeps moving rows. */
export const WRITE_ATTEMPTS = 3;

/** What a sheet's id column held when a plan was made (0-based column, data rows in order). */
export interface ExpectedIds {
  column: number;
  ids: readonly unknown[];
}

/** The sheet an export writes to, as the job sees it (src/gas implements it over a Sheet). */
export interface ExportSheet {
  /** Rows and columns in use, header included (getLastRow / getLastColumn). */
  usedSize(): { rows: number; columns: number };
  /**
   * The columns (0-based, where they are now) the export's marks name: the only ones a replace
   * clears (src/gas/ownership.ts).
   */
  ownedColumns(): number[];
  /** The header row and every data row below it, as getValues returns them (one read). */
  readTable(): { header: unknown[]; rows: unknown[][] };
  /**
   * Clears each area of `plan.clear` (contents only) and writes each block with one setValues. With
   * `expected` (the id column and the ids its data rows held when the plan was made), the ids
   * are read just before the first write, and nothing is written when they moved (a person
   * sorted or inserted rows meanwhile): then it returns false.
   */
  apply(plan: SheetPlan, expected?: ExpectedIds): boolean | undefined;
  /**
   * Deletes data rows (0-based below the header), given in descending order, a run of adjacent
   * rows at a time. With `expected` (the lead id each row held when planned, and its column),
   * each run's ids are read just before it is deleted, and a run whose rows moved (a person
   * sorted or inserted meanwhile) stops the deleting. Returns how many rows were deleted.
   */
  /**
   * Writes `words` in the column headed `header` (created at the right when missing) on each
   * row whose lead id is a key of `byId`: a sync says on the row which cells it kept.
   */
  sayOnRows?(header: string, byId: ReadonlyMap<string, string>): void;
  deleteRows(
    rows: readonly number[],
    expected?: { column: number; ids: readonly number[] },
  ): number;
}
