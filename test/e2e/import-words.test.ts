/**
 * Every import detail in the person's language (issue 18 item 2, import part): a Portuguese
 * user reads why an e-mail, a stage or a mode refused a row in Portuguese, with the sidebar's
 * names for the modes rather than option values such as `modo "update"`.
 */
import { describe, expect, it } from 'vitest';
import { createImportWorld, SHEET } from './import-harness';

/** Words that only an English sentence has. */
const ENGLISH = /\b(is not|valid|address|no stage|pipeline|stages|mode|Column|the)\b/;

describe('import details for a Portuguese user', () => {
  it('say why each row was refused in Portuguese', async () => {
    const world = await createImportWorld({
      sheet: {
        header: ['Nome', 'E-mail', 'Funil', 'Etapa', 'Valor', 'Aniversário'],
        rows: [
          ['Lívia Queiroz', 'livia.queiroz@gmail', 'Vendas', 'Novo', '', ''],
          ['Otávio Reis', 'otavio@exemplo.com.br', 'Vendas', 'Proposta Enviada', '', ''],
          ['Rui Alves', 'rui@exemplo.com.br', 'Vendas', 'Novo', 'muito', ''],
          ['Bia Melo', 'bia@exemplo.com.br', 'Vendas', 'Novo', '', '31/02/2026'],
          ['Caio Luz', 'caio@exemplo.com.br', 'Vendas', 'Novo', '', ''],
        ],
        expected: [],
        keys: [],
      },
    });
    (world.runtime.workbook as { locale: string }).locale = 'pt_BR';
    world.runtime.runOrThrow('crmImportLeads', { sheet: SHEET, mode: 'update' });
    world.runtime.runUntilIdle({ maxExecutions: 10 });
    expect(world.statuses()).toEqual(['INVALID', 'INVALID', 'INVALID', 'INVALID', 'NOT_FOUND']);
    const details = world.column('CRM Import Detail').map(String);
    expect(details[0]).toBe(
      'Coluna "E-mail": "livia.queiroz@gmail" não é um endereço de e-mail válido',
    );
    expect(details[1]).toMatch(
      /^Coluna "Etapa": não há etapa "Proposta Enviada" no funil "Vendas"/,
    );
    expect(details[2]).toMatch(/"muito" não é um número/);
    expect(details[3]).toMatch(/"31\/02\/2026" não é uma data que existe/);
    expect(details[4]).toMatch(/Só atualizar leads existentes|só atualiza leads existentes/);
    for (const detail of details) expect(detail).not.toMatch(ENGLISH);
    expect(details[4]).not.toMatch(/"update"|"upsert"/);
  });

  it('a pipeline for new leads that the CRM lacks is refused in Portuguese, naming the fix', async () => {
    const world = await createImportWorld({
      sheet: {
        header: ['Nome', 'E-mail'],
        rows: [['Ana', 'ana@exemplo.com.br']],
        expected: [],
        keys: [],
      },
    });
    (world.runtime.workbook as { locale: string }).locale = 'pt_BR';
    const answer = world.runtime.run('uiCall', 'crmImportLeads', [
      { sheet: SHEET, pipeline: 'Vendass' },
    ]);
    expect(String(answer.error?.message)).toMatch(
      /^O lugar dos leads novos não confere com o CRM: não há funil "Vendass"; funis: .*Corrija "Funil padrão"/,
    );
    // A script still reads the English developer message.
    expect(
      world.runtime.run('crmImportLeads', { sheet: SHEET, pipeline: 'Vendass' }).error?.message,
    ).toMatch(/^pipeline option: no pipeline "Vendass"/);
  });
});
