import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../sandbox/index';
import {
  BlockedError,
  InvalidInputError,
  type LEAD_LIST_INCLUDES,
  type Lead,
  type LeadFilters,
  NotFoundError,
  type Stage,
  UnprocessableError,
  ValidationError,
} from '../../../src/api';
import { errorFrom, useContractServer } from './server';

const sandbox = useContractServer();

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const idsOf = (leads: readonly Lead[]) => leads.map((lead) => lead.id).sort((a, b) => a - b);

function allLeads(): Lead[] {
  return sandbox.server.client().leads.listAll();
}

describe('leads.list (GET /leads)', () => {
  it('answers one page of 50 with the documented meta', () => {
    const page = sandbox.server.client().leads.list();
    expect(page.data).toHaveLength(50);
    const total = allLeads().length;
    expect(page.meta).toMatchObject({
      total,
      per_page: 50,
      current_page: 1,
      last_page: Math.ceil(total / 50),
      has_more: true,
    });
  });

  it('caps per_page at 200: the client refuses more before asking', () => {
    const client = sandbox.server.client();
    expect(client.leads.list({ per_page: 200 }).data).toHaveLength(200);
    const error = errorFrom(InvalidInputError, () => client.leads.list({ per_page: 201 }));
    expect(error.message).toContain('per_page');
  });

  // Each filter must keep exactly the leads the predicate keeps from the unfiltered list.
  const filterCases: [string, LeadFilters, (lead: Lead) => boolean][] = [
    ['pipeline_id', { pipeline_id: DEMO.pipelines.posVenda }, (l) => l.pipeline_id === 2],
    ['stage_id', { stage_id: DEMO.stages.negociacao }, (l) => l.stage_id === 4],
    ['assigned_to', { assigned_to: DEMO.users.manager }, (l) => l.assigned_to === 2],
    ['source', { source: 'indicacao' }, (l) => l.source === 'indicacao'],
    ['tags', { tags: ['vip'] }, (l) => (l.tags ?? []).some((tag) => fold(tag) === 'vip')],
    [
      'tags (any of several)',
      { tags: ['vip', 'newsletter'] },
      (l) => (l.tags ?? []).some((tag) => ['vip', 'newsletter'].includes(fold(tag))),
    ],
  ];

  it.each(filterCases)('filters by %s', (_name, filters, keep) => {
    const client = sandbox.server.client();
    const everyLead = client.leads.listAll({ include: ['owner'] });
    const expected = idsOf(everyLead.filter(keep));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(everyLead.length);
    expect(idsOf(client.leads.listAll({ ...filters, include: ['owner'] }))).toEqual(expected);
  });

  it.each([
    ['won', (s: Stage) => s.is_won === true],
    ['lost', (s: Stage) => s.is_lost === true],
    ['open', (s: Stage) => !s.is_won && !s.is_lost],
  ] as const)('filters by status=%s (leads in such stages)', (status, isInStatus) => {
    const client = sandbox.server.client();
    const stages = client.pipelines
      .list()
      .pipelines.flatMap((p) => p.stages)
      .filter(isInStatus)
      .map((s) => s.id);
    const leads = client.leads.listAll({ status });
    expect(leads.length).toBeGreaterThan(0);
    expect(idsOf(leads)).toEqual(idsOf(allLeads().filter((l) => stages.includes(l.stage_id ?? 0))));
  });

  it('q searches names (accents as sent)', () => {
    const leads = sandbox.server.client().leads.listAll({ q: 'Gonçalves' });
    expect(leads.map((l) => l.name)).toContain('Carlos Gonçalves');
    expect(leads.every((l) => fold(`${l.name} ${l.email}`).includes('goncalves'))).toBe(true);
  });

  it.each([
    ['email', 'ana.costa@example', [DEMO.leads.blocked]],
    ['phone digits', '98765-4321', [DEMO.leads.windowOpen, DEMO.leads.sibling]],
  ])('q searches %s', (_name, q, ids) => {
    const leads = sandbox.server.client().leads.listAll({ q });
    expect(idsOf(leads)).toEqual(ids);
  });

  it('updated_since keeps leads updated from that instant on, and sees a new change', () => {
    const client = sandbox.server.client();
    const everyLead = allLeads();
    const instants = everyLead.map((l) => l.updated_at as string).sort();
    const since = instants[Math.floor(instants.length / 2)] as string;
    const expected = idsOf(everyLead.filter((l) => (l.updated_at as string) >= since));
    expect(idsOf(client.leads.listAll({ updated_since: since }))).toEqual(expected);

    const oldest = everyLead.find((l) => (l.updated_at as string) < since) as Lead;
    client.leads.addTags(oldest.id, ['sincronizar']);
    expect(idsOf(client.leads.listAll({ updated_since: since }))).toContain(oldest.id);
  });

  it('created_from and created_to bound the creation date (YYYY-MM-DD, inclusive)', () => {
    const client = sandbox.server.client();
    const everyLead = allLeads();
    const days = everyLead.map((l) => (l.created_at as string).slice(0, 10)).sort();
    const from = days[Math.floor(days.length / 4)] as string;
    const to = days[Math.floor((days.length * 3) / 4)] as string;
    const expected = idsOf(
      everyLead.filter((l) => {
        const day = (l.created_at as string).slice(0, 10);
        return day >= from && day <= to;
      }),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(client.leads.listAll({ created_from: from, created_to: to }))).toEqual(expected);
  });

  // What each list token adds, per the contract's include table.
  const includeFields: Record<(typeof LEAD_LIST_INCLUDES)[number], string[]> = {
    owner: ['assigned_to', 'owner'],
    products: ['products'],
    contacts: ['contacts'],
    notes: ['notes_list'],
    sales: ['sales', 'lost_sales'],
    tasks: ['tasks'],
    sequences: ['active_sequence', 'sequences'],
    score: ['score', 'score_updated_at'],
  };

  it.each(Object.entries(includeFields))(
    'include=%s adds %j to every listed lead',
    (token, fields) => {
      const client = sandbox.server.client();
      const plain = client.leads.list({ per_page: 5 }).data;
      for (const field of fields) expect(plain.every((lead) => !(field in lead))).toBe(true);
      const included = client.leads.list({
        per_page: 5,
        include: [token as (typeof LEAD_LIST_INCLUDES)[number]],
      }).data;
      for (const field of fields) expect(included.every((lead) => field in lead)).toBe(true);
    },
  );

  it.each(['siblings', 'events', 'conversation'])(
    'refuses the detail-only token %s on the list before any request',
    async (token) => {
      await sandbox.server.admin('DELETE', '/__admin/requests');
      const client = sandbox.server.client();
      const error = errorFrom(InvalidInputError, () =>
        // @ts-expect-error: the type already forbids detail-only tokens on the list
        client.leads.list({ include: [token] }),
      );
      expect(error.message).toContain('leads.get');
      const log = await sandbox.server.admin('GET', '/__admin/requests');
      expect(log.data).toEqual([]);
    },
  );
});

