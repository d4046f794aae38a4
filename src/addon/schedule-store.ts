import { type Schedule, SchedulesSchema } from '../core/schedule/schedule';

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
