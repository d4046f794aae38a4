import { EXPORT_SHEET_KEY, exportMayWrite, typedSheetError } from '../core/export/target';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * The sheet an export writes, by name: created when missing; an existing one only when it is
 * empty or an export wrote it (core/export/target.ts), else the error naming it, untouched.
 * The sheet is marked as the export's (sheet-level developer metadata, this project only).
 */
export function openExportTarget(spreadsheet: Spreadsheet, name: string): Sheet {
  const existing = spreadsheet.getSheetByName(name);
  if (existing === null) {
    const created = spreadsheet.insertSheet(name, spreadsheet.getNumSheets());
    mark(created);
    return created;
  }
  const marked = isMarked(existing);
  const lastColumn = existing.getLastColumn();
  const hasContent = existing.getLastRow() > 0;
  const header =
    hasContent && lastColumn > 0
      ? (existing.getRange(1, 1, 1, lastColumn).getValues()[0] ?? [])
      : [];
  if (!exportMayWrite({ hasContent, marked, header })) throw typedSheetError(name);
  if (!marked) mark(existing);
  return existing;
}

function isMarked(sheet: Sheet): boolean {
  return sheet.createDeveloperMetadataFinder().withKey(EXPORT_SHEET_KEY).find().length > 0;
}

function mark(sheet: Sheet): void {
  sheet.addDeveloperMetadata(
    EXPORT_SHEET_KEY,
    '1',
    SpreadsheetApp.DeveloperMetadataVisibility.PROJECT,
  );
}
