import { describe, expect, it } from 'vitest';
import { call, DEMO, DEMO_NOW, makeSandbox } from './helpers';

type ConfigKey = {
  key: string;
  type: string;
  required: boolean;
  enum?: string[];
  references?: string;
};

const flat = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  trigger_type: 'lead_created',
  actions: [{ type: 'add_tag_lead', config: { tags: ['novo'] } }],
  ...extra,
});

const FK_SAMPLES: Record<string, unknown> = {
  pipeline: DEMO.pipelines.vendas,
  stage: DEMO.stages.novo,
  user: DEMO.users.admin,
  sequence: DEMO.sequences.boasVindas,
  template: DEMO.templates.boasVindas,
  instance: DEMO.instances.qr,
  cloud_instance: DEMO.instances.cloud,
  chatbot: 1,
  lost_reason: DEMO.lostReasons.preco,
  date_field: 'birthday',
};

function sampleValue(key: ConfigKey): unknown {
  if (key.references)
    return key.type === 'integer[]' ? [FK_SAMPLES[key.references]] : FK_SAMPLES[key.references];
  if (key.enum) return key.enum[0];
  const byType: Record<string, unknown> = {
    string: 'texto',
    'string[]': ['a'],
    integer: 5,
    'integer[]': [5],
    boolean: true,
    object: {},
    array: [{}],
    url: 'https://example.com/hook',
  };
  return byType[key.type];
}

function minimalConfig(keys: ConfigKey[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => k.required).map((k) => [k.key, sampleValue(k)]));
}

