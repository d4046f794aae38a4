import { parseIsoDateTime } from './query/dates';

/**
 * Times the CRM writes (`last_message_at` and the like). crm-api-v1.md says only "ISO 8601",
 * which allows a time without a zone designator ("2026-11-27T13:30:00"). Date.parse reads such
 * a time in the script's time zone (https://tc39.es/ecma262/#sec-date.parse: a date-time form
 * without an offset is local time), yet a CRM may mean UTC by it: the two readings are hours
 * apart (three in São Paulo), enough to take a lead's reply before a send for a message after
 * it. Neither reading is documented, so both are kept, and a caller concludes only what holds
 * under both.
 */
export type CrmTime =
  /** No time (null, absent or empty): nothing happened. */
  | { kind: 'none' }
  /** Text that is no ISO 8601 date-time: it proves nothing either way. */
  | { kind: 'unreadable' }
  /** The instants the text may mean (ms): one when it names its zone, else UTC and local. */
  | { kind: 'at'; earliest: number; latest: number };

export function readCrmTime(value: string | null | undefined): CrmTime {
  if (value === null || value === undefined || value.trim() === '') return { kind: 'none' };
  const parts = parseIsoDateTime(value);
  if (!parts) return { kind: 'unreadable' };
  const { year, month, day, hour, minute, second, millisecond, offsetMinutes } = parts;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  if (offsetMinutes !== null) {
    const at = utc - offsetMinutes * 60_000;
    return { kind: 'at', earliest: at, latest: at };
  }
  // A Date's local time is the script's time zone in Apps Script (appsscript.json timeZone).
  const local = new Date(year, month - 1, day, hour, minute, second, millisecond).getTime();
  return { kind: 'at', earliest: Math.min(utc, local), latest: Math.max(utc, local) };
}

/**
 * A CRM time against an instant of ours: 'at-or-after' or 'before' when every reading says so,
 * 'either' when its readings disagree (a time without a zone near the instant).
 */
export function crmTimeVersus(
  time: Extract<CrmTime, { kind: 'at' }>,
  instant: number,
): 'at-or-after' | 'before' | 'either' {
  if (time.earliest >= instant) return 'at-or-after';
  if (time.latest < instant) return 'before';
  return 'either';
}

/** The readings of a time, language-neutral, for a detail that says why nothing is concluded. */
export function crmTimeReadings(text: string, time: Extract<CrmTime, { kind: 'at' }>): string {
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
  return `"${text}" = ${iso(time.earliest)} | ${iso(time.latest)}`;
}
