import type { CrmClock } from '../api';
import { parseIsoDateTime } from './query/dates';

/**
 * How far the CRM's clock is taken to be from ours when no response has told it (no `Date`
 * header): the allowance the settling of sends always had.
 */
export const UNKNOWN_CLOCK_SLACK_MS = 2 * 60_000;

/** The CRM stamps whole seconds: a stamp may stand for any instant of its second. */
const STAMP_SECOND_MS = 999;

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

export type CrmTimeAt = Extract<CrmTime, { kind: 'at' }>;

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
 * A CRM time against an instant of ours (`ourAt`), in the CRM's clock: `clock` (its `Date`
 * header, api/crm-clock.ts) relates the two, else they are taken to be at most
 * UNKNOWN_CLOCK_SLACK_MS apart. Settling a send that may have left at `ourAt` asks this of the
 * lead's last message, and a doubt about the clocks must read "it may have gone out" (never send
 * twice): `ourAt` is taken at the earliest the CRM's clock may have shown then (the reading's
 * `low`), and a stamp at the latest its second may have been.
 * - 'at-or-after': every reading of the time may be at or after `ourAt`;
 * - 'before': every reading is before it, whatever the clocks;
 * - 'either': a time without a zone whose readings fall either side (it proves nothing).
 */
export function crmTimeVersus(
  time: CrmTimeAt,
  ourAt: number,
  clock?: CrmClock,
): 'at-or-after' | 'before' | 'either' {
  const since = ourAt + (clock?.low ?? -UNKNOWN_CLOCK_SLACK_MS);
  if (time.latest + STAMP_SECOND_MS < since) return 'before';
  if (time.earliest + STAMP_SECOND_MS >= since) return 'at-or-after';
  return 'either';
}

/** The readings of a time, language-neutral, for a detail that says why nothing is concluded. */
export function crmTimeReadings(text: string, time: CrmTimeAt): string {
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
  return `"${text}" = ${iso(time.earliest)} | ${iso(time.latest)}`;
}
