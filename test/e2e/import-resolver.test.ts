/**
 * An import names a row's lead only on complete evidence (PRODUCT.md "A key names a lead only
 * on complete evidence"; issue 27 item 1): in an account of 1,300 leads, a 3-row list whose
 * own leads (by e-mail) are past page 1, while page 1 holds other people with the rows'
 * phones, updates its own leads (before: CONFLICT, accusing the other person); a key two leads
 * hold is CONFLICT naming both, and nothing is sent for it. Runs the real bundle against the
 * sandbox.
 */
import { describe, expect, it } from 'vitest';
import {
  type CrowdedAccount,
  createImportWorld,
  crowdedAccount,
  finishImport,
  type ImportWorld,
} from './import-harness';

const FILLERS = 1_300;

/** 1,300 leads besides: the rows' own leads created first, page 1's other people last. */
function account(world: ImportWorld): CrowdedAccount {
  const stage = world.sandbox.state.stages.find((s) => s.name === 'Novo');
  if (!stage) throw new Error('no stage Novo');
  const person = (name: string, k: number) => ({
    name: `${name} ${k}`,
    email: `${name.split(' ')[0]?.toLowerCase()}${k}@exemplo.com.br`,
    phone: `+551198765000${k}`,
  });
  return crowdedAccount(world.sandbox, {
    firstId: 20_000,
    place: { pipeline_id: stage.pipeline_id, stage_id: stage.id },
    own: [0, 1, 2].map((k) => person('Ana Própria', k)),
    others: [0, 1, 2].map((k) => person('Felipe Moreira', k)),
    fillers: FILLERS,
  });
}

async function run(rows: unknown[][]) {
  const world = await createImportWorld({
    sheet: { header: ['Nome', 'E-mail', 'Telefone', 'Valor'], rows, expected: [], keys: [] },
  });
  const a = account(world);
  const job = finishImport(world, { pipeline: 'Vendas', stage: 'Novo' });
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