describe('leads.pages and listAll (paging over every page)', () => {
  it('walks every page once, in order, with meta on each', () => {
    const client = sandbox.server.client();
    const pages = [...client.leads.pages({ per_page: 70 })];
    const total = pages[0]?.meta?.total as number;
    expect(pages).toHaveLength(Math.ceil(total / 70));
    pages.forEach((page, index) => {
      expect(page.page).toBe(index + 1);
      expect(page.meta).toMatchObject({
        current_page: index + 1,
        per_page: 70,
        total,
        last_page: pages.length,
        has_more: index + 1 < pages.length,
      });
    });
    const ids = pages.flatMap((page) => page.data.map((lead) => lead.id));
    expect(new Set(ids).size).toBe(total);
  });

  it('listAll stops at the limit without fetching further pages', async () => {
    await sandbox.server.admin('DELETE', '/__admin/requests');
    const leads = sandbox.server.client().leads.listAll({ per_page: 20 }, { limit: 30 });
    expect(leads).toHaveLength(30);
    const log = await sandbox.server.admin('GET', '/__admin/requests');
    expect(log.data).toHaveLength(2);
  });
});

describe('leads.get (GET /leads/{id})', () => {
  it('reads a lead with stage, pipeline and custom fields', () => {
    const lead = sandbox.server.client().leads.get(DEMO.leads.windowOpen);
    expect(lead).toMatchObject({
      id: 1,
      name: 'Maria Silva',
      phone: '+5511987654321',
      email: 'maria.silva@example.com.br',
      value: 4500,
      tags: ['vip', 'quente'],
      pipeline_id: DEMO.pipelines.vendas,
      stage_id: DEMO.stages.novo,
      stage: { id: DEMO.stages.novo, name: 'Novo' },
      pipeline: { id: DEMO.pipelines.vendas, name: 'Vendas' },
      custom_fields: { cpf: '123.456.789-09', segmento: 'Varejo', aceita_whatsapp: true },
    });
    expect(Number.isNaN(Date.parse(lead.created_at as string))).toBe(false);
  });

  it('honours the detail-only tokens siblings, events and conversation', () => {
    const lead = sandbox.server
      .client()
      .leads.get(DEMO.leads.windowOpen, ['siblings', 'events', 'conversation', 'owner']);
    expect(lead.siblings?.map((s) => s.id)).toContain(DEMO.leads.sibling);
    expect(lead.contact_totals).toBeDefined();
    expect(Array.isArray(lead.events)).toBe(true);
    expect(lead.conversation).toMatchObject({ instance_id: DEMO.instances.cloud });
    expect(lead.owner).toMatchObject({ id: DEMO.users.manager });
  });

  it('an unknown id is a NotFoundError', () => {
    const error = errorFrom(NotFoundError, () => sandbox.server.client().leads.get(99_999));
    expect(error.status).toBe(404);
    expect(error.message).not.toBe('');
  });
});

