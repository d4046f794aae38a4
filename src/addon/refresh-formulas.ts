/**
 * CRM → Refresh formulas. Custom functions do not recalculate by themselves: Sheets recalculates
 * one when its arguments change (and keeps showing a result, such as a 429 message, until then),
 * and the add-on's own cache serves a result for FRESH_SECONDS. So this menu item
 *  1. records "refreshed now" in the document's properties, which every CRM_* formula reads:
 *     a cached copy older than that is no longer fresh (it still stands in on a 429), and
 *  2. changes the text of every CRM_* formula and changes it back, with a TextFinder over
 *     formula text, one sheet at a time: a formula whose text changed is a new formula, which
 *     Sheets evaluates. The documented way is a changed argument
 *     (https://developers.google.com/apps-script/guides/sheets/functions#optimization); that
 *     would mean a hidden argument in every person's formula, which this keeps as they wrote it.
 *     Clearing and rewriting the same text is reported both to work and not to; the TextFinder
 *     swap is the technique reported to work, published add-ons included
 *     (https://tanaikech.github.io/2019/10/28/automatic-recalculation-of-custom-function-on-spreadsheet-part-2/).
 *     Every formula is checked afterwards and put back if it still shows the swapped text, so
 *     whatever happens in between (an error, a quota), the formulas stay as written.
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
  const refused: string[] = [];
  try {
    for (const sheet of new Set(cells.map((cell) => cell.sheet))) {
      // One sheet Sheets refuses to change (a protected range this person may not edit, a
      // formula the swap would take past the 50,000 characters a cell holds) must not keep
      // the other sheets' formulas from recalculating (review 5).
      try {
        swapFormulaText(sheet);
      } catch {
        refused.push(`"${sheet.getName()}"`);
      }
    }
  } finally {
    restoreFormulas(cells);
  }
  spreadsheet.toast(t('formulas.refreshing', { count: cells.length }));
  if (refused.length > 0) {
    spreadsheet.toast(t('formulas.sheetsNotRefreshed', { sheets: refused.join(', ') }));
  }
}

/** What CRM_ becomes for a moment: a name no function has, so the formula text changes. */
const SWAP_MARK = 'CRM_REFRESHING_';

function swapFormulaText(sheet: GoogleAppsScript.Spreadsheet.Sheet): void {
  const swap = (from: string, to: string) =>
    sheet.createTextFinder(from).matchCase(true).matchFormulaText(true).replaceAllWith(to);
  try {
    swap('CRM_', SWAP_MARK);
    SpreadsheetApp.flush();
  } finally {
    swap(SWAP_MARK, 'CRM_');
  }
}

/**
 * Puts back any formula the swap left swapped (one read per sheet, a write per cell). Only a
 * cell that still shows the swapped text: a person may insert, delete or sort rows while the
 * swap runs, and the cell at a formula's old place is then theirs (review 5: a header row was
 * overwritten by a formula that had moved down a row).
 */
function restoreFormulas(cells: readonly FormulaCell[]): void {
  const bySheet = new Map<GoogleAppsScript.Spreadsheet.Sheet, FormulaCell[]>();
  for (const cell of cells) bySheet.set(cell.sheet, [...(bySheet.get(cell.sheet) ?? []), cell]);
  for (const [sheet, own] of bySheet) {
    const now = sheet.getDataRange().getFormulas();
    for (const cell of own) {
      if (now[cell.row - 1]?.[cell.column - 1] === cell.formula.split('CRM_').join(SWAP_MARK)) {
        sheet.getRange(cell.row, cell.column).setFormula(cell.formula);
      }
    }
  }
}
