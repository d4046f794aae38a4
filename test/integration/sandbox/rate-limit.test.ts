import { describe, expect, it } from 'vitest';
import { call, DEMO_KEYS, makeSandbox } from './helpers';

describe('rate limit', () => {
  it('answers 60 requests per key, then 429 with Retry-After and retry_after', () => {
    const { sandbox, advance } = makeSandbox();
    for (let i = 0; i < 60; i++) {
      const answer = call(sandbox, 'GET', '/account');
      expect(answer.status).toBe(200);
      expect(answer.headers['x-ratelimit-remaining']).toBe(String(59 - i));
      advance(500);
    }
    const refused = call(sandbox, 'GET', '/account');
    expect(refused.status).toBe(429);
    // 30 s of the 60 s window have passed.
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json).toEqual({
      message: expect.stringContaining('30 segundos'),
      retry_after: 30,
    });
  });

  it('opens a fresh window once 60 s have passed since its first request', () => {
    const { sandbox, advance } = makeSandbox({ rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect(call(sandbox, 'GET', '/account').status).toBe(200);
    advance(59_999);
    expect(call(sandbox, 'GET', '/account').json.retry_after).toBe(1);
    advance(1);
    expect(call(sandbox, 'GET', '/account').status).toBe(200);
  });

  it('counts each key on its own and ignores refused requests', () => {
    const { sandbox, advance } = makeSandbox({ rateLimitPerMinute: 2 });
    call(sandbox, 'GET', '/account');
    call(sandbox, 'GET', '/account');
    for (let i = 0; i < 5; i++) expect(call(sandbox, 'GET', '/account').status).toBe(429);
    expect(call(sandbox, 'GET', '/account', { key: DEMO_KEYS.readonly }).status).toBe(200);
    expect(call(sandbox, 'GET', '/account', { key: DEMO_KEYS.other }).status).toBe(200);
    advance(60_000);
    expect(call(sandbox, 'GET', '/account').status).toBe(200);
  });

  it('counts every endpoint, including errors answered after authentication', () => {
    const { sandbox } = makeSandbox({ rateLimitPerMinute: 2 });
    expect(call(sandbox, 'GET', '/leads/999999').status).toBe(404);
    expect(call(sandbox, 'POST', '/leads', { body: {} }).status).toBe(422);
    expect(call(sandbox, 'GET', '/pipelines').status).toBe(429);
  });

  it('does not count requests refused by authentication', () => {
    const { sandbox } = makeSandbox({ rateLimitPerMinute: 1 });
    for (let i = 0; i < 3; i++) call(sandbox, 'GET', '/account', { key: 'crm_wrong' });
    expect(call(sandbox, 'GET', '/account').status).toBe(200);
  });

  it('can be changed while running', () => {
    const { sandbox } = makeSandbox({ rateLimitPerMinute: 1 });
    call(sandbox, 'GET', '/account');
    expect(call(sandbox, 'GET', '/account').status).toBe(429);
    sandbox.configure({ rateLimitPerMinute: 5 });
    expect(call(sandbox, 'GET', '/account').status).toBe(200);
  });
});