describe('leads.create and leads.upsert', () => {
  it('creates a lead and converts custom field values per field type', () => {
    const client = sandbox.server.client();
    const lead = client.leads.create({
      name: 'Lívia Araújo',
      pipeline_id: DEMO.pipelines.vendas,
      stage_id: DEMO.stages.qualificado,
      phone: '+5511912345678',
      email: 'livia@example.com',
      value: 2500.5,
      tags: ['evento'],
      assigned_to: DEMO.users.manager,
      custom_fields: {
        quantidade: '12',
        aceita_whatsapp: 'sim',
        nascimento: '1990-05-17',
        interesses: ['Seguro', 'Crédito'],
        chave_desconhecida: 'ignorada',
      },
    });
    expect(lead).toMatchObject({
      name: 'Lívia Araújo',
      pipeline_id: 1,
      stage_id: 2,
      stage: { id: 2, name: 'Qualificado' },
      pipeline: { id: 1, name: 'Vendas' },
    });
    expect(lead.custom_fields).toMatchObject({
      quantidade: 12,
      aceita_whatsapp: true,
      nascimento: '1990-05-17',
      interesses: ['Seguro', 'Crédito'],
    });
    expect(lead.custom_fields).not.toHaveProperty('chave_desconhecida');
    expect(client.leads.get(lead.id).email).toBe('livia@example.com');
  });

  it('creation answers 201 Created; an upsert that updates answers 200', () => {
    const statuses: number[] = [];
    const client = sandbox.server.client(undefined, {
      onResponse: (info) => statuses.push(info.status),
    });
    client.leads.create({ name: 'Novo', pipeline_id: 1, stage_id: 1, email: 'n@example.com' });
    client.leads.upsert({ email: 'n@example.com', value: 10 });
    expect(statuses).toEqual([201, 200]);
  });

  it.each([
    ['create into a won stage records a sale', 'create', DEMO.stages.ganho, 'sales'],
    ['upsert into a lost stage records a loss', 'upsert', DEMO.stages.perdido, 'lost_sales'],
  ] as const)('%s', (_name, method, stageId, relation) => {
    const client = sandbox.server.client();
    const input = {
      name: 'Direto no resultado',
      email: 'resultado@example.com',
      value: 700,
      pipeline_id: DEMO.pipelines.vendas,
      stage_id: stageId,
    };
    const lead = method === 'create' ? client.leads.create(input) : client.leads.upsert(input).lead;
    expect(client.leads.get(lead.id, ['sales'])[relation]).toHaveLength(1);
  });

  it('a stage of another pipeline is a field error naming stage_id', () => {
    const error = errorFrom(ValidationError, () =>
      sandbox.server.client().leads.create({
        name: 'Fora do funil',
        pipeline_id: DEMO.pipelines.vendas,
        stage_id: DEMO.stages.ativo,
      }),
    );
    expect(Object.keys(error.fieldErrors)).toContain('stage_id');
  });

  it('upsert creates when nothing matches, then updates only the sent fields', () => {
    const client = sandbox.server.client();
    const first = client.leads.upsert({
      name: 'Otávio Nunes',
      email: 'otavio@example.com',
      phone: '+5511955554444',
      value: 100,
      source: 'site',
      pipeline_id: DEMO.pipelines.vendas,
      stage_id: DEMO.stages.novo,
    });
    expect(first.created).toBe(true);

    const second = client.leads.upsert({ email: 'OTAVIO@example.com', value: 900, source: '' });
    expect(second.created).toBe(false);
    expect(second.lead).toMatchObject({
      id: first.lead.id,
      name: 'Otávio Nunes',
      value: 900,
      source: 'site',
      phone: '+5511955554444',
    });
  });

  it.each([
    ['email', { match_by: 'email', email: 'maria.silva@example.com.br', company: 'Nova' }, 1],
    ['phone', { match_by: 'phone', phone: '+55 21 99876-5432', company: 'Nova' }, 3],
  ] as const)('upsert match_by %s finds the existing lead', (_name, input, id) => {
    const result = sandbox.server.client().leads.upsert(input);
    expect(result.created).toBe(false);
    expect(result.lead).toMatchObject({ id, company: 'Nova' });
  });

  it('upsert without email or phone is refused before any request', () => {
    const error = errorFrom(InvalidInputError, () =>
      sandbox.server.client().leads.upsert({ name: 'Sem chave' }),
    );
    expect(error.message).toContain('email');
  });
});

