import { describe, expect, it } from 'vitest';
import { call, DEMO, DEMO_KEYS, makeSandbox } from './helpers';

describe('custom fields, sequences, account, users', () => {
  it('custom fields cover every field_type; active_only drops inactive ones', () => {
    const { sandbox } = makeSandbox();
    const all = call(sandbox, 'GET', '/custom-fields').json.data as {
      name: string;
      field_type: string;
      is_active: boolean;
      options: string[];
    }[];
    expect(new Set(all.map((f) => f.field_type))).toEqual(
      new Set(['text', 'number', 'currency', 'date', 'select', 'multiselect', 'checkbox']),
    );
    expect(all.find((f) => f.name === 'segmento')?.options).toContain('Indústria');
    expect(all.find((f) => f.name === 'cpf')?.options).toEqual([]);
    const active = call(sandbox, 'GET', '/custom-fields?active_only=true').json.data as {
      is_active: boolean;
    }[];
    expect(active.length).toBe(all.length - 1);
    expect(active.every((f) => f.is_active)).toBe(true);
    expect(Object.keys(all[0] ?? {}).sort()).toEqual([
      'field_type',
      'id',
      'is_active',
      'is_required',
      'label',
      'name',
      'options',
      'show_on_card',
      'sort_order',
    ]);
    expect(call(sandbox, 'GET', '/custom-fields?active_only=talvez').status).toBe(422);
  });

  it('nurture sequences: active and inactive, active_only filters', () => {
    const { sandbox } = makeSandbox();
    const all = call(sandbox, 'GET', '/nurture-sequences').json.data as { is_active: boolean }[];
    expect(all.map((s) => s.is_active)).toEqual([true, true, false]);
    expect(call(sandbox, 'GET', '/nurture-sequences?active_only=1').json.data).toHaveLength(2);
    expect(Object.keys(all[0] ?? {}).sort()).toEqual([
      'channel',
      'description',
      'id',
      'is_active',
      'name',
      'stats_enrolled',
      'steps_count',
    ]);
  });

  it('account and users', () => {
    const { sandbox } = makeSandbox();
    expect(call(sandbox, 'GET', '/account').json).toEqual({
      success: true,
      account: { id: 1, name: 'Comercial Automação Demo Ltda', plan: 'Profissional' },
    });
    const users = call(sandbox, 'GET', '/users').json.data as { role: string }[];
    expect(new Set(users.map((u) => u.role))).toEqual(new Set(['admin', 'manager', 'viewer']));
  });
});

describe('tasks', () => {
  it('GET /tasks is paginated like leads', () => {
    const { sandbox } = makeSandbox();
    const total = sandbox.state.tasks.filter((t) => t.account_id === 1).length;
    const answer = call(sandbox, 'GET', '/tasks?per_page=10&page=2');
    expect(answer.json.meta).toEqual({
      total,
      per_page: 10,
      current_page: 2,
      last_page: Math.ceil(total / 10),
      has_more: true,
    });
    expect(answer.json.data).toHaveLength(10);
    expect(call(sandbox, 'GET', '/tasks?per_page=1000').json.meta.per_page).toBe(200);
  });

  it.each([
    [
      `lead_id=${DEMO.leads.blocked}`,
      (t: { lead_id: number | null }) => t.lead_id === DEMO.leads.blocked,
    ],
    ['status=pending', (t: { status: string }) => t.status === 'pending'],
    ['type=call', (t: { type: string }) => t.type === 'call'],
  ])('filters by %s', (query, predicate) => {
    const { sandbox } = makeSandbox();
    const all = call(sandbox, 'GET', '/tasks?per_page=200').json;
    const filtered = call(sandbox, 'GET', `/tasks?per_page=200&${query}`).json.data;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered).toEqual(all.data.filter(predicate));
  });

  it('creates (201), reads, updates, completes and deletes a standalone task', () => {
    const { sandbox } = makeSandbox();
    const created = call(sandbox, 'POST', '/tasks', {
      body: {
        subject: 'Ligar para fornecedor',
        type: 'call',
        priority: 'high',
        due_date: '2026-11-25',
        due_time: '14:30',
      },
    });
    expect(created.status).toBe(201);
    const id = created.json.task.id;
    expect(created.json.task).toMatchObject({
      lead_id: null,
      status: 'pending',
      is_required: false,
    });
    expect(
      call(sandbox, 'PUT', `/tasks/${id}`, {
        body: { lead_id: DEMO.leads.windowOpen, priority: 'low' },
      }).json.task,
    ).toMatchObject({
      lead_id: DEMO.leads.windowOpen,
      priority: 'low',
    });
    expect(call(sandbox, 'PATCH', `/tasks/${id}/complete`).json.task.completed_at).not.toBeNull();
    expect(call(sandbox, 'GET', `/tasks/${id}`).json.task.status).toBe('completed');
    expect(call(sandbox, 'DELETE', `/tasks/${id}`).json).toEqual({ success: true });
    expect(call(sandbox, 'GET', `/tasks/${id}`).json).toEqual({
      success: false,
      message: 'Tarefa não encontrada.',
    });
  });

  it.each([
    [{}, 'subject'],
    [{ subject: 'x', type: 'fax' }, 'type'],
    [{ subject: 'x', due_time: '25:00' }, 'due_time'],
    [{ subject: 'x', lead_id: DEMO.leads.otherFirst }, 'lead_id'],
  ])('rejects %j on %s', (body, field) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/tasks', { body });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.json.errors)).toEqual([field]);
  });

  it('a pending mandatory task cannot be deleted around the stage block', () => {
    const { sandbox } = makeSandbox();
    const pending = sandbox.state.tasks.find(
      (t) => t.lead_id === DEMO.leads.blocked && t.status === 'pending',
    );
    expect(call(sandbox, 'DELETE', `/tasks/${pending?.id}`).status).toBe(422);
  });

  it('tasks of another account are 404 and invisible', () => {
    const { sandbox } = makeSandbox();
    const mine = sandbox.state.tasks.find((t) => t.account_id === 1);
    expect(call(sandbox, 'GET', `/tasks/${mine?.id}`, { key: DEMO_KEYS.other }).status).toBe(404);
  });
});

