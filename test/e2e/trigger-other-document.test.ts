/**
 * Review 5: the trigger bookkeeping of one spreadsheet never deletes the triggers this person's
 * script made for another. A bound build deployed where its code serves several documents (a
 * test deployment of the add-on, or one project used from several files) lists them all in
 * ScriptApp.getProjectTriggers(); the sweep of unrecorded triggers (a creation killed before its
 * record) took every trigger not recorded for THIS spreadsheet as a leftover and deleted it,
 * stranding the other spreadsheet's job. Simulated by moving the first job's trigger records to
 * another spreadsheet id, as if another document had made them, then starting a job here.
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

describe('another spreadsheet’s triggers', () => {
  it('survive this spreadsheet arming its own', async () => {
    const { runtime, sandbox } = await createAddonWorld({
      apiKey: null,
      sandbox: { seed: 'empty' },
      runtime: {
        properties: { user: { 'crm.settings': SETTINGS } },
        workbook: {
          sheets: { Leads: [SHEET.header, ...SHEET.rows], More: [SHEET.header, ...SHEET.rows] },
        },
      },
    });
    sandbox.faults.add({
      kind: '429',
      pathPrefix: '/api/v1/leads/upsert',
      retryAfter: 300,
      count: 1,
    });
    runtime.runOrThrow('crmImportLeads', { sheet: 'Leads' });
    const made = runtime.triggers().map((t) => t.uid);
    expect(made.length).toBeGreaterThan(1);
    // Those triggers now belong to another document of the same project and person.
    const moved: Record<string, string> = {};
    for (const [key, value] of Object.entries(runtime.properties('user'))) {
      const match = TRIGGER_KEY.exec(key);
      if (match) moved[`${match[1]}.another-spreadsheet-id`] = value;
    }
    expect(Object.keys(moved).length).toBe(2);
    runtime.setProperties('user', moved);
    for (const key of Object.keys(runtime.properties('user'))) {
      if (TRIGGER_KEY.exec(key) && !key.endsWith('.another-spreadsheet-id')) {
        runtime.setProperties('user', { [key]: '' });
      }
    }
    runtime.advance(301_000); // past the Retry-After (the other document's triggers wait on)
    const second = runtime.run('crmImportLeads', { sheet: 'More' });
    expect(second.ok, second.error?.message).toBe(true);
    const left = new Set(runtime.triggers().map((t) => t.uid));
    expect(made.filter((uid) => !left.has(uid))).toEqual([]);
  });
});
