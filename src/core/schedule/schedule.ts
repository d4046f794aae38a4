import * as z from 'zod/mini';
import { codedError } from '../errors';
import type { JobState } from '../jobs/record';

/**
 * Nightly runs (PRODUCT.md crmSchedule): one schedule per sheet, started by the hourly
 * crmRunJobs trigger once a day at or after its hour in the spreadsheet's time zone.
 */
export const SCHEDULE_KINDS = ['import', 'export'] as const;

export const ScheduleSchema = z.object({
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
});
export type Schedule = z.infer<typeof ScheduleSchema>;
export const SchedulesSchema = z.array(ScheduleSchema);

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

/** Schedules whose hour has come today and that have not started today. */
export function dueSchedules(schedules: readonly Schedule[], now: LocalTime): Schedule[] {
  return schedules.filter((s) => s.hour <= now.hour && s.lastRunDay !== now.day);
}

/** `YYYY-MM-DD` plus `days`, by the calendar (no time zone: the day is already local). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const next = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + days));
  return next.toISOString().slice(0, 10);
}

/**
 * When the hourly trigger starts the schedule next, in the spreadsheet's local time: today at
 * its hour when that is still to come (or has come and it has not run today: the next hourly
 * trigger, within the hour), else tomorrow at its hour. Triggers fire up to an hour late.
 */
export function nextRun(schedule: Schedule, now: LocalTime): LocalTime {
  if (schedule.lastRunDay === now.day) return { day: addDays(now.day, 1), hour: schedule.hour };
  if (schedule.hour > now.hour) return { day: now.day, hour: schedule.hour };
  return { day: now.day, hour: now.hour };
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
  next: LocalTime;
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