describe('chatbots and webhooks', () => {
  it('chatbot flows: list, create (201), update, delete', () => {
    const { sandbox } = makeSandbox();
    expect(call(sandbox, 'GET', '/chatbots').json.data).toHaveLength(1);
    const created = call(sandbox, 'POST', '/chatbots', {
      body: {
        name: 'Horário',
        channel: 'website',
        nodes: [{ id: 'h', type: 'business_hours', data: {} }],
        edges: [],
      },
    });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({
      name: 'Horário',
      channel: 'website',
      is_active: false,
    });
    expect(
      call(sandbox, 'PUT', `/chatbots/${created.json.data.id}`, { body: { is_active: true } }).json
        .data.is_active,
    ).toBe(true);
    expect(
      call(sandbox, 'POST', '/chatbots', { body: { name: 'x', channel: 'fax' } }).json.errors
        .channel,
    ).toBeDefined();
    expect(
      call(sandbox, 'POST', '/chatbots', {
        body: { name: 'x', channel: 'chatapp', nodes: [{ id: 'a', type: 'loop' }] },
      }).status,
    ).toBe(422);
    expect(call(sandbox, 'DELETE', `/chatbots/${created.json.data.id}`).json).toEqual({
      success: true,
    });
  });

  it('webhook subscriptions: 201 with the secret shown once', () => {
    const { sandbox } = makeSandbox();
    const created = call(sandbox, 'POST', '/webhooks', {
      body: { url: 'https://erp.example.com/hook', events: ['lead.won'] },
    });
    expect(created.status).toBe(201);
    expect(created.json.data.secret).toMatch(/^whsec_/);
    const shown = call(sandbox, 'GET', `/webhooks/${created.json.data.id}`).json.data;
    expect(shown).not.toHaveProperty('secret');
    expect(
      call(sandbox, 'POST', '/webhooks', {
        body: { url: 'https://x.example.com', events: ['lead.exploded'] },
      }).json.errors.events,
    ).toBeDefined();
    expect(call(sandbox, 'DELETE', `/webhooks/${created.json.data.id}`).json).toEqual({
      success: true,
    });
    expect(call(sandbox, 'GET', '/webhooks', { key: DEMO_KEYS.readonly }).status).toBe(200);
  });
});

describe('routing', () => {
  it.each([
    ['GET', '/nao-existe', 404],
    ['GET', '/leads/1/nada', 404],
    ['PATCH', '/leads', 405],
    ['POST', '/account', 405],
  ])('%s %s → %i with a message', (method, path, status) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, method, path);
    expect(answer.status).toBe(status);
    expect(answer.json.success).toBe(false);
    expect(typeof answer.json.message).toBe('string');
    if (status === 405) expect(answer.headers.allow).toBeDefined();
  });

  it('paths outside /api/v1 are 404', () => {
    const { sandbox } = makeSandbox();
    const response = sandbox.handle({
      method: 'GET',
      path: '/api/v2/leads',
      headers: { 'x-api-key': DEMO_KEYS.admin },
    });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body).message).toMatch('/api/v1');
  });

  it('a trailing slash is tolerated', () => {
    const { sandbox } = makeSandbox();
    expect(call(sandbox, 'GET', '/account/').status).toBe(200);
  });

  it('every JSON answer carries the content type and rate-limit headers', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'GET', '/leads/999999');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-ratelimit-limit']).toBe('60');
  });

  it('Deprecation and Sunset headers can be switched on', () => {
    const { sandbox } = makeSandbox();
    sandbox.configure({ deprecation: 'true', sunset: 'Wed, 30 Jun 2027 00:00:00 GMT' });
    const answer = call(sandbox, 'GET', '/account');
    expect([answer.headers.deprecation, answer.headers.sunset]).toEqual([
      'true',
      'Wed, 30 Jun 2027 00:00:00 GMT',
    ]);
    sandbox.configure({ deprecation: null, sunset: null });
    expect(call(sandbox, 'GET', '/account').headers).not.toHaveProperty('deprecation');
  });
});
