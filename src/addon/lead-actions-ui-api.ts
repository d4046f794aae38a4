import { ACTION_STATUS_HEADERS, DEFAULT_ID_HEADERS } from '../core/actions/types';
import { codedError } from '../core/errors';
import { headerKey } from '../core/import/text-key';
import { currentSpreadsheet } from './context';
import { leadColumnFor } from './sheet-memory-api';

/** What the Lead actions sidebar needs to know of a sheet's header row. */
export interface LeadActionsColumns {
  /** The headers a parameter or a lead may come from (the CRM Action columns left out). */
  headers: string[];
  /** The column crmLeadActions finds leads by when no leadIdColumn is given; null when none. */
  leadIdColumn: string | null;
  /** The run ids in the CRM Action Run column, each once, in sheet order: what Revert takes. */
  runIds: string[];
}

const RUN_HEADER: (typeof ACTION_STATUS_HEADERS)[number] = 'CRM Action Run';

const STATUS_KEYS = new Set(ACTION_STATUS_HEADERS.map(headerKey));

/**
 * The lead id column by the crmLeadActions default: the first of DEFAULT_ID_HEADERS the header
 * row has, its exact text before a case- and accent-blind match (PRODUCT.md "Lead actions").
 */
export function defaultLeadIdColumn(headers: readonly string[]): string | null {
  for (const name of DEFAULT_ID_HEADERS) {
    const exact = headers.find((header) => header === name);
    const found = exact ?? headers.find((header) => headerKey(header) === headerKey(name));
    if (found !== undefined) return found;
  }
  return null;
}

/**
 * The headers of a sheet's header row for the Lead actions sidebar's pickers (its own status
 * columns are never offered as a source), and its default lead id column.
 */
export function uiLeadActionsColumns(sheet: string, headerRow = 1): LeadActionsColumns {
  const name = typeof sheet === 'string' ? sheet.trim() : '';
  if (name === '')
    throw codedError('Pass the name of a sheet (see uiListSheets()).', 'sheetMissing');
  const found = currentSpreadsheet().getSheetByName(name);
  if (!found) {
    throw codedError(`No sheet is named "${name}"; pick another one.`, 'sheetNotFound', {
      sheet: name,
    });
  }
  const row = Number.isInteger(headerRow) && headerRow >= 1 ? headerRow : 1;
  const width = found.getLastColumn();
  const cells = width > 0 ? (found.getRange(row, 1, 1, width).getDisplayValues()[0] ?? []) : [];
  const headers: string[] = [];
  for (const cell of cells) {
    const text = cell.trim();
    if (text === '' || STATUS_KEYS.has(headerKey(text)) || headers.includes(text)) continue;
    headers.push(text);
  }
  const runColumn = cells.findIndex((cell) => headerKey(cell) === headerKey(RUN_HEADER));
  return {
    headers,
    // The sheet's last choice, whichever sidebar made it; else the one default Send offers too.
    leadIdColumn: leadColumnFor(found, headers, defaultLeadIdColumn(headers)),
    runIds: runColumn < 0 ? [] : runIdsIn(found, row, runColumn + 1),
  };
}

/** The distinct run ids of one column below the header row, in the order first met. */
function runIdsIn(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  headerRow: number,
  column: number,
): string[] {
  const rows = sheet.getLastRow() - headerRow;
  if (rows <= 0) return [];
  const ids = new Set<string>();
  for (const [cell] of sheet.getRange(headerRow + 1, column, rows, 1).getDisplayValues()) {
    const id = (cell ?? '').trim();
    if (id !== '') ids.add(id);
  }
  return [...ids];
}