describe('stage, won, lost and delete', () => {
  it('moveStage moves the lead', () => {
    const client = sandbox.server.client();
    const result = client.leads.moveStage(DEMO.leads.windowOpen, {
      pipeline_id: DEMO.pipelines.vendas,
      stage_id: DEMO.stages.negociacao,
    });
    expect(result.lead_id).toBe(DEMO.leads.windowOpen);
    expect(client.leads.get(DEMO.leads.windowOpen).stage).toEqual({
      id: DEMO.stages.negociacao,
      name: 'Negociação',
    });
  });

  it('moveStage out of a stage with pending mandatory tasks is a BlockedError', () => {
    const client = sandbox.server.client();
    const error = errorFrom(BlockedError, () =>
      client.leads.moveStage(DEMO.leads.blocked, {
        pipeline_id: DEMO.pipelines.vendas,
        stage_id: DEMO.stages.negociacao,
      }),
    );
    expect(error.pendingTasks).toEqual([
      { id: expect.any(Number), subject: 'Enviar proposta', type: 'proposal' },
    ]);
    expect(client.leads.get(DEMO.leads.blocked).stage_id).toBe(DEMO.stages.proposta);
  });

  it('markWon records a sale with the given value', () => {
    const client = sandbox.server.client();
    client.leads.markWon(DEMO.leads.windowOpen, { stage_id: DEMO.stages.ganho, value: 5200 });
    const lead = client.leads.get(DEMO.leads.windowOpen, ['sales']);
    expect(lead.stage_id).toBe(DEMO.stages.ganho);
    expect(lead.sales).toEqual([expect.objectContaining({ value: 5200, pipeline_id: 1 })]);
  });

  it("markWon without value records the lead's value", () => {
    const client = sandbox.server.client();
    client.leads.markWon(DEMO.leads.windowOpen, { stage_id: DEMO.stages.ganho });
    const lead = client.leads.get(DEMO.leads.windowOpen, ['sales']);
    expect(lead.sales?.map((sale) => sale.value)).toEqual([4500]);
  });

  it('markWon into a stage that is not a won stage: the documented message', () => {
    const error = errorFrom(UnprocessableError, () =>
      sandbox.server
        .client()
        .leads.markWon(DEMO.leads.windowOpen, { stage_id: DEMO.stages.negociacao }),
    );
    expect(error.status).toBe(422);
    expect(error.message).toBe('A etapa informada não é uma etapa de ganho.');
  });

  it('markLost records a loss with the reason', () => {
    const client = sandbox.server.client();
    client.leads.markLost(DEMO.leads.windowOpen, {
      stage_id: DEMO.stages.perdido,
      reason_id: DEMO.lostReasons.preco,
    });
    const lead = client.leads.get(DEMO.leads.windowOpen, ['sales']);
    expect(lead.stage_id).toBe(DEMO.stages.perdido);
    expect(lead.lost_sales).toEqual([expect.objectContaining({ reason_id: 1 })]);
  });

  it('markLost into a stage that is not a lost stage is refused', () => {
    const error = errorFrom(UnprocessableError, () =>
      sandbox.server
        .client()
        .leads.markLost(DEMO.leads.windowOpen, { stage_id: DEMO.stages.ganho }),
    );
    expect(error.status).toBe(422);
  });

  it.each([
    ['markWon', { stage_id: DEMO.stages.ganho }],
    ['markLost', { stage_id: DEMO.stages.perdido }],
  ] as const)('%s is blocked by pending mandatory tasks', (method, input) => {
    const error = errorFrom(BlockedError, () =>
      sandbox.server.client().leads[method](DEMO.leads.blocked, input),
    );
    expect(error.pendingTasks.map((task) => task.subject)).toEqual(['Enviar proposta']);
  });

  it('delete removes the lead; reading it again is a NotFoundError', () => {
    const client = sandbox.server.client();
    client.leads.delete(DEMO.leads.sibling);
    errorFrom(NotFoundError, () => client.leads.get(DEMO.leads.sibling));
  });
});

