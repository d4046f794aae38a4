import * as z from 'zod/mini';
import { lazySchema } from '../../api/schemas/lazy';
import { codedError } from '../errors';
import type { JobState } from '../jobs/record';

/**
 * Nightly runs (PRODUCT.md crmSchedule): one schedule per sheet, started by the hourly
 * crmRunJobs trigger once a day at or after its hour in the spreadsheet's time zone.
 */
export const SCHEDULE_KINDS = ['import', 'export'] as const;

export const ScheduleSchema = lazySchema(() =>
  z.object({
    kind: z.enum(SCHEDULE_KINDS),
    sheet: z.string(),
    hour: z.number(),
    /** The crmImportLeads / crmExportLeads options, minus `sheet`. */
    options: z.record(z.string(), z.unknown()),
    /** Local day (YYYY-MM-DD) of the last start, so a day never runs twice. */
    lastRunDay: z.optional(z.string()),
    lastJobId: z.optional(z.string()),
    lastError: z.optional(z.string()),
    /** Who scheduled it: its trigger runs as that user, and stops if they lose access. */
    owner: z.optional(z.string()),
    /** The account behind their API key (a hash): only that key starts the run. */
    ownerKey: z.optional(z.string()),
    /** Who made it (the add-on's random id of that person): only their trigger starts it. */
    person: z.optional(z.string()),
    /** The spreadsheet it belongs to: a trigger with no active document opens it by this id. */
    spreadsheetId: z.optional(z.string()),
    /**
     * The first H:00 after it was saved (epoch ms): no run starts before it, so a schedule saved
     * after its hour waits for the next night (issue 29.3: saved at 11:06, it ran at 12:07).
     */
    notBefore: z.optional(z.number()),
    /**
     * The local day of a night's run that a firing could not start because the person had not
     * granted a permission (addon/schedule-api.ts): the first firing with it starts that run,
     * however late, rather than skipping the night.
     */
    heldDay: z.optional(z.string()),
  }),
);
export type Schedule = z.infer<typeof ScheduleSchema>;
export const SchedulesSchema = lazySchema(() => z.array(ScheduleSchema));

/** Validates crmSchedule's input; every message says what to fix. */
export function parseScheduleInput(input: unknown): Schedule {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw codedError(
      'crmSchedule needs an object such as {kind: "export", sheet: "Leads", hour: 2}.',
      'scheduleNotObject',
    );
  }
  const { kind, sheet, hour, ...options } = input as Record<string, unknown>;
  if (kind !== 'import' && kind !== 'export') {
    throw codedError(
      `kind must be "import" or "export" (got ${JSON.stringify(kind)}).`,
      'scheduleKind',
      { got: String(JSON.stringify(kind)) },
    );
  }
  if (typeof sheet !== 'string' || sheet.trim() === '') {
    throw codedError(
      'sheet must be the name of the sheet to import from or export into.',
      'scheduleSheetMissing',
    );
  }
  if (typeof hour !== 'number' || !Number.isInteger(hour) || hour < 0 || hour > 23) {
    throw codedError(
      `hour must be a whole hour from 0 to 23, in the spreadsheet's time zone (got ${JSON.stringify(hour)}).`,
      'scheduleHour',
      { got: String(JSON.stringify(hour)) },
    );
  }
  // A nightly export is an incremental sync unless the user asks for a full replace.
  const withDefaults =
    kind === 'export' && options.mode === undefined ? { ...options, mode: 'sync' } : options;
  return { kind, sheet: sheet.trim(), hour, options: withDefaults };
}

/** Replaces the sheet's schedule (one per sheet) and keeps the others. */
export function upsertSchedule(schedules: readonly Schedule[], schedule: Schedule): Schedule[] {
  return [...schedules.filter((s) => s.sheet !== schedule.sheet), schedule];
}

export interface LocalTime {
  /** YYYY-MM-DD in the spreadsheet's time zone. */
  day: string;
  hour: number;
}

/** An instant's wall clock in one time zone. */
export interface WallClock extends LocalTime {
  minute: number;
}

/**
 * A time zone, as the caller can read it: the wall clock of an instant there (Apps Script:
 * Utilities.formatDate in the spreadsheet's zone, never the script's; Node: Intl). Passing it
 * in keeps the rules below pure.
 */
export type Zone = (epochMs: number) => WallClock;

/** `YYYY-MM-DD` plus `days`, by the calendar (no time zone: the day is already local). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const next = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + days));
  return next.toISOString().slice(0, 10);
}

/** The wall clock read as if it were UTC (epoch ms): its difference to the instant is the offset. */
function wallAsUtc(wall: WallClock): number {
  const [year, month, date] = wall.day.split('-').map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1, wall.hour, wall.minute);
}

/**
 * The instant that is `day` at `hour`:00 in the zone, or undefined when that wall time does not
 * exist there (a daylight-saving gap). Two passes of the offset settle it across a change.
 */
function instantOf(day: string, hour: number, zone: Zone): number | undefined {
  const wanted = wallAsUtc({ day, hour, minute: 0 });
  let at = wanted;
  for (let pass = 0; pass < 2; pass++) at = wanted - (wallAsUtc(zone(at)) - at);
  const wall = zone(at);
  return wall.day === day && wall.hour === hour && wall.minute === 0 ? at : undefined;
}

