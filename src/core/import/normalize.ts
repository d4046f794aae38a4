import { type DateOrder, formatCalendarDate, isValidCalendarDate, typedDate } from '../query/dates';
import { describeCell, listBriefly, valueKey } from './text-key';

// Phones live in core/phone (import and send share them); re-exported for the import's callers.
export { assertPhoneCountry, normalizePhone } from '../phone';

import { type Translate, translator } from '../i18n';

const ENGLISH = translator('en');

/** A normalised cell, or an error phrase about the value (no column name: the caller adds it). */
export type Normalized<T> = { ok: true; value: T } | { ok: false; error: string };

/** Formats a Date as `YYYY-MM-DD` in the spreadsheet's time zone. */
export type DateFormatter = (date: Date) => string;

// How to read `01/02/2026`: day first (pt-BR, default) or month first (en-US); the reader of a
// typed day is core/query/dates.ts typedDate, shared with formulas' and exports' filters.
export type { DateOrder } from '../query/dates';

const ok = <T>(value: T): Normalized<T> => ({ ok: true, value });
const fail = <T>(error: string): Normalized<T> => ({ ok: false, error });

/** True for cells that hold nothing: empty, whitespace, null or undefined. */
export function isBlankCell(value: unknown): boolean {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

/** Cell as trimmed text. Date cells are written as `YYYY-MM-DD` through the formatter. */
export function normalizeText(
  value: unknown,
  formatDate?: DateFormatter,
  t: Translate = ENGLISH,
): Normalized<string> {
  if (value instanceof Date) {
    if (!formatDate || Number.isNaN(value.getTime()))
      return fail(t('import.value.notText', { value: describeCell(value) }));
    return ok(formatDate(value));
  }
  if (typeof value === 'object' || typeof value === 'function') {
    return fail(t('import.value.notText', { value: describeCell(value) }));
  }
  const text = String(value).trim();
  return text ? ok(text) : fail(t('import.value.empty'));
}

// Deliberately simple: catches typos such as missing @ or domain, not every RFC corner.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function normalizeEmail(value: unknown, t: Translate = ENGLISH): Normalized<string> {
  if (typeof value !== 'string')
    return fail(t('import.value.notEmail', { value: describeCell(value) }));
  const email = value
    .trim()
    .replace(/^mailto:/i, '')
    .toLowerCase();
  return EMAIL.test(email)
    ? ok(email)
    : fail(t('import.value.badEmail', { value: describeCell(value) }));
}

const CURRENCY = /^(?:R\$|US\$|\$|€|£|BRL|USD|EUR)|(?:R\$|BRL|USD|EUR|€)$/i;

/** The mark a spreadsheet's locale writes between units and decimals: `1,5` or `1.5`. */
export type DecimalMark = ',' | '.';

/**
 * The decimal mark of a spreadsheet locale (`getSpreadsheetLocale()`: `pt_BR`, `en_US`, `de_DE`…),
 * as Intl formats numbers there. No locale: a comma, as the CRM's Brazilian sheets write (the
 * same default as the date order, DMY).
 */
export function decimalMarkOf(localeTag: string | undefined): DecimalMark {
  const tag = (localeTag ?? '').trim().replace(/_/g, '-');
  if (!tag) return ',';
  try {
    // Intl falls back to en-US for a tag it lacks data for, which would read every amount of a
    // Brazilian sheet with a decimal point; Google does not document which locale data Apps
    // Script's V8 carries (https://developers.google.com/apps-script/guides/v8-runtime), so a
    // tag it does not list is judged by its language below.
    if (Intl.NumberFormat.supportedLocalesOf(tag).length > 0) {
      const mark = new Intl.NumberFormat(tag).formatToParts(1.5).find((p) => p.type === 'decimal');
      if (mark?.value === '.' || mark?.value === ',') return mark.value;
    }
  } catch {
    // A tag Intl does not take: judged by its language below.
  }
  return /^(en|ja|zh|ko|th|he|hi)\b/i.test(tag) ? '.' : ',';
}

/**
 * Reads an amount typed as text the way the spreadsheet's locale writes it (`decimal`), with or
 * without a currency symbol; a number cell is taken as it is. A text that fits the locale is
 * read by it, even when the other convention would read it too (`1.234` is 1234 where the decimal
 * mark is a comma, 1.234 where it is a point); a text that does not fit the locale but fits the
 * other convention has only that reading and is read by it (`1,234.56` or `12.5` in a pt_BR
 * sheet); a text that fits neither is refused, saying the locale's decimal mark. Thousands groups
 * are three digits after a non-zero head of one to three (`0,125` is never 125).
 * Negative: leading or trailing `-`, or parentheses.
 */
