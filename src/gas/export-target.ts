import type { StaleRowAction } from '../core/export/stale';
import {
  EXPORT_COLUMN_KEY,
  EXPORT_SHEET_KEY,
  exportWriteColumns,
  ownedColumnsHoldExport,
  typedColumnsError,
  typedSheetError,
} from '../core/export/target';
import type { Locale } from '../core/i18n';
import { claimSheet, foreignColumns } from '../core/ownership';
import { markColumns, markedColumns, markSheet, readSheetMark } from './ownership';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export interface ExportTargetWrite {
  mode: 'replace' | 'sync';
  columns: readonly string[];
  staleRows?: StaleRowAction;
  /** The header written for each column, when not its name (core/export/headers.ts). */
  headers?: readonly string[];
  /** The spreadsheet's language, whose export headers count as the export's own. */
  language?: Locale;
  /** The query the sheet remembers, kept as its mark's value (core/export/remembered.ts). */
  query?: string;
}

/**
 * The sheet an export writes, by name (core/export/target.ts): created when missing; an
 * existing one only when it is empty or marked as an export's, and then only when the columns
 * it will write are its own or empty; else the error naming it, the sheet untouched. The sheet
 * and every column the export will write are marked before anything is written: a kill in
 * between leaves empty columns marked, never written cells unmarked.
 */
export function openExportTarget(
  spreadsheet: Spreadsheet,
  name: string,
  write: ExportTargetWrite,
): Sheet {
  const existing = spreadsheet.getSheetByName(name);
  const claim = claimSheet({
    exists: existing !== null,
    marked: existing !== null && readSheetMark(existing, EXPORT_SHEET_KEY) !== null,
    hasContent: existing !== null && existing.getLastRow() > 0,
  });
  if (claim === 'refuse') throw typedSheetError(name);
  const sheet = existing ?? spreadsheet.insertSheet(name, spreadsheet.getNumSheets());
  const header = claim === 'owned' ? headerRow(sheet) : [];
  const written = exportWriteColumns(
    write.mode,
    header,
    write.columns,
    write.staleRows,
    write.headers,
  );
  if (claim === 'owned') {
    const owned = markedColumns(sheet, EXPORT_COLUMN_KEY);
    if (!ownedColumnsHoldExport(header, owned, write.language)) throw typedSheetError(name);
    const foreign = foreignColumns(written, owned, (column) => columnHasContent(sheet, column));
    if (foreign.length > 0) throw typedColumnsError(name, foreign, header);
  }
  markSheet(sheet, EXPORT_SHEET_KEY, write.query ?? '');
  markColumns(sheet, EXPORT_COLUMN_KEY, written);
  return sheet;
}

function headerRow(sheet: Sheet): unknown[] {
  const lastColumn = sheet.getLastColumn();
  return lastColumn > 0 ? (sheet.getRange(1, 1, 1, lastColumn).getValues()[0] ?? []) : [];
}

/** One read per column asked: only columns the export would write and does not own. */
function columnHasContent(sheet: Sheet, column: number): boolean {
  const rows = sheet.getLastRow();
  if (rows === 0 || column + 1 > sheet.getMaxColumns()) return false;
  return sheet
    .getRange(1, column + 1, rows, 1)
    .getValues()
    .some(([cell]) => cell !== '' && cell !== null && cell !== undefined);
}
