/**
 * Issue 18.6 and 18.2: CRM_* formulas as a Brazilian types them. In a pt_BR spreadsheet the
 * columns take the same Portuguese names as import headers, and every mistake in the arguments
 * is told in Portuguese, saying what to write; in an English spreadsheet the same words are
 * English. The bundle runs in the local runtime against the sandbox.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, createHarness, type Harness } from './export-harness';

beforeAll(async () => {
  await buildBundle();
});

function formulaError(h: Harness, name: string, ...args: unknown[]): string {
  const result = h.runtime.runCustomFunction(name, ...args);
  expect(result.ok, `${name} should fail`).toBe(false);
  return result.error?.message ?? '';
}

function formula(h: Harness, name: string, ...args: unknown[]): unknown[][] {
  const result = h.runtime.runCustomFunction(name, ...args);
  if (!result.ok) throw new Error(`${name} failed: ${result.error?.message}`);
  return result.value as unknown[][];
}

describe('formulas in a pt_BR spreadsheet', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({
      allowFormulas: true,
      runtime: {
        workbook: { sheets: { Sheet1: [] }, locale: 'pt_BR', timeZone: 'America/Sao_Paulo' },
      },
    });
  });

  it('CRM_LEADS takes the Portuguese column names of import headers', () => {
    const portuguese = formula(
      h,
      'CRM_LEADS',
      '',
      'ID, Nome, Telefone, E-mail, Etapa, Funil, Responsável, Empresa, Valor, Etiquetas, Origem, criado em',
      3,
    );
    const english = formula(
      h,
      'CRM_LEADS',
      '',
      'id,name,phone,email,stage,pipeline,owner_name,company,value,tags,source,created_at',
      3,
    );
    expect(portuguese[0]).toEqual(english[0]);
    expect(portuguese).toEqual(english);
    expect(portuguese.length).toBe(4);
  });

  it('CRM_LEADS takes Portuguese filter names too (funil, etapa, etiquetas…)', () => {
    const portuguese = formula(h, 'CRM_LEADS', 'funil=Vendas&Etapa=Novo', 'id,etapa', 5);
    const english = formula(h, 'CRM_LEADS', 'pipeline=Vendas&stage=Novo', 'id,stage', 5);
    expect(portuguese).toEqual(english);
    expect(portuguese.length).toBeGreaterThan(1);
  });

  it('a range of Portuguese names works as a comma list does', () => {
    expect(formula(h, 'CRM_LEADS', '', [['nome', 'etapa']], 2)[0]).toEqual(['Nome', 'Etapa']);
  });

  it.each([
    [['', 'nomee'], 'Coluna "nomee" desconhecida. Colunas de nome parecido'],
    [
      ['', 'id', 0],
      'limit é quantos leads mostrar: um número inteiro de 1 a 1000, ou vazio para 200 (veio 0).',
    ],
    [
      ['', 'id', 5000],
      'limit pode ser no máximo 1000 numa fórmula (veio 5000): para mais leads, use CRM → Exportar leads.',
    ],
    [['pipelin=Vendas'], 'Filtro "pipelin" desconhecido. Use um destes:'],
    [['pipeline=Inexistente'], 'Funil "Inexistente" desconhecido. Funis desta conta:'],
    [['updated_since=ontem'], 'updated_since deve ser uma célula de data, 21/11/2026, 2026-11-21'],
    [
      ['pipeline_id=Vendas'],
      'pipeline_id deve ser um id, um número inteiro como 12 (veio "Vendas"). Para usar o nome, escreva pipeline=… .',
    ],
  ])('CRM_LEADS(%j) says what to fix in Portuguese', (args, words) => {
    expect(formulaError(h, 'CRM_LEADS', ...args)).toContain(words);
  });

  it('CRM_LEAD with a bad id says it in Portuguese', () => {
    expect(formulaError(h, 'CRM_LEAD', 'abc')).toBe(
      'id deve ser um id, um número inteiro como 12 (veio "abc").',
    );
  });

  it('CRM_AUTOMATIONS with a misspelt trigger type suggests the right one in Portuguese', () => {
    expect(formulaError(h, 'CRM_AUTOMATIONS', 'trigger_type=lead_create')).toMatch(
      /^trigger_type "lead_create" desconhecido\. Você quis dizer "lead_created"/,
    );
  });
});

describe('formulas in an en_US spreadsheet', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({
      allowFormulas: true,
      runtime: { workbook: { sheets: { Sheet1: [] }, locale: 'en_US' } },
    });
  });

  it('say the same mistakes in English, with what to write', () => {
    expect(formulaError(h, 'CRM_LEADS', '', 'nomee')).toMatch(
      /^Unknown column "nomee"\. Did you mean "name"/,
    );
    expect(formulaError(h, 'CRM_LEADS', '', 'id', 'ten')).toBe(
      'limit is how many leads to show: a whole number from 1 to 1000, or empty for 200 (got "ten").',
    );
  });

  it('Portuguese column names work in an English spreadsheet too', () => {
    expect(formula(h, 'CRM_LEADS', '', 'nome,telefone', 1)[0]).toEqual(['name', 'phone']);
  });
});
