/**
 * Date handling shared by filters (what users type) and export cells (what the CRM returns).
 * Written by hand because Apps Script's Date.parse is lenient in surprising ways (it accepts
 * "2026-02-31" and reads offset-less ISO strings in the script's zone).
 */

import { queryError, shownValue } from './errors';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The zone may be `Z`, `±hh:mm`, `±hhmm` or `±hh` (ISO 8601 allows hours alone; PostgreSQL writes them so). */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
/** `01/02/2026`, `1-2-26`, `01.02.2026`, optionally followed by a time of day. */
const TYPED_DATE = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(\s+\d{1,2}:\d{2}(?::\d{2})?)?$/;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export interface ParsedDateTime extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** Minutes east of UTC; null when the text carried no zone. */
  offsetMinutes: number | null;
}

export function isValidCalendarDate({ year, month, day }: CalendarDate): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

export function formatCalendarDate({ year, month, day }: CalendarDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** `YYYY-MM-DD` → its parts, or null when it is not exactly a real calendar date. */
export function parseDateOnly(text: string): CalendarDate | null {
  const match = DATE_ONLY.exec(text.trim());
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidCalendarDate(date) ? date : null;
}

/** An ISO 8601 date-time (`T` or a space; seconds, fraction and zone optional) → its parts. */
export function parseIsoDateTime(text: string): ParsedDateTime | null {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const parsed: ParsedDateTime = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: s === undefined ? 0 : Number(s),
    // The CRM may send microseconds; a Date keeps milliseconds.
    millisecond: fraction === undefined ? 0 : Number(fraction.slice(0, 3).padEnd(3, '0')),
    offsetMinutes: zone === undefined ? null : zoneOffsetMinutes(zone),
  };
  if (!isValidCalendarDate(parsed)) return null;
  if (parsed.hour > 23 || parsed.minute > 59 || parsed.second > 59) return null;
  return parsed;
}

function zoneOffsetMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
}

/**
 * An ISO timestamp from the CRM → the instant it names. Offset-less timestamps are read as
 * UTC: the API's "dates in responses are ISO 8601" come from a server clock, not a wall clock.
 */
export function parseIsoInstant(text: string): Date | null {
  const parsed = parseIsoDateTime(text);
  if (!parsed) return null;
  const utc = Date.UTC(
    parsed.year,
    parsed.month - 1,
    parsed.day,
    parsed.hour,
    parsed.minute,
    parsed.second,
    parsed.millisecond,
  );
  return new Date(utc - (parsed.offsetMinutes ?? 0) * 60_000);
}

/** How a spreadsheet's locale writes `01/02/2026`: day first (pt_BR, en_GB…) or month first (en_US). */
export type DateOrder = 'DMY' | 'MDY';

/** A day typed as text, read by typedDate; `unreal` when it has a date's shape but no such day. */
export type TypedDate = (CalendarDate & { time: boolean }) | 'unreal' | null;

/**
 * The one reader of a day typed as a person writes it (`01/02/2026`, `1-2-26`, `01.02.2026`,
 * optionally with a time, reported in `time`), for the import, a push, formulas' query filters and
 * crmExportLeads' filters: `order` is the spreadsheet locale's (dateOrderOf). Two-digit years
 * 00–49 are 20xx, 50–99 19xx. An ambiguous text (`01/02/2026`) follows the locale. A text the
 * locale's order cannot read because its month would pass 12, while the other order reads a real
 * day (`25/11/2026` in en_US, `11/25/2026` in pt_BR), has only that one reading: nobody writes a
 * 25th month, so it is read day-first (month-first) as its writer meant — the same rule as an
 * amount only the other decimal mark reads. ISO `yyyy-mm-dd` is not this reader's: it is the same
 * in every locale. Null: not a typed date at all.
 */
export function typedDate(text: string, order: DateOrder): TypedDate {
  const match = TYPED_DATE.exec(text.trim());
  if (!match) return null;
  const [first, second] = [Number(match[1]), Number(match[3])];
  let [day, month] = order === 'MDY' ? [second, first] : [first, second];
  if (month > 12 && day <= 12) [day, month] = [month, day];
  const yearText = match[4] ?? '';
  let year = Number(yearText);
  if (yearText.length === 2) year += year < 50 ? 2000 : 1900;
  const date = { year, month, day };
  return isValidCalendarDate(date) ? { ...date, time: match[5] !== undefined } : 'unreal';
}

/**
 * A Date's calendar day as the script sees it. In Apps Script the "local" zone is the script's
 * time zone; callers who know the spreadsheet's zone pass their own formatter
 * (e.g. `d => Utilities.formatDate(d, tz, 'yyyy-MM-dd')`).
 */
export function localCalendarDate(date: Date): string {
  return formatCalendarDate({
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
  });
}

export const ACCEPTED_DATE_FORMATS =
  "a date cell, YYYY-MM-DD, a day as the spreadsheet's locale writes it (21/11/2026 or 11/21/2026) or an ISO date-time such as 2026-11-01T08:00:00-03:00";

export interface DateInputOptions {
  /** Keep a time of day when one is given (updated_since); otherwise only the day is kept. */
  allowTime: boolean;
  /** How a Date object (a Sheets date cell) becomes YYYY-MM-DD; defaults to the script's zone. */
  formatDate?: (date: Date) => string;
  /** How `01/02/2026` reads: the spreadsheet locale's order (dateOrderOf); day first unless said. */
  dateOrder?: DateOrder;
}

/**
 * A date typed or picked by a user → what the API takes: `YYYY-MM-DD`, or for `allowTime`
 * fields a full ISO timestamp when a time was given (converted to UTC when it had a zone,
 * kept as written when it had none). Throws an Error naming `field` on anything else.
 */
export function normalizeDateInput(
  value: unknown,
  field: string,
  options: DateInputOptions,
): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime()))
      throw queryError('queryBadDateCell', `${field}: the date cell is not a valid date.`, {
        field,
      });
    return options.allowTime
      ? value.toISOString()
      : (options.formatDate ?? localCalendarDate)(value);
  }
  if (typeof value !== 'string') {
    throw queryError(
      'queryBadDate',
      `${field} must be ${ACCEPTED_DATE_FORMATS}; got ${describeValue(value)}.`,
      { field, got: shownValue(value) },
    );
  }
  const text = value.trim();
  const typed = typedDate(text, options.dateOrder ?? 'DMY');
  // A typed day's time is dropped where only the day is kept; `updated_since` takes a time only
  // in ISO, whose zone is explicit.
  const typedDay = typed && typed !== 'unreal' && !(typed.time && options.allowTime) ? typed : null;
  const dateOnly = parseDateOnly(text) ?? typedDay;
  if (dateOnly) return formatCalendarDate(dateOnly);
  const dateTime = parseIsoDateTime(text);
  if (dateTime) {
    if (!options.allowTime) return formatCalendarDate(dateTime);
    if (dateTime.offsetMinutes === null) {
      return `${formatCalendarDate(dateTime)}T${pad(dateTime.hour)}:${pad(dateTime.minute)}:${pad(dateTime.second)}`;
    }
    return (parseIsoInstant(text) as Date).toISOString();
  }
  throw queryError('queryBadDate', `${field} must be ${ACCEPTED_DATE_FORMATS}; got "${text}".`, {
    field,
    got: shownValue(text),
  });
}

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `a list (${value.length} items)`;
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
