import { AUTOMATION_LIMITS, capabilitiesBody, type ForeignKey } from '../automation-catalog';
import { type AutomationLookups, checkAutomationSpec } from '../automation-spec';
import { AUTOMATION_TEMPLATES } from '../automation-templates';
import { HttpError, notFoundFem, ok } from '../http';
import { type SpecIssue, specRejected } from '../issues';
import { paginate, readPage, throwIfErrors } from '../paginate';
import type { Route, RouteContext } from '../router';
import { parseId, type Store } from '../store';
import { fold } from '../text';
import type { AutomationRow } from '../types';
import { BodyReader, isPlainObject } from '../validate';

export function automationLookups(store: Store, accountId: number): AutomationLookups {
  const state = store.state;
  const idIn = (ids: number[], value: unknown) =>
    Number.isInteger(value) && ids.includes(value as number);
  const checks: Record<ForeignKey, (value: unknown) => boolean> = {
    pipeline: (v) =>
      idIn(
        store.pipelinesOf(accountId).map((p) => p.id),
        v,
      ),
    stage: (v) => Number.isInteger(v) && store.stage(accountId, v as number) !== undefined,
    user: (v) => Number.isInteger(v) && store.user(accountId, v as number) !== undefined,
    sequence: (v) => Number.isInteger(v) && store.sequence(accountId, v as number) !== undefined,
    template: (v) => Number.isInteger(v) && store.template(accountId, v as number) !== undefined,
    instance: (v) => Number.isInteger(v) && store.instance(accountId, v as number) !== undefined,
    cloud_instance: (v) =>
      Number.isInteger(v) && store.instance(accountId, v as number)?.provider === 'cloud_api',
    chatbot: (v) =>
      idIn(
        state.chatbots.filter((c) => c.account_id === accountId).map((c) => c.id),
        v,
      ),
    lost_reason: (v) =>
      idIn(
        state.lostReasons.filter((r) => r.account_id === accountId).map((r) => r.id),
        v,
      ),
    date_field: (v) =>
      v === 'birthday' ||
      state.customFields.some(
        (f) => f.account_id === accountId && f.field_type === 'date' && f.name === v,
      ),
  };
  return {
    exists: (kind, value) => checks[kind](value),
    customFieldNames: state.customFields
      .filter((f) => f.account_id === accountId)
      .map((f) => f.name),
  };
}

function automationsOf(ctx: RouteContext): AutomationRow[] {
  return ctx.store.state.automations.filter((a) => a.account_id === ctx.account.id);
}

function requireAutomation(ctx: RouteContext): AutomationRow {
  const id = parseId(ctx.params.id);
  const automation = automationsOf(ctx).find((a) => a.id === id);
  if (!automation) throw notFoundFem('Automação');
  return automation;
}

export function automationDetail(row: AutomationRow) {
  return {
    id: row.id,
    is_active: row.is_active,
    run_count: row.run_count,
    last_run_at: row.last_run_at,
    updated_at: row.updated_at,
    spec: structuredClone(row.spec),
  };
}

function listAutomations(ctx: RouteContext) {
  const reader = new BodyReader({ is_active: ctx.query.get('is_active') });
  const isActive = reader.boolean('is_active');
  const errors = { ...reader.errors };
  const page = readPage(ctx.query, { perPage: 30, maxPerPage: 100 }, errors);
  throwIfErrors(errors);
  const triggerType = ctx.query.get('trigger_type');
  const search = ctx.query.get('search');
  const rows = automationsOf(ctx)
    .filter(
      (a) =>
        (isActive === undefined || a.is_active === isActive) &&
        (triggerType === undefined || a.spec.trigger_type === triggerType) &&
        (search === undefined || fold(a.spec.name).includes(fold(search))),
    )
    .sort((a, b) => a.id - b.id);
  const { items, meta } = paginate(rows, page);
  const data = items.map((a) => ({
    id: a.id,
    name: a.spec.name,
    trigger_type: a.spec.trigger_type,
    is_active: a.is_active,
    run_count: a.run_count,
    last_run_at: a.last_run_at,
    updated_at: a.updated_at,
  }));
  return ok({ data, meta });
}

function getAutomation(ctx: RouteContext) {
  return ok({ data: automationDetail(requireAutomation(ctx)) });
}

function checkBody(ctx: RouteContext, exceptId?: number) {
  const check = checkAutomationSpec(ctx.body, automationLookups(ctx.store, ctx.account.id));
  const name =
    isPlainObject(ctx.body) && typeof ctx.body.name === 'string' ? ctx.body.name.trim() : '';
  if (
    name !== '' &&
    automationsOf(ctx).some((a) => a.id !== exceptId && fold(a.spec.name) === fold(name))
  ) {
    check.errors.push({
      path: 'name',
      code: 'name_conflict',
      message: `Já existe uma automação chamada "${name}". Use outro nome ou PUT /automations/{id}.`,
    });
  }
  return check;
}

function isValidateOnly(ctx: RouteContext): boolean {
  return isPlainObject(ctx.body) && ctx.body.validate_only === true;
}

type SpecCheck = ReturnType<typeof checkBody>;

/** The answer to validate_only: the check itself, whether or not the spec is valid. */
function validationAnswer(check: SpecCheck) {
  return ok({
    valid: check.errors.length === 0,
    mode: check.mode,
    errors: check.errors,
    warnings: check.warnings,
  });
}

