import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl } from '../../../src/api/base-url';
import { type CrmClient, createCrmClient } from '../../../src/api/client';
import { InvalidInputError } from '../../../src/api/errors';
import type { ResponseInfo } from '../../../src/api/http';
import { maskApiKey } from '../../../src/api/secrets';
import type { HttpRequest, HttpResponse } from '../../../src/api/transport';
import {
  API_KEY,
  BASE_URL,
  demoLead,
  fakeTransport,
  jsonResponse,
  parseRequestUrl,
} from './fake-transport';

const ok = (body: Record<string, unknown> = {}) => jsonResponse(200, { success: true, ...body });

function clientWith(respond: (request: HttpRequest) => HttpResponse = () => ok()) {
  const transport = fakeTransport(respond);
  const responses: ResponseInfo[] = [];
  const client = createCrmClient({
    baseUrl: BASE_URL,
    apiKey: API_KEY,
    transport,
    onResponse: (info) => responses.push(info),
  });
  return { client, transport, responses };
}

const pipelineDetail = {
  id: 4,
  is_default: false,
  stage_count: 1,
  lead_count: 0,
  spec: { name: 'Pós-venda', stages: [{ name: 'Novo' }] },
};
const automationDetail = {
  id: 8,
  is_active: false,
  run_count: 0,
  last_run_at: null,
  updated_at: '2026-11-21T10:00:00Z',
  spec: { name: 'Tag VIP', trigger_type: 'lead_created', actions: [] },
};
const flatSpec = {
  name: 'Tag VIP',
  trigger_type: 'lead_created',
  actions: [{ type: 'add_tag_lead', config: { tags: ['vip'] } }],
};

type EndpointRow = {
  call: string;
  run: (client: CrmClient) => unknown;
  answer: Record<string, unknown>;
  method: string;
  path: string;
  query?: [string, string][];
  body?: unknown;
  result?: unknown;
};