describe('POST /automations', () => {
  it('creates with 201, inactive, with both spec formats', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/automations', { body: flat('Nova automação') });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({
      success: true,
      warnings: [],
      data: {
        is_active: false,
        run_count: 0,
        last_run_at: null,
        updated_at: new Date(DEMO_NOW).toISOString(),
      },
    });
    expect(answer.json.data.spec).toEqual({
      name: 'Nova automação',
      trigger_type: 'lead_created',
      trigger_config: {},
      conditions: [],
      actions: [{ type: 'add_tag_lead', config: { tags: ['novo'] } }],
      nodes: [
        { handle: 'trigger', kind: 'trigger', type: 'lead_created', config: {} },
        { handle: 'action_1', kind: 'action', type: 'add_tag_lead', config: { tags: ['novo'] } },
      ],
      edges: [{ from: 'trigger', to: 'action_1' }],
    });
  });

  it('the returned spec is accepted back by POST (as flat) and by PUT', () => {
    const { sandbox } = makeSandbox();
    const spec = call(sandbox, 'GET', '/automations/1').json.data.spec;
    const copy = call(sandbox, 'POST', '/automations', { body: { ...spec, name: 'Cópia' } });
    expect(copy.status).toBe(201);
    expect(copy.json.data.spec).toEqual({ ...spec, name: 'Cópia' });
    expect(call(sandbox, 'PUT', '/automations/1', { body: spec }).status).toBe(200);
  });

  it('validate_only answers 200 {success, valid, mode, errors, warnings} and saves nothing', () => {
    const { sandbox } = makeSandbox();
    const before = sandbox.state.automations.length;
    const good = call(sandbox, 'POST', '/automations', {
      body: { ...flat('Teste'), validate_only: true },
    });
    expect(good.status).toBe(200);
    expect(good.json).toEqual({
      success: true,
      valid: true,
      mode: 'flat',
      errors: [],
      warnings: [],
    });
    const bad = call(sandbox, 'POST', '/automations', {
      body: { name: 'X', trigger_type: 'nope', actions: [], validate_only: true },
    });
    expect(bad.status).toBe(200);
    expect(bad.json.valid).toBe(false);
    expect(sandbox.state.automations.length).toBe(before);
  });

  it.each([
    ['invalid_trigger', { trigger_type: 'lead_updated' }, 'trigger_type'],
    ['invalid_trigger (missing)', { trigger_type: undefined }, 'trigger_type'],
    ['unknown_action', { actions: [{ type: 'send_email', config: {} }] }, 'actions[0].type'],
    [
      'missing_config_key',
      { actions: [{ type: 'add_tag_lead', config: {} }] },
      'actions[0].config.tags',
    ],
    [
      'missing_config_key (empty list)',
      { actions: [{ type: 'add_tag_lead', config: { tags: [] } }] },
      'actions[0].config.tags',
    ],
    [
      'missing_config_key on the trigger',
      { trigger_type: 'stage_no_reply', trigger_config: { hours: 4 } },
      'trigger_config.stage_id',
    ],
    [
      'fk_not_found (stage)',
      { actions: [{ type: 'move_to_stage', config: { stage_id: 9999 } }] },
      'actions[0].config.stage_id',
    ],
    [
      'fk_not_found (other account stage)',
      { actions: [{ type: 'move_to_stage', config: { stage_id: DEMO.stages.otherEntrada } }] },
      'actions[0].config.stage_id',
    ],
    [
      'fk_not_found (QR number for an official-only action)',
      {
        actions: [
          {
            type: 'send_chatapp_template',
            config: { template_id: DEMO.templates.boasVindas, instance_id: DEMO.instances.qr },
          },
        ],
      },
      'actions[0].config.instance_id',
    ],
    [
      'invalid_value',
      { actions: [{ type: 'add_tag_lead', config: { tags: 'vip' } }] },
      'actions[0].config.tags',
    ],
    [
      'invalid_value (operator)',
      { conditions: [{ field: 'message_body', operator: 'matches', value: 'x' }] },
      'conditions[0].operator',
    ],
    ['required (actions)', { actions: [] }, 'actions'],
    ['required (name)', { name: '' }, 'name'],
  ])('422 %s at the path to fix', (label, change, path) => {
    const { sandbox } = makeSandbox();
    const code = label.split(' ')[0];
    const answer = call(sandbox, 'POST', '/automations', {
      body: { ...flat('Com erro'), ...change },
    });
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ success: false, warnings: [] });
    expect(answer.json.errors).toEqual([{ path, code, message: expect.any(String) }]);
    expect(answer.json.message).toBe(answer.json.errors[0].message);
  });

  it('an existing name is 422 name_conflict', () => {
    const { sandbox } = makeSandbox();
    const existing = sandbox.state.automations[0]?.spec.name ?? '';
    const answer = call(sandbox, 'POST', '/automations', { body: flat(existing.toUpperCase()) });
    expect(answer.status).toBe(422);
    expect(answer.json.errors).toEqual([
      { path: 'name', code: 'name_conflict', message: expect.any(String) },
    ]);
  });

  it('several errors are listed together', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/automations', {
      body: {
        name: 'Várias',
        trigger_type: 'x',
        actions: [{ type: 'y' }, { type: 'assign_to_user', config: {} }],
      },
    });
    expect(answer.json.errors.map((e: { code: string }) => e.code)).toEqual([
      'invalid_trigger',
      'unknown_action',
      'missing_config_key',
    ]);
    expect(answer.json.message).toMatch(/3 erros/);
  });

  it('warns about unknown tokens without refusing', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/automations', {
      body: flat('Tokens', {
        actions: [
          {
            type: 'add_note',
            config: { body: 'Oi {{lead.name}}, {{lead.apelido}} {{lead.custom_fields.cpf}}' },
          },
        ],
      }),
    });
    expect(answer.status).toBe(201);
    expect(answer.json.warnings).toEqual([
      {
        path: 'actions[0].config.body',
        code: 'unknown_token',
        message: expect.stringContaining('lead.apelido'),
      },
    ]);
  });

  it('limits the number of automations per account with limit_reached', () => {
    const { sandbox } = makeSandbox({ rateLimitPerMinute: 1000 });
    const existing = sandbox.state.automations.filter((a) => a.account_id === 1).length;
    for (let i = existing; i < 100; i++)
      expect(call(sandbox, 'POST', '/automations', { body: flat(`A${i}`) }).status).toBe(201);
    const answer = call(sandbox, 'POST', '/automations', { body: flat('A100') });
    expect(answer.json.errors).toEqual([
      { path: '', code: 'limit_reached', message: expect.any(String) },
    ]);
  });
});

