import { describe, expect, it } from 'vitest';
import { call, DEMO, makeSandbox } from './helpers';

const spec = (
  name: string,
  stages: unknown[] = [
    { name: 'Novo' },
    { name: 'Ganho', is_won: true },
    { name: 'Perdido', is_lost: true },
  ],
) => ({
  name,
  stages,
});

describe('GET /pipelines and /pipelines/{id}', () => {
  it('lists pipelines with ordered stages and the lost reasons', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'GET', '/pipelines');
    expect(answer.json.success).toBe(true);
    const vendas = answer.json.pipelines[0];
    expect(vendas.name).toBe('Vendas');
    expect(vendas.stages.map((s: { name: string }) => s.name)).toEqual([
      'Novo',
      'Qualificado',
      'Proposta',
      'Negociação',
      'Ganho',
      'Perdido',
    ]);
    expect(vendas.stages[4]).toEqual({
      id: DEMO.stages.ganho,
      name: 'Ganho',
      color: '#22C55E',
      is_won: true,
      is_lost: false,
    });
    expect(answer.json.lost_reasons[0]).toEqual({ id: DEMO.lostReasons.preco, name: 'Preço alto' });
    expect(answer.json.pipelines.map((p: { name: string }) => p.name)).toEqual([
      'Vendas',
      'Pós-venda',
      'Parcerias',
    ]);
  });

  it('detail answers {id, is_default, stage_count, lead_count, spec} with required tasks in the spec', () => {
    const { sandbox } = makeSandbox();
    const data = call(sandbox, 'GET', `/pipelines/${DEMO.pipelines.vendas}`).json.data;
    expect(data).toMatchObject({ id: DEMO.pipelines.vendas, is_default: true, stage_count: 6 });
    expect(data.lead_count).toBe(
      sandbox.state.leads.filter((l) => l.pipeline_id === DEMO.pipelines.vendas).length,
    );
    expect(data.spec.stages[2]).toEqual({
      name: 'Proposta',
      color: '#8B5CF6',
      is_won: false,
      is_lost: false,
      required_tasks: [
        { subject: 'Enviar proposta', task_type: 'proposal', priority: 'high' },
        { subject: 'Agendar reunião de apresentação', task_type: 'meeting', priority: 'medium' },
      ],
    });
    expect(call(sandbox, 'GET', '/pipelines/999').json).toEqual({
      success: false,
      message: 'Funil não encontrado.',
    });
  });
});

describe('POST /pipelines', () => {
  it('creates with 201 {success, warnings, data}; auto-capture flags default to false', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/pipelines', { body: spec('Licitações') });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({
      success: true,
      warnings: [],
      data: { is_default: false, stage_count: 3, lead_count: 0 },
    });
    expect(answer.json.data.spec).toMatchObject({
      name: 'Licitações',
      auto_create_from_chatapp: false,
      auto_create_from_social: false,
    });
  });

  it('the spec from GET is accepted back by POST under a new name', () => {
    const { sandbox } = makeSandbox();
    const original = call(sandbox, 'GET', `/pipelines/${DEMO.pipelines.vendas}`).json.data.spec;
    const copy = call(sandbox, 'POST', '/pipelines', { body: { ...original, name: 'Vendas 2' } });
    expect(copy.status).toBe(201);
    expect(copy.json.data.spec).toEqual({ ...original, name: 'Vendas 2' });
  });

  it('validate_only answers 200 with errors and warnings and saves nothing', () => {
    const { sandbox } = makeSandbox();
    const before = sandbox.state.pipelines.length;
    const fine = call(sandbox, 'POST', '/pipelines', {
      body: { ...spec('Teste', [{ name: 'Único' }]), validate_only: true },
    });
    expect(fine.status).toBe(200);
    expect(fine.json).toMatchObject({ success: true, valid: true, errors: [] });
    expect(fine.json.warnings.map((w: { code: string }) => w.code)).toEqual([
      'missing_won_stage',
      'missing_lost_stage',
    ]);
    const broken = call(sandbox, 'POST', '/pipelines', {
      body: { name: 'Vendas', stages: [], validate_only: true },
    });
    expect(broken.status).toBe(200);
    expect(broken.json.valid).toBe(false);
    expect(broken.json.errors.map((e: { code: string }) => e.code)).toEqual(['required']);
    expect(sandbox.state.pipelines.length).toBe(before);
  });

  it('an existing name is 422 name_conflict and never overwrites', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/pipelines', { body: spec('vendas') });
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({
      success: false,
      code: 'name_conflict',
      errors: [{ path: 'name', code: 'name_conflict' }],
    });
    expect(sandbox.state.pipelines.filter((p) => p.account_id === 1)).toHaveLength(3);
  });

  it('a pipeline without won and lost stages is saved with warnings', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/pipelines', {
      body: spec('Triagem', [{ name: 'Entrada' }, { name: 'Saída' }]),
    });
    expect(answer.status).toBe(201);
    expect(answer.json.warnings.map((w: { code: string }) => w.code)).toEqual([
      'missing_won_stage',
      'missing_lost_stage',
    ]);
  });

  it.each([
    [{ stages: [{ name: 'A' }] }, 'name', 'required'],
    [spec('X', [{ name: 'A' }, { name: 'a' }]), 'stages[1].name', 'duplicate_name'],
    [spec('X', [{ name: 'A', is_won: true, is_lost: true }]), 'stages[0]', 'invalid_value'],
    [spec('X', [{ name: 'A', color: 'azul' }]), 'stages[0].color', 'invalid_value'],
    [
      spec('X', [{ name: 'A', required_tasks: [{ subject: 'Ligar', task_type: 'telegrama' }] }]),
      'stages[0].required_tasks[0].task_type',
      'invalid_value',
    ],
    [
      spec('X', [{ name: 'A', required_tasks: [{ subject: 'Ligar', priority: 'máxima' }] }]),
      'stages[0].required_tasks[0].priority',
      'invalid_value',
    ],
    [
      spec('X', [{ name: 'A', required_tasks: [{ task_type: 'call' }] }]),
      'stages[0].required_tasks[0].subject',
      'required',
    ],
    [
      spec(
        'X',
        Array.from({ length: 21 }, (_, i) => ({ name: `E${i}` })),
      ),
      'stages',
      'too_many',
    ],
    [{ name: 'X', stages: 'Novo' }, 'stages', 'required'],
  ])('rejects %j at %s with %s', (body, path, code) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/pipelines', { body });
    expect(answer.status).toBe(422);
    expect(answer.json.errors).toContainEqual({ path, code, message: expect.any(String) });
  });
});

