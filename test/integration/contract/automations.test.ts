import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../sandbox/index';
import {
  type AutomationSpec,
  InvalidInputError,
  NameConflictError,
  NotFoundError,
  SpecValidationError,
} from '../../../src/api';
import { errorFrom, useContractServer } from './server';

const sandbox = useContractServer();

const tagOnKeyword = (name: string): AutomationSpec => ({
  name,
  trigger_type: 'message_received',
  conditions: [{ field: 'message_body', operator: 'contains', value: 'preço' }],
  actions: [{ type: 'add_tag_lead', config: { tags: ['interessado'] } }],
});

function automationNames(): string[] {
  return sandbox.server
    .client()
    .automations.list({ per_page: 100 })
    .data.map((a) => a.name);
}

describe('automations.list and get', () => {
  it('lists the account automations with meta (30 per page by default)', () => {
    const page = sandbox.server.client().automations.list();
    expect(page.data.map((a) => a.name)).toEqual([
      'Tag quente em pedido de orçamento',
      'Ganho vai para Pós-venda',
      'Follow-up da proposta',
    ]);
    expect(page.data[0]).toMatchObject({
      trigger_type: 'message_received',
      is_active: true,
      run_count: 42,
    });
    expect(page.meta).toMatchObject({ total: 3, per_page: 30, current_page: 1, has_more: false });
  });

  it.each([
    ['is_active', { is_active: false }, ['Ganho vai para Pós-venda']],
    ['trigger_type', { trigger_type: 'lead_stage_changed' }, ['Follow-up da proposta']],
    ['search', { search: 'pós-venda' }, ['Ganho vai para Pós-venda']],
  ] as const)('filters by %s', (_name, filters, names) => {
    const page = sandbox.server.client().automations.list(filters);
    expect(page.data.map((a) => a.name)).toEqual(names);
  });

  it('pages with page and per_page', () => {
    const client = sandbox.server.client();
    const second = client.automations.list({ page: 2, per_page: 2 });
    expect(second.data.map((a) => a.name)).toEqual(['Follow-up da proposta']);
    expect(second.meta).toMatchObject({ current_page: 2, last_page: 2, has_more: false });
  });

  it('gets one automation with its spec in flat and graph form', () => {
    const detail = sandbox.server.client().automations.get(1);
    expect(detail).toMatchObject({ id: 1, is_active: true, run_count: 42 });
    expect(detail.spec).toMatchObject({
      name: 'Tag quente em pedido de orçamento',
      trigger_type: 'message_received',
      actions: [{ type: 'add_tag_lead', config: { tags: ['quente'] } }],
    });
    expect(Array.isArray(detail.spec.nodes)).toBe(true);
    expect(Array.isArray(detail.spec.edges)).toBe(true);
  });

  it('an unknown id is a NotFoundError', () => {
    errorFrom(NotFoundError, () => sandbox.server.client().automations.get(999));
  });
});