describe('graph specs', () => {
  const graph = (nodes: unknown[], edges: unknown[]) => ({ name: 'Grafo', nodes, edges });
  const trigger = { handle: 't', kind: 'trigger', type: 'message_received', config: {} };
  const condition = {
    handle: 'c',
    kind: 'condition',
    field: 'message_body',
    operator: 'contains',
    value: 'preço',
  };
  const action = { handle: 'a', kind: 'action', type: 'add_tag_lead', config: { tags: ['preco'] } };

  it('accepts {name, nodes, edges} in mode graph and fills the flat fields', () => {
    const { sandbox } = makeSandbox();
    const body = graph(
      [trigger, condition, action],
      [
        { from: 't', to: 'c' },
        { from: 'c', to: 'a' },
      ],
    );
    expect(
      call(sandbox, 'POST', '/automations', { body: { ...body, validate_only: true } }).json,
    ).toMatchObject({ valid: true, mode: 'graph' });
    const created = call(sandbox, 'POST', '/automations', { body }).json.data.spec;
    expect(created).toMatchObject({
      trigger_type: 'message_received',
      conditions: [{ field: 'message_body', operator: 'contains', value: 'preço' }],
      actions: [{ type: 'add_tag_lead', config: { tags: ['preco'] } }],
      nodes: [trigger, condition, action],
    });
  });

  it('duplicate handles are 422 duplicate_handle; unreachable nodes are a warning', () => {
    const { sandbox } = makeSandbox();
    const duplicate = call(sandbox, 'POST', '/automations', {
      body: graph([trigger, { ...action, handle: 't' }], [{ from: 't', to: 't' }]),
    });
    expect(duplicate.json.errors).toContainEqual({
      path: 'nodes[1].handle',
      code: 'duplicate_handle',
      message: expect.any(String),
    });
    const unreachable = call(sandbox, 'POST', '/automations', {
      body: graph([trigger, action, { ...action, handle: 'solto' }], [{ from: 't', to: 'a' }]),
    });
    expect(unreachable.status).toBe(201);
    expect(unreachable.json.warnings).toEqual([
      { path: 'nodes[2]', code: 'unreachable_node', message: expect.any(String) },
    ]);
  });

  it('errors inside a graph point at the node', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/automations', {
      body: graph([trigger, { ...action, config: {} }], [{ from: 't', to: 'a' }]),
    });
    expect(answer.json.errors).toEqual([
      { path: 'nodes[1].config.tags', code: 'missing_config_key', message: expect.any(String) },
    ]);
    const noTrigger = call(sandbox, 'POST', '/automations', { body: graph([action], []) });
    expect(noTrigger.json.errors[0]).toMatchObject({ path: 'nodes', code: 'invalid_trigger' });
  });
});

describe('capabilities come from the validator table', () => {
  it('lists 17 triggers and 27 actions', () => {
    const { sandbox } = makeSandbox();
    const caps = call(sandbox, 'GET', '/automations/capabilities').json.data;
    expect(caps.triggers).toHaveLength(17);
    expect(caps.actions).toHaveLength(27);
    expect(
      caps.actions.find((a: { type: string }) => a.type === 'add_tag_lead').config_keys,
    ).toEqual([{ key: 'tags', type: 'string[]', required: true, description: expect.any(String) }]);
    expect(
      caps.actions
        .filter((a: { official_api_only: boolean }) => a.official_api_only)
        .map((a: { type: string }) => a.type),
    ).toEqual(['send_chatapp_template', 'send_chatapp_buttons']);
  });

  it('every action validates with its required keys, and each missing key is reported at its path', () => {
    const { sandbox } = makeSandbox();
    sandbox.configure({ rateLimitPerMinute: 10_000 });
    const caps = call(sandbox, 'GET', '/automations/capabilities').json.data;
    for (const action of caps.actions as { type: string; config_keys: ConfigKey[] }[]) {
      const config = minimalConfig(action.config_keys);
      const ok = call(sandbox, 'POST', '/automations', {
        body: {
          ...flat(`ok ${action.type}`),
          actions: [{ type: action.type, config }],
          validate_only: true,
        },
      });
      expect({ type: action.type, errors: ok.json.errors }).toEqual({
        type: action.type,
        errors: [],
      });
      for (const key of action.config_keys.filter((k) => k.required)) {
        const { [key.key]: _dropped, ...rest } = config;
        const missing = call(sandbox, 'POST', '/automations', {
          body: {
            ...flat(`miss ${action.type}`),
            actions: [{ type: action.type, config: rest }],
            validate_only: true,
          },
        });
        expect(missing.json.errors).toEqual([
          {
            path: `actions[0].config.${key.key}`,
            code: 'missing_config_key',
            message: expect.any(String),
          },
        ]);
      }
    }
  });

  it('every trigger validates with its required keys', () => {
    const { sandbox } = makeSandbox();
    sandbox.configure({ rateLimitPerMinute: 10_000 });
    const caps = call(sandbox, 'GET', '/automations/capabilities').json.data;
    for (const trigger of caps.triggers as { type: string; config_keys: ConfigKey[] }[]) {
      const answer = call(sandbox, 'POST', '/automations', {
        body: {
          ...flat(`t ${trigger.type}`),
          trigger_type: trigger.type,
          trigger_config: minimalConfig(trigger.config_keys),
          validate_only: true,
        },
      });
      expect({ type: trigger.type, valid: answer.json.valid }).toEqual({
        type: trigger.type,
        valid: true,
      });
    }
  });
});

