import { codedError } from '../core/errors';
import { findSheetById } from '../gas/sheet-table';

/**
 * Brings a sheet to the front (the Jobs sidebar's link to a job's sheet): by its id when known,
 * since the sheet may have been renamed since the job started, else by name.
 */
export function uiActivateSheet(target: { name: string; id?: number }): { name: string } {
  const spreadsheet = SpreadsheetApp.getActive();
  const byId = typeof target?.id === 'number' ? findSheetById(spreadsheet, target.id) : null;
  const name = typeof target?.name === 'string' ? target.name.trim() : '';
  const found = byId ?? (name === '' ? null : spreadsheet.getSheetByName(name));
  if (!found) {
    throw codedError(`No sheet is named "${name}"; pick another one.`, 'sheetNotFound', {
      sheet: name,
    });
  }
  found.activate();
  return { name: found.getName() };
}
