/**
 * The import's dry run foresees the field values the CRM refuses (PRODUCT.md "A preview tells
 * the truth"; the CRM answers 422 on the field): a negative deal value, a name or a company
 * longer than the CRM keeps (255), notes longer than 10,000. Each row is INVALID in the dry
 * run and in the run, and costs no request (before: VALID in the dry run, FAILED in the run).
 * The real bundle against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { createImportWorld, finishImport } from './import-harness';

const HEADER = ['Nome', 'E-mail', 'Valor', 'Empresa', 'Observações'];

describe('an import dry run of values the CRM refuses', () => {
  it('is INVALID in the dry run, and the run sends nothing for those rows', async () => {
    const rows = [
      ['Ana Negativa', 'ana.neg@exemplo.com.br', '-R$ 10,00', '', ''],
      ['B'.repeat(256), 'b.longo@exemplo.com.br', '', '', ''],
      ['Caio Empresa', 'caio.emp@exemplo.com.br', '', 'c'.repeat(256), ''],
      ['Dora Notas', 'dora.notas@exemplo.com.br', '', '', 'n'.repeat(10_001)],
      ['Eva Certa', 'eva.certa@exemplo.com.br', 'R$ 10,00', 'Eva Ltda', 'ok'],
    ];
    const w = await createImportWorld({
      sheet: { header: HEADER, rows, expected: [], keys: [] },
      sandbox: { seed: 'demo' },
    });
    const dry = finishImport(w, { dryRun: true });
    expect(dry.state, dry.message).toBe('done');
    expect(w.statuses()).toEqual(['INVALID', 'INVALID', 'INVALID', 'INVALID', 'VALID']);
    const details = w.column('CRM Import Detail').map(String);
    expect(details[0]).toMatch(/negative/);
    expect(details[1]).toMatch(/255/);
    expect(details[3]).toMatch(/10000/);
    w.sandbox.clearRequests();
    const run = finishImport(w, {});
    expect(run.state, run.message).toBe('done');
    expect(w.statuses()).toEqual(['INVALID', 'INVALID', 'INVALID', 'INVALID', 'CREATED']);
    expect(w.upserts()).toHaveLength(1);
  });
});
