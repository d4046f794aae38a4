/**
 * Adversarial review of exports (issue 16.9–16.11): ways a person breaks them by using the
 * product normally, each found failing on the real bundle before its fix.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, createHarness, DEMO_NOW, seedLeads } from './export-harness';

beforeAll(async () => {
  await buildBundle();
});

describe('two exports into one sheet', () => {
  it('a second export into a sheet an unfinished export is writing is refused by name, in the person’s words', async () => {
    // Slow requests keep the first export running past its first execution.
    const h = await createHarness({
      runtime: {
        costs: { fetchMs: 140_000 },
        workbook: { sheets: { Planilha1: [] }, locale: 'pt_BR' },
      },
    });
    seedLeads(h.sandbox, 1_500, DEMO_NOW);
    const first = h.runtime.runOrThrow('crmExportLeads', {
      sheet: 'Leads',
      columns: 'id,name',
    }) as {
      state: string;
    };
    expect(first.state).toBe('running');
    // Before: the second (a sync of other columns) started too and both wrote the sheet at once.
    const second = h.runtime.run('uiCall', 'crmExportLeads', [
      { sheet: 'Leads', mode: 'sync', columns: 'id,email' },
    ]);
    expect(second.ok).toBe(false);
    expect(second.error?.message).toBe(
      'Outro processo ainda está trabalhando em “Leads”. Espere terminar, ou pause ou cancele em CRM → Processos, e comece de novo.',
    );
    const jobs = h.runtime.runOrThrow('crmListJobs') as unknown[];
    expect(jobs).toHaveLength(1);
    h.runtime.runUntilIdle();
    const rows = h.runtime.sheet('Leads').getValues();
    expect(rows[0]).toEqual(['id', 'name']);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(rows.length - 1);
    // Once it is done, the sheet takes the next export.
    expect(
      h.runtime.run('crmExportLeads', { sheet: 'Leads', mode: 'sync', columns: 'id,name' }).ok,
    ).toBe(true);
  });
});
