/**
 * An import names a row's lead only on complete evidence (PRODUCT.md "A key names a lead only
 * on complete evidence"; issue 27 item 1): in an account of 1,300 leads, a 3-row list whose
 * own leads (by e-mail) are past page 1, while page 1 holds other people with the rows'
 * phones, updates its own leads (before: CONFLICT, accusing the other person); a key two leads
 * hold is CONFLICT naming both, and nothing is sent for it. Runs the real bundle against the
 * sandbox.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createImportWorld, type ImportWorld, LEAD_TEMPLATE, SHEET } from './import-harness';

const FILLERS = 1_300;

interface Account {
  own: number[];
  others: number[];
  shared: [number, number];
}

/** 1,300 leads besides: the rows' own leads created first, page 1's other people last. */
function account(world: ImportWorld): Account {
  const state = world.sandbox.state;
  const stage = state.stages.find((s) => s.name === 'Novo');
  if (!stage) throw new Error('no stage Novo');
  let id = 20_000;
  const add = (name: string, email: string, phone: string | null, at: string) => {
    state.leads.push({
      ...LEAD_TEMPLATE,
      tags: [],
      custom_fields: {},
      id: id++,
      name,
      email,
      phone,
      pipeline_id: stage.pipeline_id,
      stage_id: stage.id,
      created_at: at,
      updated_at: at,
    });
    return id - 1;
  };
  const own = [0, 1, 2].map((k) =>
    add(`Ana Própria ${k}`, `ana${k}@exemplo.com.br`, `+551198765000${k}`, '2001-01-01T00:00:00Z'),
  );
  const first = add('Duplo Um', 'duplo@exemplo.com.br', null, '2001-01-02T00:00:00Z');
  for (let i = 0; i < FILLERS; i++)
    add(`Contato ${i}`, `contato${i}@exemplo.com.br`, null, '2002-03-01T00:00:00Z');
  const second = add('Duplo Dois', 'duplo@exemplo.com.br', null, '2099-01-01T00:00:00Z');
  const others = [0, 1, 2].map((k) =>
    add(
      `Felipe Moreira ${k}`,
      `felipe${k}@exemplo.com.br`,
      `+551198765000${k}`,
      '2099-01-02T00:00:00Z',
    ),
  );
  return { own, others, shared: [first, second] };
}

async function run(rows: unknown[][]) {
  const world = await createImportWorld({
    sheet: { header: ['Nome', 'E-mail', 'Telefone', 'Valor'], rows, expected: [], keys: [] },
  });
  const a = account(world);
  world.runtime.runOrThrow('crmImportLeads', { sheet: SHEET, pipeline: 'Vendas', stage: 'Novo' });
  world.runtime.runUntilIdle({ maxExecutions: 40 });
  const job = (world.runtime.runOrThrow('crmListJobs') as JobSummary[])[0] as JobSummary;
  return { world, a, job };
}

const ownRows = [0, 1, 2].map((k) => [
  `Ana Própria ${k}`,
  `ana${k}@exemplo.com.br`,
  `(11) 98765-000${k}`,
  '1500',
]);

describe('an import names a lead only on complete evidence', () => {
  it('a 3-row list in a 1,300-lead account updates its own leads, past page 1: no CONFLICT', async () => {
    const { world, a, job } = await run(ownRows);
    expect(job.state).toBe('done');
    expect(world.statuses()).toEqual(['UPDATED', 'UPDATED', 'UPDATED']);
    expect(world.column('CRM Lead ID').map(Number)).toEqual(a.own);
    const lead = (id: number) => world.sandbox.state.leads.find((l) => l.id === id);
    for (const id of a.own) expect(lead(id)?.value).toBe(1500);
    for (const id of a.others) expect(lead(id)?.value ?? null).toBeNull();
  });

  it('a key two leads hold (page 1 and the last page) is CONFLICT naming both; nothing sent for it', async () => {
    const { world, a, job } = await run([
      ['Duplo', 'duplo@exemplo.com.br', '', '700'],
      ...ownRows.slice(0, 1),
    ]);
    expect(job.state).toBe('done');
    expect(world.statuses()).toEqual(['CONFLICT', 'UPDATED']);
    const detail = String(world.column('CRM Import Detail')[0]);
    for (const id of a.shared) expect(detail).toContain(String(id));
    expect(world.upserts()).toHaveLength(1);
    for (const id of a.shared)
      expect(world.sandbox.state.leads.find((l) => l.id === id)?.value ?? null).toBeNull();
  });
});