describe('PUT /pipelines/{id}', () => {
  it('matches stages by name and tasks by subject, keeping ids and lead links', () => {
    const { sandbox } = makeSandbox();
    const before = call(sandbox, 'GET', `/pipelines/${DEMO.pipelines.vendas}`).json.data;
    const taskIds = sandbox.state.requiredTasks
      .filter((t) => t.stage_id === DEMO.stages.proposta)
      .map((t) => t.id);
    const next = structuredClone(before.spec);
    next.name = 'Vendas B2B';
    next.stages.splice(3, 0, {
      name: 'Contrato',
      is_won: false,
      is_lost: false,
      required_tasks: [],
    });
    next.stages[2].required_tasks.reverse();
    next.stages[2].required_tasks[0].priority = 'urgent';
    const answer = call(sandbox, 'PUT', `/pipelines/${DEMO.pipelines.vendas}`, { body: next });
    expect(answer.status).toBe(200);
    expect(answer.json.data.spec.name).toBe('Vendas B2B');
    const stages = answer.json.data.stages as { id: number; name: string }[];
    expect(stages.find((s) => s.name === 'Proposta')?.id).toBe(DEMO.stages.proposta);
    expect(stages.map((s) => s.name)).toEqual([
      'Novo',
      'Qualificado',
      'Proposta',
      'Contrato',
      'Negociação',
      'Ganho',
      'Perdido',
    ]);
    expect(answer.json.data.lead_count).toBe(before.lead_count);
    const after = sandbox.state.requiredTasks.filter((t) => t.stage_id === DEMO.stages.proposta);
    expect(after.map((t) => t.id).sort()).toEqual(taskIds.sort());
    expect(after.find((t) => t.subject === 'Agendar reunião de apresentação')?.priority).toBe(
      'urgent',
    );
  });

  it('removing a stage that still has leads is 422 stage_has_leads; an empty stage can go', () => {
    const { sandbox } = makeSandbox();
    const current = call(sandbox, 'GET', `/pipelines/${DEMO.pipelines.vendas}`).json.data.spec;
    const withoutNovo = {
      ...current,
      stages: current.stages.filter((s: { name: string }) => s.name !== 'Novo'),
    };
    const refused = call(sandbox, 'PUT', `/pipelines/${DEMO.pipelines.vendas}`, {
      body: withoutNovo,
    });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([
      { path: 'stages', code: 'stage_has_leads', message: expect.stringContaining('Novo') },
    ]);
    const created = call(sandbox, 'POST', '/pipelines', { body: spec('Temporário') }).json.data;
    const shorter = { ...created.spec, stages: created.spec.stages.slice(1) };
    expect(
      call(sandbox, 'PUT', `/pipelines/${created.id}`, { body: shorter }).json.data.stage_count,
    ).toBe(2);
  });

  it('PUT with another pipeline name is name_conflict; with its own name is fine', () => {
    const { sandbox } = makeSandbox();
    const current = call(sandbox, 'GET', `/pipelines/${DEMO.pipelines.parcerias}`).json.data.spec;
    expect(
      call(sandbox, 'PUT', `/pipelines/${DEMO.pipelines.parcerias}`, {
        body: { ...current, name: 'Vendas' },
      }).json.code,
    ).toBe('name_conflict');
    expect(
      call(sandbox, 'PUT', `/pipelines/${DEMO.pipelines.parcerias}`, { body: current }).status,
    ).toBe(200);
  });

  it('validate_only on PUT changes nothing', () => {
    const { sandbox } = makeSandbox();
    const before = JSON.stringify(sandbox.state.pipelines);
    const current = call(sandbox, 'GET', `/pipelines/${DEMO.pipelines.parcerias}`).json.data.spec;
    const answer = call(sandbox, 'PUT', `/pipelines/${DEMO.pipelines.parcerias}`, {
      body: { ...current, name: 'Parceiros', validate_only: true },
    });
    expect(answer.json).toMatchObject({ success: true, valid: true });
    const dropping = call(sandbox, 'PUT', `/pipelines/${DEMO.pipelines.parcerias}`, {
      body: { ...spec('Outro'), validate_only: true },
    });
    expect(dropping.status).toBe(200);
    expect(dropping.json.valid).toBe(false);
    expect(dropping.json.errors.every((e: { code: string }) => e.code === 'stage_has_leads')).toBe(
      true,
    );
    expect(JSON.stringify(sandbox.state.pipelines)).toBe(before);
  });
});

