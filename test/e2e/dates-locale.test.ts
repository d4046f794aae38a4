/**
 * Days typed as text are read the way the spreadsheet's locale writes them (PRODUCT.md: dates in
 * the spreadsheet's locale), by one reader (core/query/dates.ts typedDate) for an import, a push,
 * CRM_LEADS/CRM_COUNT query filters and crmExportLeads' filters: in an en_US sheet `01/02/2026`
 * is January 2, in a pt_BR one February 1; ISO `2026-01-02` is the same in both; a text the
 * locale's order cannot read but the other can (`25/11/2026` in en_US) has that one reading.
 * Real bundle against the sandbox. Before the order was passed, every en_US sheet read
 * `01/02/2026` day first: the CRM got 1 February.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, createHarness } from './export-harness';
import { createImportWorld, finishImport } from './import-harness';
import { createPushWorld, PUSH_COLUMNS } from './push-harness';

beforeAll(async () => {
  await buildBundle();
});

/** Text typed into a date column (the apostrophe keeps it text), and the day the CRM must get. */
const CASES = {
  en_US: [
    ["'01/02/2026", '2026-01-02'],
    ["'1/2/26", '2026-01-02'],
    ["'11/21/2026", '2026-11-21'],
    ["'25/11/2026", '2026-11-25'],
    ["'2026-01-02", '2026-01-02'],
  ],
  pt_BR: [
    ["'01/02/2026", '2026-02-01'],
    ["'1/2/26", '2026-02-01'],
    ["'21/11/2026", '2026-11-21'],
    ["'11/25/2026", '2026-11-25'],
    ["'2026-01-02", '2026-01-02'],
  ],
} as const;

const LOCALES = ['en_US', 'pt_BR'] as const;

describe('an import reads days typed as text by the spreadsheet locale', () => {
  for (const locale of LOCALES) {
    it(`in ${locale}, sends each birthday as the locale writes it`, async () => {
      const cases = CASES[locale];
      const rows = cases.map(([typed], i) => [
        `Pessoa ${i + 1}`,
        `p${i + 1}@exemplo.com.br`,
        typed,
      ]);
      const world = await createImportWorld({
        locale,
        sheet: { header: ['Nome', 'E-mail', 'Aniversário'], rows, expected: [], keys: [] },
      });
      expect(finishImport(world).state).toBe('done');
      expect(world.statuses()).toEqual(cases.map(() => 'CREATED'));
      const got = world
        .column('CRM Lead ID')
        .map((id) => world.sandbox.state.leads.find((l) => l.id === id)?.birthday);
      expect(got).toEqual(cases.map(([, day]) => day));
    }, 60_000);
  }

  it('refuses a day neither order reads, saying the locale’s shape', async () => {
    const world = await createImportWorld({
      locale: 'en_US',
      sheet: {
        header: ['Nome', 'E-mail', 'Aniversário'],
        rows: [
          ['Ana', 'ana@exemplo.com.br', "'31/02/2026"],
          ['Bia', 'bia@exemplo.com.br', "'amanhã"],
        ],
        expected: [],
        keys: [],
      },
    });
    expect(finishImport(world).state).toBe('done');
    expect(world.statuses()).toEqual(['INVALID', 'INVALID']);
    const details = world.column('CRM Import Detail').map(String);
    expect(details[0]).toContain('is not a real date');
    expect(details[1]).toContain('write mm/dd/yyyy or yyyy-mm-dd');
    expect(world.upserts()).toHaveLength(0);
  }, 60_000);
});

describe('a push reads days typed as text by the spreadsheet locale', () => {
  for (const locale of LOCALES) {
    it(`in ${locale}, sends each birthday as the locale writes it`, async () => {
      const cases = CASES[locale];
      const w = await createPushWorld(cases.length, locale, `${PUSH_COLUMNS},birthday`);
      // An en_US export writes the API's names as headers, a pt_BR one Portuguese labels.
      const header = locale === 'pt_BR' ? 'Aniversário' : 'birthday';
      cases.forEach(([typed], i) => {
        w.set(w.ids[i] as number, header, typed);
      });
      const job = w.run('crmPushChanges', { sheet: 'Export' });
      expect(job.state, job.message).toBe('done');
      const got = cases.map((_, i) => w.lead(w.ids[i] as number).birthday);
      expect(got).toEqual(cases.map(([, day]) => day));
    }, 120_000);
  }
});

describe('query filters read days typed as text by the spreadsheet locale', () => {
  for (const [locale, day] of [
    ['en_US', '2026-01-02'],
    ['pt_BR', '2026-02-01'],
  ] as const) {
    it(`in ${locale}, CRM_COUNT and crmExportLeads ask for created_from=${day}`, async () => {
      const h = await createHarness({
        allowFormulas: true,
        runtime: { workbook: { sheets: { Planilha1: [] }, locale } },
      });
      h.sandbox.clearRequests();
      const count = h.runtime.runCustomFunction('CRM_COUNT', 'created_from=01/02/2026');
      expect(count.error?.message).toBeUndefined();
      h.runtime.runOrThrow('crmExportLeads', {
        sheet: 'Leads',
        filters: { created_from: '01/02/2026', created_to: '2026-12-31' },
      });
      h.runtime.runUntilIdle({ maxExecutions: 20 });
      const asked = h
        .requests()
        .filter((r) => r.path.startsWith('/api/v1/leads?'))
        .map((r) => new URL(r.path, 'http://crm').searchParams.get('created_from'));
      expect(asked.length).toBeGreaterThanOrEqual(2);
      expect(new Set(asked)).toEqual(new Set([day]));
    }, 60_000);
  }
});