describe('automations.create (POST /automations)', () => {
  it('creates an inactive automation', () => {
    const client = sandbox.server.client();
    const saved = client.automations.create(tagOnKeyword('Interesse em preço'));
    expect(saved.automation).toMatchObject({ is_active: false, run_count: 0 });
    expect(saved.automation.spec.name).toBe('Interesse em preço');
    expect(client.automations.get(saved.automation.id).is_active).toBe(false);
  });

  it('the returned spec is accepted back by POST under another name', () => {
    const client = sandbox.server.client();
    const spec = client.automations.get(2).spec;
    const copy = client.automations.create({ ...spec, name: 'Cópia do ganho' });
    expect(copy.automation.spec.actions).toEqual(spec.actions);
  });

  it('validate_only answers {valid, mode, errors, warnings} and saves nothing', () => {
    const client = sandbox.server.client();
    const result = client.automations.create(tagOnKeyword('Ensaio'), { validateOnly: true });
    expect(result).toMatchObject({ valid: true, mode: 'flat', errors: [] });
    const invalid = client.automations.create(
      { ...tagOnKeyword('Ensaio ruim'), actions: [{ type: 'add_tag_lead', config: {} }] },
      { validateOnly: true },
    );
    expect(invalid.valid).toBe(false);
    expect(invalid.errors).toEqual([
      expect.objectContaining({ path: 'actions[0].config.tags', code: 'missing_config_key' }),
    ]);
    expect(automationNames()).not.toContain('Ensaio');
    expect(automationNames()).not.toContain('Ensaio ruim');
  });

  it('validate_only reports the graph format as mode graph', () => {
    const result = sandbox.server.client().automations.create(
      {
        name: 'Em grafo',
        nodes: [
          { handle: 't', kind: 'trigger', type: 'lead_created', config: {} },
          { handle: 'a', kind: 'action', type: 'add_tag_lead', config: { tags: ['novo'] } },
        ],
        edges: [{ from: 't', to: 'a' }],
      },
      { validateOnly: true },
    );
    expect(result).toMatchObject({ valid: true, mode: 'graph' });
  });

  // Each documented error code, with the path that points at the field to fix.
  const invalidSpecs: [string, AutomationSpec, string, string][] = [
    [
      'missing_config_key',
      { ...tagOnKeyword('A'), actions: [{ type: 'add_tag_lead', config: {} }] },
      'actions[0].config.tags',
      'missing_config_key',
    ],
    [
      'unknown_action',
      { ...tagOnKeyword('B'), actions: [{ type: 'send_fax', config: {} }] },
      'actions[0].type',
      'unknown_action',
    ],
    [
      'invalid_trigger',
      { ...tagOnKeyword('C'), trigger_type: 'lead_teleported' },
      'trigger_type',
      'invalid_trigger',
    ],
    [
      'fk_not_found',
      {
        ...tagOnKeyword('D'),
        actions: [{ type: 'move_to_stage', config: { pipeline_id: 1, stage_id: 9999 } }],
      },
      'actions[0].config.stage_id',
      'fk_not_found',
    ],
  ];

  it.each(invalidSpecs)('%s: SpecValidationError with path and code', (_name, spec, path, code) => {
    const error = errorFrom(SpecValidationError, () =>
      sandbox.server.client().automations.create(spec),
    );
    expect(error.status).toBe(422);
    expect(error.errors).toEqual([expect.objectContaining({ path, code })]);
    expect(error.warnings).toEqual([]);
    expect(error.detail).toContain(path);
  });

  it('a graph with a repeated handle: duplicate_handle; an unreachable node is a warning', () => {
    const client = sandbox.server.client();
    const node = (handle: string, kind: string, type: string, config = {}) => ({
      handle,
      kind,
      type,
      config,
    });
    const error = errorFrom(SpecValidationError, () =>
      client.automations.create({
        name: 'Grafo repetido',
        nodes: [
          node('t', 'trigger', 'lead_created'),
          node('a', 'action', 'add_tag_lead', { tags: ['x'] }),
          node('a', 'action', 'add_tag_lead', { tags: ['y'] }),
        ],
        edges: [{ from: 't', to: 'a' }],
      }),
    );
    expect(error.errors.map((e) => e.code)).toContain('duplicate_handle');

    const saved = client.automations.create({
      name: 'Grafo com sobra',
      nodes: [
        node('t', 'trigger', 'lead_created'),
        node('a', 'action', 'add_tag_lead', { tags: ['x'] }),
        node('solto', 'action', 'add_tag_lead', { tags: ['y'] }),
      ],
      edges: [{ from: 't', to: 'a' }],
    });
    expect(saved.warnings.map((w) => w.code)).toContain('unreachable_node');
  });

  it('an unknown token is a warning, not an error', () => {
    const saved = sandbox.server.client().automations.create({
      ...tagOnKeyword('Com token'),
      actions: [{ type: 'add_note', config: { body: 'Olá {{lead.apelido_inexistente}}' } }],
    });
    expect(saved.warnings).toEqual([expect.objectContaining({ code: 'unknown_token' })]);
  });

  it('a duplicate name is a NameConflictError; POST never overwrites', () => {
    const client = sandbox.server.client();
    const error = errorFrom(NameConflictError, () =>
      client.automations.create(tagOnKeyword('Follow-up da proposta')),
    );
    expect(error.errors).toEqual([
      expect.objectContaining({ code: 'name_conflict', path: 'name' }),
    ]);
    expect(client.automations.get(3).spec.trigger_type).toBe('lead_stage_changed');
  });

  it('a spec in neither format is refused before any request', () => {
    errorFrom(InvalidInputError, () =>
      sandbox.server.client().automations.create({ name: 'Sem nada' }),
    );
  });
});