// One row per endpoint of the contract: the request it makes, and what the caller gets back.
const endpoints: EndpointRow[] = [
  {
    call: 'leads.list',
    run: (c) =>
      c.leads.list({
        pipeline_id: 3,
        tags: ['vip', 'quente'],
        include: ['owner', 'score'],
        updated_since: '2026-11-01',
        page: 2,
        per_page: 200,
      }),
    answer: { data: [demoLead(1)], meta: { total: 201, current_page: 2, last_page: 2 } },
    method: 'GET',
    path: '/leads',
    query: [
      ['pipeline_id', '3'],
      ['tags[]', 'vip'],
      ['tags[]', 'quente'],
      ['updated_since', '2026-11-01'],
      ['page', '2'],
      ['per_page', '200'],
      ['include', 'owner,score'],
    ],
    result: {
      data: [expect.objectContaining({ id: 1 })],
      meta: { total: 201, current_page: 2, last_page: 2 },
    },
  },
  {
    call: 'leads.get',
    run: (c) => c.leads.get(42, ['owner', 'events', 'conversation']),
    answer: { lead: demoLead(42) },
    method: 'GET',
    path: '/leads/42',
    query: [['include', 'owner,events,conversation']],
    result: expect.objectContaining({ id: 42, name: 'Lead 42' }),
  },
  {
    call: 'leads.create',
    run: (c) => c.leads.create({ name: 'Maria', pipeline_id: 1, stage_id: 2, tags: ['vip'] }),
    answer: { lead: demoLead(7) },
    method: 'POST',
    path: '/leads',
    body: { name: 'Maria', pipeline_id: 1, stage_id: 2, tags: ['vip'] },
    result: expect.objectContaining({ id: 7 }),
  },
  {
    call: 'leads.upsert',
    run: (c) => c.leads.upsert({ email: 'm@x.com', name: 'Maria', match_by: 'email' }),
    answer: { created: false, lead: demoLead(7) },
    method: 'POST',
    path: '/leads/upsert',
    body: { email: 'm@x.com', name: 'Maria', match_by: 'email' },
    result: { created: false, lead: expect.objectContaining({ id: 7 }) },
  },
  {
    call: 'leads.moveStage',
    run: (c) => c.leads.moveStage(7, { stage_id: 3, pipeline_id: 1 }),
    answer: { lead_id: 7 },
    method: 'PUT',
    path: '/leads/7/stage',
    body: { stage_id: 3, pipeline_id: 1 },
    result: { success: true, lead_id: 7 },
  },
  {
    call: 'leads.markWon',
    run: (c) => c.leads.markWon(7, { stage_id: 5, value: 1234.56 }),
    answer: { lead_id: 7 },
    method: 'PUT',
    path: '/leads/7/won',
    body: { stage_id: 5, value: 1234.56 },
  },
  {
    call: 'leads.markLost',
    run: (c) => c.leads.markLost(7, { stage_id: 6, reason_id: 2 }),
    answer: { lead_id: 7 },
    method: 'PUT',
    path: '/leads/7/lost',
    body: { stage_id: 6, reason_id: 2 },
  },
  {
    call: 'leads.delete',
    run: (c) => c.leads.delete(7),
    answer: {},
    method: 'DELETE',
    path: '/leads/7',
    result: undefined,
  },
  {
    call: 'leads.addTags',
    run: (c) => c.leads.addTags(7, ['vip', 'promoção']),
    answer: { lead_id: 7, tags: ['antigo', 'vip', 'promoção'] },
    method: 'POST',
    path: '/leads/7/tags',
    body: { tags: ['vip', 'promoção'] },
    result: { success: true, lead_id: 7, tags: ['antigo', 'vip', 'promoção'] },
  },
  {
    call: 'leads.removeTag',
    run: (c) => c.leads.removeTag(7, 'Black Friday/25 & cia'),
    answer: { lead_id: 7, tags: [] },
    method: 'DELETE',
    path: '/leads/7/tags/Black%20Friday%2F25%20%26%20cia',
  },
  {
    call: 'leads.enrollSequence',
    run: (c) => c.leads.enrollSequence(7, 2),
    answer: {
      lead_id: 7,
      sequence_id: 2,
      lead_sequence_id: 30,
      status: 'active',
      next_step_at: '2026-11-22T09:00:00Z',
    },
    method: 'POST',
    path: '/leads/7/enroll-sequence',
    body: { sequence_id: 2 },
  },
  {
    call: 'leads.unenrollSequence',
    run: (c) => c.leads.unenrollSequence(7, 2),
    answer: { lead_id: 7, sequence_id: 2, status: 'exited_manual' },
    method: 'DELETE',
    path: '/leads/7/enroll-sequence/2',
  },
  {
    call: 'leads.sendChatapp',
    run: (c) => c.leads.sendChatapp(7, { type: 'text', body: 'Olá!' }),
    answer: { conversation_id: 3, message_id: 99, provider_msg_id: 'wamid.1' },
    method: 'POST',
    path: '/leads/7/send-chatapp',
    body: { type: 'text', body: 'Olá!' },
  },
  {
    call: 'leads.sendChatappTemplate',
    run: (c) =>
      c.leads.sendChatappTemplate(7, {
        template_id: 3,
        variables: { '1': 'Maria', header_1: 'Pedido' },
        header_media_url: 'https://cdn.x.com/b.pdf',
        header_media_filename: 'boleto.pdf',
        instance_id: 2,
      }),
    answer: {
      conversation_id: 3,
      message_id: 100,
      provider_msg_id: 'wamid.2',
      template_name: 'boleto',
    },
    method: 'POST',
    path: '/leads/7/send-chatapp-template',
    body: {
      template_id: 3,
      variables: { '1': 'Maria', header_1: 'Pedido' },
      header_media_url: 'https://cdn.x.com/b.pdf',
      header_media_filename: 'boleto.pdf',
      instance_id: 2,
    },
    result: {
      success: true,
      conversation_id: 3,
      message_id: 100,
      provider_msg_id: 'wamid.2',
      template_name: 'boleto',
    },
  },
  {
    call: 'pipelines.list',
    run: (c) => c.pipelines.list(),
    answer: {
      pipelines: [{ id: 1, name: 'Vendas', stages: [] }],
      lost_reasons: [{ id: 1, name: 'Preço' }],
    },
    method: 'GET',
    path: '/pipelines',
  },
  {
    call: 'pipelines.get',
    run: (c) => c.pipelines.get(4),
    answer: { data: pipelineDetail },
    method: 'GET',
    path: '/pipelines/4',
    result: pipelineDetail,
  },
  {
    call: 'pipelines.create',
    run: (c) => c.pipelines.create({ name: 'Pós-venda', stages: [{ name: 'Novo' }] }),
    answer: {
      warnings: [{ code: 'no_won_stage', message: 'Sem etapa de ganho' }],
      data: pipelineDetail,
    },
    method: 'POST',
    path: '/pipelines',
    body: { name: 'Pós-venda', stages: [{ name: 'Novo' }] },
    result: {
      pipeline: pipelineDetail,
      warnings: [{ code: 'no_won_stage', message: 'Sem etapa de ganho' }],
    },
  },
  {
    call: 'pipelines.create (validateOnly)',
    run: (c) => c.pipelines.create({ name: 'Pós-venda', stages: [] }, { validateOnly: true }),
    answer: {
      success: false,
      valid: false,
      errors: [{ path: 'stages', code: 'required', message: 'x' }],
      warnings: [],
    },
    method: 'POST',
    path: '/pipelines',
    body: { name: 'Pós-venda', stages: [], validate_only: true },
    result: expect.objectContaining({
      valid: false,
      errors: [{ path: 'stages', code: 'required', message: 'x' }],
    }),
  },
  {
    call: 'pipelines.replace',
    run: (c) => c.pipelines.replace(4, pipelineDetail.spec),
    answer: { data: pipelineDetail },
    method: 'PUT',
    path: '/pipelines/4',
    body: pipelineDetail.spec,
    result: expect.objectContaining({ pipeline: pipelineDetail, warnings: [] }),
  },
  {
    call: 'pipelines.delete',
    run: (c) => c.pipelines.delete(4),
    answer: {},
    method: 'DELETE',
    path: '/pipelines/4',
  },
  {
    call: 'pipelines.capabilities',
    run: (c) => c.pipelines.capabilities(),
    answer: { enums: { task_type: ['call'] } },
    method: 'GET',
    path: '/pipelines/capabilities',
    result: { success: true, enums: { task_type: ['call'] } },
  },
  {
    call: 'pipelines.templates',
    run: (c) => c.pipelines.templates(),
    answer: { data: {} },
    method: 'GET',
    path: '/pipelines/templates',
  },
  {
    call: 'pipelines.install',
    run: (c) => c.pipelines.install('clinica-odonto'),
    answer: {},
    method: 'POST',
    path: '/pipelines/templates/clinica-odonto/install',
  },
  {
    call: 'customFields.list',
    run: (c) => c.customFields.list({ active_only: true }),
    answer: { data: [{ id: 1, name: 'cpf', field_type: 'text' }] },
    method: 'GET',
    path: '/custom-fields',
    query: [['active_only', 'true']],
    result: [expect.objectContaining({ name: 'cpf', options: [] })],
  },
  {
    call: 'sequences.list',
    run: (c) => c.sequences.list({ active_only: false }),
    answer: { data: [] },
    method: 'GET',
    path: '/nurture-sequences',
    query: [['active_only', 'false']],
    result: [],
  },
  {
    call: 'account.get',
    run: (c) => c.account.get(),
    answer: { account: { id: 1, name: 'Padaria', plan: 'pro' } },
    method: 'GET',
    path: '/account',
    result: { id: 1, name: 'Padaria', plan: 'pro' },
  },
  {
    call: 'users.list',
    run: (c) => c.users.list(),
    answer: { data: [{ id: 1, name: 'Ana', role: 'admin' }] },
    method: 'GET',
    path: '/users',
  },
  {
    call: 'chatapp.instances',
    run: (c) => c.chatapp.instances(),
    answer: { data: [] },
    method: 'GET',
    path: '/chatapp/instances',
  },
  {
    call: 'chatapp.templates',
    run: (c) => c.chatapp.templates({ instance_id: 2, status: 'APPROVED', language: 'pt_BR' }),
    answer: { data: [] },
    method: 'GET',
    path: '/chatapp/templates',
    query: [
      ['instance_id', '2'],
      ['status', 'APPROVED'],
      ['language', 'pt_BR'],
    ],
  },
  {
    call: 'automations.list',
    run: (c) => c.automations.list({ is_active: true, search: 'VIP', per_page: 100 }),
    answer: { data: [], meta: { total: 0 } },
    method: 'GET',
    path: '/automations',
    query: [
      ['is_active', 'true'],
      ['search', 'VIP'],
      ['per_page', '100'],
    ],
    result: { data: [], meta: { total: 0 } },
  },
  {
    call: 'automations.get',
    run: (c) => c.automations.get(8),
    answer: { data: automationDetail },
    method: 'GET',
    path: '/automations/8',
    result: automationDetail,
  },
  {
    call: 'automations.create',
    run: (c) => c.automations.create(flatSpec),
    answer: { warnings: [], data: automationDetail },
    method: 'POST',
    path: '/automations',
    body: flatSpec,
    result: { automation: automationDetail, warnings: [] },
  },
  {
    call: 'automations.create (validateOnly)',
    run: (c) => c.automations.create(flatSpec, { validateOnly: true }),
    answer: { valid: true, mode: 'flat', errors: [], warnings: [] },
    method: 'POST',
    path: '/automations',
    body: { ...flatSpec, validate_only: true },
    result: expect.objectContaining({ valid: true, mode: 'flat' }),
  },
  {
    call: 'automations.replace',
    run: (c) => c.automations.replace(8, flatSpec),
    answer: { message: 'Atualizada.' },
    method: 'PUT',
    path: '/automations/8',
    body: flatSpec,
    result: expect.objectContaining({ automation: null, warnings: [] }),
  },
  {
    call: 'automations.replace (validateOnly)',
    run: (c) => c.automations.replace(8, flatSpec, { validateOnly: true }),
    answer: { valid: true, errors: [], warnings: [] },
    method: 'PUT',
    path: '/automations/8',
    body: { ...flatSpec, validate_only: true },
  },
  {
    call: 'automations.toggle(id, true)',
    run: (c) => c.automations.toggle(8, true),
    answer: { id: 8, is_active: true },
    method: 'PATCH',
    path: '/automations/8/toggle',
    body: { is_active: true },
    result: { success: true, id: 8, is_active: true },
  },
  {
    call: 'automations.toggle(id) flips, no body',
    run: (c) => c.automations.toggle(8),
    answer: { id: 8, is_active: false },
    method: 'PATCH',
    path: '/automations/8/toggle',
    body: undefined,
  },
  {
    call: 'automations.delete',
    run: (c) => c.automations.delete(8),
    answer: {},
    method: 'DELETE',
    path: '/automations/8',
  },
  {
    call: 'automations.capabilities',
    run: (c) => c.automations.capabilities(),
    answer: { triggers: [] },
    method: 'GET',
    path: '/automations/capabilities',
  },
  {
    call: 'automations.templates',
    run: (c) => c.automations.templates(),
    answer: { data: [] },
    method: 'GET',
    path: '/automations/templates',
  },
  {
    call: 'automations.install',
    run: (c) => c.automations.install('boas vindas'),
    answer: {},
    method: 'POST',
    path: '/automations/templates/boas%20vindas/install',
  },
  {
    call: 'tasks.list',
    run: (c) => c.tasks.list({ page: 3, per_page: 20, lead_id: 7 }),
    answer: { data: [{ id: 1, subject: 'Ligar' }], meta: { total: 41 } },
    method: 'GET',
    path: '/tasks',
    query: [
      ['page', '3'],
      ['per_page', '20'],
      ['lead_id', '7'],
    ],
  },
];

