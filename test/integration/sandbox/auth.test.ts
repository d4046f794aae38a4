import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, READ_SCOPES } from '../../../sandbox/auth';
import { ROUTES } from '../../../sandbox/index';
import { call, DAY, DEMO, DEMO_KEYS, makeSandbox } from './helpers';

describe('authentication', () => {
  it.each([
    ['no key', null, 401, 'API Key não fornecida.'],
    ['blank key', '   ', 401, 'API Key não fornecida.'],
    ['unknown key', 'crm_not_a_real_key', 401, 'API Key inválida.'],
    ['key without crm_ prefix', 'demo_admin', 401, 'API Key inválida.'],
    ['expired key', DEMO_KEYS.expired, 401, 'API Key expirada.'],
    ['suspended account', DEMO_KEYS.suspended, 403, 'Conta inativa.'],
  ])('%s → %i %s', (_label, key, status, message) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'GET', '/account', { key });
    expect(answer.status).toBe(status);
    expect(answer.json).toEqual({ message });
  });

  it('reads X-API-Key in any header case', () => {
    const { sandbox } = makeSandbox();
    for (const name of ['x-api-key', 'X-API-KEY', 'X-Api-Key']) {
      const answer = call(sandbox, 'GET', '/account', {
        key: null,
        headers: { [name]: DEMO_KEYS.admin },
      });
      expect(answer.status).toBe(200);
    }
  });

  it('keeps keys only as SHA-256 hashes with their crm_ prefix shown', () => {
    const { sandbox } = makeSandbox();
    const serialized = JSON.stringify(sandbox.state.apiKeys);
    for (const key of Object.values(DEMO_KEYS)) expect(serialized).not.toContain(`"${key}"`);
    expect(
      sandbox.state.apiKeys.every(
        (k) => /^[0-9a-f]{64}$/.test(k.hash) && k.prefix.startsWith('crm_'),
      ),
    ).toBe(true);
  });

  it('a revoked key answers 401 at once', () => {
    const { sandbox } = makeSandbox();
    expect(call(sandbox, 'GET', '/account').status).toBe(200);
    expect(sandbox.faults.revokeKey(DEMO_KEYS.admin)).toBe(true);
    expect(call(sandbox, 'GET', '/account').json).toEqual({ message: 'API Key inválida.' });
    expect(sandbox.faults.revokeKey('crm_nope')).toBe(false);
  });

  it('a key created for an account works with exactly its scopes', () => {
    const { sandbox } = makeSandbox();
    const key = sandbox.createApiKey({ accountId: DEMO.accountId, scopes: ['leads:read'] });
    expect(key).toMatch(/^crm_[0-9a-f]{32}$/);
    expect(call(sandbox, 'GET', '/leads', { key }).status).toBe(200);
    expect(call(sandbox, 'GET', '/account', { key }).json).toEqual({
      message: 'API Key sem permissão para esta operação.',
      required_permission: 'users:read',
    });
  });

  it('the expired key still works the day before it expired', () => {
    const { sandbox, advance } = makeSandbox();
    advance(-2 * DAY);
    expect(call(sandbox, 'GET', '/account', { key: DEMO_KEYS.expired }).status).toBe(200);
  });
});

describe('scopes', () => {
  const samplePath = (pattern: string) =>
    pattern
      .replace(':id', '1')
      .replace(':sequence', '1')
      .replace(':tag', 'vip')
      .replace(':slug', 'b2b-consultivo');

  it('every route names one documented scope', () => {
    for (const route of ROUTES) expect(ALL_SCOPES).toContain(route.scope);
  });

  it.each(
    ROUTES.filter((r) => r.scope.endsWith(':write')).map(
      (r) => [r.method, r.pattern, r.scope] as const,
    ),
  )('read-only key: %s %s → 403 required_permission %s', (method, pattern, scope) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, method, samplePath(pattern), {
      key: DEMO_KEYS.readonly,
      body: {},
    });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual({
      message: 'API Key sem permissão para esta operação.',
      required_permission: scope,
    });
  });

  it.each(
    ROUTES.filter((r) => r.scope.endsWith(':read')).map((r) => [r.method, r.pattern] as const),
  )('read-only key may %s %s', (method, pattern) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, method, samplePath(pattern), { key: DEMO_KEYS.readonly });
    expect(answer.status).not.toBe(403);
    expect(answer.status).toBeLessThan(500);
  });

  it('the read-only key holds exactly the :read scopes', () => {
    const { sandbox } = makeSandbox();
    const row = sandbox.state.apiKeys.find((k) => k.name === 'demo_readonly');
    expect(row?.scopes).toEqual([...READ_SCOPES]);
  });
});

