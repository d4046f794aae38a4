import { type Schedule, SchedulesSchema } from '../core/schedule/schedule';
import type { Settings } from '../core/settings/settings';
import { metadataStore } from '../gas/metadata-store';
import { currentSpreadsheet, ownerOf, personId } from './context';

/**
 * Schedules belong to the spreadsheet and are read by the hourly trigger of whoever made them,
 * which may run with no active document: they live in the spreadsheet's developer metadata
 * (see context.ts), reachable by every editor and by SpreadsheetApp.openById.
 */
const SCHEDULES_KEY = 'crm.schedules';

export function loadSchedules(): Schedule[] {
  const raw = metadataStore(currentSpreadsheet()).get(SCHEDULES_KEY);
  if (!raw) return [];
  try {
    const parsed = SchedulesSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function saveSchedules(schedules: readonly Schedule[]): void {
  metadataStore(currentSpreadsheet()).set(SCHEDULES_KEY, JSON.stringify(schedules));
}

/**
 * Whether this person's trigger runs the schedule: only the person who made it (their key),
 * and only while their key is of the account it was made with.
 */
export function ownsSchedule(schedule: Schedule, settings: Settings): boolean {
  return schedule.person === personId() && schedule.ownerKey === ownerOf(settings);
}