/** The spec to save; a spec with errors is refused with all of them (422). */
function acceptedSpec(check: SpecCheck): NonNullable<SpecCheck['spec']> {
  if (check.errors.length > 0 || !check.spec)
    throw specRejected(check.errors, check.warnings, 'A automação');
  return check.spec;
}

function createAutomation(ctx: RouteContext) {
  const check = checkBody(ctx);
  if (exceedsLimit(ctx)) {
    check.errors.push(limitReachedIssue());
  }
  if (isValidateOnly(ctx)) return validationAnswer(check);
  const spec = acceptedSpec(check);
  const row = addAutomation(ctx, spec);
  return ok({ warnings: check.warnings, data: automationDetail(row) }, 201);
}

/** A new automation, inactive and never run, saved in the caller's account. */
function addAutomation(ctx: RouteContext, spec: AutomationRow['spec']): AutomationRow {
  const row: AutomationRow = {
    id: ctx.store.nextId('automations'),
    account_id: ctx.account.id,
    is_active: false,
    run_count: 0,
    last_run_at: null,
    updated_at: ctx.nowIso,
    spec,
  };
  ctx.store.state.automations.push(row);
  return row;
}

function limitReachedIssue(): SpecIssue {
  return {
    path: '',
    code: 'limit_reached',
    message: `A conta já tem o máximo de ${AUTOMATION_LIMITS.max_automations_per_account} automações.`,
  };
}

function exceedsLimit(ctx: RouteContext): boolean {
  return automationsOf(ctx).length >= AUTOMATION_LIMITS.max_automations_per_account;
}

/** PUT replaces the spec and never touches is_active. */
function replaceAutomation(ctx: RouteContext) {
  const row = requireAutomation(ctx);
  const check = checkBody(ctx, row.id);
  if (isValidateOnly(ctx)) return validationAnswer(check);
  const spec = acceptedSpec(check);
  row.spec = spec;
  row.updated_at = ctx.nowIso;
  return ok({ warnings: check.warnings, data: automationDetail(row) });
}

function toggleAutomation(ctx: RouteContext) {
  const row = requireAutomation(ctx);
  let next = !row.is_active;
  if (ctx.hasBody && isPlainObject(ctx.body) && ctx.body.is_active !== undefined) {
    if (typeof ctx.body.is_active !== 'boolean') {
      throw new HttpError(422, {
        message: 'O campo is_active deve ser verdadeiro ou falso.',
        errors: { is_active: ['O campo is_active deve ser verdadeiro ou falso.'] },
      });
    }
    next = ctx.body.is_active;
  }
  if (next !== row.is_active) {
    row.is_active = next;
    row.updated_at = ctx.nowIso;
  }
  return ok({ id: row.id, is_active: row.is_active });
}

function deleteAutomation(ctx: RouteContext) {
  const row = requireAutomation(ctx);
  ctx.store.state.automations = ctx.store.state.automations.filter((a) => a.id !== row.id);
  return ok({});
}

function listTemplates() {
  return ok({
    data: AUTOMATION_TEMPLATES.map((t) => ({
      slug: t.slug,
      name: t.spec.name,
      category: t.category,
      description: t.description,
      trigger_type: t.spec.trigger_type,
      spec: t.spec,
    })),
  });
}

/** Idempotent by name and always inactive: a template never starts acting on customers by itself. */
function installTemplate(ctx: RouteContext) {
  const template = AUTOMATION_TEMPLATES.find((t) => t.slug === ctx.params.slug);
  if (!template)
    throw new HttpError(404, { success: false, message: 'Template de automação não encontrado.' });
  const existing = automationsOf(ctx).find((a) => fold(a.spec.name) === fold(template.spec.name));
  if (existing)
    return ok({ installed: false, template_slug: template.slug, data: automationDetail(existing) });
  const check = checkAutomationSpec(
    structuredClone(template.spec),
    automationLookups(ctx.store, ctx.account.id),
  );
  if (!check.spec) throw specRejected(check.errors, check.warnings, 'O template');
  if (exceedsLimit(ctx)) {
    throw specRejected([limitReachedIssue()], [], 'A automação');
  }
  const row = addAutomation(ctx, check.spec);
  return ok({ installed: true, template_slug: template.slug, data: automationDetail(row) }, 201);
}

export const automationRoutes: Route[] = [
  { method: 'GET', pattern: '/automations', scope: 'automations:read', handler: listAutomations },
  {
    method: 'POST',
    pattern: '/automations',
    scope: 'automations:write',
    handler: createAutomation,
  },
  {
    method: 'GET',
    pattern: '/automations/capabilities',
    scope: 'automations:read',
    handler: () => ok({ data: capabilitiesBody() }),
  },
  {
    method: 'GET',
    pattern: '/automations/templates',
    scope: 'automations:read',
    handler: listTemplates,
  },
  {
    method: 'POST',
    pattern: '/automations/templates/:slug/install',
    scope: 'automations:write',
    handler: installTemplate,
  },
  { method: 'GET', pattern: '/automations/:id', scope: 'automations:read', handler: getAutomation },
  {
    method: 'PUT',
    pattern: '/automations/:id',
    scope: 'automations:write',
    handler: replaceAutomation,
  },
  {
    method: 'PATCH',
    pattern: '/automations/:id/toggle',
    scope: 'automations:write',
    handler: toggleAutomation,
  },
  {
    method: 'DELETE',
    pattern: '/automations/:id',
    scope: 'automations:write',
    handler: deleteAutomation,
  },
];
