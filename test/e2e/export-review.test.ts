/**
 * Adversarial review of exports (issue 16.9–16.11): ways a person breaks them by using the
 * product normally, each found failing on the real bundle before its fix.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountLeads,
  buildBundle,
  createHarness,
  DEMO_NOW,
  markAsExport,
  seedLeads,
} from './export-harness';

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
    expect(rows[0]).toEqual(['ID', 'Nome']);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(rows.length - 1);
    // Once it is done, the sheet takes the next export.
    expect(
      h.runtime.run('crmExportLeads', { sheet: 'Leads', mode: 'sync', columns: 'id,name' }).ok,
    ).toBe(true);
  });
});

describe('a CRM that lists the most recently edited lead first', () => {
  it('an export holds every lead edited while it read the pages (they matched throughout), once', async () => {
    const h = await createHarness({
      sandbox: { leadListOrder: 'updated' },
      runtime: { costs: { fetchMs: 30_000 } },
    });
    seedLeads(h.sandbox, 700, DEMO_NOW);
    const edited: number[] = [];
    let lists = 0;
    h.onRequest = (request) => {
      if (!/\/leads\?/.test(request.url) || /updated_since/.test(request.url)) return;
      if (lists++ === 0) return;
      // Someone edits two of the oldest-edited leads (not read yet): they jump to the top.
      const leads = accountLeads(h.sandbox)
        .filter((lead) => !edited.includes(lead.id))
        .sort((a, b) => a.updated_at.localeCompare(b.updated_at) || a.id - b.id);
      for (const lead of leads.slice(0, 2)) {
        lead.name = `${lead.name} (editado)`;
        lead.updated_at = new Date(h.clock.now()).toISOString();
        edited.push(lead.id);
      }
    };
    h.runtime.runOrThrow('crmExportLeads', { sheet: 'Todos', columns: 'id,name' });
    h.runtime.runUntilIdle();
    h.onRequest = null;
    const rows = h.runtime.sheet('Todos').getValues().slice(1);
    const ids = rows.map((row) => row[0]);
    expect(edited.length).toBeGreaterThan(0);
    // Before: every edited lead was missing from the sheet (10 of 10 here).
    expect(edited.filter((id) => !ids.includes(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(accountLeads(h.sandbox).length);
  });
});

describe('an export sheet a person emptied and typed over', () => {
  it('is refused by name and left as it was, although an export marked it once', async () => {
    const h = await createHarness({ runtime: { workbook: { sheets: { Planilha1: [] } } } });
    h.runtime.runOrThrow('crmExportLeads', { sheet: 'Export', columns: 'id,name' });
    // Months later the tab is reused: emptied, and a list typed into it (the sidebar pre-fills "Export").
    const typed = [
      ['Nome', 'E-mail', 'Telefone'],
      ['Ana Souza', 'ana@exemplo.com.br', '(11) 98888-0001'],
      ['Bruno Lima', 'bruno@exemplo.com.br', '(11) 98888-0002'],
    ];
    const sheet = h.runtime.sheet('Export');
    sheet.rows = [];
    sheet.setValues(1, 1, typed);
    const again = h.runtime.run('crmExportLeads', { sheet: 'Export', columns: 'id,name' });
    // Before: the typed list was replaced without a word.
    expect(again.ok).toBe(false);
    expect(again.error?.message).toMatch(/"Export" holds data an export did not write/);
    expect(h.runtime.sheet('Export').getValues()).toEqual(typed);
    // An export sheet whose headers the person renamed in part is still the export's.
    h.runtime.runOrThrow('crmExportLeads', { sheet: 'Leads', columns: 'id,name,email' });
    h.runtime.sheet('Leads').setValues(1, 2, [['Nome do lead']]);
    expect(h.runtime.run('crmExportLeads', { sheet: 'Leads', columns: 'id,name' }).ok).toBe(true);
  });
});

describe('a person sorts the sheet while a sync deletes the rows of gone leads', () => {
  it('deletes only rows of gone leads: every lead keeps its row and its note', async () => {
    const h = await createHarness({ runtime: { workbook: { sheets: { Planilha1: [] } } } });
    const leads = accountLeads(h.sandbox);
    // Every third row is a lead the CRM no longer has: many separate runs to delete.
    const rows: unknown[][] = [['id', 'name', 'Nota']];
    leads.slice(0, 90).forEach((lead, i) => {
      rows.push([lead.id, lead.name, `nota ${lead.id}`]);
      if (i % 3 === 0) rows.push([800_000 + i, `Sumiu ${i}`, `nota sumiu ${i}`]);
    });
    const sheet = h.runtime.workbook.addSheet('Sync');
    sheet.setValues(1, 1, rows);
    // An export wrote `id | name`; the person typed the notes beside them.
    markAsExport(sheet, 2);
    let deletes = 0;
    let sortNext = false;
    h.onServiceCall = (event) => {
      // Between the fourth deletion and the next call the person sorts the data by name (Data →
      // Sort range). What is left is the window of one call: between a run's check and its delete.
      if (sortNext) {
        sortNext = false;
        sheet.sortRows(2, sheet.lastRow(), 2, false);
      }
      if (event.name.endsWith('deleteRows') && ++deletes === 4) sortNext = true;
    };
    const run = h.runtime.run('crmExportLeads', {
      sheet: 'Sync',
      columns: 'id,name',
      mode: 'sync',
      staleRows: 'delete',
    });
    h.onServiceCall = null;
    expect(run.ok, run.error?.message).toBe(true);
    h.runtime.runUntilIdle();
    expect(deletes).toBeGreaterThan(4);
    const values = sheet.getValues().slice(1);
    const got = values.map((row) => row[0]);
    // Before: rows of live leads were deleted (the sort moved them under the planned indexes)
    // and rows of gone leads stayed.
    expect([...got].sort()).toEqual(leads.map((lead) => lead.id).sort());
    for (const row of values.filter((r) => (r[0] as number) < 800_000 && r[2] !== '')) {
      expect(row[2]).toBe(`nota ${row[0]}`);
    }
  });
});

describe('a person sorts the sheet while a sync writes it', () => {
  it('each lead’s values land on its own row, beside its note', async () => {
    const h = await createHarness({ runtime: { workbook: { sheets: { Planilha1: [] } } } });
    const leads = accountLeads(h.sandbox);
    const rows: unknown[][] = [['id', 'name', 'Nota']];
    for (const lead of leads) rows.push([lead.id, 'velho', `nota ${lead.id}`]);
    const sheet = h.runtime.workbook.addSheet('Sync');
    sheet.setValues(1, 1, rows);
    // An export wrote `id | name`; the person typed the notes beside them.
    markAsExport(sheet, 2);
    let sorted = false;
    h.onServiceCall = (event) => {
      // Between the sync's read of the sheet and its write the person sorts by note. What is
      // left is the window of one call: between the write's check of the ids and the write.
      if (!sorted && event.name.endsWith('getMaxRows')) {
        sorted = true;
        sheet.sortRows(2, sheet.lastRow(), 3, false);
      }
    };
    const run = h.runtime.run('crmExportLeads', {
      sheet: 'Sync',
      columns: 'id,name',
      mode: 'sync',
    });
    h.onServiceCall = null;
    expect(run.ok, run.error?.message).toBe(true);
    h.runtime.runUntilIdle();
    expect(sorted).toBe(true);
    const values = sheet.getValues().slice(1);
    // Before: 299 of 300 notes stood beside another lead, and two leads had two rows.
    expect(values.filter((row) => row[2] !== `nota ${row[0]}`)).toEqual([]);
    expect(values).toHaveLength(leads.length);
    const names = new Map(leads.map((lead) => [lead.id, lead.name]));
    expect(values.filter((row) => row[1] !== names.get(row[0] as number))).toEqual([]);
  });
});

describe('a person sorts the sheet while a sync marks gone rows', () => {
  it('GONE stands on the rows of gone leads only', async () => {
    const h = await createHarness({ runtime: { workbook: { sheets: { Planilha1: [] } } } });
    const leads = accountLeads(h.sandbox);
    const rows: unknown[][] = [['id', 'name', 'Nota']];
    leads.forEach((lead, i) => {
      rows.push([lead.id, lead.name, `nota ${lead.id}`]);
      if (i % 40 === 0) rows.push([800_000 + i, `Sumiu ${i}`, `nota ${800_000 + i}`]);
    });
    const sheet = h.runtime.workbook.addSheet('Sync');
    sheet.setValues(1, 1, rows);
    // An export wrote `id | name`; the person typed the notes beside them.
    markAsExport(sheet, 2);
    // Every lead's row is unchanged, so the one write is the marks': the person sorts by note
    // between the sync's read and that write.
    let grows = 0;
    h.onServiceCall = (event) => {
      if (event.name.endsWith('getMaxRows') && ++grows === 1) {
        sheet.sortRows(2, sheet.lastRow(), 3, false);
      }
    };
    const run = h.runtime.run('crmExportLeads', {
      sheet: 'Sync',
      columns: 'id,name',
      mode: 'sync',
      staleRows: 'mark',
    });
    h.onServiceCall = null;
    expect(run.ok, run.error?.message).toBe(true);
    h.runtime.runUntilIdle();
    expect(grows).toBeGreaterThanOrEqual(1);
    const values = sheet.getValues();
    const status = values[0]?.indexOf('CRM Sync Status') as number;
    const marked = values.slice(1).filter((row) => row[status] === 'GONE');
    // Before: GONE stood on rows of live leads, and the gone leads' rows had none.
    expect(marked.map((row) => row[0]).sort()).toEqual(
      values
        .slice(1)
        .map((row) => row[0] as number)
        .filter((id) => id >= 800_000)
        .sort(),
    );
    expect(marked.length).toBeGreaterThan(0);
  });
});
