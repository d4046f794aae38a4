/**
 * Review 5: a published editor add-on may have ONE time-based trigger per user per document
 * (https://developers.google.com/workspace/add-ons/concepts/editor-triggers#restrictions); a
 * second create throws. A start and a nightly schedule saved by the same person at the same
 * moment (two sidebars) both see no hourly trigger yet; the second to arm it must find the
 * first's under the trigger lock rather than create a second one (which threw in the published
 * add-on and failed that person's start).
 */
import { describe, expect, it } from 'vitest';
import type { ServiceCallEvent } from '../../tools/gas-runtime/index';
import { BASE_URL, createAddonWorld, DEMO_KEYS } from './addon-harness';
import { generateImportSheet } from './import-sheet';

const SHEET = generateImportSheet(3, 5);
const OTHER = generateImportSheet(3, 6);
const SETTINGS = JSON.stringify({
  apiKey: DEMO_KEYS.admin,
  baseUrl: BASE_URL,
  defaultCountry: 'BR',
  accountId: 1,
});

async function world(publishedAddon: boolean) {
  const created = await createAddonWorld({
    apiKey: null,
    sandbox: { seed: 'empty' },
    runtime: {
      publishedAddon,
      properties: { user: { 'crm.settings': SETTINGS } },
      workbook: {
        sheets: { Leads: [SHEET.header, ...SHEET.rows], Other: [OTHER.header, ...OTHER.rows] },
      },
    },
  });
  // No job finishes in its first execution: both stay pending, each needing its driver.
  created.sandbox.faults.add({
    kind: '429',
    pathPrefix: '/api/v1/leads/upsert',
    retryAfter: 3_600,
    count: 1_000_000,
  });
  return created;
}

describe('two starts of one person arm one hourly trigger', () => {
  for (const publishedAddon of [true, false]) {
    it(publishedAddon ? 'in a published add-on' : 'in a bound script', async () => {
      // Where the first start creates its hourly trigger, and the calls just before it.
      const probe = await world(publishedAddon);
      const names: ServiceCallEvent[] = [];
      probe.onServiceCall = (event) => {
        names.push(event);
      };
      const whole = probe.runtime.run('crmImportLeads', { sheet: 'Leads' });
      expect(whole.ok, whole.error?.message).toBe(true);
      const create = names.find((e) => /newTrigger/.test(e.name))?.index;
      expect(create, names.map((e) => e.name).join(', ')).toBeDefined();
      let tried = 0;
      for (let n = Math.max(1, (create ?? 1) - 8); n <= (create ?? 1); n++) {
        const { runtime } = await world(publishedAddon);
        const outer = runtime.execute({
          fn: 'crmImportLeads',
          args: [{ sheet: 'Leads' }],
          interleave: {
            atServiceCall: n,
            fn: 'crmSchedule',
            args: [{ kind: 'import', sheet: 'Other', hour: 3 }],
          },
        });
        if (!outer.interleaved) continue;
        tried += 1;
        const where = `second start at call ${n}`;
        // Inside the other's trigger lock (which this runtime's interleaving cannot wait out;
        // Apps Script waits up to 10 s), the schedule is refused in clear words: also fine.
        if (!outer.interleaved.ok) {
          expect(outer.interleaved.error?.message, where).toMatch(/arranging this spreadsheet/);
        }
        expect(outer.ok, `${where}: ${outer.error?.message}`).toBe(true);
        const hourly = runtime
          .triggers()
          .filter((t) => t.handler === 'crmRunJobs' && t.schedule?.kind === 'everyHours');
        expect(hourly, where).toHaveLength(1);
      }
      expect(tried).toBeGreaterThan(3);
    }, 120_000);
  }
});
