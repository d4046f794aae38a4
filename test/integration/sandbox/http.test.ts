import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../sandbox/index';
import { type SandboxServer, startSandboxServer } from '../../../sandbox/server';
import { DEMO, DEMO_KEYS, DEMO_NOW } from './helpers';

let server: SandboxServer;
let origin: string;

beforeAll(async () => {
  server = await startSandboxServer({
    port: 0,
    sandbox: createSandbox({ now: () => DEMO_NOW, rateLimitPerMinute: 1000 }),
  });
  origin = server.url.replace(/\/api\/v1$/, '');
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.sandbox.reset();
  server.sandbox.configure({ rateLimitPerMinute: 1000 });
});

const api = (path: string, init: RequestInit & { key?: string | null } = {}) => {
  const { key = DEMO_KEYS.admin, headers, ...rest } = init;
  return fetch(`${server.url}${path}`, {
    ...rest,
    headers: {
      ...(key === null ? {} : { 'X-API-Key': key }),
      'content-type': 'application/json',
      ...headers,
    },
  });
};
/** Response bodies of this API are JSON of any shape; tests assert on them field by field. */
// biome-ignore lint/suspicious/noExplicitAny: see above
const read = async (response: Response | Promise<Response>): Promise<any> =>
  (await response).json();

const admin = (path: string, method = 'GET', body?: unknown) =>
  fetch(`${origin}/__admin${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('HTTP server', () => {
  it('listens on 127.0.0.1 with a random port and the /api/v1 base', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(server.port).toBeGreaterThan(0);
  });

  it('authenticates X-API-Key and answers JSON', async () => {
    const ok = await api('/account');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await read(ok)).toMatchObject({ success: true, account: { id: DEMO.accountId } });
    const lower = await api('/account', {
      key: null,
      headers: { 'x-api-key': DEMO_KEYS.readonly },
    });
    expect(lower.status).toBe(200);
    const missing = await api('/account', { key: null });
    expect([missing.status, await read(missing)]).toEqual([
      401,
      { message: 'API Key não fornecida.' },
    ]);
    const suspended = await api('/account', { key: DEMO_KEYS.suspended });
    expect([suspended.status, await read(suspended)]).toEqual([403, { message: 'Conta inativa.' }]);
  });

  it('passes bodies and query strings through', async () => {
    const created = await api('/leads/upsert', {
      method: 'POST',
      body: JSON.stringify({ name: 'Via HTTP', email: 'http@example.com' }),
    });
    expect(created.status).toBe(201);
    const found = await api('/leads?q=via%20http&tags[]=x&tags[]=y');
    expect((await read(found)).meta.total).toBe(0);
    const search = await api('/leads?q=VIA%20HTTP');
    expect((await read(search)).data[0].email).toBe('http@example.com');
  });

  it('429 carries the Retry-After header', async () => {
    server.sandbox.configure({ rateLimitPerMinute: 1 });
    await api('/account');
    const refused = await api('/account');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await read(refused)).retry_after).toBe(60);
  });

  it('a drop fault destroys the connection without an answer', async () => {
    server.sandbox.faults.add({ kind: 'drop' });
    await expect(api('/account')).rejects.toThrow();
    expect((await api('/account')).status).toBe(200);
  });

  it('a latency fault delays the answer by latencyMs', async () => {
    server.sandbox.faults.add({ kind: 'latency', latencyMs: 300 });
    const started = performance.now();
    const answer = await api('/account');
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    const quick = performance.now();
    await api('/account');
    expect(performance.now() - quick).toBeLessThan(250);
  });

  it('html and truncated faults reach the client as sent', async () => {
    server.sandbox.faults.add({ kind: 'html', status: 502 });
    const html = await api('/account');
    expect(html.status).toBe(502);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(await html.text()).toMatch(/<html>/);
    server.sandbox.faults.add({ kind: 'truncated' });
    const truncated = await api('/account');
    const text = await truncated.text();
    expect(() => JSON.parse(text)).toThrow();
  });

  it('refuses a body over 1 MB with 413', async () => {
    const answer = await api('/leads', { method: 'POST', body: 'x'.repeat(1_100_000) });
    expect(answer.status).toBe(413);
  });
});

describe('admin routes', () => {
  it('GET /__admin lists the routes', async () => {
    const body = await read(admin(''));
    expect(body.routes.join('\n')).toMatch(/POST\s+\/__admin\/faults/);
  });

  it('arms, lists and clears faults', async () => {
    const armed = await admin('/faults', 'POST', { kind: '502', count: 2, raw: { error: 'x' } });
    expect(armed.status).toBe(201);
    expect((await read(admin('/faults'))).faults).toEqual([
      expect.objectContaining({ kind: '502', remaining: 2 }),
    ]);
    const failed = await api('/account');
    expect([failed.status, (await read(failed)).raw]).toEqual([502, { error: 'x' }]);
    await admin('/faults', 'DELETE');
    expect((await api('/account')).status).toBe(200);
    const bad = await admin('/faults', 'POST', { kind: 'explode' });
    expect(bad.status).toBe(422);
    expect((await read(bad)).message).toMatch(/kind must be one of/);
  });

  it('429 bursts via the admin route', async () => {
    await admin('/faults', 'POST', { kind: '429', count: 3, retryAfter: 2 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api('/account')).status);
    expect(statuses).toEqual([429, 429, 429, 200]);
  });

  it('revokes a key', async () => {
    expect((await admin('/revoke-key', 'POST', { key: DEMO_KEYS.readonly })).status).toBe(200);
    const answer = await api('/account', { key: DEMO_KEYS.readonly });
    expect([answer.status, await read(answer)]).toEqual([401, { message: 'API Key inválida.' }]);
    expect((await admin('/revoke-key', 'POST', { key: 'crm_unknown' })).status).toBe(404);
  });

  it('resets the state', async () => {
    await api(`/leads/${DEMO.leads.windowOpen}`, { method: 'DELETE' });
    expect((await api(`/leads/${DEMO.leads.windowOpen}`)).status).toBe(404);
    expect((await admin('/reset', 'POST', {})).status).toBe(200);
    expect((await api(`/leads/${DEMO.leads.windowOpen}`)).status).toBe(200);
  });

  it('shows the request log and clears it', async () => {
    await api('/account');
    await api('/users', { key: DEMO_KEYS.other });
    const log = (await read(admin('/requests'))).data;
    expect(
      log.map((e: { path: string; status: number; keyPrefix: string }) => [
        e.path,
        e.status,
        e.keyPrefix,
      ]),
    ).toEqual([
      ['/api/v1/account', 200, 'crm_demo_adm'],
      ['/api/v1/users', 200, 'crm_demo_oth'],
    ]);
    await admin('/requests', 'DELETE');
    expect((await read(admin('/requests'))).data).toEqual([]);
  });

  it('moves the clock: the rate-limit window and the 24-hour window follow it', async () => {
    server.sandbox.configure({ rateLimitPerMinute: 1 });
    await api('/account');
    expect((await api('/account')).status).toBe(429);
    const clock = await read(admin('/clock', 'POST', { advance_ms: 60_000 }));
    expect(clock.now).toBe(DEMO_NOW + 60_000);
    expect((await api('/account')).status).toBe(200);
    await admin('/config', 'POST', { rate_limit_per_minute: 1000 });
    await admin('/clock', 'POST', { advance_ms: 23 * 3_600_000 });
    const send = await api(`/leads/${DEMO.leads.windowOpen}/send-chatapp`, {
      method: 'POST',
      body: JSON.stringify({ type: 'text', body: 'Oi', instance_id: DEMO.instances.cloud }),
    });
    expect((await read(send)).skip_reason).toBe('window_closed');
    expect((await admin('/inbound', 'POST', { lead_id: DEMO.leads.windowOpen })).status).toBe(200);
    const again = await api(`/leads/${DEMO.leads.windowOpen}/send-chatapp`, {
      method: 'POST',
      body: JSON.stringify({ type: 'text', body: 'Oi', instance_id: DEMO.instances.cloud }),
    });
    expect(again.status).toBe(200);
  });

  it('creates keys with chosen scopes', async () => {
    const created = await admin('/keys', 'POST', {
      account_id: DEMO.accountId,
      scopes: ['pipelines:read'],
    });
    const { key } = await read(created);
    expect((await api('/pipelines', { key })).status).toBe(200);
    expect((await read(api('/leads', { key }))).required_permission).toBe('leads:read');
    expect((await admin('/keys', 'POST', { account_id: 1, scopes: ['leads:admin'] })).status).toBe(
      422,
    );
  });

  it('config sets Deprecation and Sunset headers and the lead limit', async () => {
    await admin('/config', 'POST', {
      deprecation: 'true',
      sunset: 'Wed, 30 Jun 2027 00:00:00 GMT',
      lead_limit: 300,
    });
    const answer = await api('/account');
    expect(answer.headers.get('deprecation')).toBe('true');
    expect(answer.headers.get('sunset')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
    const refused = await api('/leads', {
      method: 'POST',
      body: JSON.stringify({ name: 'X', pipeline_id: 1, stage_id: 1 }),
    });
    expect((await read(refused)).limit_reached).toBe(true);
    await admin('/config', 'POST', { deprecation: null, sunset: null, lead_limit: 1000 });
  });

  it("sends its clock's Date header, skewed as configured (the CRM's clock off from ours)", async () => {
    const dateOf = async () => Date.parse(String((await api('/account')).headers.get('date')));
    expect(await dateOf()).toBe(Math.floor(DEMO_NOW / 1000) * 1000);
    await admin('/config', 'POST', { clock_skew_ms: -150_000 });
    expect(await dateOf()).toBe(Math.floor((DEMO_NOW - 150_000) / 1000) * 1000);
    expect((await admin('/config', 'POST', { clock_skew_ms: 1.5 })).status).toBe(422);
    await admin('/config', 'POST', { clock_skew_ms: 0 });
  });

  it('matches the API base path segment by segment: /api/v1leads is not /api/v1/leads', async () => {
    for (const path of ['/api/v1leads', '/api/v1leads/1', '/api/v1account']) {
      const answer = await fetch(`${origin}${path}`, { headers: { 'X-API-Key': DEMO_KEYS.admin } });
      expect([path, answer.status]).toEqual([path, 404]);
      expect((await read(answer)).message).toMatch(/\/api\/v1/);
    }
    expect((await api('/leads')).status).toBe(200);
    expect(
      (await fetch(`${origin}/api/v1/account?x=1`, { headers: { 'X-API-Key': DEMO_KEYS.admin } }))
        .status,
    ).toBe(200);
  });

  it('exposes the state and answers 404 for unknown admin routes', async () => {
    const state = (await read(admin('/state'))).state;
    expect(state.leads.length).toBeGreaterThan(300);
    expect((await admin('/nope')).status).toBe(404);
  });
});
