import { codedError } from '../core/errors';
import { parseExportRequest } from '../core/export/job/request';
import { translator } from '../core/i18n';
import { retranslate } from '../core/i18n/retranslate';
import { parseImportRequest } from '../core/import/job/options';
import { dateOrderOf } from '../core/import/normalize';
import type { JobSummary } from '../core/jobs';
import { personMessage } from '../core/person-message';
import {
  dueDay,
  dueSchedules,
  nextHourStart,
  nextRun,
  parseScheduleInput,
  type Schedule,
  type ScheduleView,
  upsertSchedule,
  type Zone,
} from '../core/schedule/schedule';
import { type ConsentGap, consentGap, consentParams } from '../gas/consent';
import { currentLocale } from '../gas/locale';
import { appsScriptClock } from '../gas/services';
import {
  deleteUnrecordedTrigger,
  ensureHourlyTrigger,
  spreadsheetIdOfTrigger,
} from '../gas/triggers';
import {
  activeSpreadsheet,
  currentSpreadsheet,
  loadSettings,
  openSpreadsheet,
  ownerOf,
  personId,
  personName,
  requireSettings,
  useSpreadsheet,
} from './context';
import { crmExportLeads } from './export-api';
import { crmImportLeads } from './import-api';
import {
  crmGetJob,
  driveJobs,
  noteFiredTrigger,
  pauseJobsForConsent,
  recordBackgroundFailure,
  resumeJobsPausedForConsent,
} from './jobs-api';
import { loadSchedules, ownsSchedule, saveSchedules } from './schedule-store';

/**
 * Schedules a nightly import or export sync of one sheet (one schedule per sheet; a new call
 * replaces it). `hour` is 0-23 in the spreadsheet's time zone; the other options are those of
 * crmImportLeads / crmExportLeads (a nightly export defaults to `mode: "sync"`). The hourly
 * crmRunJobs trigger starts it; it runs with the API key of the user who scheduled it.
 * Returns every schedule of this spreadsheet.
 */
export function crmSchedule(options: Record<string, unknown>): Schedule[] {
  const schedule = parseScheduleInput(options);
  checkRunOptions(schedule);
  const settings = requireSettings();
  const spreadsheet = currentSpreadsheet();
  if (!spreadsheet.getSheetByName(schedule.sheet) && schedule.kind === 'import') {
    throw codedError(
      `No sheet is named "${schedule.sheet}"; schedule an import of an existing sheet.`,
      'scheduleNoSheet',
      { sheet: schedule.sheet },
    );
  }
  const owner = personName();
  const schedules = upsertSchedule(loadSchedules(), {
    ...schedule,
    // The first run is the next H:00 after now, never the hourly trigger's next firing.
    notBefore: nextHourStart(schedule.hour, appsScriptClock.now(), spreadsheetZone()),
    ...(owner ? { owner } : {}),
    ownerKey: ownerOf(settings),
    person: personId(),
    spreadsheetId: spreadsheet.getId(),
  });
  saveSchedules(schedules);
  ensureHourlyTrigger(spreadsheet);
  return schedules;
}

/**
 * The run's own checks (crmImportLeads / crmExportLeads options), made now: a mistake found
 * only when the run starts at night would be a lastError nobody reads.
 */
function checkRunOptions(schedule: Schedule): void {
  const options = { ...schedule.options, sheet: schedule.sheet };
  if (schedule.kind === 'import') {
    parseImportRequest(options);
  } else {
    const spreadsheet = currentSpreadsheet();
    const zone = spreadsheet.getSpreadsheetTimeZone();
    parseExportRequest(options, {
      formatDate: (date) => Utilities.formatDate(date, zone, 'yyyy-MM-dd'),
      dateOrder: dateOrderOf(spreadsheet.getSpreadsheetLocale()),
    });
  }
}

