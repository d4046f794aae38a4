/**
 * Which sheets an export may write (PRODUCT.md, issue 16.9): a new sheet, an empty one, or one
 * an export wrote. A sheet a person typed is refused with an error naming it, and left as it
 * was (the Export sidebar pre-fills "Export": an export replaced 31 typed rows without a word).
 *
 * An export marks its sheet with sheet-level developer metadata (EXPORT_SHEET_KEY, visible to
 * this add-on's project only) when it starts writing it; the mark stays when the person renames
 * the sheet, sorts it or adds columns of their own beside the export's.
 */
import { codedError } from '../errors';
import { CUSTOM_FIELD_PREFIX, LEAD_COLUMNS } from './columns';
import { SYNC_STATUS_HEADER } from './stale';

export const EXPORT_SHEET_KEY = 'crm.export';

/** What the check needs to know of an existing sheet. */
export interface ExportTargetState {
  /** Whether any cell holds content (getLastRow() > 0). */
  hasContent: boolean;
  /** Whether an export marked it. */
  marked: boolean;
  /** Its first row, as getValues reads it. */
  header: readonly unknown[];
}

const EXPORT_COLUMN_NAMES = new Set([...LEAD_COLUMNS, SYNC_STATUS_HEADER]);

function isExportColumn(name: string): boolean {
  return EXPORT_COLUMN_NAMES.has(name) || name.startsWith(CUSTOM_FIELD_PREFIX);
}

/**
 * Whether an export writing `columns` may write into this sheet. A marked sheet stays the
 * export's while its header row still holds an export column (the person may rename some
 * headers or add their own); a marked sheet emptied and typed over — a tab reused for a typed
 * list, which the sidebar's pre-filled "Export" then names — is a person's sheet again.
 */
export function exportMayWrite(state: ExportTargetState): boolean {
  if (!state.hasContent) return true;
  const header = state.header.map((cell) => String(cell ?? '').trim()).filter((c) => c !== '');
  return state.marked && header.some(isExportColumn);
}

/** The error for a sheet a person typed; the sidebar says it in the person's words (ui.error.*). */
export function typedSheetError(sheet: string): Error {
  return codedError(
    `The sheet "${sheet}" holds data an export did not write, so crmExportLeads leaves it as it is. Export into a new or empty sheet (another sheet name), or clear "${sheet}" first.`,
    'exportSheetTyped',
    { sheet },
  );
}