describe('toggle, PUT, DELETE, list', () => {
  it('toggle without body flips; with body sets', () => {
    const { sandbox } = makeSandbox();
    const id = call(sandbox, 'POST', '/automations', { body: flat('Alternar') }).json.data.id;
    expect(call(sandbox, 'PATCH', `/automations/${id}/toggle`).json).toEqual({
      success: true,
      id,
      is_active: true,
    });
    expect(call(sandbox, 'PATCH', `/automations/${id}/toggle`).json.is_active).toBe(false);
    expect(
      call(sandbox, 'PATCH', `/automations/${id}/toggle`, { body: { is_active: true } }).json
        .is_active,
    ).toBe(true);
    expect(
      call(sandbox, 'PATCH', `/automations/${id}/toggle`, { body: { is_active: true } }).json
        .is_active,
    ).toBe(true);
    expect(
      call(sandbox, 'PATCH', `/automations/${id}/toggle`, { body: { is_active: false } }).json
        .is_active,
    ).toBe(false);
    expect(
      call(sandbox, 'PATCH', `/automations/${id}/toggle`, { body: { is_active: 'sim' } }).status,
    ).toBe(422);
  });

  it('PUT replaces the spec and never changes is_active, even when the body says so', () => {
    const { sandbox } = makeSandbox();
    const active = sandbox.state.automations.find((a) => a.is_active);
    const answer = call(sandbox, 'PUT', `/automations/${active?.id}`, {
      body: { ...flat('Renomeada'), is_active: false },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({
      is_active: true,
      spec: { name: 'Renomeada', trigger_type: 'lead_created' },
    });
    expect(call(sandbox, 'PUT', `/automations/${active?.id}`, { body: { name: 'x' } }).status).toBe(
      422,
    );
    expect(call(sandbox, 'PUT', '/automations/999', { body: flat('y') }).json).toEqual({
      success: false,
      message: 'Automação não encontrada.',
    });
  });

  it('DELETE removes', () => {
    const { sandbox } = makeSandbox();
    expect(call(sandbox, 'DELETE', '/automations/2').json).toEqual({ success: true });
    expect(call(sandbox, 'GET', '/automations/2').status).toBe(404);
  });

  it.each([
    ['', 3],
    ['?is_active=true', 2],
    ['?is_active=false', 1],
    ['?trigger_type=lead_won', 1],
    ['?search=PROPOSTA', 1],
  ])('list %s filters', (query, count) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'GET', `/automations${query}`);
    expect(answer.json.data).toHaveLength(count);
    expect(answer.json.meta).toEqual({
      total: count,
      per_page: 30,
      current_page: 1,
      last_page: 1,
      has_more: false,
    });
    expect(Object.keys(answer.json.data[0]).sort()).toEqual([
      'id',
      'is_active',
      'last_run_at',
      'name',
      'run_count',
      'trigger_type',
      'updated_at',
    ]);
  });

  it('list pages at 30 by default and at most 100', () => {
    const { sandbox } = makeSandbox();
    sandbox.configure({ rateLimitPerMinute: 1000 });
    for (let i = 0; i < 40; i++) call(sandbox, 'POST', '/automations', { body: flat(`Lote ${i}`) });
    expect(call(sandbox, 'GET', '/automations').json.meta).toEqual({
      total: 43,
      per_page: 30,
      current_page: 1,
      last_page: 2,
      has_more: true,
    });
    expect(call(sandbox, 'GET', '/automations?per_page=500').json.meta.per_page).toBe(100);
  });
});

describe('automation templates', () => {
  it('install is idempotent by name and always inactive', () => {
    const { sandbox } = makeSandbox();
    const templates = call(sandbox, 'GET', '/automations/templates').json.data;
    expect(templates.length).toBeGreaterThan(2);
    const slug = templates[0].slug;
    const first = call(sandbox, 'POST', `/automations/templates/${slug}/install`);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      installed: true,
      data: { is_active: false, spec: { name: templates[0].name } },
    });
    call(sandbox, 'PATCH', `/automations/${first.json.data.id}/toggle`);
    const second = call(sandbox, 'POST', `/automations/templates/${slug}/install`);
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({
      installed: false,
      data: { id: first.json.data.id, is_active: true },
    });
    expect(sandbox.state.automations.filter((a) => a.spec.name === templates[0].name)).toHaveLength(
      1,
    );
    expect(call(sandbox, 'POST', '/automations/templates/nao-existe/install').status).toBe(404);
  });
});
