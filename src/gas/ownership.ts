/**
 * The add-on's marks of ownership (core/ownership.ts says what they decide) as Sheets developer
 * metadata, visible to this add-on's project only:
 * https://developers.google.com/apps-script/reference/spreadsheet/developer-metadata
 * - a sheet-level mark (a key, its value a writer's note, e.g. the range a report wrote) says
 *   the sheet is the writer's; Sheets keeps it through renames, sorts and moves;
 * - a column-level mark (on a whole column, e.g. `C:C`) says the writer wrote that column: it
 *   moves with its column when a person inserts or deletes columns
 *   (https://developers.google.com/workspace/sheets/api/guides/metadata), so columns a person
 *   adds, anywhere, are never the writer's.
 * Nothing is found by its name or by what its cells look like: only by these marks.
 */
import { columnLetter } from '../core/import/text-key';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type DeveloperMetadata = GoogleAppsScript.Spreadsheet.DeveloperMetadata;

/** The marks under `key` of one location type, found in a sheet or the whole spreadsheet. */
function marks(
  scope: Sheet | Spreadsheet,
  key: string,
  type: 'SHEET' | 'COLUMN',
): DeveloperMetadata[] {
  return scope
    .createDeveloperMetadataFinder()
    .withKey(key)
    .withLocationType(SpreadsheetApp.DeveloperMetadataLocationType[type])
    .find();
}

function sheetMarks(sheet: Sheet, key: string): DeveloperMetadata[] {
  return marks(sheet, key, 'SHEET');
}

/** The sheet's mark under `key`: its value ('' when it has none), or null when unmarked. */
export function readSheetMark(sheet: Sheet, key: string): string | null {
  const mark = sheetMarks(sheet, key)[0];
  return mark === undefined ? null : (mark.getValue() ?? '');
}

/** Marks the sheet as the writer's (or changes the mark's value). */
export function markSheet(sheet: Sheet, key: string, value = ''): void {
  const mark = sheetMarks(sheet, key)[0];
  if (mark === undefined) {
    sheet.addDeveloperMetadata(key, value, SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
  } else if ((mark.getValue() ?? '') !== value) mark.setValue(value);
}

/** Every sheet marked under `key`, in the order Sheets lists the marks, with the mark's value. */
export function markedSheets(
  spreadsheet: Spreadsheet,
  key: string,
): { sheet: Sheet; value: string }[] {
  const out: { sheet: Sheet; value: string }[] = [];
  for (const mark of marks(spreadsheet, key, 'SHEET')) {
    const sheet = mark.getLocation().getSheet();
    if (sheet !== null) out.push({ sheet, value: mark.getValue() ?? '' });
  }
  return out;
}

/** The columns (0-based, where they are now) marked under `key` on this sheet. */
export function markedColumns(sheet: Sheet, key: string): Set<number> {
  const columns = new Set<number>();
  for (const mark of marks(sheet, key, 'COLUMN')) {
    const column = mark.getLocation().getColumn();
    if (column !== null) columns.add(column.getColumn() - 1);
  }
  return columns;
}

/** Marks each column (0-based) under `key`; a column already marked is left as it is. */
export function markColumns(sheet: Sheet, key: string, columns: Iterable<number>): void {
  const owned = markedColumns(sheet, key);
  const missing = [...new Set(columns)].filter((column) => !owned.has(column));
  if (missing.length === 0) return;
  // A mark sits on an existing column: the sheet grows first.
  const width = Math.max(...missing) + 1;
  const maxColumns = sheet.getMaxColumns();
  if (width > maxColumns) sheet.insertColumnsAfter(maxColumns, width - maxColumns);
  for (const column of missing) {
    const letter = columnLetter(column);
    sheet
      .getRange(`${letter}:${letter}`)
      .addDeveloperMetadata(key, SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
  }
}