describe('tenant isolation', () => {
  it("never shows the other account's leads in lists", () => {
    const { sandbox } = makeSandbox();
    const mine = call(sandbox, 'GET', '/leads?per_page=200&page=1');
    const theirs = call(sandbox, 'GET', '/leads?per_page=200', { key: DEMO_KEYS.other });
    expect(mine.json.meta.total).toBe(DEMO.counts.demoLeads);
    expect(theirs.json.meta.total).toBe(DEMO.counts.otherLeads);
    const theirIds = new Set(theirs.json.data.map((l: { id: number }) => l.id));
    expect(mine.json.data.some((l: { id: number }) => theirIds.has(l.id))).toBe(false);
  });

  it.each([
    ['GET', `/leads/${DEMO.leads.otherFirst}`, undefined],
    ['DELETE', `/leads/${DEMO.leads.otherFirst}`, undefined],
    ['POST', `/leads/${DEMO.leads.otherFirst}/tags`, { tags: ['x'] }],
    [
      'PUT',
      `/leads/${DEMO.leads.otherFirst}/stage`,
      { stage_id: DEMO.stages.otherFechado, pipeline_id: DEMO.pipelines.other },
    ],
    ['GET', `/pipelines/${DEMO.pipelines.other}`, undefined],
    ['PUT', `/pipelines/${DEMO.pipelines.other}`, { name: 'Roubado', stages: [{ name: 'A' }] }],
  ])('the demo key cannot %s %s of the other account (404)', (method, path, body) => {
    const { sandbox } = makeSandbox();
    const before = JSON.stringify(sandbox.state);
    const answer = call(sandbox, method, path, { body });
    expect(answer.status).toBe(404);
    expect(JSON.stringify(sandbox.state)).toBe(before);
  });

  it("rejects the other account's ids inside bodies", () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/leads', {
      body: {
        name: 'X',
        pipeline_id: DEMO.pipelines.other,
        stage_id: DEMO.stages.otherEntrada,
        assigned_to: DEMO.users.otherAdmin,
      },
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.json.errors).sort()).toEqual([
      'assigned_to',
      'pipeline_id',
      'stage_id',
    ]);
    const send = call(sandbox, 'POST', `/leads/${DEMO.leads.windowOpen}/send-chatapp-template`, {
      body: { template_id: DEMO.templates.other },
    });
    expect(send.status).toBe(422);
    expect(send.json.errors.template_id).toBeDefined();
  });

  it("an upsert never matches the other account's lead with the same email", () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/leads/upsert', {
      key: DEMO_KEYS.other,
      body: { email: 'MARIA.SILVA@example.com.br', name: 'Maria' },
    });
    expect(answer.json.created).toBe(false);
    expect(answer.json.lead.id).toBe(DEMO.leads.otherFirst);
    expect(sandbox.state.leads.find((l) => l.id === DEMO.leads.windowOpen)?.name).toBe(
      'Maria Silva',
    );
  });

  it('each account sees its own reference data', () => {
    const { sandbox } = makeSandbox();
    for (const [key, accountId] of [
      [DEMO_KEYS.admin, DEMO.accountId],
      [DEMO_KEYS.other, DEMO.otherAccountId],
    ] as const) {
      const users = call(sandbox, 'GET', '/users', { key }).json.data as { id: number }[];
      const expected = sandbox.state.users
        .filter((u) => u.account_id === accountId)
        .map((u) => u.id);
      expect(users.map((u) => u.id)).toEqual(expected);
      const pipelines = call(sandbox, 'GET', '/pipelines', { key }).json.pipelines as {
        id: number;
      }[];
      expect(
        pipelines.every(
          (p) => sandbox.state.pipelines.find((x) => x.id === p.id)?.account_id === accountId,
        ),
      ).toBe(true);
    }
  });
});
