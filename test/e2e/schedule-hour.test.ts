import { describe, expect, it } from 'vitest';
import type { ScheduleView } from '../../src/core/schedule/schedule';
import { describeSchedule } from '../../src/ui/shared/schedule-model';
import { type Words, wordsFor } from '../../src/ui/shared/words';
import { createHarness } from './export-harness';

/**
 * Issue 29.3: "Every night at 02:00", saved at 11:06, showed "next run: within an hour" and ran
 * at 12:07. PRODUCT.md "Schedules keep their hour": the first run is the next 02:00 after the
 * save, between 02:00 and 02:59 in the spreadsheet's time zone (here São Paulo, the script's
 * zone another one), in a bound script and in a published add-on alike.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// The runtime starts on Monday 2026-11-23 at 09:00 in São Paulo (UTC-3, no daylight saving).
const SAVED_AT = Date.UTC(2026, 10, 23, 14, 6); // 11:06 in São Paulo
const NEXT_TWO_AM = Date.UTC(2026, 10, 24, 5, 0); // 02:00 the next day in São Paulo

/**
 * The words the Jobs sidebar gets from the server (its CRM_BOOT): the person's language, the
 * spreadsheet's locale and time zone.
 */
function jobsSidebarWords(runtime: Awaited<ReturnType<typeof createHarness>>['runtime']): Words {
  runtime.runOrThrow('showJobsSidebar');
  const page = runtime.ui.sidebars().at(-1)?.html.content ?? '';
  const boot = /var CRM_BOOT = (.*?);<\/script>/s.exec(page)?.[1];
  expect(boot).toBeDefined();
  return wordsFor(JSON.parse(boot ?? '{}'));
}

describe.each([
  { deployment: 'bound script', publishedAddon: false },
  { deployment: 'published add-on', publishedAddon: true },
])('a nightly run at 02:00 saved at 11:06 ($deployment)', ({ publishedAddon }) => {
  it.each([
    { locale: 'pt_BR', next: 'Próxima execução: amanhã às 02:00' },
    { locale: 'en_US', next: 'Next run: tomorrow at 2:00 AM' },
  ] as const)(
    'starts between 02:00 and 02:59 the next day; "next run" says so ($locale)',
    async ({ locale, next }) => {
      const harness = await createHarness({
        runtime: {
          publishedAddon,
          scriptTimeZone: 'Europe/Lisbon',
          workbook: { sheets: { Leads: [['Nome']] }, timeZone: 'America/Sao_Paulo', locale },
        },
      });
      const { runtime } = harness;
      runtime.advance(SAVED_AT - runtime.now());
      const views = runtime.runOrThrow('uiCall', 'uiSchedule', [
        { kind: 'export', sheet: 'Noturna', hour: 2, options: { mode: 'replace', filters: {} } },
      ]) as ScheduleView[];
      expect(views).toHaveLength(1);
      const view = views[0] as ScheduleView;
      expect(view.next).toEqual({ day: '2026-11-24', hour: 2 });
      expect(describeSchedule(view, jobsSidebarWords(runtime)).next).toBe(next);

      // The hourly trigger fires all afternoon and night: nothing starts before 02:00.
      runtime.runUntilIdle({
        maxSimulatedMs: NEXT_TWO_AM - MINUTE - runtime.now(),
        maxExecutions: 500,
      });
      expect(runtime.runOrThrow('crmListJobs')).toEqual([]);
      const [waiting] = runtime.runOrThrow('uiCall', 'uiListSchedules', []) as ScheduleView[];
      expect(waiting?.lastRunDay).toBeUndefined();
      expect(waiting?.next).toEqual({ day: '2026-11-24', hour: 2 });

      // It starts within the hour, and only once.
      runtime.runUntilIdle({
        maxSimulatedMs: NEXT_TWO_AM + HOUR - runtime.now(),
        maxExecutions: 500,
      });
      const jobs = runtime.runOrThrow('crmListJobs') as Array<{ kind: string; createdAt: number }>;
      expect(jobs.map((job) => job.kind)).toEqual(['export']);
      const startedAt = jobs[0]?.createdAt ?? 0;
      expect(startedAt).toBeGreaterThanOrEqual(NEXT_TWO_AM);
      expect(startedAt).toBeLessThan(NEXT_TWO_AM + HOUR);
      const [ran] = runtime.runOrThrow('uiCall', 'uiListSchedules', []) as ScheduleView[];
      expect(ran?.lastRunDay).toBe('2026-11-24');
      expect(ran?.next).toEqual({ day: '2026-11-25', hour: 2 });
    },
  );
});
