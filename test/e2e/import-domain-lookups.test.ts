/**
 * Matching rows by e-mail in a large account (issue 17): an account of 60,000 leads is too big
 * for the import's paged read (300 pages against the ~150 rows one execution can answer), so
 * each row used to cost its own search (`GET /leads?q=<e-mail>`). A B2B list holds many rows
 * of one company domain: one search for `@domain` answers all of them, in as many requests as
 * it has pages. The figure printed is GET /leads requests per 1,000 rows.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createImportWorld, type ImportWorld, LEAD_TEMPLATE, SHEET } from './import-harness';

const DOMAINS = 40;
/** Leads of each company domain in the account, and rows of it in the sheet (existing, new). */
const LEADS_PER_DOMAIN = 400;
const EXISTING_ROWS = 15;
const NEW_ROWS = 10;
/** Leads at a public domain, which no sheet row is at. */
const PUBLIC_LEADS = 44_000;

function domainOf(d: number): string {
  return `empresa${d}.com.br`;
}

function account(world: ImportWorld): void {
  const state = world.sandbox.state;
  const stage = state.stages.find((s) => s.name === 'Novo');
  if (!stage) throw new Error('no stage Novo');
  const at = new Date(world.clock.now()).toISOString();
  let id = 10_000;
  const lead = (name: string, email: string) =>
    state.leads.push({
      ...LEAD_TEMPLATE,
      tags: [],
      custom_fields: {},
      id: id++,
      name,
      email,
      pipeline_id: stage.pipeline_id,
      stage_id: stage.id,
      created_at: at,
      updated_at: at,
    });
  for (let d = 0; d < DOMAINS; d++)
    for (let n = 0; n < LEADS_PER_DOMAIN; n++) lead(`Contato ${d}-${n}`, `c${n}@${domainOf(d)}`);
  for (let n = 0; n < PUBLIC_LEADS; n++) lead(`Pessoa ${n}`, `pessoa${n}@gmail.com`);
}

/** A B2B list, company by company: rows of existing contacts, then new ones. */
function rows(): unknown[][] {
  const out: unknown[][] = [];
  for (let d = 0; d < DOMAINS; d++) {
    for (let n = 0; n < EXISTING_ROWS; n++)
      out.push([`Contato ${d}-${n}`, `c${n * 7}@${domainOf(d)}`, `Empresa ${d}`]);
    for (let n = 0; n < NEW_ROWS; n++)
      out.push([`Novo ${d}-${n}`, `novo${n}@${domainOf(d)}`, `Empresa ${d}`]);
  }
  return out;
}

describe('an import matching by e-mail in a large account', () => {
  it('answers rows of one company domain with a search of the domain, not one per row', async () => {
    const sheetRows = rows();
    const world = await createImportWorld({
      sheet: { header: ['Nome', 'E-mail', 'Empresa'], rows: sheetRows, expected: [], keys: [] },
    });
    account(world);
    world.runtime.runOrThrow('crmImportLeads', { sheet: SHEET, pipeline: 'Vendas', stage: 'Novo' });
    world.runtime.runUntilIdle({ maxExecutions: 80 });
    const job = (world.runtime.runOrThrow('crmListJobs') as JobSummary[])[0];
    expect(job?.state).toBe('done');
    const statuses = world.statuses();
    expect(statuses.filter((s) => s === 'UPDATED')).toHaveLength(DOMAINS * EXISTING_ROWS);
    expect(statuses.filter((s) => s === 'CREATED')).toHaveLength(DOMAINS * NEW_ROWS);
    const reads = world.sandbox
      .requests()
      .filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/leads'));
    const perThousand = Math.round((reads.length * 1_000) / sheetRows.length);
    console.log(
      `GET /leads per 1,000 rows: ${perThousand} (${reads.length} for ${sheetRows.length})`,
    );
    expect(world.upserts()).toHaveLength(sheetRows.length);
    expect(perThousand).toBeLessThan(200);
  }, 600_000);
});

describe('an import of many rows at a common domain', () => {
  it('reads the domain whole only when this execution answers more of its rows than it has pages', async () => {
    // 60,000 leads at gmail.com (300 pages) and 400 rows of it: an execution answers ~150 rows,
    // so a whole read of the domain costs more than searching them, and does not fit it.
    const sheetRows: unknown[][] = [];
    for (let n = 0; n < 400; n++)
      sheetRows.push([`Pessoa ${n * 97}`, `pessoa${n * 97}@gmail.com`, 'Casa']);
    const world = await createImportWorld({
      sheet: { header: ['Nome', 'E-mail', 'Empresa'], rows: sheetRows, expected: [], keys: [] },
    });
    const state = world.sandbox.state;
    const stage = state.stages.find((s) => s.name === 'Novo');
    if (!stage) throw new Error('no stage Novo');
    const at = new Date(world.clock.now()).toISOString();
    for (let n = 0; n < 60_000; n++)
      state.leads.push({
        ...LEAD_TEMPLATE,
        tags: [],
        custom_fields: {},
        id: 10_000 + n,
        name: `Pessoa ${n}`,
        email: `pessoa${n}@gmail.com`,
        pipeline_id: stage.pipeline_id,
        stage_id: stage.id,
        created_at: at,
        updated_at: at,
      });
    world.runtime.runOrThrow('crmImportLeads', { sheet: SHEET, pipeline: 'Vendas', stage: 'Novo' });
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    const job = (world.runtime.runOrThrow('crmListJobs') as JobSummary[])[0];
    const reads = world.sandbox
      .requests()
      .filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/leads')).length;
    console.log(`state ${job?.state}, GET /leads ${reads} for ${sheetRows.length} rows`);
    expect(job?.state).toBe('done');
    expect(world.statuses().filter((s) => s === 'UPDATED')).toHaveLength(sheetRows.length);
    expect(reads).toBeLessThan(2 * sheetRows.length);
  }, 600_000);
});
