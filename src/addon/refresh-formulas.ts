/**
 * CRM → Refresh formulas. Custom functions do not recalculate by themselves: Sheets recalculates
 * one when its arguments change (and keeps showing a result, such as a 429 message, until then),
 * and the add-on's own cache serves a result for FRESH_SECONDS. So this menu item
 *  1. records "refreshed now" in the document's properties, which every CRM_* formula reads:
 *     a cached copy older than that is no longer fresh (it still stands in on a 429), and
 *  2. rewrites every CRM_* formula cell: cleared, flushed, then given its formula back, so Sheets
 *     evaluates it anew. Rewriting the cell is what Sheets treats as an edit of that formula; a
 *     changing hidden argument would have to be typed into every user's formula, which this
 *     keeps as they wrote it. Whether Sheets re-runs a custom function whose formula text comes
 *     back identical is not documented
 *     (https://developers.google.com/apps-script/guides/sheets/functions); the flush between
 *     clearing and rewriting makes the cell empty in between, so the formula is entered anew.
 */
import { translator } from '../core/i18n';
import { currentLocale } from '../gas/locale';
import { REFRESHED_AT_KEY } from './custom-function-context';

/** A call of one of the add-on's CRM_* functions anywhere in a formula. */
const CRM_CALL = /(^|[^A-Za-z0-9_.])CRM_[A-Z_]+\s*\(/i;

interface FormulaCell {
  sheet: GoogleAppsScript.Spreadsheet.Sheet;
  row: number;
  column: number;
  formula: string;
}

export function refreshFormulas(): void {
  const spreadsheet = SpreadsheetApp.getActive();
  const t = translator(currentLocale());
  PropertiesService.getDocumentProperties()?.setProperty(REFRESHED_AT_KEY, String(Date.now()));
  const cells: FormulaCell[] = [];
  for (const sheet of spreadsheet.getSheets()) {
    if (sheet.getLastRow() === 0) continue;
    sheet
      .getDataRange()
      .getFormulas()
      .forEach((row, r) => {
        row.forEach((formula, c) => {
          if (CRM_CALL.test(formula)) cells.push({ sheet, row: r + 1, column: c + 1, formula });
        });
      });
  }
  if (cells.length === 0) {
    spreadsheet.toast(t('formulas.noneToRefresh'));
    return;
  }
  // Cleared cells are the user's formulas gone until rewritten: whatever happens between the
  // clear and the rewrite (an error, a quota), the formulas go back.
  try {
    for (const cell of cells) cell.sheet.getRange(cell.row, cell.column).clearContent();
    SpreadsheetApp.flush();
  } finally {
    for (const cell of cells) cell.sheet.getRange(cell.row, cell.column).setFormula(cell.formula);
  }
  spreadsheet.toast(t('formulas.refreshing', { count: cells.length }));
}
