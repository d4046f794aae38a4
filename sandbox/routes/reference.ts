import { ok } from '../http';
import type { Route, RouteContext } from '../router';
import { BodyReader } from '../validate';

function readActiveOnly(ctx: RouteContext): boolean {
  const reader = new BodyReader({ active_only: ctx.query.get('active_only') });
  const activeOnly = reader.boolean('active_only') ?? false;
  reader.done();
  return activeOnly;
}

function listCustomFields(ctx: RouteContext) {
  const activeOnly = readActiveOnly(ctx);
  const data = ctx.store.state.customFields
    .filter((f) => f.account_id === ctx.account.id && (!activeOnly || f.is_active))
    .sort((a, b) => a.sort_order - b.sort_order)
    .map(({ account_id: _accountId, ...field }) => ({ ...field, options: [...field.options] }));
  return ok({ data });
}

function listSequences(ctx: RouteContext) {
  const activeOnly = readActiveOnly(ctx);
  const data = ctx.store.state.nurtureSequences
    .filter((s) => s.account_id === ctx.account.id && (!activeOnly || s.is_active))
    .map(({ account_id: _accountId, first_step_delay_hours: _delay, ...sequence }) => sequence);
  return ok({ data });
}

function getAccount(ctx: RouteContext) {
  const { id, name, plan } = ctx.account;
  return ok({ account: { id, name, plan } });
}

function listUsers(ctx: RouteContext) {
  const data = ctx.store.state.users
    .filter((u) => u.account_id === ctx.account.id)
    .map(({ account_id: _accountId, ...user }) => user);
  return ok({ data });
}

export const referenceRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/custom-fields',
    scope: 'custom_fields:read',
    handler: listCustomFields,
  },
  { method: 'GET', pattern: '/nurture-sequences', scope: 'sequences:read', handler: listSequences },
  { method: 'GET', pattern: '/account', scope: 'users:read', handler: getAccount },
  { method: 'GET', pattern: '/users', scope: 'users:read', handler: listUsers },
];
