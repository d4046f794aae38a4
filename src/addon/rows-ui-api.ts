import { codedError } from '../core/errors';
import { rowCounts } from '../gas/row-scope';
import { requireJobSheet } from '../gas/send-record-sheet';
import { currentSpreadsheet } from './context';

/**
 * For the sidebars' Rows picker (PRODUCT.md `rows`): how many rows with data `sheet` has below
 * `headerRow`, how many a filter or a person left visible, and how many the person's current
 * selection holds (0 when the selection is on another sheet).
 */
export function uiRowCounts(
  sheet: string,
  headerRow?: number,
): { all: number; visible: number; selected: number } {
  const row = headerRow ?? 1;
  if (!Number.isInteger(row) || row < 1) {
    throw codedError(
      `headerRow must be a whole number of 1 or more (got ${String(headerRow)}).`,
      'headerRowNumber',
    );
  }
  const target = requireJobSheet(currentSpreadsheet(), sheet);
  const values = target.getDataRange().getValues();
  return rowCounts(target, row, { header: values[row - 1] ?? [], rows: values.slice(row) });
}
