import type { UiTranslate } from './words';

/** What the server counts for the Rows picker (uiRowCounts). */
export interface RowCounts {
  all: number;
  visible: number;
  selected: number;
}

/**
 * The Rows picker's choices (PRODUCT.md `rows`), only those that mean something: visible rows
 * when a filter or a person hides some, selected rows when more than one is selected. With only
 * "all rows" left, there is nothing to pick and the picker stays hidden.
 */
export function rowsChoices(
  counts: RowCounts,
  words: UiTranslate,
): { value: string; label: string }[] {
  const choices = [{ value: 'all', label: words('ui.rows.all', { count: counts.all }) }];
  if (counts.visible > 0 && counts.visible < counts.all) {
    choices.push({ value: 'visible', label: words('ui.rows.visible', { count: counts.visible }) });
  }
  if (counts.selected > 1) {
    choices.push({
      value: 'selection',
      label: words('ui.rows.selected', { count: counts.selected }),
    });
  }
  return choices;
}