/**
 * The first `hour`:00 in the zone strictly after `now` (epoch ms). Brazil's zones have had no
 * daylight saving since 2019, but the zone decides, so a zone that has it is handled too.
 */
export function nextHourStart(hour: number, now: number, zone: Zone): number {
  const today = zone(now).day;
  for (let days = 0; days <= 3; days++) {
    const at = instantOf(addDays(today, days), hour, zone);
    if (at !== undefined && at > now) return at;
  }
  return now + 24 * 3_600_000;
}

/**
 * How late a run may start after its H:00. Apps Script documents neither how regularly an hourly
 * trigger fires nor how late (https://developers.google.com/apps-script/reference/script/clock-trigger-builder#everyHoursn):
 * a firing at 01:59 and the next at 03:01 would leave no firing inside a 02:00 hour. Either
 * reading is handled: a firing within the hour starts it, and a late one within the next hour
 * still starts that night's run (late, never early) rather than skipping a night without a word.
 */
const LATE_GRACE_MS = 2 * 3_600_000;

/** The latest H:00 in the spreadsheet's zone at or before `now`. */
function lastHourStart(hour: number, now: number, zone: Zone): number | undefined {
  const today = zone(now).day;
  for (let days = 0; days >= -2; days--) {
    const at = instantOf(addDays(today, days), hour, zone);
    if (at !== undefined && at <= now) return at;
  }
  return undefined;
}

/**
 * The local day of the night's run that the trigger firing at `now` starts, or undefined when
 * none is due. A run starts at or after its H:00 (PRODUCT.md "Schedules keep their hour": never
 * earlier; a clock trigger may fire up to 15 minutes off its time, "plus or minus 15 minutes",
 * https://developers.google.com/apps-script/reference/script/clock-trigger-builder#nearminuteminute,
 * so one that fires before H:00 starts nothing), once a night, and not before the first H:00
 * after it was saved; normally within its hour, at most LATE_GRACE_MS after it.
 */
export function dueDay(schedule: Schedule, now: number, zone: Zone): string | undefined {
  return tonightDue(schedule, now, zone) ?? heldDue(schedule);
}

/** Tonight's run, when the firing at `now` is within its hour (or its grace). */
function tonightDue(schedule: Schedule, now: number, zone: Zone): string | undefined {
  const start = lastHourStart(schedule.hour, now, zone);
  if (start === undefined || now - start >= LATE_GRACE_MS) return undefined;
  if (schedule.notBefore !== undefined && start < schedule.notBefore) return undefined;
  const day = zone(start).day;
  return schedule.lastRunDay === day ? undefined : day;
}

/** A night a missing permission held: due at any firing until it has run (see heldDay). */
function heldDue(schedule: Schedule): string | undefined {
  const { heldDay, lastRunDay } = schedule;
  if (heldDay === undefined) return undefined;
  return lastRunDay !== undefined && lastRunDay >= heldDay ? undefined : heldDay;
}

/** Whether the trigger firing at `now` starts the schedule (see dueDay). */
export function isDue(schedule: Schedule, now: number, zone: Zone): boolean {
  return dueDay(schedule, now, zone) !== undefined;
}

/** Schedules the trigger firing at `now` starts (see isDue). */
export function dueSchedules(schedules: readonly Schedule[], now: number, zone: Zone): Schedule[] {
  return schedules.filter((s) => isDue(s, now, zone));
}

/** When a schedule starts next, in the spreadsheet's local time. */
export interface NextRun extends LocalTime {
  /** It is due now: the next firing of the hourly trigger, within this hour, starts it. */
  withinHour?: boolean;
}

/**
 * When the hourly trigger starts the schedule next: within this hour when it is due now, else
 * the next H:00 that is after its `notBefore` and on a day it has not run.
 */
export function nextRun(schedule: Schedule, now: number, zone: Zone): NextRun {
  const due = dueDay(schedule, now, zone);
  if (due !== undefined) return { day: due, hour: schedule.hour, withinHour: true };
  let at = nextHourStart(schedule.hour, Math.max(now, (schedule.notBefore ?? 0) - 1), zone);
  if (zone(at).day === schedule.lastRunDay) at = nextHourStart(schedule.hour, at, zone);
  return { day: zone(at).day, hour: schedule.hour };
}

/** A nightly run as the Import, Export and Jobs sidebars show it (issue 18.1). */
export interface ScheduleView {
  sheet: string;
  kind: Schedule['kind'];
  /** 0-23, in the spreadsheet's time zone. */
  hour: number;
  /** The spreadsheet's day now (YYYY-MM-DD), so the sidebar can say "today" or "tomorrow". */
  today: string;
  /** When the hourly trigger starts it next, in the spreadsheet's local time. */
  next: NextRun;
  /** The local day it last started, if it has. */
  lastRunDay?: string;
  /** How its last run went, while that job is still listed. */
  last?: { jobId: string; state: JobState; message: string; done: number; total: number };
  /** Why its last start failed, in words. */
  lastError?: string;
  /** Who made it (their e-mail when Apps Script gave it); only their trigger runs it. */
  owner?: string;
  mine: boolean;
  /** The import / export options it runs with. */
  options: Record<string, unknown>;
}
