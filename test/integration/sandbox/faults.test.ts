import { describe, expect, it } from 'vitest';
import { call, DEMO, makeSandbox } from './helpers';

describe('fault injection (in-process)', () => {
  it('429: the next N requests answer 429 with Retry-After, then normal service resumes', () => {
    const { sandbox } = makeSandbox();
    sandbox.faults.add({ kind: '429', count: 2, retryAfter: 7 });
    for (let i = 0; i < 2; i++) {
      const answer = call(sandbox, 'GET', '/account');
      expect(answer.status).toBe(429);
      expect(answer.headers['retry-after']).toBe('7');
      expect(answer.json.retry_after).toBe(7);
    }
    expect(call(sandbox, 'GET', '/account').status).toBe(200);
    expect(sandbox.faults.list()).toEqual([]);
  });

  it('502 carries the raw provider error given, or a default one', () => {
    const { sandbox } = makeSandbox();
    const raw = { error: { code: 131026, message: 'Message undeliverable' } };
    sandbox.faults.add({ kind: '502', raw });
    sandbox.faults.add({ kind: '502' });
    const first = call(sandbox, 'GET', '/account');
    expect(first.status).toBe(502);
    expect(first.json).toEqual({
      success: false,
      message: expect.stringMatching(/^Provedor retornou erro:/),
      raw,
    });
    expect(call(sandbox, 'GET', '/account').json.raw.error.code).toBe(131000);
  });

  it('html answers a maintenance page with the status asked for', () => {
    const { sandbox } = makeSandbox();
    sandbox.faults.add({ kind: 'html', status: 503 });
    const answer = call(sandbox, 'GET', '/account');
    expect(answer.status).toBe(503);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.json).toBeUndefined();
    expect(answer.text).toMatch(/^<!DOCTYPE html>/);
  });

  it('truncated runs the request (its effects happen) and cuts the JSON body', () => {
    const { sandbox } = makeSandbox();
    sandbox.faults.add({ kind: 'truncated' });
    const before = sandbox.state.messages.length;
    const answer = call(sandbox, 'POST', `/leads/${DEMO.leads.windowOpen}/send-chatapp-template`, {
      body: { template_id: DEMO.templates.boasVindas, variables: ['Maria', 'Loja'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toBeUndefined();
    expect(answer.text.startsWith('{"success":true')).toBe(true);
    expect(sandbox.state.messages.length).toBe(before + 1);
  });

  it('drop answers nothing; with afterHandler the request still takes effect', () => {
    const { sandbox } = makeSandbox();
    sandbox.faults.add({ kind: 'drop' });
    const tags = `/leads/${DEMO.leads.windowOpen}/tags`;
    const dropped = sandbox.handle({
      method: 'POST',
      path: `/api/v1${tags}`,
      headers: { 'x-api-key': 'crm_demo_admin' },
      body: '{"tags":["a"]}',
    });
    expect(dropped.drop).toBe(true);
    expect(sandbox.state.leads.find((l) => l.id === DEMO.leads.windowOpen)?.tags).not.toContain(
      'a',
    );
    sandbox.faults.add({ kind: 'drop', afterHandler: true });
    const late = sandbox.handle({
      method: 'POST',
      path: `/api/v1${tags}`,
      headers: { 'x-api-key': 'crm_demo_admin' },
      body: '{"tags":["b"]}',
    });
    expect(late.drop).toBe(true);
    expect(sandbox.state.leads.find((l) => l.id === DEMO.leads.windowOpen)?.tags).toContain('b');
  });

  it('latency adds delayMs and stacks with another fault', () => {
    const { sandbox } = makeSandbox();
    sandbox.faults.add({ kind: 'latency', latencyMs: 1500, count: 2 });
    sandbox.faults.add({ kind: '502' });
    const first = sandbox.handle({
      method: 'GET',
      path: '/api/v1/account',
      headers: { 'x-api-key': 'crm_demo_admin' },
    });
    expect([first.status, first.delayMs]).toEqual([502, 1500]);
    const second = sandbox.handle({
      method: 'GET',
      path: '/api/v1/account',
      headers: { 'x-api-key': 'crm_demo_admin' },
    });
    expect([second.status, second.delayMs]).toEqual([200, 1500]);
    const third = sandbox.handle({
      method: 'GET',
      path: '/api/v1/account',
      headers: { 'x-api-key': 'crm_demo_admin' },
    });
    expect(third.delayMs).toBeUndefined();
  });

  it('pathPrefix and method aim a fault at one kind of request', () => {
    const { sandbox } = makeSandbox();
    sandbox.faults.add({ kind: '502', pathPrefix: '/leads/', method: 'POST', count: 1 });
    expect(call(sandbox, 'GET', `/leads/${DEMO.leads.windowOpen}`).status).toBe(200);
    expect(
      call(sandbox, 'POST', '/leads/upsert', { body: { email: 'a@example.com', name: 'A' } })
        .status,
    ).toBe(502);
    expect(
      call(sandbox, 'POST', '/leads/upsert', { body: { email: 'a@example.com', name: 'A' } })
        .status,
    ).toBe(201);
  });

  it.each([
    [{ kind: 'boom' }, /kind must be one of/],
    [{ kind: '429', count: 0 }, /count must be/],
    [{ kind: 'latency' }, /latencyMs/],
    [{ kind: 'html', status: 99 }, /status/],
  ])('refuses a bad fault %j with a message naming the fix', (spec, message) => {
    const { sandbox } = makeSandbox();
    expect(() => sandbox.faults.add(spec as never)).toThrow(message);
  });

  it('faults are answered before authentication, like a proxy in front of the API', () => {
    const { sandbox } = makeSandbox();
    sandbox.faults.add({ kind: '429' });
    expect(call(sandbox, 'GET', '/account', { key: null }).status).toBe(429);
  });
});

describe('request log', () => {
  it('records method, path, status, key prefix, account and time of each API request', () => {
    const { sandbox, advance, now } = makeSandbox();
    call(sandbox, 'GET', '/account');
    advance(1000);
    call(sandbox, 'GET', '/leads?per_page=1', { key: 'crm_demo_other' });
    call(sandbox, 'GET', '/account', { key: null });
    sandbox.faults.add({ kind: 'drop' });
    call(sandbox, 'GET', '/users');
    const log = sandbox.requests();
    expect(log.map((e) => [e.method, e.path, e.status, e.keyPrefix, e.accountId])).toEqual([
      ['GET', '/api/v1/account', 200, 'crm_demo_adm', 1],
      ['GET', '/api/v1/leads?per_page=1', 200, 'crm_demo_oth', 2],
      ['GET', '/api/v1/account', 401, null, null],
      ['GET', '/api/v1/users', 0, 'crm_demo_adm', null],
    ]);
    expect(log[1]?.at).toBe(now());
    expect(log[1]?.time).toBe(new Date(now()).toISOString());
    expect(log[3]?.fault).toBe('drop');
    sandbox.clearRequests();
    expect(sandbox.requests()).toEqual([]);
  });

  it('admin calls are not logged', () => {
    const { sandbox } = makeSandbox();
    call(sandbox, 'GET', '/__admin/faults', { key: null });
    expect(sandbox.requests()).toEqual([]);
  });
});
