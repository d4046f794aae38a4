/**
 * A cell that shows an error is never a value, and a phone whose DDD does not exist is never a
 * phone (issue 16 item 6, PRODUCT.md): such a row is INVALID, its detail names the cell, and it
 * costs no request. Runs the real bundle against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { createImportWorld, SHEET } from './import-harness';

describe('error cells and a DDD that does not exist', () => {
  it('are INVALID with no request, the detail naming the cell; the sound row is created', async () => {
    const world = await createImportWorld({
      sheet: {
        header: ['Nome', 'E-mail', 'Telefone'],
        rows: [
          ['#NAME?', 'nome.erro@exemplo.com.br', '(11) 98765-4321'],
          ['Rita Lopes', '#REF!', '(11) 98765-4322'],
          ['Caio Prado', '', '#N/A'],
          ['Davi Reis', '', '(00) 98765-4321'],
          ['Eva Lima', '', '00 98765-4321'],
          ['Flora Dias', 'flora@exemplo.com.br', '(21) 99876-5432'],
        ],
        expected: [],
        keys: [],
      },
    });
    world.runtime.runOrThrow('crmImportLeads', { sheet: SHEET, pipeline: 'Vendas', stage: 'Novo' });
    world.runtime.runUntilIdle({ maxExecutions: 20 });
    expect(world.statuses()).toEqual([
      'INVALID',
      'INVALID',
      'INVALID',
      'INVALID',
      'INVALID',
      'CREATED',
    ]);
    const details = world.column('CRM Import Detail').map(String);
    expect(details[0]).toMatch(/^Column "Nome": the cell in column A shows the error #NAME\?/);
    expect(details[1]).toMatch(/^Column "E-mail": the cell in column B shows the error #REF!/);
    expect(details[2]).toMatch(/^Column "Telefone": the cell in column C shows the error #N\/A/);
    expect(details[3]).toMatch(/00 is not a Brazilian area code/);
    expect(details[4]).toMatch(/00 is not a Brazilian area code/);
    expect(world.upserts()).toHaveLength(1);
    const names = world.sandbox.state.leads.map((l) => l.name);
    expect(names).toEqual(['Flora Dias']);
    expect(world.sandbox.state.leads.some((l) => l.phone === '+987654321')).toBe(false);
  });
});