describe('tags and sequences', () => {
  it('addTags and removeTag round-trip accented tag names and path-unsafe characters', () => {
    const client = sandbox.server.client();
    const tags = ['Promoção', 'São Paulo', 'Café & Cia', '50% off'];
    const added = client.leads.addTags(DEMO.leads.windowOpen, tags);
    expect(added.tags).toEqual(['vip', 'quente', ...tags]);
    for (const tag of tags) {
      const result = client.leads.removeTag(DEMO.leads.windowOpen, tag);
      expect(result.tags).not.toContain(tag);
    }
    expect(client.leads.get(DEMO.leads.windowOpen).tags).toEqual(['vip', 'quente']);
  });

  it('removeTag handles a slash in the tag name (sent as %2F)', () => {
    const client = sandbox.server.client();
    client.leads.addTags(DEMO.leads.windowOpen, ['Zona Sul/SP']);
    expect(client.leads.removeTag(DEMO.leads.windowOpen, 'Zona Sul/SP').tags).toEqual([
      'vip',
      'quente',
    ]);
  });

  // The client sends bracketed keys precisely so that a comma inside a tag name survives.
  it('the tags filter matches a tag name containing a comma as one tag', () => {
    const client = sandbox.server.client();
    client.leads.addTags(DEMO.leads.noPhone, ['Cliente, VIP']);
    const leads = client.leads.listAll({ tags: ['Cliente, VIP'] });
    expect(leads.map((lead) => lead.id)).toEqual([DEMO.leads.noPhone]);
  });

  it('addTags keeps existing tags and adds a repeated one once', () => {
    const result = sandbox.server.client().leads.addTags(DEMO.leads.windowOpen, ['vip', 'novo']);
    expect(result.tags).toEqual(['vip', 'quente', 'novo']);
  });

  it('addTags needs at least one tag (refused before any request)', () => {
    errorFrom(InvalidInputError, () => sandbox.server.client().leads.addTags(1, []));
  });

  it('enroll makes an active enrollment with next_step_at; unenroll exits it manually', () => {
    const client = sandbox.server.client();
    const enrolled = client.leads.enrollSequence(DEMO.leads.windowOpen, DEMO.sequences.boasVindas);
    expect(enrolled).toMatchObject({ lead_id: 1, sequence_id: 1, status: 'active' });
    expect(Number.isNaN(Date.parse(enrolled.next_step_at as string))).toBe(false);
    expect(client.leads.get(1, ['sequences']).active_sequence).toMatchObject({ id: 1 });

    const exited = client.leads.unenrollSequence(DEMO.leads.windowOpen, DEMO.sequences.boasVindas);
    expect(exited).toMatchObject({ lead_id: 1, sequence_id: 1, status: 'exited_manual' });
    const lead = client.leads.get(1, ['sequences']);
    expect(lead.active_sequence).toBeNull();
    expect(lead.sequences).toEqual([expect.objectContaining({ status: 'exited_manual' })]);
  });

  it('enrolling in an inactive sequence is refused', () => {
    const error = errorFrom(UnprocessableError, () =>
      sandbox.server.client().leads.enrollSequence(1, DEMO.sequences.inactive),
    );
    expect(error.message).toContain('inativa');
  });
});
