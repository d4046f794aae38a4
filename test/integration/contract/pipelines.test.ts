import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../sandbox/index';
import {
  NameConflictError,
  NotFoundError,
  type PipelineSpec,
  StageHasLeadsError,
  UnprocessableError,
} from '../../../src/api';
import { errorFrom, useContractServer } from './server';

const sandbox = useContractServer();

const funnel = (name: string, withOutcomes = true): PipelineSpec => ({
  name,
  color: '#10B981',
  stages: [
    {
      name: 'Entrada',
      color: '#94A3B8',
      required_tasks: [{ subject: 'Primeiro contato', task_type: 'call', priority: 'high' }],
    },
    { name: 'Em negociação', color: '#3B82F6' },
    ...(withOutcomes
      ? [
          { name: 'Fechado', color: '#22C55E', is_won: true },
          { name: 'Perdido', color: '#EF4444', is_lost: true },
        ]
      : []),
  ],
});

function pipelineNames(): string[] {
  return sandbox.server
    .client()
    .pipelines.list()
    .pipelines.map((p) => p.name);
}

describe('pipelines.list and pipelines.get', () => {
  it('lists pipelines with their ordered stages and the lost reasons', () => {
    const list = sandbox.server.client().pipelines.list();
    expect(list.pipelines.map((p) => p.name)).toEqual(['Vendas', 'Pós-venda', 'Parcerias']);
    expect(list.pipelines[0]?.stages.map((s) => s.name)).toEqual([
      'Novo',
      'Qualificado',
      'Proposta',
      'Negociação',
      'Ganho',
      'Perdido',
    ]);
    expect(list.pipelines[0]?.stages[4]).toMatchObject({
      id: DEMO.stages.ganho,
      color: '#22C55E',
      is_won: true,
      is_lost: false,
    });
    expect(list.lost_reasons).toEqual(
      expect.arrayContaining([{ id: DEMO.lostReasons.preco, name: expect.any(String) }]),
    );
  });

  it('gets one pipeline: status fields and the re-importable spec', () => {
    const detail = sandbox.server.client().pipelines.get(DEMO.pipelines.vendas);
    expect(detail).toMatchObject({ id: 1, is_default: true, stage_count: 6 });
    expect(detail.lead_count).toBeGreaterThan(0);
    expect(detail.spec).toMatchObject({ name: 'Vendas', auto_create_from_chatapp: true });
    expect(detail.spec.stages[2]?.required_tasks).toEqual([
      expect.objectContaining({ subject: 'Enviar proposta', task_type: 'proposal' }),
      expect.objectContaining({ subject: 'Agendar reunião de apresentação' }),
    ]);
  });

  it('an unknown pipeline is a NotFoundError', () => {
    errorFrom(NotFoundError, () => sandbox.server.client().pipelines.get(9999));
  });
});

describe('pipelines.create (POST /pipelines)', () => {
  it('creates with the auto-capture flags false by default', () => {
    const client = sandbox.server.client();
    const saved = client.pipelines.create(funnel('Eventos 2026'));
    expect(saved.warnings).toEqual([]);
    expect(saved.pipeline.spec).toMatchObject({
      name: 'Eventos 2026',
      auto_create_from_chatapp: false,
      auto_create_from_social: false,
    });
    expect(saved.pipeline.stage_count).toBe(4);
    expect(client.pipelines.get(saved.pipeline.id).spec.stages.map((s) => s.name)).toEqual([
      'Entrada',
      'Em negociação',
      'Fechado',
      'Perdido',
    ]);
  });

  it('without a won and a lost stage: saved, with warnings', () => {
    const saved = sandbox.server.client().pipelines.create(funnel('Só aberto', false));
    expect(saved.warnings.map((w) => w.code).sort()).toEqual([
      'missing_lost_stage',
      'missing_won_stage',
    ]);
    expect(pipelineNames()).toContain('Só aberto');
  });

  it('validate_only answers 200 with errors and warnings and saves nothing', () => {
    const client = sandbox.server.client();
    const ok = client.pipelines.create(funnel('Ensaio'), { validateOnly: true });
    expect(ok).toMatchObject({ valid: true, errors: [] });
    const bad = client.pipelines.create(
      {
        ...funnel('Ensaio ruim'),
        stages: [{ name: 'A', required_tasks: [{ subject: 'x', task_type: 'fax' }] }],
      },
      { validateOnly: true },
    );
    expect(bad.valid).toBe(false);
    expect(bad.errors[0]?.path).toContain('task_type');
    expect(bad.warnings.length).toBeGreaterThan(0);
    expect(pipelineNames()).not.toContain('Ensaio');
    expect(pipelineNames()).not.toContain('Ensaio ruim');
  });

  it('a duplicate name is a NameConflictError; POST never overwrites', () => {
    const client = sandbox.server.client();
    const error = errorFrom(NameConflictError, () => client.pipelines.create(funnel('Vendas')));
    expect(error.status).toBe(422);
    expect(error.errors).toEqual([
      expect.objectContaining({ code: 'name_conflict', path: 'name' }),
    ]);
    expect(client.pipelines.get(DEMO.pipelines.vendas).stage_count).toBe(6);
  });

  it('an invalid spec is a 422 naming the path to fix', () => {
    const error = errorFrom(UnprocessableError, () =>
      sandbox.server.client().pipelines.create({ name: 'Sem etapas', stages: [] }),
    );
    expect(error.status).toBe(422);
    expect(error.body).toMatchObject({ errors: [expect.objectContaining({ path: 'stages' })] });
  });
});

