/**
 * crmExportLeads end to end: the real bundle in the local Apps Script runtime, against the
 * sandbox in simulated time. Every exported row is compared with the sandbox's own data.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeadRow } from '../../sandbox/types';
import { DEFAULT_LEAD_HEADER, expectedDefaultRow, newestFirst } from './export-fixtures';
import {
  accountLeads,
  buildBundle,
  createHarness,
  DEMO_NOW,
  type Harness,
  sandboxApi,
  seedLeads,
} from './export-harness';

beforeAll(async () => {
  await buildBundle();
});

/** Midnight of a YYYY-MM-DD day in São Paulo, found by asking Intl (independent of the add-on). */
function saoPauloMidnight(day: string): Date {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  for (let hour = 0; hour <= 6; hour++) {
    const candidate = new Date(`${day}T0${hour}:00:00Z`);
    if (format.format(candidate) === `${day}, 00:00`) return candidate;
  }
  throw new Error(`no midnight found for ${day}`);
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function exportOk(h: Harness, options: Record<string, unknown>) {
  const result = h.runtime.run('crmExportLeads', options);
  if (!result.ok) throw new Error(`crmExportLeads failed: ${result.error?.message}`);
  return result.value as {
    jobId: string;
    state: string;
    total: number;
    done: number;
    counts: Record<string, number>;
    message: string;
  };
}

function stageIs(h: Harness, lead: LeadRow, flag: 'is_won' | 'is_lost'): boolean {
  return h.sandbox.state.stages.find((s) => s.id === lead.stage_id)?.[flag] === true;
}

describe('crmExportLeads, replace mode', () => {
  it('writes every lead with the default columns, each row equal to the sandbox data', async () => {
    const h = await createHarness();
    const summary = exportOk(h, { sheet: 'Leads' });
    const leads = newestFirst(accountLeads(h.sandbox));
    expect(summary).toMatchObject({ kind: 'export', state: 'done', done: leads.length });
    expect(summary.counts).toEqual({ WRITTEN: leads.length });

    const values = h.runtime.sheet('Leads').getValues();
    expect(values[0]).toEqual(DEFAULT_LEAD_HEADER);
    expect(values.slice(1)).toEqual(leads.map((lead) => expectedDefaultRow(h, lead)));
    // 300 leads: two requests, and a catch-up; the second re-reads the last 5 positions of the
    // first (page 2 of 195 starts at 195), so a deletion in between cannot shift a lead past it;
    // the catch-up reads the leads changed since the start (an edit moves a lead behind the
    // pages read when the CRM orders by updated_at).
    const paths = h.requests().map((r) => r.path);
    expect(paths.slice(0, 2)).toEqual([
      '/api/v1/leads?page=1&per_page=200',
      '/api/v1/leads?page=2&per_page=195',
    ]);
    expect(paths.slice(2)).toEqual([
      expect.stringMatching(/^\/api\/v1\/leads\?updated_since=[^&]+&page=1&per_page=200$/),
    ]);
  });

  type Case = {
    name: string;
    filters: Record<string, unknown>;
    keep: (lead: LeadRow, h: Harness) => boolean;
  };
  const CASES: Case[] = [
    {
      name: 'pipeline by name',
      filters: { pipeline: 'Pós-venda' },
      keep: (l) => l.pipeline_id === 2,
    },
    { name: 'pipeline_id', filters: { pipeline_id: 3 }, keep: (l) => l.pipeline_id === 3 },
    {
      name: 'stage by name within a pipeline',
      filters: { pipeline: 'vendas', stage: 'proposta' },
      keep: (l) => l.stage_id === 3,
    },
    {
      name: 'stage by unique name',
      filters: { stage: 'Negociação' },
      keep: (l) => l.stage_id === 4,
    },
    { name: 'stage_id', filters: { stage_id: 2 }, keep: (l) => l.stage_id === 2 },
    { name: 'owner by name', filters: { owner: 'Bruno Lima' }, keep: (l) => l.assigned_to === 2 },
    {
      name: 'owner by e-mail',
      filters: { owner: 'DIEGO.ROCHA@demo.com.br' },
      keep: (l) => l.assigned_to === 4,
    },
    { name: 'assigned_to', filters: { assigned_to: 1 }, keep: (l) => l.assigned_to === 1 },
    {
      name: 'tags (any of)',
      filters: { tags: ['vip', 'frio'] },
      keep: (l) => l.tags.includes('vip') || l.tags.includes('frio'),
    },
    {
      name: 'tags as a comma list',
      filters: { tags: 'black-friday' },
      keep: (l) => l.tags.includes('black-friday'),
    },
    {
      name: 'q on name or e-mail',
      filters: { q: 'silva' },
      keep: (l) => fold(l.name).includes('silva') || fold(l.email ?? '').includes('silva'),
    },
    { name: 'source', filters: { source: 'site' }, keep: (l) => l.source === 'site' },
    { name: 'status won', filters: { status: 'won' }, keep: (l, h) => stageIs(h, l, 'is_won') },
    { name: 'status lost', filters: { status: 'lost' }, keep: (l, h) => stageIs(h, l, 'is_lost') },
    {
      name: 'updated_since',
      filters: { updated_since: '2026-11-10' },
      keep: (l) => l.updated_at >= '2026-11-10T00:00:00.000Z',
    },
    {
      name: 'created_from and created_to',
      filters: { created_from: '2026-08-01', created_to: '2026-09-30' },
      keep: (l) => l.created_at >= '2026-08-01' && l.created_at < '2026-10-01',
    },
    {
      name: 'several filters at once',
      filters: { pipeline: 'Vendas', tags: ['vip'], source: 'chatapp' },
      keep: (l) => l.pipeline_id === 1 && l.tags.includes('vip') && l.source === 'chatapp',
    },
  ];

  it.each(CASES)('filter: $name', async ({ filters, keep }) => {
    const h = await createHarness();
    const expected = newestFirst(accountLeads(h.sandbox).filter((lead) => keep(lead, h)));
    expect(expected.length, 'the demo data has leads for this filter').toBeGreaterThan(0);
    expect(expected.length, 'the filter leaves some leads out').toBeLessThan(300);
    const summary = exportOk(h, { sheet: 'Filtered', filters });
    expect(summary.state).toBe('done');
    const values = h.runtime.sheet('Filtered').getValues();
    expect(values.slice(1)).toEqual(expected.map((lead) => expectedDefaultRow(h, lead)));
  });

  it('flattens every include token into readable columns, in the chosen order', async () => {
    const h = await createHarness();
    const columns = [
      'owner_name',
      'id',
      'owner_email',
      'assigned_to',
      'products',
      'products_total',
      'contacts',
      'notes_count',
      'sales_total',
      'lost_sales',
      'tasks_open',
      'sequences',
      'score',
      'status',
      'custom_fields.cpf',
      'Data de nascimento',
    ];
    // A custom field may be named by its label too.
    const summary = exportOk(h, {
      sheet: 'Wide',
      columns: columns.map((c) =>
        c === 'Data de nascimento' ? 'custom_fields.Data de nascimento' : c,
      ),
    });
    expect(summary.state).toBe('done');
    const paths = h.requests().map((r) => decodeURIComponent(r.path));
    expect(paths[0]).toBe('/api/v1/custom-fields');
    expect(paths[1]).toBe(
      '/api/v1/leads?page=1&per_page=200&include=owner,products,contacts,notes,sales,tasks,sequences,score',
    );

    const state = h.sandbox.state;
    const [header, ...rows] = h.runtime.sheet('Wide').getValues();
    expect(header).toEqual([...columns.slice(0, -1), 'custom_fields.nascimento']);
    const leads = newestFirst(accountLeads(h.sandbox));
    expect(rows.length).toBe(leads.length);
    leads.forEach((lead, i) => {
      const owner = state.users.find((u) => u.id === lead.assigned_to);
      const products = state.leadProducts.filter((p) => p.lead_id === lead.id);
      const total = products.reduce(
        (sum, p) =>
          sum + Math.round(p.quantity * p.unit_price * (1 - p.discount_percent / 100) * 100) / 100,
        0,
      );
      const sales = state.sales.filter((s) => s.lead_id === lead.id);
      const openTasks = state.tasks.filter((t) => t.lead_id === lead.id && t.status === 'pending');
      const nascimento = lead.custom_fields.nascimento as string | undefined;
      expect(rows[i], `lead ${lead.id}`).toEqual([
        owner?.name ?? '',
        lead.id,
        owner?.email ?? '',
        lead.assigned_to ?? '',
        products.length,
        Math.round(total * 100) / 100,
        state.contacts.filter((c) => c.lead_id === lead.id).length,
        state.notes.filter((n) => n.lead_id === lead.id).length,
        Math.round(sales.reduce((sum, s) => sum + s.value, 0) * 100) / 100,
        state.lostSales.filter((s) => s.lead_id === lead.id).length,
        openTasks.length,
        state.leadSequences.filter((e) => e.lead_id === lead.id).length,
        lead.score,
        stageIs(h, lead, 'is_won') ? 'won' : stageIs(h, lead, 'is_lost') ? 'lost' : 'open',
        (lead.custom_fields.cpf as string | undefined) ?? '',
        // A date field is a date: midnight of that day in the spreadsheet's zone (São Paulo,
        // whose offset was -2 in the summers it had DST).
        nascimento ? saoPauloMidnight(nascimento) : '',
      ]);
    });
  });

  it('writes CRM text as text: formulas, +phones and -numbers stay what they are', async () => {
    const h = await createHarness();
    const tricky = [
      { name: '=HYPERLINK("http://x","y")', phone: '+5511987650001', company: '-1' },
      { name: '+55 11 98765-0002', phone: '+5511987650002', company: '=1+1' },
      { name: "'quoted", phone: '(11) 98765-0003', company: '01/02/2026' },
      { name: '@mention', phone: '11987650004', company: 'TRUE' },
    ];
    for (const [i, lead] of tricky.entries()) {
      const created = sandboxApi(h.sandbox, 'POST', '/leads', {
        ...lead,
        pipeline_id: 1,
        stage_id: 1,
        email: `tricky${i}@example.com`,
        tags: ['=SUM(A1)', '-5'],
        source: '+site',
      });
      expect(created.status).toBe(201);
    }
    h.clock.advance(61_000);
    exportOk(h, { sheet: 'Tricky', filters: { q: '@example.com' } });
    const sheet = h.runtime.sheet('Tricky');
    const values = sheet.getValues();
    expect(
      sheet
        .getFormulas()
        .flat()
        .every((formula) => formula === ''),
    ).toBe(true);
    const byEmail = new Map(values.slice(1).map((row) => [row[2], row]));
    for (const [i, lead] of tricky.entries()) {
      const row = byEmail.get(`tricky${i}@example.com`);
      expect(row, `row of ${lead.name}`).toBeDefined();
      expect(row?.[1]).toBe(lead.name);
      expect(row?.[3]).toBe(lead.phone);
      expect(row?.[4]).toBe(lead.company);
      expect(row?.[8]).toBe('=SUM(A1), -5');
      expect(row?.[9]).toBe('+site');
    }
  });

  it('keeps going as a job past one execution: 4,000 leads, every one written once', async () => {
    // Slow requests (140 s each) make the first execution stop after two steps (page 1, then a
    // batch of 10 pages sent together).
    const h = await createHarness({ runtime: { costs: { fetchMs: 140_000 } } });
    seedLeads(h.sandbox, 3_700, DEMO_NOW);
    const first = exportOk(h, { sheet: 'Big', columns: 'id,name,tags,value' });
    expect(first.state).toBe('running');
    expect(first.done).toBeGreaterThan(0);
    expect(first.done).toBeLessThan(4_000);
    // The one-off continuation, and the hourly backstop while a job is pending.
    expect(new Set(h.runtime.triggers().map((t) => t.handler))).toEqual(new Set(['crmRunJobs']));

    const { fired } = h.runtime.runUntilIdle();
    expect(fired.length).toBeGreaterThan(0);
    expect(fired.every((f) => f.result.ok)).toBe(true);
    const jobs = h.runtime.runOrThrow('crmListJobs') as Array<{ state: string; done: number }>;
    expect(jobs[0]).toMatchObject({ state: 'done', done: 4_000 });

    const leads = newestFirst(accountLeads(h.sandbox));
    const rows = h.runtime.sheet('Big').getValues().slice(1);
    expect(rows.map((row) => row[0])).toEqual(leads.map((lead) => lead.id));
    expect(rows.map((row) => row[2])).toEqual(leads.map((lead) => lead.tags.join(', ')));
    // 20 pages of 200, plus three: each page re-reads at least 5 positions of the one before;
    // and one catch-up for the leads changed since the start.
    expect(h.requests().length).toBe(24);
  });

  it('an include adds its columns when no columns were chosen (Also fetch → Owner, Notes, Score)', async () => {
    const h = await createHarness();
    exportOk(h, { sheet: 'Mais', include: ['owner', 'notes', 'score'] });
    const values = h.runtime.sheet('Mais').getValues();
    expect(values[0]).toEqual([
      ...DEFAULT_LEAD_HEADER,
      'owner_name',
      'owner_email',
      'notes_count',
      'last_note',
      'score',
    ]);
    const users = new Map(h.sandbox.state.users.map((user) => [user.id, user]));
    const leads = newestFirst(accountLeads(h.sandbox));
    const width = DEFAULT_LEAD_HEADER.length;
    expect(values.slice(1).map((row) => [row[0], row[width], row[width + 4]])).toEqual(
      leads.map((lead) => [
        lead.id,
        lead.assigned_to === null ? '' : (users.get(lead.assigned_to)?.name ?? ''),
        lead.score,
      ]),
    );
    const notes = h.sandbox.state.notes.filter((note) => note.lead_id === leads[0]?.id);
    expect(values[1]?.[width + 2]).toBe(notes.length);
  });

  it('clears what an earlier, longer export left, keeping the sheet itself', async () => {
    const h = await createHarness();
    exportOk(h, { sheet: 'Leads', columns: 'id,name,email,phone,company,source,tags' });
    exportOk(h, { sheet: 'Leads', filters: { pipeline_id: 3 }, columns: 'id,name' });
    const expected = newestFirst(accountLeads(h.sandbox).filter((l) => l.pipeline_id === 3));
    const values = h.runtime.sheet('Leads').getValues();
    expect(values).toEqual([['id', 'name'], ...expected.map((lead) => [lead.id, lead.name])]);
  });
});

describe('crmExportLeads, sync mode', () => {
  it('updates rows in place by id, appends new leads, keeps the user columns and order', async () => {
    const h = await createHarness();
    const startedBefore = h.clock.now();
    const first = exportOk(h, { sheet: 'Sync', mode: 'sync', columns: 'id,name,value,stage' });
    expect(first.counts).toEqual({ UPDATED: 0, ADDED: 300, UNCHANGED: 0 });
    const sheet = h.runtime.sheet('Sync');

    // The user moves `value` to the front and adds a column of their own.
    const before = sheet.getValues();
    const reordered = before.map((row, i) => [
      row[2],
      row[0],
      row[1],
      row[3],
      i === 0 ? 'Minha nota' : `nota ${row[0]}`,
    ]);
    sheet.setValues(1, 1, reordered);

    // In the CRM, a day later: one lead changes, two are created.
    h.clock.advance(86_400_000);
    const target = accountLeads(h.sandbox).find((lead) => lead.email !== null) as LeadRow;
    const updated = sandboxApi(h.sandbox, 'POST', '/leads/upsert', {
      email: target.email,
      value: 123_456.78,
      name: 'Nome Atualizado',
      match_by: 'email',
    });
    expect(updated.status).toBe(200);
    const createdIds = [1, 2].map((n) => {
      const created = sandboxApi(h.sandbox, 'POST', '/leads', {
        name: `Novo Lead ${n}`,
        email: `novo${n}@example.com`,
        pipeline_id: 1,
        stage_id: 2,
        value: n * 1000,
      });
      expect(created.status).toBe(201);
      return created.json.lead.id as number;
    });
    h.sandbox.clearRequests();

    const second = exportOk(h, { sheet: 'Sync', mode: 'sync', columns: 'id,name,value,stage' });
    expect(second.state).toBe('done');
    // Only the leads changed since the first sync were read.
    expect(second.done).toBe(3);
    expect(second.counts).toEqual({ UPDATED: 1, ADDED: 2, UNCHANGED: 0 });
    const [request] = h.requests();
    expect(h.requests().length).toBe(1);
    const since = Date.parse(
      new URL(`http://x${request?.path}`).searchParams.get('updated_since') ?? '',
    );
    // The first sync's start (a few simulated ms of sheet calls in), less the 5-minute margin.
    expect(since - (startedBefore - 300_000)).toBeGreaterThanOrEqual(0);
    expect(since - (startedBefore - 300_000)).toBeLessThan(1_000);

    const after = sheet.getValues();
    expect(after[0]).toEqual(['value', 'id', 'name', 'stage', 'Minha nota']);
    expect(after.length).toBe(before.length + 2);
    const targetRow = after.findIndex((row) => row[1] === target.id);
    expect(targetRow).toBe(before.findIndex((row) => row[0] === target.id));
    expect(after[targetRow]).toEqual([
      123_456.78,
      target.id,
      'Nome Atualizado',
      expect.any(String),
      `nota ${target.id}`,
    ]);
    // Every other row is as the user left it.
    after.forEach((row, i) => {
      if (i !== targetRow && i < before.length) expect(row).toEqual(reordered[i]);
    });
    // New leads go below, in the API's order (newest first).
    expect(after.slice(-2)).toEqual([
      [2000, createdIds[1], 'Novo Lead 2', 'Qualificado', ''],
      [1000, createdIds[0], 'Novo Lead 1', 'Qualificado', ''],
    ]);
  });

  it('reads every lead again when the filters or columns changed since the last sync', async () => {
    const h = await createHarness();
    exportOk(h, { sheet: 'Sync', mode: 'sync', columns: 'id,name' });
    h.clock.advance(3_600_000);
    h.sandbox.clearRequests();
    const summary = exportOk(h, { sheet: 'Sync', mode: 'sync', columns: 'id,name,source' });
    expect(summary.done).toBe(300);
    // A full pass without the watermark, then only the catch-up reads "changed since the start".
    const paths = h.requests().map((r) => r.path);
    expect(paths.slice(0, -1).every((path) => !path.includes('updated_since'))).toBe(true);
    expect(paths.at(-1)).toMatch(/updated_since=/);
    const values = h.runtime.sheet('Sync').getValues();
    expect(values[0]).toEqual(['id', 'name', 'source']);
    const bySandbox = new Map(accountLeads(h.sandbox).map((l) => [l.id, l.source ?? '']));
    for (const row of values.slice(1)) expect(row[2]).toBe(bySandbox.get(row[0] as number));
  });
});

describe('crmExportLeads, errors', () => {
  const BAD: Array<[string, Record<string, unknown>, RegExp]> = [
    ['an unknown filter', { sheet: 'X', filters: { pipe: 'Vendas' } }, /Unknown filter "pipe"/],
    [
      'an unknown pipeline',
      { sheet: 'X', filters: { pipeline: 'Nada' } },
      /Unknown pipeline "Nada".*Vendas/,
    ],
    [
      'an unknown stage',
      { sheet: 'X', filters: { pipeline: 'Vendas', stage: 'Fechamento' } },
      /Unknown stage "Fechamento" in pipeline "Vendas"/,
    ],
    [
      'a stage of no pipeline',
      { sheet: 'X', filters: { stage: 'Fechamento' } },
      /Unknown stage "Fechamento". Stages in this account: Novo \(Vendas\)/,
    ],
    ['an unknown owner', { sheet: 'X', filters: { owner: 'Zé' } }, /Unknown owner "Zé"/],
    ['an unknown column', { sheet: 'X', columns: 'id,nomee' }, /Unknown column "nomee"/],
    [
      'an unknown custom field',
      { sheet: 'X', columns: 'custom_fields.rg' },
      /Unknown custom field "rg"/,
    ],
    [
      'a detail-only include',
      { sheet: 'X', include: ['events'] },
      /only available for a single lead/,
    ],
    ['a bad mode', { sheet: 'X', mode: 'merge' }, /mode must be "replace".*"sync"/],
    ['sync without id', { sheet: 'X', mode: 'sync', columns: 'name' }, /add "id" to columns/],
    ['no sheet', { filters: {} }, /sheet must be the name of the sheet/],
    ['an unknown option', { sheet: 'X', filter: {} }, /Unknown option "filter"/],
    [
      'a bad date',
      { sheet: 'X', filters: { created_from: '31/02/2026x' } },
      /created_from must be/,
    ],
  ];

  it.each(BAD)('refuses %s before writing anything', async (_name, options, message) => {
    const h = await createHarness();
    const result = h.runtime.run('crmExportLeads', options);
    expect(result.ok).toBe(false);
    expect(result.error?.message).toMatch(message);
    // No sheet was created and no lead was read.
    expect(h.runtime.workbook.findSheet('X')).toBeUndefined();
    expect(h.requests().filter((r) => r.path.startsWith('/api/v1/leads'))).toEqual([]);
  });

  it('asks for a key when none is saved', async () => {
    const h = await createHarness({ apiKey: null });
    const result = h.runtime.run('crmExportLeads', { sheet: 'Leads' });
    expect(result.error?.message).toMatch(/No CRM API key is set: open CRM → Settings/);
    expect(h.requests()).toEqual([]);
  });

  it('pauses the job naming the fix when the key is revoked mid-export', async () => {
    const h = await createHarness({ runtime: { costs: { fetchMs: 150_000 } } });
    const first = exportOk(h, { sheet: 'Leads', columns: 'id,name' });
    expect(first.state).toBe('running');
    h.sandbox.faults.revokeKey('crm_demo_admin');
    h.runtime.runUntilIdle();
    const [job] = h.runtime.runOrThrow('crmListJobs') as Array<{ state: string; message: string }>;
    expect(job?.state).toBe('paused');
    expect(job?.message).toMatch(/refused the API key \(API Key inválida\.\).*CRM → Settings/);
  });

  it('fails with the provider raw error after retrying 502s', async () => {
    const h = await createHarness();
    h.sandbox.faults.add({
      kind: '502',
      count: 3,
      pathPrefix: '/leads',
      raw: { code: 'upstream_down' },
    });
    const summary = exportOk(h, { sheet: 'Leads' });
    expect(summary.state).toBe('failed');
    expect(summary.message).toMatch(/after 3 attempts.*upstream_down/);
    expect(h.requests().length).toBe(3);
  });

  it('retries a 502 and a 429 within the same step, then finishes', async () => {
    const h = await createHarness();
    h.sandbox.faults.add({ kind: '502', count: 1, pathPrefix: '/leads' });
    h.sandbox.faults.add({ kind: '429', count: 1, pathPrefix: '/leads', retryAfter: 7 });
    const started = h.clock.now();
    const summary = exportOk(h, { sheet: 'Leads', columns: 'id' });
    expect(summary).toMatchObject({ state: 'done', done: 300 });
    expect(h.requests().map((r) => r.status)).toEqual([502, 429, 200, 200, 200]);
    // The 429's Retry-After was honoured before the next request.
    const [, limited, retried] = h.requests();
    expect((retried?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(7_000);
    expect(h.clock.now()).toBeGreaterThan(started);
  });
});
