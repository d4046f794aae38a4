import { type ZonedParts, zonedParts, zoneOffsetMs } from './time-zone';

/**
 * Utilities.formatDate takes java.text.SimpleDateFormat patterns
 * (https://developers.google.com/apps-script/reference/utilities/utilities#formatDate(Date,String,String)).
 * Letters covered: G y Y M L d D E u a H k K h m s S z Z X, and 'quoted' literals.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad = (n: number, width: number) => String(Math.abs(n)).padStart(width, '0');

function offsetText(offsetMs: number, letter: string, count: number): string {
  const sign = offsetMs < 0 ? '-' : '+';
  const total = Math.abs(Math.round(offsetMs / 60_000));
  const hh = pad(Math.floor(total / 60), 2);
  const mm = pad(total % 60, 2);
  if (letter === 'X') {
    if (total === 0) return 'Z';
    if (count === 1) return `${sign}${hh}`;
    return count === 2 ? `${sign}${hh}${mm}` : `${sign}${hh}:${mm}`;
  }
  if (letter === 'Z') return `${sign}${hh}${mm}`;
  return `GMT${sign}${hh}:${mm}`; // 'z': Java prints a short name; GMT±hh:mm is what it uses when none exists
}

function dayOfYear(p: ZonedParts): number {
  return (
    Math.round((Date.UTC(p.year, p.month - 1, p.day) - Date.UTC(p.year, 0, 1)) / 86_400_000) + 1
  );
}

function field(letter: string, count: number, p: ZonedParts, offsetMs: number): string {
  switch (letter) {
    case 'G':
      return p.year > 0 ? 'AD' : 'BC';
    case 'y':
    case 'Y':
      return count === 2 ? pad(p.year % 100, 2) : pad(p.year, count);
    case 'M':
    case 'L':
      if (count >= 4) return MONTHS[p.month - 1] ?? '';
      if (count === 3) return (MONTHS[p.month - 1] ?? '').slice(0, 3);
      return pad(p.month, count);
    case 'd':
      return pad(p.day, count);
    case 'D':
      return pad(dayOfYear(p), count);
    case 'E':
      return count >= 4 ? (DAYS[p.weekday] ?? '') : (DAYS[p.weekday] ?? '').slice(0, 3);
    case 'u':
      return String(p.weekday === 0 ? 7 : p.weekday);
    case 'a':
      return p.hour < 12 ? 'AM' : 'PM';
    case 'H':
      return pad(p.hour, count);
    case 'k':
      return pad(p.hour === 0 ? 24 : p.hour, count);
    case 'K':
      return pad(p.hour % 12, count);
    case 'h':
      return pad(p.hour % 12 === 0 ? 12 : p.hour % 12, count);
    case 'm':
      return pad(p.minute, count);
    case 's':
      return pad(p.second, count);
    case 'S':
      return pad(p.millisecond, count);
    case 'z':
    case 'Z':
    case 'X':
      return offsetText(offsetMs, letter, count);
    default:
      throw new Error(`Illegal pattern character '${letter}'`);
  }
}

export function formatSimpleDate(epochMs: number, timeZone: string, pattern: string): string {
  const p = zonedParts(epochMs, timeZone);
  const offsetMs = zoneOffsetMs(epochMs, timeZone);
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i] as string;
    if (ch === "'") {
      if (pattern[i + 1] === "'") {
        out += "'";
        i += 2;
        continue;
      }
      // Inside quotes, '' is one literal quote.
      let j = i + 1;
      for (;;) {
        if (j >= pattern.length) throw new Error(`Unterminated quote in date pattern "${pattern}"`);
        if (pattern[j] === "'") {
          if (pattern[j + 1] === "'") {
            out += "'";
            j += 2;
            continue;
          }
          break;
        }
        out += pattern[j];
        j++;
      }
      i = j + 1;
      continue;
    }
    if (/[A-Za-z]/.test(ch)) {
      let count = 1;
      while (pattern[i + count] === ch) count++;
      out += field(ch, count, p, offsetMs);
      i += count;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}