export function parseNumber(
  value: unknown,
  t: Translate,
  decimal: DecimalMark,
): Normalized<number> {
  const notNumber = () => fail<number>(t('import.value.notNumber', { value: describeCell(value) }));
  if (typeof value === 'number') return Number.isFinite(value) ? ok(value) : notNumber();
  if (typeof value !== 'string') return notNumber();
  let text = value.replace(/[\s\u00a0\u202f]/g, '').replace(/\u2212/g, '-');
  let signs = 0;
  if (/^\(.*\)$/.test(text)) {
    signs++;
    text = text.slice(1, -1);
  }
  // Sign and currency come in either order: `-R$ 5`, `R$ -5`, `5-`.
  for (let pass = 0; pass < 3; pass++) {
    const before = text;
    if (text.startsWith('-') || text.endsWith('-')) {
      signs++;
      text = text.startsWith('-') ? text.slice(1) : text.slice(0, -1);
    } else if (text.startsWith('+')) {
      text = text.slice(1);
    }
    text = text.replace(CURRENCY, '');
    if (text === before) break;
  }
  const amount =
    signs > 1 ? undefined : (readAs(text, decimal) ?? readAs(text, decimal === ',' ? '.' : ','));
  if (amount === undefined) {
    const key = decimal === ',' ? 'import.value.badNumberComma' : 'import.value.badNumberPoint';
    return fail(t(key, { value: describeCell(value) }));
  }
  return ok(signs === 1 ? -amount : amount);
}

/** `text` read where `decimal` is the decimal mark and the other mark groups thousands. */
function readAs(text: string, decimal: DecimalMark): number | undefined {
  const group = decimal === ',' ? '.' : ',';
  const parts = text.split(decimal);
  if (parts.length > 2) return undefined;
  const [integer = '', fraction] = parts;
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return undefined;
  const digits = /^\d+$/.test(integer) || (integer === '' && fraction !== undefined);
  if (!digits && !isGrouped(integer, group)) return undefined;
  const whole = integer.split(group).join('') || '0';
  return Number(fraction === undefined ? whole : `${whole}.${fraction}`);
}

function isGrouped(text: string, separator: string): boolean {
  const [head = '', ...groups] = text.split(separator);
  return /^[1-9]\d{0,2}$/.test(head) && groups.length > 0 && groups.every((g) => /^\d{3}$/.test(g));
}

/**
 * The order a spreadsheet locale (`getSpreadsheetLocale()`: `pt_BR`, `en_US`, `en_GB`…) writes a
 * day and its month in, as Intl writes a day of the year there (`01/02` or `02/01`): month first
 * (en_US, en_PH, ja_JP, zh_CN…) → MDY; day first (pt_BR, en_GB, de_DE, es_US…) → DMY. A tag Intl
 * does not know (it would answer in its own default, en-US) and no locale: DMY, as the CRM's
 * Brazilian sheets write.
 */
export function dateOrderOf(localeTag: string | undefined): DateOrder {
  const tag = (localeTag ?? '').trim().replace(/_/g, '-');
  if (!tag) return 'DMY';
  try {
    if (Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0) {
      const types = new Intl.DateTimeFormat(tag, { month: '2-digit', day: '2-digit' })
        .formatToParts(new Date(Date.UTC(2026, 0, 2, 12)))
        .map((part) => part.type);
      const [month, day] = [types.indexOf('month'), types.indexOf('day')];
      if (month >= 0 && day >= 0) return month < day ? 'MDY' : 'DMY';
    }
  } catch {
    // A tag Intl does not take: judged by its language below (see decimalMarkOf).
  }
  return /^en(-US)?$/i.test(tag) ? 'MDY' : 'DMY';
}

export interface DateOptions {
  formatDate: DateFormatter;
  dateOrder?: DateOrder;
  /** The words of the reasons; English when absent. */
  t?: Translate;
}

const ISO_DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s].*)?$/;

/**
 * Date cell or text to `YYYY-MM-DD`. A Date from a sheet cell is midnight in the
 * spreadsheet's time zone, so it is formatted by the caller's formatter (Apps Script:
 * Utilities.formatDate with the spreadsheet's zone), never by this runtime's zone.
 * Text: as the spreadsheet's locale writes a day (`dateOrder`, read by the shared typedDate:
 * `dd/mm/yyyy` or `mm/dd/yyyy`, `-` or `.` separators, two-digit years); ISO `yyyy-mm-dd` in
 * every locale; ISO timestamps keep the calendar date as written. Impossible dates such as
 * 31/02/2026 are errors.
 */
