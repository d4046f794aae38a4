import {
  AUTOMATIC_FORMAT,
  type Cell,
  displayValue,
  isDateValue,
} from '../../tools/gas-runtime/cells';
import { zonedParts } from '../../tools/gas-runtime/time-zone';
import { formulaLocaleOf } from './formula';

/**
 * The playground's grid in the spreadsheet's locale (issue 18.9): a pt_BR workbook shows
 * 25/11/2026, 1234,56 and VERDADEIRO, and takes them when typed, as Sheets does there. The
 * local runtime keeps Sheets' en_US entry rules for what the add-on writes (setValues), so
 * this module converts what a person types into that form, and what cells hold into text.
 */

/** Formats Sheets picks by itself for a typed date (the runtime's implied formats). */
const IMPLIED_DATE_FORMATS = new Set([
  'M/d/yyyy',
  'M/d/yyyy H:mm:ss',
  'yyyy-mm-dd',
  'yyyy-mm-dd H:mm:ss',
]);

const BR_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
/** 1234,56 · 1.234,56 · -12 · R$ 1.234,56 · 15% (a decimal comma, dots as thousands). */
const BR_NUMBER = /^([+-]?)(?:R\$\s?)?(\d+|\d{1,3}(?:\.\d{3})+)(?:,(\d+))?(%?)$/;

const pad = (n: number | string, width = 2) => String(n).padStart(width, '0');

function isPortuguese(locale: string): boolean {
  return /^pt(?:$|[_-])/i.test(locale);
}

/** What a person typed, in the form the runtime's en_US entry rules read the same way. */
export function entryForRuntime(input: string, locale: string): string {
  if (!formulaLocaleOf(locale).decimalComma) return input;
  if (input.startsWith('=') || input.startsWith("'")) return input;
  const text = input.trim();
  if (isPortuguese(locale)) {
    if (/^verdadeiro$/i.test(text)) return 'TRUE';
    if (/^falso$/i.test(text)) return 'FALSE';
  }
  const date = BR_DATE.exec(text);
  if (date) {
    const [, day, month, year, hour, minute, second] = date;
    const time = hour === undefined ? '' : ` ${pad(hour)}:${minute}:${second ?? '00'}`;
    return `${year}-${pad(month ?? '')}-${pad(day ?? '')}${time}`;
  }
  const number = BR_NUMBER.exec(text);
  if (number) {
    const [, sign, whole = '', fraction, percent] = number;
    return `${sign}${whole.replace(/\./g, '')}${fraction ? `.${fraction}` : ''}${percent}`;
  }
  return input;
}

/** A cell's text as the spreadsheet's locale shows it. */
export function displayInLocale(cell: Cell | undefined, timeZone: string, locale: string): string {
  const shown = displayValue(cell, timeZone);
  if (!cell || !formulaLocaleOf(locale).decimalComma) return shown;
  const { value, format } = cell;
  if (typeof value === 'boolean') {
    return isPortuguese(locale) ? (value ? 'VERDADEIRO' : 'FALSO') : shown;
  }
  if (typeof value === 'string') return shown;
  if (isDateValue(value)) {
    if (format && format !== AUTOMATIC_FORMAT && !IMPLIED_DATE_FORMATS.has(format)) return shown;
    const p = zonedParts(value.date, timeZone);
    const day = `${pad(p.day)}/${pad(p.month)}/${p.year}`;
    const midnight = p.hour === 0 && p.minute === 0 && p.second === 0;
    return midnight ? day : `${day} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  }
  // Numbers: the en_US text with its separators swapped (1,234.56 → 1.234,56).
  return shown.replace(/[.,]/g, (mark) => (mark === '.' ? ',' : '.'));
}
