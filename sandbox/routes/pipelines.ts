import { HttpError, notFound, ok, unprocessable } from '../http';
import { type SpecIssue, specRejected } from '../issues';
import { checkPipelineSpec, PIPELINE_CAPABILITIES } from '../pipeline-spec';
import {
  createPipeline,
  deletePipelineRows,
  pipelineDetail,
  replacePipeline,
  stagesLosingLeads,
  stageView,
} from '../pipeline-store';
import { PIPELINE_TEMPLATES } from '../pipeline-templates';
import type { Route, RouteContext } from '../router';
import { parseId } from '../store';
import { fold } from '../text';
import { isPlainObject } from '../validate';

function listPipelines(ctx: RouteContext) {
  const pipelines = ctx.store.pipelinesOf(ctx.account.id).map((p) => ({
    id: p.id,
    name: p.name,
    color: p.color,
    is_default: p.is_default,
    stages: ctx.store.stagesOf(p.id).map(stageView),
  }));
  const lostReasons = ctx.store.state.lostReasons
    .filter((r) => r.account_id === ctx.account.id)
    .map((r) => ({ id: r.id, name: r.name }));
  return ok({ pipelines, lost_reasons: lostReasons });
}

function requirePipeline(ctx: RouteContext) {
  const id = parseId(ctx.params.id);
  const pipeline = id === undefined ? undefined : ctx.store.pipeline(ctx.account.id, id);
  if (!pipeline) throw notFound('Funil');
  return pipeline;
}

function getPipeline(ctx: RouteContext) {
  return ok({ data: pipelineDetail(ctx.store, requirePipeline(ctx)) });
}

function nameTaken(ctx: RouteContext, name: string, exceptId?: number): boolean {
  return ctx.store
    .pipelinesOf(ctx.account.id)
    .some((p) => p.id !== exceptId && fold(p.name) === fold(name));
}

function conflictIssue(name: string): SpecIssue {
  return {
    path: 'name',
    code: 'name_conflict',
    message: `Já existe um funil chamado "${name}". Use outro nome ou PUT /pipelines/{id}.`,
  };
}

function validateOnly(body: unknown): boolean {
  return isPlainObject(body) && body.validate_only === true;
}

function createPipelineRoute(ctx: RouteContext) {
  const check = checkPipelineSpec(ctx.body);
  const errors = [...check.errors];
  if (check.spec && nameTaken(ctx, check.spec.name)) errors.push(conflictIssue(check.spec.name));
  if (
    check.spec &&
    ctx.store.pipelinesOf(ctx.account.id).length >=
      PIPELINE_CAPABILITIES.limits.max_pipelines_per_account
  ) {
    errors.push({
      path: '',
      code: 'limit_reached',
      message: `A conta já tem o máximo de ${PIPELINE_CAPABILITIES.limits.max_pipelines_per_account} funis.`,
    });
  }
  if (validateOnly(ctx.body))
    return ok({ valid: errors.length === 0, errors, warnings: check.warnings });
  if (errors.length > 0 || !check.spec) throw specRejected(errors, check.warnings, 'O funil');
  const pipeline = createPipeline(ctx.store, ctx.account.id, check.spec, ctx.now);
  return ok({ warnings: check.warnings, data: pipelineDetail(ctx.store, pipeline) }, 201);
}

function replacePipelineRoute(ctx: RouteContext) {
  const pipeline = requirePipeline(ctx);
  const check = checkPipelineSpec(ctx.body);
  const errors = [...check.errors];
  if (check.spec && nameTaken(ctx, check.spec.name, pipeline.id))
    errors.push(conflictIssue(check.spec.name));
  if (check.spec) {
    for (const { stage, leads } of stagesLosingLeads(ctx.store, pipeline, check.spec)) {
      errors.push({
        path: 'stages',
        code: 'stage_has_leads',
        message: `A etapa "${stage.name}" (id ${stage.id}) ainda tem ${leads} lead(s). Mova-os antes de removê-la.`,
      });
    }
  }
  if (validateOnly(ctx.body))
    return ok({ valid: errors.length === 0, errors, warnings: check.warnings });
  if (errors.length > 0 || !check.spec) throw specRejected(errors, check.warnings, 'O funil');
  replacePipeline(ctx.store, pipeline, check.spec, ctx.now);
  return ok({ warnings: check.warnings, data: pipelineDetail(ctx.store, pipeline) });
}

