/**
 * Which sheets an export may write (PRODUCT.md): a new sheet, an empty one, or one its mark
 * names — the one ownership rule of core/ownership.ts. What a sheet holds never counts: headers
 * that look like an export's (`name | email | phone | notes`, 25 typed rows) are a person's
 * typing, and an export that took them for its own replaced them with 300 leads. A sheet a
 * person typed is refused with an error naming it, and left as it was.
 *
 * The marks (src/gas/ownership.ts): the sheet carries EXPORT_SHEET_KEY, and every column the
 * export wrote carries EXPORT_COLUMN_KEY, which moves with its column. On its own sheet an
 * export clears and writes only those columns: a column a person added beside them (a typed
 * `Observações` beside `name | email`) keeps its values through every replace and sync. A write
 * that would land on a column a person typed (one added among the export's columns, or one a
 * sync would match by its header) is refused too, naming the column.
 */
import { codedError } from '../errors';
import type { Locale } from '../i18n';
import { columnLetter } from '../import/text-key';
import { CUSTOM_FIELD_PREFIX, LEAD_COLUMNS } from './columns';
import { PORTUGUESE_HEADERS } from './headers';
import { type StaleRowAction, SYNC_STATUS_HEADER } from './stale';
import { syncLayout } from './sync';

/** The sheet-level mark: the sheet is an export's. */
export const EXPORT_SHEET_KEY = 'crm.export';
/** The column-level mark: the export wrote this column. */
export const EXPORT_COLUMN_KEY = 'crm.export.column';

const EXPORT_COLUMN_NAMES = new Set([...LEAD_COLUMNS, SYNC_STATUS_HEADER]);
const PORTUGUESE_COLUMN_NAMES = new Set(Object.values(PORTUGUESE_HEADERS));

/**
 * Whether the export's own columns still hold an export: some owned column's header is an
 * export column, or none has a header (nothing typed there). A marked tab a person emptied and
 * typed a list into (the sidebar pre-fills "Export") is theirs again: the mark says what the
 * export may write, and this only ever takes a sheet away from it — a header never gives one.
 */
export function ownedColumnsHoldExport(
  header: readonly unknown[],
  owned: ReadonlySet<number>,
  /**
   * The spreadsheet's language: its export headers count too (`Nome` in pt_BR), exactly as
   * written, never folded, so a list typed in the other language (`Nome` over an English
   * export's `name`) is still a person's.
   */
  language: Locale = 'en',
): boolean {
  const titles = [...owned]
    .map((column) => String(header[column] ?? '').trim())
    .filter((title) => title !== '');
  return (
    titles.length === 0 ||
    titles.some(
      (title) =>
        EXPORT_COLUMN_NAMES.has(title) ||
        (language === 'pt' && PORTUGUESE_COLUMN_NAMES.has(title)) ||
        title.startsWith(CUSTOM_FIELD_PREFIX),
    )
  );
}

/**
 * The columns (0-based) an export will write: replace writes its columns from A; sync writes
 * each where the header names it, else right of the header (sync.ts), and `mark` its status
 * column the same way (stale.ts).
 */
export function exportWriteColumns(
  mode: 'replace' | 'sync',
  header: readonly unknown[],
  columns: readonly string[],
  staleRows: StaleRowAction = 'keep',
  /** The header written for each column (headers.ts), when not its name. */
  headers?: readonly string[],
): number[] {
  if (mode === 'replace') return columns.map((_, index) => index);
  const written = staleRows === 'mark' ? [...columns, SYNC_STATUS_HEADER] : columns;
  const { columnIndex } = syncLayout(header, written, headers);
  return [...new Set(columnIndex.values())];
}

/** The error for a sheet a person typed; the sidebar says it in the person's words (ui.error.*). */
export function typedSheetError(sheet: string): Error {
  return codedError(
    `The sheet "${sheet}" holds data an export did not write, so crmExportLeads leaves it as it is. Export into a new or empty sheet (another sheet name), or clear "${sheet}" first.`,
    'exportSheetTyped',
    { sheet },
  );
}

/**
 * The error for an export's own sheet where the write would land on columns a person typed
 * (0-based, with the header row to name them).
 */
export function typedColumnsError(
  sheet: string,
  columns: readonly number[],
  header: readonly unknown[],
): Error {
  const named = columns
    .map((column) => {
      const title = String(header[column] ?? '').trim();
      return title === '' ? columnLetter(column) : `${columnLetter(column)} "${title}"`;
    })
    .join(', ');
  return codedError(
    `The sheet "${sheet}" has columns a person typed where this export would write (${named}), so crmExportLeads leaves the sheet as it is. Move those columns to the right of the export's columns, or export into a new or empty sheet (another sheet name).`,
    'exportColumnsTyped',
    { sheet, columns: named },
  );
}
