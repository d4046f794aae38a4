import { STATUS_TONES } from '../../src/ui/shared/status-tones';
import type { Cell } from '../../tools/gas-runtime/cells';
import type { SheetModel } from '../../tools/gas-runtime/workbook';
import { displayInLocale } from './locale-cells';
import type { CellNote } from './recalc';

const MIN_ROWS = 20;
/** A new sheet in Sheets has columns A to Z. */
const MIN_COLUMNS = 26;
/** Empty rows and columns past the data, where a person can type or a formula can spill. */
const ROOM = 5;
/** A grid this big is already more than a person reads in a browser tab. */
const MAX_ROWS = 2_000;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export function columnLetter(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * One sheet as an HTML table with A, B, C… and row numbers, as Sheets draws it: every cell shows
 * its displayed value. A formula cell carries its formula (for the editor and the hover), and an
 * error value its message (the hover, as Sheets shows it); spilled results are marked as such.
 */
export function renderSheetTable(
  sheet: SheetModel,
  note: (cell: Cell | undefined) => CellNote | undefined = () => undefined,
  /** The spreadsheet's locale: values are shown as it writes them (pt_BR: 25/11/2026, 1,5). */
  locale = 'en_US',
): string {
  const lastRow = sheet.lastRow();
  const lastColumn = sheet.lastColumn();
  const rows = Math.min(MAX_ROWS, Math.max(MIN_ROWS, lastRow + ROOM));
  const columns = Math.max(MIN_COLUMNS, lastColumn + ROOM);
  const out: string[] = [];
  out.push(`<table class="grid" data-sheet="${escapeHtml(sheet.name)}"><thead><tr><th></th>`);
  for (let c = 1; c <= columns; c++) out.push(`<th>${columnLetter(c)}</th>`);
  out.push('</tr></thead><tbody>');
  for (let r = 1; r <= rows; r++) {
    out.push(`<tr><th>${r}</th>`);
    for (let c = 1; c <= columns; c++) {
      const cell = sheet.cell(r, c);
      const a1 = `${columnLetter(c)}${r}`;
      if (!cell) {
        out.push(`<td data-a1="${a1}"></td>`);
        continue;
      }
      const about = note(cell);
      const formula = cell.formula;
      const text = displayInLocale(cell, sheet.timeZone, locale);
      const classes: string[] = [];
      const attributes: string[] = [];
      if (formula !== undefined) {
        classes.push('formula');
        attributes.push(`data-formula="${escapeHtml(formula)}"`);
      }
      if (about?.spilled) classes.push('spilled');
      if (about?.error) {
        classes.push('error');
        attributes.push(`data-error="${escapeHtml(about.error.message)}"`);
      } else if (typeof cell.value === 'number') classes.push('number');
      const tone = STATUS_TONES[text];
      if (tone) classes.push(`status-${tone}`);
      if (classes.length > 0) attributes.unshift(`class="${classes.join(' ')}"`);
      const hover = about?.error ? `Error\n${about.error.message}` : (formula ?? text);
      attributes.push(`title="${escapeHtml(hover)}"`);
      out.push(`<td data-a1="${a1}" ${attributes.join(' ')}>${escapeHtml(text)}</td>`);
    }
    out.push('</tr>');
  }
  out.push('</tbody></table>');
  if (lastRow > MAX_ROWS)
    out.push(`<p class="note">Showing the first ${MAX_ROWS} of ${lastRow} rows.</p>`);
  return out.join('');
}