/** Removes the sheet's nightly run. Returns the schedules left. */
export function crmUnschedule(sheet: string): Schedule[] {
  if (typeof sheet !== 'string' || sheet.trim() === '') {
    throw codedError(
      'Pass the name of the sheet whose schedule to remove (see crmListSchedules()).',
      'scheduleSheetMissing',
    );
  }
  const schedules = loadSchedules();
  const left = schedules.filter((s) => s.sheet !== sheet.trim());
  if (left.length === schedules.length) {
    const names = schedules.map((s) => `"${s.sheet}"`).join(', ') || '—';
    throw codedError(`"${sheet}" has no schedule; scheduled sheets: ${names}.`, 'scheduleNone', {
      sheet,
      names,
    });
  }
  saveSchedules(left);
  return left;
}

/** Every nightly run of this spreadsheet, with its last start and error. */
export function crmListSchedules(): Schedule[] {
  return loadSchedules();
}

/**
 * The spreadsheet's time zone (not the script's: a schedule's hour is the spreadsheet's), read
 * with Utilities.formatDate.
 */
function spreadsheetZone(): Zone {
  const zone = currentSpreadsheet().getSpreadsheetTimeZone();
  return (epochMs) => {
    const text = Utilities.formatDate(new Date(epochMs), zone, 'yyyy-MM-dd HH mm');
    const [day, hour, minute] = text.split(' ');
    return { day: day ?? '', hour: Number(hour), minute: Number(minute) };
  };
}

/** What Apps Script passes a time-driven trigger's handler (the part we read). */
interface TriggerEvent {
  triggerUid?: string;
}

/**
 * The time-driven trigger handler: starts this person's nightly runs that are due, then
 * continues their pending jobs. Returns the job summaries.
 *
 * Whether an add-on's time-driven trigger runs with an active spreadsheet is not documented
 * (https://developers.google.com/apps-script/guides/triggers/installable#time-driven_triggers,
 * https://developers.google.com/workspace/add-ons/concepts/editor-triggers): without one, the
 * spreadsheet is the one recorded with the trigger that fired (by its `triggerUid`), opened by
 * id. A trigger nothing records is deleted: it belongs to no spreadsheet we know.
 */
export function crmRunJobs(event?: TriggerEvent): JobSummary[] {
  const triggerUid = typeof event?.triggerUid === 'string' ? event.triggerUid : undefined;
  // First of all, before any trigger or UrlFetch call: an add-on's trigger keeps firing after
  // an update that needs new consent, and would stop at its first unauthorised call
  // (https://developers.google.com/workspace/add-ons/concepts/editor-triggers, gas/consent.ts).
  const gap = consentGap();
  if (!activeSpreadsheet()) {
    const spreadsheetId = triggerUid === undefined ? undefined : spreadsheetIdOfTrigger(triggerUid);
    if (spreadsheetId === undefined) {
      if (triggerUid !== undefined && !gap) deleteUnrecordedTrigger(triggerUid);
      return [];
    }
    useSpreadsheet(openSpreadsheet(spreadsheetId));
  }
  // The person's jobs pause with what to allow (shown in Jobs); triggers are left as they are
  // (touching them may itself need the missing scope), and due schedules wait for consent.
  if (gap) {
    holdDueSchedulesForConsent(gap);
    return pauseJobsForConsent(gap);
  }
  try {
    if (triggerUid !== undefined) deleteUnrecordedTrigger(triggerUid);
    noteFiredTrigger(triggerUid);
    resumeJobsPausedForConsent(true);
    startDueSchedules();
    return driveJobs('trigger').summaries;
  } catch (error) {
    recordBackgroundFailure(error);
    throw error;
  }
}

/**
 * A firing that found a permission not granted starts none of this person's due schedules: each
 * says why (its lastError, in the scheduler's language, which the Jobs list says again in each
 * reader's) and keeps the night it missed (`heldDay`), which the first firing with the
 * permission starts, however late. Best effort: a store that cannot be written leaves the
 * schedule as it was, due again within its hour.
 */
