/**
 * Issue 18.2 (export part): export and sync messages in the language of the person who ran
 * them, with counts in the singular and plural as each language says them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountLeads,
  buildBundle,
  createHarness,
  DEMO_KEYS,
  type Harness,
} from './export-harness';

beforeAll(async () => {
  await buildBundle();
});

interface Summary {
  state: string;
  message: string;
}

async function world(locale: string): Promise<Harness> {
  return createHarness({ runtime: { workbook: { sheets: { Notas: [] }, locale } } });
}

function run(h: Harness, options: object): Summary {
  h.runtime.runOrThrow('crmExportLeads', options);
  h.runtime.runUntilIdle();
  return (h.runtime.runOrThrow('crmListJobs') as Summary[])[0] as Summary;
}

/** One lead of the demo account changed, so that the next sync updates its row. */
function renameOne(h: Harness): void {
  const lead = accountLeads(h.sandbox)[0];
  if (lead === undefined) throw new Error('no lead');
  lead.name = `${lead.name} (editado)`;
  lead.updated_at = new Date(h.clock.now()).toISOString();
}

describe('export and sync messages in the person’s language', () => {
  it('Portuguese: exported leads, a synced row in the singular, the rest in the plural', async () => {
    const h = await world('pt_BR');
    const total = accountLeads(h.sandbox).length;
    expect(run(h, { sheet: 'Leads', columns: 'id,name' }).message).toBe(
      `${total} leads exportados para "Leads".`,
    );
    h.clock.advance(3_600_000);
    renameOne(h);
    expect(run(h, { sheet: 'Leads', mode: 'sync', columns: 'id,name' }).message).toBe(
      '"Leads" sincronizada: 1 linha atualizada, 0 adicionadas, 0 sem mudança.',
    );
    h.clock.advance(3_600_000);
    const marked = run(h, { sheet: 'Leads', mode: 'sync', columns: 'id,name', staleRows: 'mark' });
    expect(marked.message).toBe(
      `"Leads" sincronizada: 0 linhas atualizadas, 0 adicionadas, ${total} sem mudança, 0 marcadas GONE.`,
    );
  });

  it('English: "1 lead", "1 row updated", never "1 rows"', async () => {
    const h = await world('en_US');
    const one = accountLeads(h.sandbox)[5];
    expect(run(h, { sheet: 'Um', columns: 'id,name', filters: { q: one?.email } }).message).toBe(
      'Exported 1 lead to "Um".',
    );
    run(h, { sheet: 'Leads', mode: 'sync', columns: 'id,name' });
    h.clock.advance(3_600_000);
    renameOne(h);
    expect(run(h, { sheet: 'Leads', mode: 'sync', columns: 'id,name' }).message).toBe(
      'Synced "Leads": 1 row updated, 0 added, 0 unchanged.',
    );
  });

  it('Portuguese: a job the CRM stops (key revoked) says why in Portuguese', async () => {
    const h = await world('pt_BR');
    h.sandbox.faults.revokeKey(DEMO_KEYS.admin);
    const summary = run(h, { sheet: 'Leads', columns: 'id,name' });
    expect(summary.message).toMatch(/^O CRM recusou a chave de API \(/);
  });
  it('Portuguese: a sync without an id column is refused in Portuguese, from the sidebar and in the job', async () => {
    const h = await world('pt_BR');
    const refused = h.runtime.run('uiCall', 'crmExportLeads', [
      { sheet: 'Leads', mode: 'sync', columns: 'name,email' },
    ]);
    expect(refused.error?.message).toBe(
      'Sincronizar encontra a linha de cada lead pelo id: inclua a coluna id em Colunas (ou escolha Substituir).',
    );
    run(h, { sheet: 'Leads', columns: 'id,name' });
    // The person replaces the id column's header: the rows can no longer be told apart.
    h.runtime.sheet('Leads').setValues(1, 1, [['código']]);
    const failed = run(h, { sheet: 'Leads', mode: 'sync', columns: 'id,name' });
    expect(failed.message).toBe(
      'A planilha "Leads" tem linhas mas nenhuma coluna id, então a sincronização não sabe qual linha é de qual lead. Inclua uma coluna com o título id e os ids dos leads, ou exporte com Substituir.',
    );
  });
});
