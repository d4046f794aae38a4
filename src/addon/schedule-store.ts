import { type Schedule, SchedulesSchema } from '../core/schedule/schedule';
import type { Settings } from '../core/settings/settings';
import { ownerOf } from './context';

/** Schedules belong to the spreadsheet: its document properties hold them. */
const SCHEDULES_KEY = 'crm.schedules';

export function loadSchedules(): Schedule[] {
  const raw = PropertiesService.getDocumentProperties().getProperty(SCHEDULES_KEY);
  if (!raw) return [];
  try {
    const parsed = SchedulesSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function saveSchedules(schedules: readonly Schedule[]): void {
  PropertiesService.getDocumentProperties().setProperty(SCHEDULES_KEY, JSON.stringify(schedules));
}

/** Schedules from before owners were recorded run with any key. */
export function ownsSchedule(schedule: Schedule, settings: Settings): boolean {
  return schedule.ownerKey === undefined || schedule.ownerKey === ownerOf(settings);
}
