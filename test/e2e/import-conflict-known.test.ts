/**
 * Adversarial review of "An import never turns one person into another" (PRODUCT.md): the
 * CONFLICT check must hold also for rows whose lead the job knew without asking the CRM (its
 * import memory, or a `CRM Lead ID` cell). A re-import after a person edited a row's e-mail, or
 * a sheet whose status and id columns were pasted from elsewhere, renamed another person's lead
 * before: the upsert matches by the row's key, not by the remembered id. Runs the real bundle
 * against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createImportWorld, type ImportWorld, SHEET } from './import-harness';

const ACCOUNT = 1;

function finish(world: ImportWorld, options: Record<string, unknown> = {}): JobSummary {
  world.runtime.runOrThrow('crmImportLeads', { sheet: SHEET, ...options });
  world.runtime.runUntilIdle({ maxExecutions: 40 });
  const jobs = world.runtime.runOrThrow('crmListJobs') as JobSummary[];
  return jobs[0] as JobSummary;
}

async function demoWorld(header: string[], rows: unknown[][]) {
  return createImportWorld({
    sheet: { header, rows, expected: [], keys: [] },
    sandbox: { seed: 'demo' },
  });
}

/** Two demo leads with a name, an e-mail and a phone, copied as they were. */
async function twoPeople() {
  const probe = await demoWorld(['Nome'], []);
  const leads = probe.sandbox.state.leads
    .filter((l) => l.account_id === ACCOUNT && l.email && l.phone && l.name)
    .slice(0, 2)
    .map((l) => ({ ...l }));
  expect(leads).toHaveLength(2);
  return leads as [(typeof leads)[0], (typeof leads)[0]];
}

describe('CONFLICT for rows the job knew without asking the CRM', () => {
  it('a re-import after a person typed another lead’s e-mail over a row’s own is CONFLICT', async () => {
    const [maria] = await twoPeople();
    const world = await demoWorld(
      ['Nome', 'E-mail', 'Telefone'],
      [['Ana Beatriz Gonçalves', 'ana.beatriz@exemplo.com.br', '(11) 3333-4444']],
    );
    finish(world, { pipeline: 'Vendas', stage: 'Novo' });
    expect(world.statuses()).toEqual(['CREATED']);
    // The person "fixes" the e-mail with Maria's (a colleague's list, a wrong autocomplete).
    world.runtime.sheet(SHEET).setValues(2, 2, [[maria.email]]);
    world.sandbox.clearRequests();
    finish(world, { pipeline: 'Vendas', stage: 'Novo' });
    expect(world.statuses()).toEqual(['CONFLICT']);
    expect(world.upserts()).toHaveLength(0);
    const after = world.sandbox.state.leads.find((l) => l.id === maria.id);
    expect(after).toMatchObject({ name: maria.name, email: maria.email, phone: maria.phone });
    expect(String(world.column('CRM Import Detail')[0])).toContain(`lead ${maria.id}`);
  });

  it('a pasted CRM Lead ID and status do not stand for the CRM: the row is CONFLICT', async () => {
    const [maria, other] = await twoPeople();
    const world = await demoWorld(
      ['Nome', 'E-mail', 'Telefone', 'CRM Import Status', 'CRM Lead ID'],
      // Status and id pasted from another sheet: they name another lead than the e-mail's.
      [['Zélia Fontes', maria.email, '(21) 3333-4444', 'UPDATED', other.id]],
    );
    finish(world);
    expect(world.statuses()).toEqual(['CONFLICT']);
    expect(world.upserts()).toHaveLength(0);
    const after = world.sandbox.state.leads.find((l) => l.id === maria.id);
    expect(after).toMatchObject({ name: maria.name, phone: maria.phone });
  });

  it('a row edited into another person under a remembered e-mail is CONFLICT', async () => {
    const [maria] = await twoPeople();
    const world = await demoWorld(
      ['Nome', 'E-mail', 'Telefone', 'Valor'],
      [[maria.name, maria.email, maria.phone, '100']],
    );
    finish(world);
    expect(world.statuses()).toEqual(['UPDATED']);
    // The row is written over with another person who shares the company e-mail.
    world.runtime.sheet(SHEET).setValues(2, 1, [['Zélia Fontes']]);
    world.runtime.sheet(SHEET).setValues(2, 3, [['(21) 3333-4444']]);
    world.sandbox.clearRequests();
    finish(world);
    expect(world.statuses()).toEqual(['CONFLICT']);
    expect(world.upserts()).toHaveLength(0);
    const after = world.sandbox.state.leads.find((l) => l.id === maria.id);
    expect(after).toMatchObject({ name: maria.name, phone: maria.phone });
  });

  it('a remembered row that stays the same person is still updated', async () => {
    const [maria] = await twoPeople();
    const world = await demoWorld(
      ['Nome', 'E-mail', 'Telefone', 'Valor'],
      [[maria.name, maria.email, maria.phone, '100']],
    );
    finish(world);
    world.runtime.sheet(SHEET).setValues(2, 4, [['200']]);
    finish(world);
    expect(world.statuses()).toEqual(['UPDATED']);
    expect(world.sandbox.state.leads.find((l) => l.id === maria.id)?.value).toBe(200);
  });
});

describe('CONFLICT for a row decided again after its key was sent in the same execution', () => {
  it('a DUPLICATE left alone when the first row is deleted mid-job never overwrites the lead that row made', async () => {
    const world = await createImportWorld({
      sheet: {
        header: ['Nome', 'E-mail', 'Telefone'],
        rows: [
          ['Maria Silva', 'contato@empresa.com.br', '(11) 98765-4321'],
          ['Ana Beatriz Gonçalves', 'contato@empresa.com.br', '(21) 99876-5432'],
        ],
        expected: [],
        keys: [],
      },
    });
    let upserted = false;
    world.onRequest = (request) => {
      if (request.url.endsWith('/leads/upsert')) upserted = true;
    };
    let deleted = false;
    const result = world.runtime.execute({
      fn: 'crmImportLeads',
      args: [{ sheet: SHEET, pipeline: 'Vendas', stage: 'Novo' }],
      interleave: {
        // Maria's row is deleted once its status is written, before the job's end check.
        atServiceCall: (event: { name: string }) => {
          const sheet = world.runtime.sheet(SHEET);
          const written = sheet.getValues()[1]?.[3] === 'CREATED';
          if (upserted && written && !deleted && /^(Sheet|Range)/.test(event.name)) {
            world.runtime.sheet(SHEET).deleteRows(2, 1);
            deleted = true;
          }
          return false;
        },
        fn: 'crmListJobs',
      },
    });
    if (result.error) throw result.error;
    world.runtime.runUntilIdle({ maxExecutions: 20 });
    expect(deleted).toBe(true);
    const maria = world.sandbox.state.leads.find((l) => l.email === 'contato@empresa.com.br');
    expect(maria?.name).toBe('Maria Silva');
    expect(maria?.phone).toBe('+5511987654321');
    // Ana's row is never sent over Maria's lead. (It is left showing Maria's CREATED, the
    // status of its match key: the end check places statuses by key, not by person.)
    expect(world.upserts()).toHaveLength(1);
  });
});