describe('one method per endpoint', () => {
  it.each(endpoints)(
    '$call → $method $path',
    ({ run, answer, method, path, query, body, result, ...row }) => {
      const { client, transport } = clientWith(() => ok(answer));
      const value = run(client);
      expect(transport.requests).toHaveLength(1);
      const request = transport.requests[0] as HttpRequest;
      expect(request.method).toBe(method);
      expect(request.url.split('?')[0]).toBe(`${BASE_URL}${path}`);
      expect(parseRequestUrl(request.url).query).toEqual(query ?? []);
      expect(request.body === undefined ? undefined : JSON.parse(request.body)).toEqual(body);
      if ('result' in row || result !== undefined) expect(value).toEqual(result);
    },
  );

  it('covers every route of the contract, and no other', () => {
    const { client, responses } = clientWith((request) => {
      const row = endpoints.find(
        (r) => request.url.split('?')[0] === `${BASE_URL}${r.path}` && r.method === request.method,
      );
      return ok(row?.answer);
    });
    for (const row of endpoints) row.run(client);
    const seen = new Set(responses.map((r) => `${r.method} ${r.endpoint}`));
    expect([...seen].sort()).toEqual(
      [
        'GET /leads',
        'POST /leads',
        'POST /leads/upsert',
        'GET /leads/{id}',
        'PUT /leads/{id}/stage',
        'PUT /leads/{id}/won',
        'PUT /leads/{id}/lost',
        'DELETE /leads/{id}',
        'POST /leads/{id}/tags',
        'DELETE /leads/{id}/tags/{tag_name}',
        'POST /leads/{id}/enroll-sequence',
        'DELETE /leads/{id}/enroll-sequence/{sequence_id}',
        'POST /leads/{id}/send-chatapp',
        'POST /leads/{id}/send-chatapp-template',
        'GET /pipelines',
        'GET /pipelines/{id}',
        'POST /pipelines',
        'PUT /pipelines/{id}',
        'DELETE /pipelines/{id}',
        'GET /pipelines/capabilities',
        'GET /pipelines/templates',
        'POST /pipelines/templates/{template_slug}/install',
        'GET /custom-fields',
        'GET /nurture-sequences',
        'GET /account',
        'GET /users',
        'GET /chatapp/instances',
        'GET /chatapp/templates',
        'GET /automations',
        'GET /automations/{id}',
        'POST /automations',
        'PUT /automations/{id}',
        'PATCH /automations/{id}/toggle',
        'DELETE /automations/{id}',
        'GET /automations/capabilities',
        'GET /automations/templates',
        'POST /automations/templates/{template_slug}/install',
        'GET /tasks',
      ].sort(),
    );
  });
});

