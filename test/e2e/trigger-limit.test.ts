/**
 * Review 5: 20 triggers per user per script (https://developers.google.com/apps-script/guides/services/quotas).
 * A bound script arms a chain of up to four one-off triggers, created before the old chain is
 * deleted, beside its hourly backstop: up to nine triggers a document at the peak. Where the code
 * serves several documents (simulated by moving each start's trigger records to another
 * spreadsheet id, as in trigger-other-document.test.ts) the fourth document meets it; a
 * chain that hits it must still leave what it made recorded and driving the job, never a start
 * that fails with "too many triggers" and a job left only to the hourly trigger.
 */
import { describe, expect, it } from 'vitest';
import { BASE_URL, createAddonWorld, DEMO_KEYS } from './addon-harness';
import { generateImportSheet } from './import-sheet';

const SHEET = generateImportSheet(3, 5);
const SETTINGS = JSON.stringify({
  apiKey: DEMO_KEYS.admin,
  baseUrl: BASE_URL,
  defaultCountry: 'BR',
  accountId: 1,
});
const TRIGGER_KEY = /^(crm\.trigger\.(?:oneOff|hourly))\.(.+)$/;
const SHEETS = ['A', 'B', 'C', 'D'];

describe('the 20-trigger limit', () => {
  it('a start near it arms a shorter chain instead of failing', async () => {
    const { runtime, sandbox } = await createAddonWorld({
      apiKey: null,
      sandbox: { seed: 'empty' },
      runtime: {
        properties: { user: { 'crm.settings': SETTINGS } },
        workbook: {
          sheets: Object.fromEntries(SHEETS.map((s) => [s, [SHEET.header, ...SHEET.rows]])),
        },
      },
    });
    const counts: number[] = [];
    for (const [i, sheet] of SHEETS.entries()) {
      // Each start's first upsert waits 5 minutes: its job ends the execution by arming a chain.
      sandbox.faults.add({
        kind: '429',
        pathPrefix: '/api/v1/leads/upsert',
        retryAfter: 300,
        count: 1,
      });
      const started = runtime.run('crmImportLeads', { sheet });
      expect(started.ok, `start ${i + 1}: ${started.error?.message}`).toBe(true);
      const mine = Object.entries(runtime.properties('user')).filter(
        ([key, value]) => value !== '' && TRIGGER_KEY.test(key) && !key.includes('.other-'),
      );
      // This document's chain is recorded and among the triggers that will fire.
      const live = new Set(runtime.triggers().map((t) => t.uid));
      const oneOff = mine.find(([key]) => key.startsWith('crm.trigger.oneOff.'));
      expect(oneOff, `start ${i + 1}: no one-off trigger recorded`).toBeDefined();
      const recordedId = (JSON.parse(oneOff?.[1] ?? '{}') as { id?: string }).id ?? '';
      expect(live.has(recordedId), `start ${i + 1}`).toBe(true);
      counts.push(runtime.triggers().length);
      // These become another document's, and the clock passes the Retry-After.
      for (const [key, value] of mine) {
        const match = TRIGGER_KEY.exec(key);
        runtime.setProperties('user', { [`${match?.[1]}.other-${i}`]: value, [key]: '' });
      }
      runtime.advance(301_000);
    }
    expect(Math.max(...counts)).toBeLessThanOrEqual(20);
  });
});
