const COMBINING_MARKS = /[\u0300-\u036f]/g;

function stripAccents(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '');
}

/**
 * Key for comparing headers and target names: blind to case, accents, spaces and every
 * punctuation mark, so `E-mail`, `e_mail` and `EMAIL` meet, and `Observações` meets
 * `observacoes`.
 */
export function headerKey(text: string): string {
  return stripAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Key for comparing values (select options, pipeline, stage and user names, tags): blind
 * to case, accents and runs of spaces, but not to punctuation, so `A+` and `A-` stay apart.
 */
export function valueKey(text: string): string {
  return stripAccents(text).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Spreadsheet column letter of a 0-based index: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  let n = index + 1;
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** A short quoted rendering of a cell for messages to a person. */
export function describeCell(value: unknown): string {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? 'an invalid date' : value.toISOString();
  const text = String(value);
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text);
}

/** Lists names for a message, at most `max`, then "… and N more". */
export function listBriefly(names: readonly string[], max = 8): string {
  if (names.length === 0) return '(none)';
  const shown = names.slice(0, max).join(', ');
  return names.length > max ? `${shown} … and ${names.length - max} more` : shown;
}