describe('headers', () => {
  it('sends X-API-Key and Accept on every request, Content-Type only with a body', () => {
    const { client, transport } = clientWith(() => ok({ account: { id: 1, name: 'A' } }));
    client.account.get();
    const [get] = transport.requests;
    expect(get?.headers).toEqual({ 'X-API-Key': API_KEY, Accept: 'application/json' });
    expect(get?.body).toBeUndefined();
  });

  it('sends Content-Type: application/json with a write body', () => {
    const { client, transport } = clientWith(() => ok({ lead_id: 1, tags: ['a'] }));
    client.leads.addTags(1, ['a']);
    expect(transport.requests[0]?.headers).toEqual({
      'X-API-Key': API_KEY,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
  });

  it('records distinct Deprecation / Sunset notices per route', () => {
    const deprecated = {
      deprecation: 'Sun, 01 Nov 2026 00:00:00 GMT',
      sunset: 'Mon, 01 Feb 2027 00:00:00 GMT',
      link: '<https://docs.crm/v2>; rel="deprecation"',
    };
    const { client, responses } = clientWith((request) =>
      request.url.includes('/leads/')
        ? jsonResponse(
            200,
            { success: true, lead: demoLead(1) },
            {
              Deprecation: deprecated.deprecation,
              Sunset: deprecated.sunset,
              Link: deprecated.link,
            },
          )
        : ok({ account: { id: 1, name: 'A' } }),
    );
    expect(client.notices()).toEqual([]);
    client.leads.get(1);
    client.leads.get(2);
    client.account.get();
    expect(client.notices()).toEqual([{ method: 'GET', endpoint: '/leads/{id}', ...deprecated }]);
    expect(responses.map((r) => [r.method, r.path, r.endpoint, r.status])).toEqual([
      ['GET', '/leads/1', '/leads/{id}', 200],
      ['GET', '/leads/2', '/leads/{id}', 200],
      ['GET', '/account', '/account', 200],
    ]);
    expect(responses[0]?.headers.deprecation).toBe(deprecated.deprecation);
  });

  it('lets the hook see error responses too, and survives a hook that throws', () => {
    const transport = fakeTransport(() =>
      jsonResponse(429, { message: 'Muitas.' }, { 'retry-after': '9' }),
    );
    const seen: number[] = [];
    const client = createCrmClient({
      baseUrl: BASE_URL,
      apiKey: API_KEY,
      transport,
      onResponse: (info) => {
        seen.push(info.status);
        throw new Error('counter broke');
      },
    });
    expect(() => client.account.get()).toThrow(
      expect.objectContaining({ name: 'RateLimitError', retryAfterSeconds: 9 }),
    );
    expect(seen).toEqual([429]);
  });
});

describe('baseUrl', () => {
  it.each([
    ['https://crm.example.com/api/v1', 'https://crm.example.com/api/v1'],
    ['https://crm.example.com/api/v1/', 'https://crm.example.com/api/v1'],
    ['  HTTPS://CRM.Example.com:8443/crm/api/v1//  ', 'https://crm.example.com:8443/crm/api/v1'],
    ['http://localhost:8787/api/v1', 'http://localhost:8787/api/v1'],
    ['http://127.0.0.1:8787/api/v1/', 'http://127.0.0.1:8787/api/v1'],
  ])('accepts %s as %s', (given, normalised) => {
    expect(normalizeBaseUrl(given)).toBe(normalised);
  });

  it.each([
    ['http://crm.example.com/api/v1', 'must use https://'],
    ['http://localhost.evil.com/api/v1', 'must use https://'],
    ['http://10.0.0.5/api/v1', 'must use https://'],
    ['https://crm.example.com', 'must end in /api/v1'],
    ['https://crm.example.com/api/v2', 'must end in /api/v1'],
    ['https://crm.example.com/api/v1?x=1', 'query string'],
    ['https://user:pass@crm.example.com/api/v1', 'no user name or password'],
    ['ftp://crm.example.com/api/v1', 'must start with https://'],
    ['crm.example.com/api/v1', 'is not a URL'],
    ['', 'baseUrl is missing'],
  ])('refuses %s (%s)', (given, message) => {
    expect(() => normalizeBaseUrl(given)).toThrow(InvalidInputError);
    expect(() => normalizeBaseUrl(given)).toThrow(message);
  });

  it('is applied by createCrmClient', () => {
    const transport = fakeTransport(() => ok({ account: { id: 1, name: 'A' } }));
    expect(() =>
      createCrmClient({ baseUrl: 'http://crm.example.com/api/v1', apiKey: API_KEY, transport }),
    ).toThrow('https://');
    const client = createCrmClient({
      baseUrl: 'https://crm.example.com/api/v1/',
      apiKey: API_KEY,
      transport,
    });
    client.account.get();
    expect(transport.requests[0]?.url).toBe('https://crm.example.com/api/v1/account');
  });
});

describe('apiKey', () => {
  const transport = fakeTransport(() => ok());
  it.each([
    ['', 'apiKey is missing'],
    [' crm_abc', 'spaces or line breaks'],
    ['crm_abc\n', 'spaces or line breaks'],
    ['sk_live_abcdef', 'start with crm_'],
    ['crm_', 'start with crm_'],
  ])('refuses %j without repeating it', (apiKey, message) => {
    const error = (() => {
      try {
        createCrmClient({ baseUrl: BASE_URL, apiKey, transport });
      } catch (e) {
        return e as Error;
      }
      throw new Error('no throw');
    })();
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.message).toContain(message);
    if (apiKey.trim().length > 4) expect(error.message).not.toContain(apiKey.trim());
  });

  it('masks keys as crm_…abcd', () => {
    expect(maskApiKey('crm_0123456789abcd')).toBe('crm_…abcd');
    expect(maskApiKey('crm_short')).toBe('crm_…');
  });
});

describe('bad arguments fail before any request, saying what to fix', () => {
  it.each<[string, (c: CrmClient) => unknown, string]>([
    [
      'lead id not a number',
      (c) => c.leads.get('12' as never),
      'lead id must be a positive whole number, got "12"',
    ],
    ['lead id zero', (c) => c.leads.delete(0), 'lead id must be a positive whole number, got 0'],
    [
      'lead id fractional',
      (c) => c.leads.moveStage(1.5, { stage_id: 1, pipeline_id: 1 }),
      'got 1.5',
    ],
    [
      'misspelt filter',
      (c) => c.leads.list({ pipline_id: 3 } as never),
      'unknown key(s) pipline_id. Filters: pipeline_id, stage_id',
    ],
    [
      'per_page over 200',
      (c) => c.leads.list({ per_page: 500 }),
      'per_page: must be at most 200, got 500',
    ],
    [
      'date in Brazilian form',
      (c) => c.leads.list({ updated_since: '21/11/2026' }),
      'updated_since: expected a date like 2026-11-21, got "21/11/2026"',
    ],
    [
      'detail-only include on the list',
      (c) => c.leads.list({ include: ['events'] as never }),
      'include "events" is honoured only when reading one lead',
    ],
    [
      'unknown include',
      (c) => c.leads.get(1, ['owners'] as never),
      'include "owners" is not a known token; use owner, products',
    ],
    [
      'create without name',
      (c) => c.leads.create({ pipeline_id: 1, stage_id: 1 } as never),
      'leads.create: name: expected string, got nothing',
    ],
    [
      'upsert without a match key',
      (c) => c.leads.upsert({ name: 'Maria' }),
      'leads.upsert: email: send an email or a phone',
    ],
    ['no tags', (c) => c.leads.addTags(1, []), 'leads.addTags tags: needs at least 1 item(s)'],
    ['blank tag name', (c) => c.leads.removeTag(1, '  '), 'tag name must be a non-empty text'],
    [
      'empty template variable',
      (c) => c.leads.sendChatappTemplate(1, { template_id: 2, variables: { '1': '' } }),
      'variables',
    ],
    [
      'multi-line template variable',
      (c) => c.leads.sendChatappTemplate(1, { template_id: 2, variables: ['a\nb'] }),
      'cannot contain a line break',
    ],
    [
      'image without URL',
      (c) => c.leads.sendChatapp(1, { type: 'image' }),
      'media_url: an image message needs media_url',
    ],
    [
      'automation with neither format',
      (c) => c.automations.create({ name: 'X' }),
      'trigger_type and actions (flat format) or nodes and edges (graph format)',
    ],
    [
      'automations per_page over 100',
      (c) => c.automations.list({ per_page: 101 }),
      'per_page: must be at most 100',
    ],
    [
      'toggle with a string',
      (c) => c.automations.toggle(1, 'yes' as never),
      'isActive must be true, false or left out',
    ],
    [
      'pipeline without stages',
      (c) => c.pipelines.create({ name: 'X' } as never),
      'pipelines.create spec: stages: expected array, got nothing',
    ],
    [
      'blank template slug',
      (c) => c.pipelines.install(''),
      'template slug must be a non-empty text',
    ],
  ])('%s', (_title, run, message) => {
    const { client, transport } = clientWith();
    expect(() => run(client)).toThrow(InvalidInputError);
    expect(() => run(client)).toThrow(message);
    expect(transport.requests).toHaveLength(0);
  });
});

describe('typed results', () => {
  it('gives pipelines with typed stages', () => {
    const { client } = clientWith(() =>
      ok({
        pipelines: [{ id: 1, name: 'Vendas', stages: [{ id: 9, name: 'Ganho', is_won: true }] }],
      }),
    );
    const { pipelines, lost_reasons } = client.pipelines.list();
    const won = pipelines[0]?.stages.find((stage) => stage.is_won === true);
    expect(won?.name).toBe('Ganho');
    expect(lost_reasons).toEqual([]);
  });
});