describe('pipelines.replace (PUT /pipelines/{id})', () => {
  it('replaces the whole spec; stages matched by name keep their id and leads', () => {
    const client = sandbox.server.client();
    const before = client.pipelines.get(DEMO.pipelines.vendas);
    const spec = structuredClone(before.spec);
    spec.stages.splice(4, 0, { name: 'Contrato', color: '#0EA5E9' });
    spec.color = '#111827';
    const replaced = client.pipelines.replace(DEMO.pipelines.vendas, spec);
    expect(replaced.pipeline?.spec.stages.map((s) => s.name)).toEqual([
      'Novo',
      'Qualificado',
      'Proposta',
      'Negociação',
      'Contrato',
      'Ganho',
      'Perdido',
    ]);
    expect(replaced.pipeline?.spec.color).toBe('#111827');
    const stages = client.pipelines.list().pipelines[0]?.stages ?? [];
    expect(stages.find((s) => s.name === 'Novo')?.id).toBe(DEMO.stages.novo);
    expect(client.leads.get(DEMO.leads.windowOpen).stage_id).toBe(DEMO.stages.novo);
    expect(client.pipelines.get(DEMO.pipelines.vendas).lead_count).toBe(before.lead_count);
  });

  it('removing a stage that still has leads is a StageHasLeadsError', () => {
    const client = sandbox.server.client();
    const spec = client.pipelines.get(DEMO.pipelines.vendas).spec;
    const withoutNovo = { ...spec, stages: spec.stages.filter((s) => s.name !== 'Novo') };
    const error = errorFrom(StageHasLeadsError, () =>
      client.pipelines.replace(DEMO.pipelines.vendas, withoutNovo),
    );
    expect(error.status).toBe(422);
    expect(error.errors).toEqual([
      expect.objectContaining({ code: 'stage_has_leads', path: 'stages' }),
    ]);
    expect(client.pipelines.get(DEMO.pipelines.vendas).stage_count).toBe(6);
  });

  it("renaming to another pipeline's name is a NameConflictError", () => {
    const client = sandbox.server.client();
    const spec = client.pipelines.get(DEMO.pipelines.parcerias).spec;
    errorFrom(NameConflictError, () =>
      client.pipelines.replace(DEMO.pipelines.parcerias, { ...spec, name: 'Pós-venda' }),
    );
  });
});

describe('pipelines.delete, capabilities, templates and install', () => {
  it('deletes an empty pipeline; reading it again is a NotFoundError', () => {
    const client = sandbox.server.client();
    const { pipeline } = client.pipelines.create(funnel('Temporário'));
    client.pipelines.delete(pipeline.id);
    errorFrom(NotFoundError, () => client.pipelines.get(pipeline.id));
    expect(pipelineNames()).not.toContain('Temporário');
  });

  it('capabilities give the task_type and priority enums and the limits', () => {
    const capabilities = sandbox.server.client().pipelines.capabilities();
    expect(capabilities.data).toMatchObject({
      enums: {
        task_type: expect.arrayContaining(['call']),
        priority: expect.arrayContaining(['high']),
      },
      limits: expect.any(Object),
    });
  });

  it('templates are grouped by niche', () => {
    const templates = sandbox.server.client().pipelines.templates();
    const groups = templates.data as { niche_slug: string; templates: { slug: string }[] }[];
    expect(groups.length).toBeGreaterThan(1);
    expect(groups.flatMap((g) => g.templates.map((t) => t.slug))).toContain('imobiliaria-vendas');
  });

  it('installing a template twice creates one pipeline', () => {
    const client = sandbox.server.client();
    const first = client.pipelines.install('imobiliaria-vendas');
    const second = client.pipelines.install('imobiliaria-vendas');
    expect(first).toMatchObject({ installed: true });
    expect(second).toMatchObject({ installed: false });
    expect((second.data as { id: number }).id).toBe((first.data as { id: number }).id);
    expect(pipelineNames().filter((name) => name === 'Imobiliária — Vendas')).toHaveLength(1);
  });

  it('an unknown template slug is a NotFoundError', () => {
    errorFrom(NotFoundError, () => sandbox.server.client().pipelines.install('nao-existe'));
  });
});