describe('automations.replace, toggle and delete', () => {
  it('PUT replaces the whole spec and keeps is_active', () => {
    const client = sandbox.server.client();
    expect(client.automations.get(1).is_active).toBe(true);
    const replaced = client.automations.replace(1, tagOnKeyword('Tag em pedido de preço'));
    expect(replaced.automation).toMatchObject({ id: 1, is_active: true });
    const after = client.automations.get(1);
    expect(after.is_active).toBe(true);
    expect(after.spec.name).toBe('Tag em pedido de preço');
    expect(after.spec.actions).toEqual([
      { type: 'add_tag_lead', config: { tags: ['interessado'] } },
    ]);

    client.automations.replace(2, { ...client.automations.get(2).spec, name: 'Renomeada' });
    expect(client.automations.get(2).is_active).toBe(false);
  });

  it('PUT validate_only changes nothing', () => {
    const client = sandbox.server.client();
    const result = client.automations.replace(1, tagOnKeyword('Não salvar'), {
      validateOnly: true,
    });
    expect(result).toMatchObject({ valid: true, mode: 'flat' });
    expect(client.automations.get(1).spec.name).toBe('Tag quente em pedido de orçamento');
  });

  it("PUT to another automation's name is a NameConflictError", () => {
    errorFrom(NameConflictError, () =>
      sandbox.server.client().automations.replace(1, tagOnKeyword('Follow-up da proposta')),
    );
  });

  it('toggle with a body sets is_active; repeating it changes nothing', () => {
    const client = sandbox.server.client();
    expect(client.automations.toggle(2, true)).toMatchObject({ id: 2, is_active: true });
    expect(client.automations.toggle(2, true).is_active).toBe(true);
    expect(client.automations.toggle(2, false).is_active).toBe(false);
    expect(client.automations.get(2).is_active).toBe(false);
  });

  it('toggle without a body flips', () => {
    const client = sandbox.server.client();
    expect(client.automations.toggle(2).is_active).toBe(true);
    expect(client.automations.toggle(2).is_active).toBe(false);
    expect(client.automations.toggle(1).is_active).toBe(false);
  });

  it('delete removes it; reading it again is a NotFoundError', () => {
    const client = sandbox.server.client();
    client.automations.delete(3);
    errorFrom(NotFoundError, () => client.automations.get(3));
    expect(automationNames()).not.toContain('Follow-up da proposta');
  });
});

describe('automations capabilities, templates and install', () => {
  it('capabilities list the 17 triggers and 27 actions with their config keys', () => {
    const data = sandbox.server.client().automations.capabilities().data as {
      triggers: { type: string }[];
      actions: { type: string; config_keys: { key: string; required: boolean }[] }[];
    };
    expect(data.triggers).toHaveLength(17);
    expect(data.actions).toHaveLength(27);
    const addTag = data.actions.find((a) => a.type === 'add_tag_lead');
    expect(addTag?.config_keys).toEqual([expect.objectContaining({ key: 'tags', required: true })]);
  });

  it('templates list official automation templates', () => {
    const data = sandbox.server.client().automations.templates().data as { slug: string }[];
    expect(data.map((t) => t.slug)).toContain('boas-vindas-novo-lead');
  });

  it('install is idempotent by name and leaves the automation inactive', () => {
    const client = sandbox.server.client();
    const first = client.automations.install('boas-vindas-novo-lead');
    const second = client.automations.install('boas-vindas-novo-lead');
    expect(first).toMatchObject({ installed: true, data: { is_active: false } });
    expect(second).toMatchObject({ installed: false });
    expect(automationNames().filter((n) => n === 'Boas-vindas ao novo lead')).toHaveLength(1);
  });

  it('an unknown template slug is a NotFoundError', () => {
    errorFrom(NotFoundError, () => sandbox.server.client().automations.install('nao-existe'));
  });
});

describe('automations need a real account id in config', () => {
  it('a stage of the other account is fk_not_found', () => {
    const error = errorFrom(SpecValidationError, () =>
      sandbox.server.client().automations.create({
        ...tagOnKeyword('Outra conta'),
        actions: [
          {
            type: 'move_to_stage',
            config: { pipeline_id: DEMO.pipelines.vendas, stage_id: DEMO.stages.otherEntrada },
          },
        ],
      }),
    );
    expect(error.errors.map((e) => e.code)).toContain('fk_not_found');
  });
});
