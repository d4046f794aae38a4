/**
 * English: nightly runs (issue 18.1), as the Import and Export sidebars offer them and the Jobs
 * sidebar lists them, and the mistakes crmSchedule / crmUnschedule report.
 */
export const SCHEDULES_EN = {
  'ui.schedule.legend': 'Every night',
  'ui.schedule.importLabel': 'Import this sheet again every night at',
  'ui.schedule.exportLabel': 'Export with these settings every night at',
  'ui.schedule.hint':
    "Runs the settings above with your CRM key, even with the spreadsheet closed (in the spreadsheet's time zone, {zone}). Stop it here or in Jobs.",
  'ui.schedule.save': 'Schedule',
  'ui.schedule.stop': 'Stop',
  'ui.schedule.current': 'Scheduled: every night at {time}.',
  'ui.schedule.saved': 'Scheduled: "{sheet}" every night at {time}. Jobs lists it.',
  'ui.schedule.stopped': 'The nightly run of "{sheet}" is stopped.',
  'ui.schedules.title': 'Nightly runs',
  'ui.schedules.none': 'No nightly runs. Schedule one from Import leads or Export leads.',
  'ui.schedules.every': 'Every night at {time}',
  'ui.schedules.nextNow': 'Next run: within the hour',
  'ui.schedules.nextToday': 'Next run: today at {time}',
  'ui.schedules.nextTomorrow': 'Next run: tomorrow at {time}',
  'ui.schedules.nextOn': 'Next run: {day} at {time}',
  'ui.schedules.lastNever': 'Not run yet.',
  'ui.schedules.lastRun': 'Last run ({day}): {state}. {message}',
  'ui.schedules.lastRunGone': 'Last run: {day}.',
  'ui.schedules.lastFailed': 'The last run ({day}) could not start: {error}',
  'ui.schedules.byYou': 'Runs with your CRM key.',
  'ui.schedules.by': 'Runs with the CRM key of {who}.',
  'ui.schedules.byOther': 'Runs with the CRM key of the editor who scheduled it.',
  'ui.error.scheduleNotObject': 'Choose the sheet and the hour of the nightly run.',
  'ui.error.scheduleKind': 'A nightly run imports or exports (got {got}).',
  'ui.error.scheduleSheetMissing': 'Choose the sheet of the nightly run.',
  'ui.error.scheduleHour': 'Choose an hour from 00:00 to 23:00 for the nightly run (got {got}).',
  'ui.error.scheduleNoSheet':
    'No sheet is named "{sheet}": a nightly import reads a sheet that exists. Pick it from the list.',
  'ui.error.scheduleNone': '"{sheet}" has no nightly run (scheduled sheets: {names}).',
  // A night's run held for a permission not granted (addon/schedule-api.ts).
  'schedule.heldForConsent':
    'Not started: CRM Sheets needs permission you have not allowed: {permissions}. Open {url} and allow it; the run starts at the next hourly check.',
} as const;
