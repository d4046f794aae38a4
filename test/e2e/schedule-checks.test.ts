import { describe, expect, it } from 'vitest';
import { createAddonWorld } from './addon-harness';

/**
 * A nightly run's options are those of crmImportLeads / crmExportLeads. A mistake in them must
 * be refused when the schedule is made, with the fix, not found at 2 a.m. as a lastError.
 */
describe('crmSchedule checks the options of the run it schedules', () => {
  it.each([
    [{ kind: 'import', sheet: 'Leads', hour: 2, matchBy: 'cpf' }, /matchBy must be one of/],
    [{ kind: 'import', sheet: 'Leads', hour: 2, headerRow: 0 }, /headerRow must be a whole number/],
    [{ kind: 'import', sheet: 'Leads', hour: 2, dryrun: true }, /Unknown option "dryrun"/],
    [{ kind: 'export', sheet: 'Nightly', hour: 2, mode: 'merge' }, /mode must be "replace"/],
    [{ kind: 'export', sheet: 'Nightly', hour: 2, colums: 'id,name' }, /Unknown option "colums"/],
    [{ kind: 'export', sheet: 'Nightly', hour: 2, columns: 42 }, /columns must be a comma list/],
  ])(
    'refuses %j with a message that says what to fix, and saves nothing',
    async (input, message) => {
      const { runtime } = await createAddonWorld({
        runtime: { workbook: { sheets: { Leads: [['Nome', 'E-mail']] } } },
      });
      const result = runtime.run('crmSchedule', input);
      expect(result.error?.message).toMatch(message);
      expect(runtime.runOrThrow('crmListSchedules')).toEqual([]);
      expect(runtime.triggers()).toHaveLength(0);
    },
  );

  it('keeps accepting good options', async () => {
    const { runtime } = await createAddonWorld({
      runtime: { workbook: { sheets: { Leads: [['Nome', 'E-mail']] } } },
    });
    runtime.runOrThrow('crmSchedule', {
      kind: 'import',
      sheet: 'Leads',
      hour: 2,
      matchBy: 'email',
    });
    runtime.runOrThrow('crmSchedule', {
      kind: 'export',
      sheet: 'Nightly',
      hour: 3,
      columns: 'id,name',
      filters: { pipeline: 'Vendas' },
    });
    expect(runtime.runOrThrow('crmListSchedules')).toMatchObject([
      { kind: 'import', sheet: 'Leads', options: { matchBy: 'email' } },
      { kind: 'export', sheet: 'Nightly', options: { mode: 'sync', columns: 'id,name' } },
    ]);
  });
});
