/**
 * Issue 16.9: an export writes only into a new sheet, an empty one, or a sheet an export wrote;
 * a sheet a person typed is refused with an error naming it, and left as it was — also from the
 * Export sidebar (uiCall), which pre-fills the sheet name "Export", in the person's language.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, createHarness, type Harness } from './export-harness';

beforeAll(async () => {
  await buildBundle();
});

/** 31 leads a person typed, with the headers a Brazilian types. */
const TYPED = [
  ['Nome', 'E-mail', 'Telefone'],
  ...Array.from({ length: 31 }, (_, i) => [
    `Pessoa ${i + 1}`,
    `pessoa${i + 1}@exemplo.com.br`,
    `(11) 9${String(8000_0000 + i)}`,
  ]),
];

async function withSheets(sheets: Record<string, unknown[][]>, locale = 'en_US') {
  return createHarness({ runtime: { workbook: { sheets, locale } } });
}

function leadRequests(h: Harness): number {
  return h.requests().filter((r) => r.path.startsWith('/api/v1/leads')).length;
}

describe('crmExportLeads refuses a sheet a person typed', () => {
  it('names the sheet, starts nothing and leaves every typed row as it was', async () => {
    const h = await withSheets({ Export: TYPED });
    for (const mode of ['replace', 'sync']) {
      const result = h.runtime.run('crmExportLeads', { sheet: 'Export', mode });
      expect(result.ok).toBe(false);
      expect(result.error?.message).toMatch(/"Export"/);
      expect(result.error?.message).toMatch(/new or empty sheet/);
    }
    expect(h.runtime.sheet('Export').getValues()).toEqual(TYPED);
    expect(leadRequests(h)).toBe(0);
    expect(h.runtime.runOrThrow('crmListJobs')).toEqual([]);
  });

  it('from the sidebar, says it in the person’s language', async () => {
    const h = await withSheets({ Export: TYPED }, 'pt_BR');
    const result = h.runtime.run('uiCall', 'crmExportLeads', [{ sheet: 'Export' }]);
    expect(result.error?.message).toBe(
      'A planilha "Export" tem dados que nenhuma exportação escreveu, então a exportação não mexe nela. Exporte para uma planilha nova ou vazia (digite outro nome) ou limpe "Export" antes.',
    );
    expect(h.runtime.sheet('Export').getValues()).toEqual(TYPED);
  });
});

describe('crmExportLeads writes new, empty and exported sheets', () => {
  it('creates a missing sheet, then exports into it again after the person renamed a header and added a column', async () => {
    const h = await withSheets({ Notas: [['x']] });
    h.runtime.runOrThrow('crmExportLeads', { sheet: 'Leads', columns: 'id,name' });
    const sheet = h.runtime.sheet('Leads');
    sheet.setValues(1, 3, [['Minha nota']]);
    sheet.setValues(1, 2, [['Nome do lead']]);
    const again = h.runtime.run('crmExportLeads', { sheet: 'Leads', columns: 'id,name' });
    expect(again.ok).toBe(true);
    expect(sheet.getValues()[0]).toEqual(['id', 'name']);
    const sync = h.runtime.run('crmExportLeads', {
      sheet: 'Leads',
      mode: 'sync',
      columns: 'id,name',
    });
    expect(sync.ok).toBe(true);
  });

  it('writes an existing empty sheet', async () => {
    const h = await withSheets({ Export: [] });
    expect(h.runtime.run('crmExportLeads', { sheet: 'Export' }).ok).toBe(true);
    expect(h.runtime.sheet('Export').getValues().length).toBeGreaterThan(1);
  });
});
