/**
 * Issue 29 item 2: an export reads like the person's sheet. In a pt_BR spreadsheet the headers
 * are the fields' Portuguese names, money is a number formatted as reais, dates are dates, and
 * the sheet goes back in (an import, a sync) as it is; CRM_LEADS answers with the same headers.
 * An English spreadsheet keeps the API names. The real bundle against the sandbox.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { accountLeads, buildBundle, createHarness, type Harness } from './export-harness';

beforeAll(async () => {
  await buildBundle();
});

const PT_HEADERS = [
  'ID',
  'Nome',
  'E-mail',
  'Telefone',
  'Empresa',
  'Valor',
  'Funil',
  'Etapa',
  'Etiquetas',
  'Origem',
  'Criado em',
];

function world(locale: string): Promise<Harness> {
  return createHarness({
    allowFormulas: true,
    runtime: {
      workbook: { sheets: { Planilha1: [] }, locale, timeZone: 'America/Sao_Paulo' },
    },
  });
}

function exportLeads(h: Harness, options: object): JobSummary {
  const job = h.runtime.runOrThrow('crmExportLeads', options) as JobSummary;
  h.runtime.runUntilIdle();
  return h.runtime.runOrThrow('crmGetJob', job.jobId) as JobSummary;
}

function column(h: Harness, sheet: string, header: string): unknown[] {
  const values = h.runtime.sheet(sheet).getValues();
  const index = (values[0] ?? []).indexOf(header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return values.slice(1).map((row) => row[index]);
}

describe('an export in a pt_BR spreadsheet', () => {
  it('writes Portuguese headers, money as reais and dates as dates', async () => {
    const h = await world('pt_BR');
    expect(exportLeads(h, { sheet: 'Export' }).state).toBe('done');
    const sheet = h.runtime.sheet('Export');
    const values = sheet.getValues();
    expect(values[0]).toEqual(PT_HEADERS);
    const valueAt = PT_HEADERS.indexOf('Valor');
    const formats = sheet.getNumberFormats();
    const withValue = values.findIndex((row, i) => i > 0 && typeof row[valueAt] === 'number');
    expect(withValue).toBeGreaterThan(0);
    expect(formats[withValue]?.[valueAt]).toContain('R$');
    expect(column(h, 'Export', 'Criado em').every((cell) => cell instanceof Date)).toBe(true);
  });

  it('imports back as it is, as an English export does: INVALID only for a lead without e-mail or phone', async () => {
    const statuses: Record<string, unknown[]> = {};
    for (const locale of ['pt_BR', 'en_US']) {
      const h = await world(locale);
      exportLeads(h, { sheet: 'Export' });
      const job = h.runtime.runOrThrow('crmImportLeads', { sheet: 'Export' }) as JobSummary;
      h.runtime.runUntilIdle();
      expect((h.runtime.runOrThrow('crmGetJob', job.jobId) as JobSummary).state).toBe('done');
      statuses[locale] = column(h, 'Export', 'CRM Import Status');
      // The upsert matches by e-mail or phone: a lead with neither cannot be matched (and two
      // leads sharing a phone are one key twice), whatever the headers' language.
      const keyless = accountLeads(h.sandbox).filter((lead) => !lead.email && !lead.phone);
      expect(statuses[locale]?.filter((s) => s === 'INVALID').length).toBe(keyless.length);
      expect(statuses[locale]?.filter((s) => s === 'UPDATED' || s === 'UNCHANGED').length).toBe(
        accountLeads(h.sandbox).length - keyless.length - 1,
      );
    }
    expect(statuses.pt_BR).toEqual(statuses.en_US);
  });

  it('a sync finds its Portuguese headers and updates in place', async () => {
    const h = await world('pt_BR');
    exportLeads(h, { sheet: 'Export', columns: 'id,nome,etapa,value' });
    expect(h.runtime.sheet('Export').getValues()[0]).toEqual(['ID', 'Nome', 'Etapa', 'Valor']);
    const rows = h.runtime.sheet('Export').getValues().length;
    h.clock.advance(3_600_000);
    const lead = accountLeads(h.sandbox)[0];
    if (!lead) throw new Error('no lead');
    lead.name = 'Nome Mudado no CRM';
    lead.updated_at = new Date(h.clock.now()).toISOString();
    const sync = exportLeads(h, { sheet: 'Export', mode: 'sync', columns: 'id,name,stage,value' });
    expect(sync.state).toBe('done');
    const values = h.runtime.sheet('Export').getValues();
    expect(values[0]).toEqual(['ID', 'Nome', 'Etapa', 'Valor']);
    expect(values.length).toBe(rows);
    expect(column(h, 'Export', 'Nome')).toContain('Nome Mudado no CRM');
  });

  it('CRM_LEADS answers with Portuguese headers', async () => {
    const h = await world('pt_BR');
    const result = h.runtime.runCustomFunction('CRM_LEADS', '', 'nome,telefone,etapa', 5);
    expect(result.ok, result.error?.message).toBe(true);
    expect((result.value as unknown[][])[0]).toEqual(['Nome', 'Telefone', 'Etapa']);
  });
});

describe('crmRefreshExport', () => {
  it('runs again the export that wrote the sheet, with its remembered filters and columns', async () => {
    const h = await world('pt_BR');
    exportLeads(h, { sheet: 'Export', filters: { pipeline: 'Vendas' }, columns: 'id,nome,etapa' });
    const inVendas = accountLeads(h.sandbox).filter((lead) => lead.pipeline_id === 1);
    const elsewhere = accountLeads(h.sandbox).find((lead) => lead.pipeline_id !== 1);
    const changed = inVendas[0];
    if (!changed || !elsewhere) throw new Error('demo account without two pipelines');
    expect(column(h, 'Export', 'ID').sort()).toEqual(inVendas.map((lead) => lead.id).sort());
    h.clock.advance(3_600_000);
    changed.name = 'Mudou no CRM';
    changed.updated_at = new Date(h.clock.now()).toISOString();
    elsewhere.name = 'Outro funil';
    elsewhere.updated_at = changed.updated_at;

    const job = h.runtime.runOrThrow('crmRefreshExport', 'Export') as JobSummary;
    h.runtime.runUntilIdle();
    expect((h.runtime.runOrThrow('crmGetJob', job.jobId) as JobSummary).state).toBe('done');
    const values = h.runtime.sheet('Export').getValues();
    expect(values[0]).toEqual(['ID', 'Nome', 'Etapa']);
    expect(values.length).toBe(inVendas.length + 1);
    expect(column(h, 'Export', 'Nome')).toContain('Mudou no CRM');
    expect(column(h, 'Export', 'Nome')).not.toContain('Outro funil');
  });

  it('says what to do on a sheet no export wrote', async () => {
    const h = await world('pt_BR');
    const answer = h.runtime.run('uiCall', 'crmRefreshExport', ['Planilha1']);
    expect(String(answer.error?.message)).toContain('Exporte para ela uma vez');
  });
});

describe('sidebars open on the active sheet with its last settings', () => {
  it('Export: the active export sheet and its query, Funil / Etapa / Responsável as lists', async () => {
    const h = await world('pt_BR');
    const filters = { pipeline: 'Vendas', stage: 'Novo' };
    exportLeads(h, { sheet: 'Vendas novos', filters, columns: 'id,nome' });
    h.runtime.runOrThrow('uiCall', 'uiActivateSheet', [{ name: 'Vendas novos' }]);
    const setup = h.runtime.runOrThrow('uiCall', 'uiExportSetup', []) as {
      sheet: string;
      query: { filters?: object; columns?: unknown } | null;
      pipelines: { name: string; stages: string[] }[];
      owners: string[];
    };
    expect(setup.sheet).toBe('Vendas novos');
    expect(setup.query?.filters).toEqual(filters);
    expect(setup.query?.columns).toBe('id,nome');
    expect(setup.pipelines.find((p) => p.name === 'Vendas')?.stages).toContain('Novo');
    expect(setup.owners.length).toBeGreaterThan(0);
  });

  it('Send and Lead actions offer the same lead column, and the one last chosen on the sheet', async () => {
    const h = await world('pt_BR');
    exportLeads(h, { sheet: 'Export', columns: 'id,nome,telefone' });
    const send = () =>
      (h.runtime.runOrThrow('uiCall', 'uiListColumns', ['Export']) as { leadIdColumn: unknown })
        .leadIdColumn;
    const actions = () =>
      (
        h.runtime.runOrThrow('uiCall', 'uiLeadActionsColumns', ['Export']) as {
          leadIdColumn: unknown;
        }
      ).leadIdColumn;
    expect([send(), actions()]).toEqual(['ID', 'ID']);
    h.runtime.runOrThrow('uiCall', 'uiRememberSheet', ['Export', { lead: 'match:phone' }]);
    expect([send(), actions()]).toEqual([null, null]);
    h.runtime.runOrThrow('uiCall', 'uiRememberSheet', ['Export', { lead: 'column:ID' }]);
    expect([send(), actions()]).toEqual(['ID', 'ID']);
  });
});

describe('an export in an en_US spreadsheet', () => {
  it('keeps the API names as headers', async () => {
    const h = await world('en_US');
    exportLeads(h, { sheet: 'Export', columns: 'id,nome,etapa,value' });
    expect(h.runtime.sheet('Export').getValues()[0]).toEqual(['id', 'name', 'stage', 'value']);
    const result = h.runtime.runCustomFunction('CRM_LEADS', '', 'nome,telefone,etapa', 5);
    expect((result.value as unknown[][])[0]).toEqual(['name', 'phone', 'stage']);
  });
});