function deletePipeline(ctx: RouteContext) {
  const pipeline = requirePipeline(ctx);
  const leads = ctx.store.state.leads.filter((l) => l.pipeline_id === pipeline.id).length;
  if (leads > 0) {
    throw unprocessable(
      `O funil "${pipeline.name}" ainda tem ${leads} lead(s). Mova-os antes de excluí-lo.`,
      {
        code: 'pipeline_has_leads',
      },
    );
  }
  if (pipeline.is_default) {
    throw unprocessable('O funil padrão não pode ser excluído.', { code: 'default_pipeline' });
  }
  deletePipelineRows(ctx.store, pipeline);
  return ok({});
}

function capabilities() {
  return ok({ data: PIPELINE_CAPABILITIES });
}

function listTemplates() {
  const niches = new Map<string, { niche: string; niche_slug: string; templates: unknown[] }>();
  for (const template of PIPELINE_TEMPLATES) {
    const group = niches.get(template.niche_slug) ?? {
      niche: template.niche,
      niche_slug: template.niche_slug,
      templates: [],
    };
    group.templates.push({
      slug: template.slug,
      name: template.spec.name,
      description: template.description,
      stage_count: template.spec.stages.length,
      spec: template.spec,
    });
    niches.set(template.niche_slug, group);
  }
  return ok({ data: [...niches.values()] });
}

/** Idempotent by name: a pipeline already named like the template is returned, not duplicated. */
function installTemplate(ctx: RouteContext) {
  const template = PIPELINE_TEMPLATES.find((t) => t.slug === ctx.params.slug);
  if (!template)
    throw new HttpError(404, { success: false, message: 'Template de funil não encontrado.' });
  const existing = ctx.store
    .pipelinesOf(ctx.account.id)
    .find((p) => fold(p.name) === fold(template.spec.name));
  if (existing)
    return ok({
      installed: false,
      template_slug: template.slug,
      data: pipelineDetail(ctx.store, existing),
    });
  const pipeline = createPipeline(
    ctx.store,
    ctx.account.id,
    structuredClone(template.spec),
    ctx.now,
  );
  return ok(
    { installed: true, template_slug: template.slug, data: pipelineDetail(ctx.store, pipeline) },
    201,
  );
}

export const pipelineRoutes: Route[] = [
  { method: 'GET', pattern: '/pipelines', scope: 'pipelines:read', handler: listPipelines },
  { method: 'POST', pattern: '/pipelines', scope: 'pipelines:write', handler: createPipelineRoute },
  {
    method: 'GET',
    pattern: '/pipelines/capabilities',
    scope: 'pipelines:read',
    handler: capabilities,
  },
  {
    method: 'GET',
    pattern: '/pipelines/templates',
    scope: 'pipelines:read',
    handler: listTemplates,
  },
  {
    method: 'POST',
    pattern: '/pipelines/templates/:slug/install',
    scope: 'pipelines:write',
    handler: installTemplate,
  },
  { method: 'GET', pattern: '/pipelines/:id', scope: 'pipelines:read', handler: getPipeline },
  {
    method: 'PUT',
    pattern: '/pipelines/:id',
    scope: 'pipelines:write',
    handler: replacePipelineRoute,
  },
  {
    method: 'DELETE',
    pattern: '/pipelines/:id',
    scope: 'pipelines:write',
    handler: deletePipeline,
  },
];
