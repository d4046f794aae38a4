/**
 * Importing a sheet an export wrote (issue 18 item 7): its owner_name and owner_email columns
 * both map to the owner. The sidebar's call says so in the person's words and how to fix it
 * (ignore one of them), instead of "something went wrong … send this to support"; the sidebar
 * offers that fix as a button (ui-import-model.test.ts, columnsToIgnore).
 */
import { describe, expect, it } from 'vitest';
import { createImportWorld, SHEET } from './import-harness';

const HEADER = ['id', 'name', 'email', 'owner_name', 'owner_email'];

async function exportedSheet(locale: string) {
  const world = await createImportWorld({
    sheet: {
      header: HEADER,
      rows: [[1, 'Ana Lima', 'ana.lima@exemplo.com.br', 'Ana Souza', 'ana.souza@antiga.example']],
      expected: [],
      keys: [],
    },
  });
  (world.runtime.workbook as { locale: string }).locale = locale;
  return world;
}

describe('importing a sheet an export wrote', () => {
  it('says in Portuguese which columns share the owner and how to fix it', async () => {
    const world = await exportedSheet('pt_BR');
    const answer = world.runtime.run('uiCall', 'crmImportLeads', [{ sheet: SHEET }]);
    const message = String(answer.error?.message);
    expect(message).toContain('D · owner_name, E · owner_email');
    expect(message).toMatch(/escolha "ignorar" para todas menos uma/);
    expect(message).not.toMatch(/Algo deu errado|support|suporte/i);
  });

  it('imports once one of them is ignored', async () => {
    const world = await exportedSheet('en_US');
    const preview = world.runtime.runOrThrow('uiCall', 'uiPreviewImport', [{ sheet: SHEET }]) as {
      columns: { header: string; target: string }[];
    };
    expect(preview.columns.filter((c) => c.target === 'owner').map((c) => c.header)).toEqual([
      'owner_name',
      'owner_email',
    ]);
    world.runtime.runOrThrow('uiCall', 'crmImportLeads', [
      { sheet: SHEET, mapping: { owner_email: '' }, pipeline: 'Vendas', stage: 'Novo' },
    ]);
    world.runtime.runUntilIdle({ maxExecutions: 10 });
    expect(world.statuses()).toEqual(['CREATED']);
  });
});
