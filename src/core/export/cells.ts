/**
 * Flat values → cell values. Two targets, two rules:
 * - Range.setValues (exports): Sheets parses every string it is given as if typed, so
 *   `=HYPERLINK(…)` becomes a formula, `+5511…` and `-1` numbers, `01/02` a date. Every string
 *   is therefore written with a leading apostrophe, which Sheets strips and which makes it store
 *   the rest literally as text (getValues reads back the text without the apostrophe).
 * - Custom-function results: Sheets never parses them, so strings are returned as they are.
 *
 * Timestamps become Date objects (instants; Sheets shows them in the spreadsheet's zone).
 * Date-only values (birthday, custom date fields) name a calendar day, not an instant: the
 * caller passes `makeDate(year, month, day)` returning midnight of that day in the spreadsheet's
 * zone (src/gas: `Utilities.parseDate(iso, ss.getSpreadsheetTimeZone(), 'yyyy-MM-dd')`).
 * Without it the `YYYY-MM-DD` text is written without apostrophe, which Sheets itself reads as
 * that day in the sheet's zone (and a custom function returns it as text).
 */
import {
  type CalendarDate,
  formatCalendarDate,
  parseDateOnly,
  parseIsoDateTime,
  parseIsoInstant,
} from '../query/dates';
import type { ColumnKind, FlatValue } from './columns';

export type CellValue = string | number | boolean | Date;

export interface CellOptions {
  /** Midnight of a calendar day in the spreadsheet's time zone (month is 1-12). */
  makeDate?: (year: number, month: number, day: number) => Date;
}

const TEXT_MARKER = "'";
/** Sheets refuses a whole setValues (and a formula's result) holding a longer cell. */
export const MAX_CELL_CHARS = 50_000;
const CUT_MARK = '…';

/** `text` cut to at most `max` characters, ending in "…" when cut; a surrogate pair is never split. */
function fitCell(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - CUT_MARK.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end) + CUT_MARK;
}

export function toSheetCell(
  value: FlatValue | undefined,
  kind: ColumnKind,
  options: CellOptions = {},
): CellValue {
  return toCell(value, kind, options, (text) =>
    text === '' ? '' : TEXT_MARKER + fitCell(text, MAX_CELL_CHARS - TEXT_MARKER.length),
  );
}

export function toCustomFunctionCell(
  value: FlatValue | undefined,
  kind: ColumnKind = 'auto',
  options: CellOptions = {},
): CellValue {
  return toCell(value, kind, options, (text) => fitCell(text, MAX_CELL_CHARS));
}

function toCell(
  value: FlatValue | undefined,
  kind: ColumnKind,
  options: CellOptions,
  asText: (text: string) => string,
): CellValue {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'boolean') return kind === 'text' ? asText(String(value)) : value;
  switch (kind) {
    case 'timestamp': {
      const instant = parseIsoDateTime(value) ? parseIsoInstant(value) : null;
      if (instant) return instant;
      const day = parseDateOnly(value);
      return day ? dayCell(day, options) : asText(value);
    }
    case 'date': {
      const day = parseDateOnly(value);
      if (day) return dayCell(day, options);
      const instant = parseIsoInstant(value);
      return instant ?? asText(value);
    }
    case 'auto': {
      // Unknown fields: only an unambiguous instant (with a zone) is taken for a timestamp.
      const parsed = parseIsoDateTime(value);
      if (parsed && parsed.offsetMinutes !== null) return parseIsoInstant(value) as Date;
      return asText(value);
    }
    default:
      return asText(value);
  }
}

function dayCell(day: CalendarDate, options: CellOptions): CellValue {
  if (options.makeDate) return options.makeDate(day.year, day.month, day.day);
  // Bare on purpose (no apostrophe): Sheets reads YYYY-MM-DD as that day in the sheet's zone.
  return formatCalendarDate(day);
}
