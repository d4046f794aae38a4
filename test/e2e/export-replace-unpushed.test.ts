/**
 * Issue #28: a replace export over an export sheet with cells a person changed and has not
 * pushed overwrote them with no word ("10 leads exportados"). Now it refuses before writing
 * anything, naming the sheet and the number of cells, in the person's language (crmExportLeads
 * and the Export sidebar's uiCall); the edit stays, the CRM untouched. A replace once the edits
 * are gone (pushed, or put back) runs as before. The real bundle against the sandbox.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBundle } from './export-harness';
import { createPushWorld, PUSH_COLUMNS, PUSH_SHEET, type PushWorld } from './push-harness';

beforeAll(async () => {
  await buildBundle();
});

const REPLACE = { sheet: PUSH_SHEET, filters: { tags: ['lote'] }, columns: PUSH_COLUMNS };

describe('a replace export over unpushed edits', () => {
  let w: PushWorld;
  let first: number;
  let second: number;
  let oldName: unknown;

  beforeAll(async () => {
    w = await createPushWorld(10);
    [first, second] = w.ids as [number, number];
    oldName = w.cell(first, 'Nome');
    w.set(first, 'Nome', 'Maria Editada');
    w.set(second, 'Empresa', 'Empresa Editada');
    w.set(second, 'Nome', 'Nome Editado');
  });

  it('refuses in Portuguese, naming the sheet and the 3 cells, and writes nothing', () => {
    const sheetBefore = structuredClone(w.runtime.sheet(PUSH_SHEET).getValues());
    const leadsBefore = structuredClone(w.sandbox.state.leads);
    w.sandbox.clearRequests();
    const result = w.runtime.run('crmExportLeads', REPLACE);
    expect(result.ok).toBe(false);
    const message = result.error?.message ?? '';
    expect(message).toContain(`"${PUSH_SHEET}"`);
    expect(message).toContain('3 células alteradas');
    expect(message).toContain('CRM → Enviar alterações');
    expect(w.runtime.sheet(PUSH_SHEET).getValues()).toEqual(sheetBefore);
    expect(w.cell(first, 'Nome')).toBe('Maria Editada');
    expect(w.sandbox.state.leads).toEqual(leadsBefore);
    expect(w.writes()).toEqual([]);
    w.runtime.runUntilIdle({ maxExecutions: 20 });
    expect(w.cell(first, 'Nome')).toBe('Maria Editada');
  });

  it('refuses in English through the Export sidebar', () => {
    w.runtime.setUserLocale('en');
    const result = w.runtime.run('uiCall', 'crmExportLeads', [REPLACE]);
    w.runtime.setUserLocale('pt');
    expect(result.ok).toBe(false);
    const message = result.error?.message ?? '';
    expect(message).toContain(`The sheet "${PUSH_SHEET}" has 3 cells you changed`);
    expect(message).toContain('CRM → Push changes');
    expect(w.cell(first, 'Nome')).toBe('Maria Editada');
  });

  it('a sync keeps the edits; with them put back, a replace runs as before', () => {
    const synced = w.run('crmExportLeads', { ...REPLACE, mode: 'sync' });
    expect(synced.state).toBe('done');
    expect(w.cell(first, 'Nome')).toBe('Maria Editada');
    w.set(first, 'Nome', oldName);
    w.set(second, 'Empresa', w.lead(second).company ?? '');
    w.set(second, 'Nome', w.lead(second).name);
    const replaced = w.run('crmExportLeads', REPLACE);
    expect(replaced.state).toBe('done');
    expect(replaced.message).toContain('10 leads');
  });
});
