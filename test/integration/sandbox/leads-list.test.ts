import { describe, expect, it } from 'vitest';
import { call, DAY, DEMO, DEMO_NOW, makeSandbox } from './helpers';

type Lead = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  tags: string[];
  stage_id: number;
  pipeline_id: number;
  source: string | null;
  status: string;
  updated_at: string;
  created_at: string;
  assigned_to?: number | null;
};

function listAll(query: string) {
  const { sandbox } = makeSandbox();
  const answer = call(sandbox, 'GET', `/leads?per_page=200${query}`);
  expect(answer.status).toBe(200);
  const pages = [answer.json.data as Lead[]];
  for (let page = 2; page <= answer.json.meta.last_page; page++) {
    pages.push(call(sandbox, 'GET', `/leads?per_page=200&page=${page}${query}`).json.data);
  }
  return { sandbox, leads: pages.flat(), meta: answer.json.meta };
}

describe('GET /leads', () => {
  it('answers {success, data, meta} with the documented meta, 50 per page by default, newest first', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'GET', '/leads');
    expect(answer.json.success).toBe(true);
    expect(answer.json.data).toHaveLength(50);
    expect(answer.json.meta).toEqual({
      total: 300,
      per_page: 50,
      current_page: 1,
      last_page: 6,
      has_more: true,
    });
    const created = (answer.json.data as Lead[]).map((l) => l.created_at);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it.each([
    [
      '?page=6&per_page=50',
      { total: 300, per_page: 50, current_page: 6, last_page: 6, has_more: false },
      50,
    ],
    ['?page=7', { total: 300, per_page: 50, current_page: 7, last_page: 6, has_more: false }, 0],
    [
      '?per_page=500',
      { total: 300, per_page: 200, current_page: 1, last_page: 2, has_more: true },
      200,
    ],
    [
      '?per_page=7&page=43',
      { total: 300, per_page: 7, current_page: 43, last_page: 43, has_more: false },
      6,
    ],
  ])('paginates %s', (query, meta, count) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'GET', `/leads${query}`);
    expect(answer.json.meta).toEqual(meta);
    expect(answer.json.data).toHaveLength(count);
  });

  it('pages cover every lead exactly once', () => {
    const { leads } = listAll('');
    expect(new Set(leads.map((l) => l.id)).size).toBe(300);
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['per_page=-1', 'per_page'],
    ['pipeline_id=x', 'pipeline_id'],
    ['status=aberto', 'status'],
    ['updated_since=ontem', 'updated_since'],
    ['created_from=2026-02-30', 'created_from'],
  ])('rejects %s with a field error on %s', (query, field) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'GET', `/leads?${query}`);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.json.errors)).toEqual([field]);
    expect(answer.json.message).toMatch(field);
  });

  it.each([
    [
      'pipeline_id',
      `&pipeline_id=${DEMO.pipelines.posVenda}`,
      (l: Lead) => l.pipeline_id === DEMO.pipelines.posVenda,
    ],
    [
      'stage_id',
      `&stage_id=${DEMO.stages.proposta}`,
      (l: Lead) => l.stage_id === DEMO.stages.proposta,
    ],
    ['source', '&source=GOOGLE_ADS', (l: Lead) => l.source === 'google_ads'],
    ['status won', '&status=won', (l: Lead) => l.status === 'won'],
    ['status lost', '&status=lost', (l: Lead) => l.status === 'lost'],
    ['status open', '&status=open', (l: Lead) => l.status === 'open'],
  ])('filters by %s', (_label, query, predicate) => {
    const all = listAll('').leads;
    const { leads, meta } = listAll(query);
    const expected = all.filter(predicate);
    expect(expected.length).toBeGreaterThan(0);
    expect(meta.total).toBe(expected.length);
    expect(leads.map((l) => l.id).sort()).toEqual(expected.map((l) => l.id).sort());
  });

  it('filters by assigned_to (owner)', () => {
    const { leads } = listAll(`&assigned_to=${DEMO.users.manager}&include=owner`);
    expect(leads.length).toBeGreaterThan(10);
    expect(leads.every((l) => l.assigned_to === DEMO.users.manager)).toBe(true);
  });

  it.each([
    ['&tags=vip,frio'],
    ['&tags[]=vip&tags[]=frio'],
    ['&tags=vip&tags=frio'],
    ['&tags=VIP,%20Frio'],
  ])('tags %s returns leads having any of the names', (query) => {
    const all = listAll('').leads;
    const expected = all.filter((l) => l.tags.includes('vip') || l.tags.includes('frio'));
    const { leads } = listAll(query);
    expect(leads.map((l) => l.id).sort()).toEqual(expected.map((l) => l.id).sort());
    expect(leads.length).toBeLessThan(all.length);
  });

  it.each([
    ['name, case and accents ignored', 'maria silva', DEMO.leads.windowOpen],
    ['name with accent in the query', 'JOÃO', DEMO.leads.noPhone],
    ['email', 'ana.costa@', DEMO.leads.blocked],
    ['phone digits, any format', '(31) 99123-4567', DEMO.leads.windowClosed],
  ])('q searches %s', (_label, q, id) => {
    const { leads } = listAll(`&q=${encodeURIComponent(q)}`);
    expect(leads.map((l) => l.id)).toContain(id);
    expect(leads.length).toBeLessThan(20);
  });

  it.each([
    ['an e-mail', 'x99123-4567@exemplo.com'],
    ['a name', 'Cliente 99123'],
    ['a word and a number', 'pedido 3199123'],
  ])("q with %s holding a phone's digits does not find the lead by its phone", (_label, q) => {
    // The contract searches "name, email or phone": digits inside other text are not a phone.
    const { leads } = listAll(`&q=${encodeURIComponent(q)}`);
    expect(leads.map((l) => l.id)).not.toContain(DEMO.leads.windowClosed);
    expect(leads).toEqual([]);
  });

  it.each([['99123-4567'], ['+55 31 99123-4567'], ['5531991234567'], ['(31) 99123']])(
    'q that looks like a phone (%s) finds the lead by its digits',
    (q) => {
      const { leads } = listAll(`&q=${encodeURIComponent(q)}`);
      expect(leads.map((l) => l.id)).toContain(DEMO.leads.windowClosed);
    },
  );

  it('updated_since keeps leads changed from that instant on, and sees new changes', () => {
    const since = new Date(DEMO_NOW - 3 * DAY).toISOString();
    const all = listAll('').leads;
    const { sandbox, leads } = listAll(`&updated_since=${since}`);
    const expected = all.filter((l) => l.updated_at >= since);
    expect(leads.map((l) => l.id).sort()).toEqual(expected.map((l) => l.id).sort());
    expect(leads.length).toBeLessThan(all.length);
    call(sandbox, 'POST', `/leads/${DEMO.leads.lost}/tags`, { body: { tags: ['novo'] } });
    const fresh = call(
      sandbox,
      'GET',
      `/leads?per_page=200&updated_since=${new Date(DEMO_NOW).toISOString()}`,
    );
    expect(fresh.json.data.map((l: Lead) => l.id)).toEqual([DEMO.leads.lost]);
  });

  it('updated_since with a bare date starts at 00:00 UTC that day', () => {
    const day = new Date(DEMO_NOW - 2 * DAY).toISOString().slice(0, 10);
    const all = listAll('').leads;
    const { leads } = listAll(`&updated_since=${day}`);
    expect(leads.length).toBe(all.filter((l) => l.updated_at >= `${day}T00:00:00.000Z`).length);
  });

  it('created_from and created_to bound creation dates, created_to including its whole day', () => {
    const from = new Date(DEMO_NOW - 30 * DAY).toISOString().slice(0, 10);
    const to = new Date(DEMO_NOW - 10 * DAY).toISOString().slice(0, 10);
    const all = listAll('').leads;
    const { leads } = listAll(`&created_from=${from}&created_to=${to}`);
    const expected = all.filter(
      (l) => l.created_at >= `${from}T00:00:00.000Z` && l.created_at <= `${to}T23:59:59.999Z`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(leads.map((l) => l.id).sort()).toEqual(expected.map((l) => l.id).sort());
  });

  it('include adds list relations, drops detail-only and unknown tokens without error', () => {
    const { sandbox } = makeSandbox();
    const answer = call(
      sandbox,
      'GET',
      '/leads?per_page=5&include=owner,products,contacts,notes,sales,tasks,sequences,score,events,conversation,siblings,bogus',
    );
    expect(answer.status).toBe(200);
    for (const lead of answer.json.data) {
      for (const key of [
        'assigned_to',
        'owner',
        'products',
        'contacts',
        'notes_list',
        'sales',
        'lost_sales',
        'tasks',
        'active_sequence',
        'sequences',
        'score',
        'score_updated_at',
      ]) {
        expect(lead).toHaveProperty(key);
      }
      for (const key of ['events', 'conversation', 'siblings', 'contact_totals', 'bogus'])
        expect(lead).not.toHaveProperty(key);
    }
    const plain = call(sandbox, 'GET', '/leads?per_page=1').json.data[0];
    expect(plain).not.toHaveProperty('owner');
    expect(plain).not.toHaveProperty('assigned_to');
  });

  it('GET /leads/{id} honours the detail-only tokens', () => {
    const { sandbox } = makeSandbox();
    const lead = call(
      sandbox,
      'GET',
      `/leads/${DEMO.leads.windowOpen}?include=events,conversation,siblings,owner`,
    ).json.lead;
    expect(lead.events[0]).toMatchObject({ event_type: 'lead_created' });
    expect(lead.conversation).toMatchObject({
      instance_id: DEMO.instances.cloud,
      phone: '+5511987654321',
    });
    expect(lead.siblings.map((s: { id: number }) => s.id)).toEqual([DEMO.leads.sibling]);
    expect(lead.contact_totals).toMatchObject({ deals: 2, open: 2 });
    expect(lead.owner).toEqual({
      id: DEMO.users.manager,
      name: 'Bruno Lima',
      email: 'bruno.lima@demo.com.br',
    });
  });

  it('a lead carries stage, pipeline, custom_fields and timestamps', () => {
    const { sandbox } = makeSandbox();
    const lead = call(sandbox, 'GET', `/leads/${DEMO.leads.windowOpen}`).json.lead;
    expect(lead).toMatchObject({
      id: DEMO.leads.windowOpen,
      name: 'Maria Silva',
      stage: { id: DEMO.stages.novo, name: 'Novo' },
      pipeline: { id: DEMO.pipelines.vendas, name: 'Vendas' },
      custom_fields: { cpf: '123.456.789-09', segmento: 'Varejo', aceita_whatsapp: true },
      tags: ['vip', 'quente'],
    });
    expect(lead.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
