import { formatSimpleDate } from './date-format';
import { zonedParts, zonedToEpoch } from './time-zone';

/**
 * What one cell holds, on the Node side. Dates are epoch milliseconds tagged as dates
 * so that no Date object of any realm is stored; the services rebuild them in the
 * realm of the execution that reads them.
 */
export type StoredValue = string | number | boolean | { date: number };

export interface Cell {
  value: StoredValue; // '' when empty
  formula?: string;
  format?: string; // Sheets number format; undefined = automatic
  note?: string;
}

/** What Apps Script returns from getNumberFormat() for a cell never formatted. */
export const AUTOMATIC_FORMAT = '0.###############';
export const PLAIN_TEXT_FORMAT = '@';
/** Formulas are not evaluated; their value reads as Sheets' unknown-function error. */
export const FORMULA_VALUE = '#NAME?';

export function isDateValue(value: StoredValue): value is { date: number } {
  return typeof value === 'object' && value !== null;
}

export function cellHasContent(cell: Cell | undefined): boolean {
  return cell !== undefined && (cell.formula !== undefined || cell.value !== '');
}

export interface EnteredValue {
  value: StoredValue;
  formula?: string;
  /** The format Sheets picks when it recognises a date, percent or currency. */
  impliedFormat?: string;
}

const NUMBER = /^([+-]?)(\$?)((?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?(%?)$/;
const ISO_DATE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

function validDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parseDate(text: string, timeZone: string): EnteredValue | undefined {
  const iso = ISO_DATE.exec(text);
  const us = iso ? undefined : US_DATE.exec(text);
  const m = iso ?? us;
  if (!m) return undefined;
  const [year, month, day] = iso
    ? [Number(m[1]), Number(m[2]), Number(m[3])]
    : [Number(m[3]), Number(m[1]), Number(m[2])];
  if (!validDate(year, month, day)) return undefined;
  const hasTime = m[4] !== undefined;
  const hour = Number(m[4] ?? 0);
  const minute = Number(m[5] ?? 0);
  const second = Number(m[6] ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const datePart = iso ? 'yyyy-mm-dd' : 'M/d/yyyy';
  return {
    value: { date: zonedToEpoch(timeZone, year, month, day, hour, minute, second) },
    impliedFormat: hasTime ? `${datePart} H:mm:ss` : datePart,
  };
}

function parseNumber(text: string): EnteredValue | undefined {
  const m = NUMBER.exec(text);
  if (!m) return undefined;
  const [, sign, currency, digits = '', exponent, percent] = m;
  let value = Number(`${sign}${digits.replace(/,/g, '')}${exponent ? `e${exponent}` : ''}`);
  if (!Number.isFinite(value)) return undefined;
  if (percent) value /= 100;
  const decimals = digits.includes('.') ? (digits.split('.')[1]?.length ?? 0) : 0;
  const fraction = decimals > 0 ? `.${'0'.repeat(decimals)}` : '';
  if (currency) return { value, impliedFormat: `$#,##0${fraction || '.00'}` };
  if (percent) return { value, impliedFormat: `0${fraction}%` };
  if (digits.includes(',')) return { value, impliedFormat: `#,##0${fraction}` };
  return { value };
}

/**
 * How Sheets stores a string typed into a cell (en_US locale), which is also what
 * Range.setValue(s) does with a string: '=…' becomes a formula; a leading apostrophe
 * forces text and is not stored; numbers (with grouping, sign, exponent, %, $),
 * TRUE/FALSE and dates become typed values; the plain-text format '@' keeps text.
 */
export function parseEnteredString(
  text: string,
  format: string | undefined,
  timeZone: string,
): EnteredValue {
  if (text.length > 1 && text.startsWith('=')) return { value: FORMULA_VALUE, formula: text };
  if (text.startsWith("'")) return { value: text.slice(1) };
  if (format === PLAIN_TEXT_FORMAT) return { value: text };
  const trimmed = text.trim();
  if (trimmed === '') return { value: text };
  const upper = trimmed.toUpperCase();
  if (upper === 'TRUE' || upper === 'FALSE') return { value: upper === 'TRUE' };
  return parseNumber(trimmed) ?? parseDate(trimmed, timeZone) ?? { value: text };
}

// ---------------------------------------------------------------- display

function formatGeneralNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  const rounded = Number(n.toPrecision(10));
  return String(rounded).replace('e+', 'E+').replace('e-', 'E-');
}

const SHEETS_DATE_TOKEN = /yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|am\/pm|a\/p/gi;

function looksLikeDateFormat(format: string): boolean {
  return /[ydhs]/i.test(format.replace(/"[^"]*"/g, '')) && !/[0#]/.test(format);
}

/** Sheets date patterns: m/mm mean minutes next to h or s, months otherwise. */
function formatSheetsDate(epochMs: number, timeZone: string, format: string): string {
  const p = zonedParts(epochMs, timeZone);
  const tokens = Array.from(format.matchAll(SHEETS_DATE_TOKEN));
  const twelveHour = /am\/pm|a\/p/i.test(format);
  let out = '';
  let last = 0;
  tokens.forEach((match, index) => {
    const token = match[0];
    out += format.slice(last, match.index).replace(/"/g, '');
    last = (match.index ?? 0) + token.length;
    const lower = token.toLowerCase();
    const prev = tokens[index - 1]?.[0].toLowerCase() ?? '';
    const next = tokens[index + 1]?.[0].toLowerCase() ?? '';
    const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
    const map: Record<string, () => string> = {
      yyyy: () => String(p.year),
      yy: () => String(p.year % 100).padStart(2, '0'),
      mmmm: () => formatSimpleDate(epochMs, timeZone, 'MMMM'),
      mmm: () => formatSimpleDate(epochMs, timeZone, 'MMM'),
      dddd: () => formatSimpleDate(epochMs, timeZone, 'EEEE'),
      ddd: () => formatSimpleDate(epochMs, timeZone, 'EEE'),
      dd: () => String(p.day).padStart(2, '0'),
      d: () => String(p.day),
      hh: () => String(twelveHour ? hour12 : p.hour).padStart(2, '0'),
      h: () => String(twelveHour ? hour12 : p.hour),
      ss: () => String(p.second).padStart(2, '0'),
      s: () => String(p.second),
      'am/pm': () => (p.hour < 12 ? 'AM' : 'PM'),
      'a/p': () => (p.hour < 12 ? 'A' : 'P'),
    };
    if (lower === 'mm' || lower === 'm') {
      const minute = prev.startsWith('h') || next.startsWith('s');
      const n = minute ? p.minute : p.month;
      out += lower === 'mm' ? String(n).padStart(2, '0') : String(n);
      return;
    }
    out += map[lower]?.() ?? token;
  });
  return out + format.slice(last).replace(/"/g, '');
}

/** Number patterns: literal prefix/suffix, grouping, fixed and optional decimals, %. */
function formatPatternNumber(n: number, format: string): string {
  const sections = format.split(';');
  const negativeSection = n < 0 && sections[1] !== undefined;
  const section = (negativeSection ? sections[1] : sections[0]) ?? '';
  const literalised = section.replace(/"([^"]*)"|\\(.)/g, (_m, quoted, escaped) =>
    String(quoted ?? escaped).replace(/[0#?.,%]/g, (c) => `\uE000${c}`),
  );
  const core = /[0#?][0#?,]*(?:\.[0#?]*)?|\.[0#?]+/.exec(literalised.replace(/\uE000./g, 'L'));
  if (!core) return literalised.replace(/\uE000/g, '');
  const prefix = literalised.slice(0, core.index).replace(/\uE000/g, '');
  const suffix = literalised.slice(core.index + core[0].length).replace(/\uE000/g, '');
  const [intPattern = '', fracPattern = ''] = core[0].split('.');
  const percent = /(^|[^\uE000])%/.test(section.replace(/"[^"]*"/g, ''));
  const fixed = (fracPattern.match(/0/g) ?? []).length;
  const optional = (fracPattern.match(/[#?]/g) ?? []).length;
  let x = Math.abs(n) * (percent ? 100 : 1);
  x = Number(x.toFixed(fixed + optional));
  let [intDigits = '0', fracDigits = ''] = x.toFixed(fixed + optional).split('.');
  while (fracDigits.length > fixed && fracDigits.endsWith('0'))
    fracDigits = fracDigits.slice(0, -1);
  const minInt = (intPattern.match(/0/g) ?? []).length;
  intDigits = intDigits.replace(/^0+(?=\d)/, '');
  if (intDigits === '0' && minInt === 0) intDigits = '';
  intDigits = intDigits.padStart(minInt, '0');
  if (intPattern.includes(',')) intDigits = intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = n < 0 && !negativeSection ? '-' : '';
  return `${sign}${prefix}${intDigits}${fracDigits ? `.${fracDigits}` : ''}${suffix}`;
}

export function displayValue(cell: Cell | undefined, timeZone: string): string {
  if (!cell) return '';
  const { value, format } = cell;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  if (isDateValue(value)) {
    if (format && format !== AUTOMATIC_FORMAT && looksLikeDateFormat(format)) {
      return formatSheetsDate(value.date, timeZone, format);
    }
    const p = zonedParts(value.date, timeZone);
    const midnight = p.hour === 0 && p.minute === 0 && p.second === 0;
    return formatSheetsDate(value.date, timeZone, midnight ? 'M/d/yyyy' : 'M/d/yyyy H:mm:ss');
  }
  if (!format || format === AUTOMATIC_FORMAT || format === 'General')
    return formatGeneralNumber(value);
  if (format === PLAIN_TEXT_FORMAT) return formatGeneralNumber(value);
  if (looksLikeDateFormat(format)) {
    // A number under a date format is a serial day count from 1899-12-30, wall-clock.
    const wallMs = Math.round((value - 25_569) * 86_400_000);
    return formatSheetsDate(wallMs, 'UTC', format);
  }
  return formatPatternNumber(value, format);
}