function holdDueSchedulesForConsent(gap: ConsentGap): void {
  try {
    const settings = loadSettings();
    if (!settings) return;
    const mine = loadSchedules().filter((s) => ownsSchedule(s, settings));
    if (mine.length === 0) return;
    const now = appsScriptClock.now();
    const zone = spreadsheetZone();
    const t = translator(currentLocale());
    const reason = t('schedule.heldForConsent', consentParams(gap, t));
    for (const schedule of dueSchedules(mine, now, zone)) {
      const day = dueDay(schedule, now, zone);
      if (day === undefined) continue;
      saveSchedules(
        upsertSchedule(loadSchedules(), { ...schedule, heldDay: day, lastError: reason }),
      );
    }
  } catch {
    // Nothing recorded; the schedule is still due at the next firing within its hour.
  }
}

/**
 * Starts every schedule of this user's key whose hour has come and that has not run today.
 * Another editor's trigger leaves it alone: it must run with the key that scheduled it.
 */
function startDueSchedules(): void {
  const settings = loadSettings();
  if (!settings) return;
  const mine = loadSchedules().filter((s) => ownsSchedule(s, settings));
  if (mine.length === 0) return;
  const now = appsScriptClock.now();
  const zone = spreadsheetZone();
  for (const schedule of dueSchedules(mine, now, zone)) {
    // Marked (and saved) before starting: a start that throws or is killed is not retried
    // every hour; its error is reported on the schedule. The day is the night's H:00's.
    const started: Schedule = {
      ...schedule,
      lastRunDay: dueDay(schedule, now, zone) ?? zone(now).day,
    };
    delete started.lastError;
    delete started.heldDay;
    saveSchedules(upsertSchedule(loadSchedules(), started));
    try {
      const options = { ...schedule.options, sheet: schedule.sheet };
      const summary =
        schedule.kind === 'import'
          ? crmImportLeads(options as unknown as Parameters<typeof crmImportLeads>[0])
          : crmExportLeads(options as unknown as Parameters<typeof crmExportLeads>[0]);
      started.lastJobId = summary.jobId;
    } catch (error) {
      // In words, in the scheduler's language (the trigger runs as them); each reader of the
      // Jobs sidebar gets it in their own where it is one catalogue sentence.
      started.lastError = personMessage(error, translator(currentLocale()));
    }
    saveSchedules(upsertSchedule(loadSchedules(), started));
  }
}

export type { ScheduleView };

function lastRunOf(jobId: string | undefined): ScheduleView['last'] {
  if (jobId === undefined) return undefined;
  try {
    const job = crmGetJob(jobId);
    return { jobId, state: job.state, message: job.message, done: job.done, total: job.total };
  } catch {
    // Finished jobs are pruned after a while: the run is then only known by its day.
    return undefined;
  }
}

/** Every nightly run of this spreadsheet with its next start and last result. */
export function uiListSchedules(): ScheduleView[] {
  const now = appsScriptClock.now();
  const zone = spreadsheetZone();
  const today = zone(now).day;
  const me = personId();
  const locale = currentLocale();
  return loadSchedules().map((schedule) => {
    const last = lastRunOf(schedule.lastJobId);
    return {
      sheet: schedule.sheet,
      kind: schedule.kind,
      hour: schedule.hour,
      today,
      next: nextRun(schedule, now, zone),
      ...(schedule.lastRunDay === undefined ? {} : { lastRunDay: schedule.lastRunDay }),
      ...(last === undefined ? {} : { last }),
      ...(schedule.lastError === undefined
        ? {}
        : { lastError: retranslate(schedule.lastError, locale) }),
      ...(schedule.owner === undefined ? {} : { owner: schedule.owner }),
      mine: schedule.person === me,
      options: schedule.options,
    };
  });
}

/** From the Import or Export sidebar: runs its current settings every night at `hour`. */
export function uiSchedule(input: {
  kind: Schedule['kind'];
  sheet: string;
  hour: number;
  options?: Record<string, unknown>;
}): ScheduleView[] {
  const { kind, sheet, hour, options } = input ?? ({} as typeof input);
  crmSchedule({ ...(options ?? {}), kind, sheet, hour });
  return uiListSchedules();
}

/** Stops a sheet's nightly run (any editor may: the schedule belongs to the spreadsheet). */
export function uiUnschedule(sheet: string): ScheduleView[] {
  crmUnschedule(sheet);
  return uiListSchedules();
}