export function normalizeDate(value: unknown, options: DateOptions): Normalized<string> {
  const t = options.t ?? ENGLISH;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return fail(t('import.value.invalidDate'));
    const formatted = options.formatDate(value);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(formatted)) {
      throw new Error(
        `formatDate must return YYYY-MM-DD; it returned ${JSON.stringify(formatted)}`,
      );
    }
    return ok(formatted);
  }
  const shape = t(options.dateOrder === 'MDY' ? 'import.value.shapeMDY' : 'import.value.shapeDMY');
  if (typeof value !== 'string') {
    return fail(t('import.value.notDateCell', { value: describeCell(value), shape }));
  }
  const text = value.trim();
  const iso = ISO_DATE.exec(text);
  const typed = iso
    ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
    : typedDate(text, options.dateOrder ?? 'DMY');
  if (typed === null) {
    return fail(t('import.value.notDate', { value: describeCell(value), shape }));
  }
  if (typed === 'unreal' || !isValidCalendarDate(typed)) {
    return fail(t('import.value.unrealDate', { value: describeCell(value) }));
  }
  return ok(formatCalendarDate(typed));
}

/** Splits a list cell on `,`, `;` and line breaks: trimmed, empties dropped, first spelling kept. */
export function splitList(value: unknown): string[] {
  if (isBlankCell(value)) return [];
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of String(value).split(/[,;\n]/)) {
    const item = raw.trim();
    const key = valueKey(item);
    if (item && !seen.has(key)) {
      seen.add(key);
      items.push(item);
    }
  }
  return items;
}

export function normalizeTags(value: unknown, t: Translate = ENGLISH): Normalized<string[]> {
  if (typeof value !== 'string' && typeof value !== 'number')
    return fail(t('import.value.notTags', { value: describeCell(value) }));
  const tags = splitList(value);
  return tags.length ? ok(tags) : fail(t('import.value.noTag'));
}

const TRUE_WORDS = new Set(['true', 'sim', 'yes', 'x', 's', 'y', '1', 'verdadeiro', '✓', '✔']);
const FALSE_WORDS = new Set(['false', 'nao', 'no', 'n', '0', 'falso']);

/**
 * Checkbox from a Sheets checkbox (boolean) or a word: TRUE/FALSE, sim/não, yes/no, x, 1/0.
 * A blank cell is not "false": it is omitted like every empty cell (see buildLeadPayload).
 */
export function parseCheckbox(value: unknown, t: Translate = ENGLISH): Normalized<boolean> {
  if (typeof value === 'boolean') return ok(value);
  if (typeof value === 'number' && (value === 0 || value === 1)) return ok(value === 1);
  const word = typeof value === 'string' ? valueKey(value) : undefined;
  if (word !== undefined && TRUE_WORDS.has(word)) return ok(true);
  if (word !== undefined && FALSE_WORDS.has(word)) return ok(false);
  return fail(t('import.value.notYesNo', { value: describeCell(value) }));
}

const matchers = new WeakMap<readonly string[], (text: string) => string | undefined>();

/** Case- and accent-blind lookup of a field's options; returns the option's own spelling. */
export function optionMatcher(options: readonly string[]): (text: string) => string | undefined {
  const cached = matchers.get(options);
  if (cached) return cached;
  const byKey = new Map<string, string>();
  for (const option of options)
    if (!byKey.has(valueKey(option))) byKey.set(valueKey(option), option);
  const matcher = (text: string) => byKey.get(valueKey(text));
  matchers.set(options, matcher);
  return matcher;
}

export function normalizeSelect(
  value: unknown,
  options: readonly string[],
  t: Translate = ENGLISH,
): Normalized<string> {
  const text = normalizeText(value, undefined, t);
  if (!text.ok) return text;
  const option = optionMatcher(options)(text.value);
  return option !== undefined
    ? ok(option)
    : fail(
        t('import.value.notOption', { value: describeCell(value), options: listBriefly(options) }),
      );
}

export function normalizeMultiselect(
  value: unknown,
  options: readonly string[],
  t: Translate = ENGLISH,
): Normalized<string[]> {
  if (typeof value !== 'string' && typeof value !== 'number')
    return fail(t('import.value.notList', { value: describeCell(value) }));
  const match = optionMatcher(options);
  const chosen: string[] = [];
  const wrong: string[] = [];
  for (const item of splitList(value)) {
    const option = match(item);
    if (option === undefined) wrong.push(JSON.stringify(item));
    else if (!chosen.includes(option)) chosen.push(option);
  }
  if (wrong.length) {
    const key = wrong.length === 1 ? 'import.value.notAnOption' : 'import.value.notOptions';
    return fail(t(key, { values: wrong.join(', '), options: listBriefly(options) }));
  }
  return chosen.length ? ok(chosen) : fail(t('import.value.noOption'));
}
