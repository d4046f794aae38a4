/**
 * How every job reads a sheet's cells (PRODUCT.md "Every job reads cells alike"): the text a
 * cell shows, whether it shows a formula's error or `Loading…` instead of a value, and the
 * `{{Header}}` placeholders a message takes from a row. The import, the template send and the
 * lead actions all read cells through here, so a cell that is no value is refused alike.
 */

/** What Sheets shows in a cell whose formula failed (getValues returns the text). */
const ERROR_CELL = /^#(?:NAME\?|REF!|N\/A|VALUE!|DIV\/0!|ERROR!|NUM!|NULL!|SPILL!|CALC!)$/;

/**
 * What Sheets shows (and getValues returns) while a formula such as IMPORTRANGE or a custom
 * function has not answered yet, in English and Portuguese spreadsheets.
 */
const LOADING_CELL = /^(?:Loading|Carregando)(?:\.\.\.|…)$/i;

/** A cell that shows no value: a formula's error (`#N/A`, `#REF!`…) or one still loading. */
export type CellFault = 'error' | 'loading';

export function cellFault(value: unknown): CellFault | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (ERROR_CELL.test(text)) return 'error';
  if (LOADING_CELL.test(text)) return 'loading';
  return undefined;
}

/** Whether a cell shows a formula error such as `#NAME?` or `#REF!`, or is still loading. */
export function isErrorCell(value: unknown): boolean {
  return cellFault(value) !== undefined;
}

/**
 * The text a person sees in a cell: its display text when the job read it, else its value as
 * text; '' for an empty cell.
 */
export function shownText(value: unknown, shown: unknown): string {
  if (typeof shown === 'string') return shown;
  if (value === null || value === undefined) return '';
  return typeof value === 'string' && value.trim() === '' ? '' : String(value);
}

const PLACEHOLDER = /\{\{\s*([^}]+?)\s*\}\}/g;

/** The headers a text's `{{Header}}` placeholders name, each once, in order. */
export function placeholderNames(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

/** The text with each `{{Header}}` replaced by `valueFor(Header)`. */
export function fillPlaceholders(text: string, valueFor: (name: string) => string): string {
  return text.replace(PLACEHOLDER, (_, name: string) => valueFor(name));
}
