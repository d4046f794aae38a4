/**
 * Issue 27 item 7c: the import dry run said "would update lead 354" where the run says
 * UNCHANGED. The dry run and the run agree on UNCHANGED (PRODUCT.md, "A preview tells the
 * truth"). Runs the real bundle against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createImportWorld, type ImportWorld, SHEET } from './import-harness';

function finish(world: ImportWorld, options: Record<string, unknown>): JobSummary {
  world.runtime.runOrThrow('crmImportLeads', { sheet: SHEET, ...options });
  world.runtime.runUntilIdle({ maxExecutions: 40 });
  const jobs = world.runtime.runOrThrow('crmListJobs') as JobSummary[];
  return jobs[0] as JobSummary;
}

describe('an import dry run after an import of the same rows', () => {
  it('says UNCHANGED where the run says UNCHANGED, and the run agrees', async () => {
    const rows = [
      ['Ana Lima', 'ana.lima@exemplo.com.br', '(31) 97123-0457', '1500'],
      ['Bruno Reis', 'bruno.reis@exemplo.com.br', '(41) 96234-1868', '900'],
    ];
    const w = await createImportWorld({
      sheet: { header: ['Nome', 'E-mail', 'Telefone', 'Valor'], rows, expected: [], keys: [] },
      sandbox: { seed: 'demo' },
    });
    const first = finish(w, {});
    expect(first.counts, String(w.column('CRM Import Detail')) + first.message).toMatchObject({
      CREATED: 2,
    });
    const upserts = w.upserts().length;

    const dry = finish(w, { dryRun: true });
    // Before the fix: VALID "would update lead …" for both rows.
    expect(w.statuses()).toEqual(['UNCHANGED', 'UNCHANGED']);
    expect(dry.counts).toMatchObject({ UNCHANGED: 2 });

    const run = finish(w, {});
    expect(w.statuses()).toEqual(['UNCHANGED', 'UNCHANGED']);
    expect(run.counts).toMatchObject({ UNCHANGED: 2 });
    expect(w.upserts()).toHaveLength(upserts);
  });
});