describe('DELETE /pipelines/{id}', () => {
  it('refuses a pipeline with leads, deletes an empty one', () => {
    const { sandbox } = makeSandbox();
    expect(call(sandbox, 'DELETE', `/pipelines/${DEMO.pipelines.posVenda}`).json.code).toBe(
      'pipeline_has_leads',
    );
    const created = call(sandbox, 'POST', '/pipelines', { body: spec('Descartável') }).json.data;
    expect(call(sandbox, 'DELETE', `/pipelines/${created.id}`).json).toEqual({ success: true });
    expect(call(sandbox, 'GET', `/pipelines/${created.id}`).status).toBe(404);
    expect(sandbox.state.stages.some((s) => s.pipeline_id === created.id)).toBe(false);
  });
});

describe('capabilities and templates', () => {
  it('capabilities lists the enums the validator enforces', () => {
    const { sandbox } = makeSandbox();
    const caps = call(sandbox, 'GET', '/pipelines/capabilities').json.data;
    expect(caps.enums.task_type).toContain('call');
    expect(caps.enums.priority).toContain('high');
    for (const taskType of caps.enums.task_type) {
      const body = {
        ...spec(`P ${taskType}`, [
          {
            name: 'A',
            required_tasks: [
              { subject: 'T', task_type: taskType, priority: caps.enums.priority[0] },
            ],
          },
        ]),
        validate_only: true,
      };
      expect(call(sandbox, 'POST', '/pipelines', { body }).json.valid).toBe(true);
    }
    expect(caps.limits.max_stages).toBe(20);
    expect(caps.update_rules.length).toBeGreaterThan(3);
  });

  it('templates come grouped by niche, each with an installable spec', () => {
    const { sandbox } = makeSandbox();
    const groups = call(sandbox, 'GET', '/pipelines/templates').json.data;
    expect(groups.length).toBeGreaterThan(2);
    const imobiliario = groups.find((g: { niche_slug: string }) => g.niche_slug === 'imobiliario');
    expect(imobiliario.templates.map((t: { slug: string }) => t.slug)).toEqual([
      'imobiliaria-vendas',
      'imobiliaria-locacao',
    ]);
  });

  it('install is idempotent by name: 201 installed, then 200 with the same pipeline', () => {
    const { sandbox } = makeSandbox();
    const first = call(sandbox, 'POST', '/pipelines/templates/b2b-consultivo/install');
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      success: true,
      installed: true,
      data: { spec: { name: 'B2B Consultivo' } },
    });
    const second = call(sandbox, 'POST', '/pipelines/templates/b2b-consultivo/install');
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ installed: false, data: { id: first.json.data.id } });
    expect(sandbox.state.pipelines.filter((p) => p.name === 'B2B Consultivo')).toHaveLength(1);
    expect(call(sandbox, 'POST', '/pipelines/templates/nao-existe/install').status).toBe(404);
  });
});
