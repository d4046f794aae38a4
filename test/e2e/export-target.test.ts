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
    // The export's own columns are rewritten; the person's column beside them stays.
    expect(sheet.getValues()[0]).toEqual(['id', 'name', 'Minha nota']);
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

/** 25 leads a person typed under headers an export writes too (issue 27: 300 leads replaced them). */
const LOOKALIKE = [
  ['name', 'email', 'phone', 'notes'],
  ...Array.from({ length: 25 }, (_, i) => [
    `Pessoa ${i + 1}`,
    `pessoa${i + 1}@exemplo.com.br`,
    `(11) 9${String(8100_0000 + i)}`,
    `nota ${i + 1}`,
  ]),
];

describe('an export writes only into what it owns (issue 27 item 8)', () => {
  it('refuses a typed sheet whose headers look like an export’s, and leaves it as it was', async () => {
    const h = await withSheets({
      Leads: LOOKALIKE,
      Contatos: [
        ['name', 'email', 'Observações'],
        ['Ana', 'ana@exemplo.com.br', 'ligar'],
      ],
    });
    for (const [sheet, mode, columns] of [
      ['Leads', 'replace', 'name,email,phone'],
      ['Leads', 'replace', undefined],
      ['Leads', 'sync', 'id,name,email,phone'],
      ['Contatos', 'replace', 'name,email'],
      ['Contatos', 'sync', 'id,name,email'],
    ] as const) {
      const result = h.runtime.run('crmExportLeads', { sheet, mode, columns });
      expect(result.ok, `${sheet} ${mode} ${columns}`).toBe(false);
      expect(result.error?.message).toMatch(
        new RegExp(`"${sheet}" holds data an export did not write`),
      );
    }
    // Before: the replace wrote 300 leads over the 25 typed rows.
    expect(h.runtime.sheet('Leads').getValues()).toEqual(LOOKALIKE);
    expect(h.runtime.sheet('Contatos').getValues()[1]).toEqual([
      'Ana',
      'ana@exemplo.com.br',
      'ligar',
    ]);
    expect(leadRequests(h)).toBe(0);
  });

  it('keeps a typed Observações column beside its own through a replace and a sync', async () => {
    const h = await withSheets({ Sheet1: [] });
    const columns = 'id,name,email';
    h.runtime.runOrThrow('crmExportLeads', { sheet: 'Leads', columns });
    h.runtime.runUntilIdle({ maxExecutions: 20 });
    const sheet = h.runtime.sheet('Leads');
    const rows = sheet.getValues().length;
    const notes = Array.from({ length: rows }, (_, i) => [i === 0 ? 'Observações' : `nota ${i}`]);
    sheet.setValues(1, 4, notes);
    const column = () => sheet.getValues().map((row) => row[3]);
    for (const mode of ['replace', 'sync']) {
      const result = h.runtime.run('crmExportLeads', { sheet: 'Leads', columns, mode });
      expect(result.ok, result.error?.message).toBe(true);
      h.runtime.runUntilIdle({ maxExecutions: 20 });
      // Before: the replace cleared the whole sheet, the typed column with it.
      expect(column(), mode).toEqual(notes.map(([note]) => note));
      expect(sheet.getValues()[0]?.slice(0, 3)).toEqual(['id', 'name', 'email']);
    }
  });

  it('refuses to write over a column a person inserted among its own, naming it', async () => {
    const h = await withSheets({ Sheet1: [] });
    h.runtime.runOrThrow('crmExportLeads', { sheet: 'Leads', columns: 'id,name,email' });
    h.runtime.runUntilIdle({ maxExecutions: 20 });
    const sheet = h.runtime.sheet('Leads');
    sheet.insertColumns(2, 1);
    sheet.setValues(1, 2, [['Prioridade'], ['alta']]);
    const before = sheet.getValues();
    const result = h.runtime.run('crmExportLeads', { sheet: 'Leads', columns: 'id,name,email' });
    expect(result.ok).toBe(false);
    expect(result.error?.message).toMatch(
      /"Leads" has columns a person typed .*\(B "Prioridade"\)/,
    );
    expect(sheet.getValues()).toEqual(before);
    // A sync finds its columns by their headers, wherever the person moved them.
    const sync = h.runtime.run('crmExportLeads', {
      sheet: 'Leads',
      columns: 'id,name,email',
      mode: 'sync',
    });
    expect(sync.ok, sync.error?.message).toBe(true);
    expect(sheet.getValues()[1]?.[1]).toBe('alta');
  });
});
