import { describe, expect, it } from 'vitest';
import { cacheKeyFor, createChunkedCache } from '../../../../src/core/cache/chunked';
import { cachedRead, RateLimitedNoCacheError } from '../../../../src/core/cache/read-through';
import { MemoryCache } from './memory-cache';

class TooManyRequests extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too Many Attempts.');
  }
}

function setup() {
  const memory = new MemoryCache();
  const cache = createChunkedCache(memory, { prefix: 'cf:' });
  let now = Date.UTC(2026, 10, 21, 12);
  let calls = 0;
  let answer: () => string[][] = () => [['id'], [String(++calls)]];
  let notFreshBefore: number | undefined;
  const read = () =>
    cachedRead({
      ...(notFreshBefore === undefined ? {} : { notFreshBefore }),
      cache,
      key: cacheKeyFor(['CRM_USERS', 'account-1']),
      clock: { now: () => now },
      freshSeconds: 300,
      load: () => answer(),
      rateLimitedFor: (error) =>
        error instanceof TooManyRequests ? error.retryAfterSeconds : null,
    });
  return {
    memory,
    read,
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
    fail: (error: Error) => {
      answer = () => {
        throw error;
      };
    },
    calls: () => calls,
    /** CRM → Refresh formulas ran now. */
    refresh: () => {
      notFreshBefore = now;
    },
  };
}

describe('cachedRead', () => {
  it('serves identical calls from the cache while fresh, then asks again', () => {
    const t = setup();
    expect(t.read()).toMatchObject({ value: [['id'], ['1']], source: 'crm' });
    t.advance(299);
    expect(t.read()).toMatchObject({ value: [['id'], ['1']], source: 'cache' });
    expect(t.calls()).toBe(1);
    t.advance(2);
    expect(t.read()).toMatchObject({ value: [['id'], ['2']], source: 'crm' });
    expect(t.memory.entries.values().next().value?.ttl).toBe(21_600);
  });

  it('after a refresh, an earlier copy is no longer fresh but still stands in on 429', () => {
    const t = setup();
    t.read();
    t.advance(10);
    t.refresh();
    t.advance(1);
    t.fail(new TooManyRequests(30));
    expect(t.read()).toMatchObject({ value: [['id'], ['1']], source: 'stale' });
    const t2 = setup();
    t2.read();
    t2.advance(10);
    t2.refresh();
    t2.advance(1);
    expect(t2.read()).toMatchObject({ value: [['id'], ['2']], source: 'crm' });
    expect(t2.read()).toMatchObject({ value: [['id'], ['2']], source: 'cache' });
  });

  it('on 429 shows the last result, however old, with when it was loaded', () => {
    const t = setup();
    const first = t.read();
    t.advance(3600);
    t.fail(new TooManyRequests(42));
    expect(t.read()).toEqual({ value: [['id'], ['1']], source: 'stale', loadedAt: first.loadedAt });
  });

  it('on 429 with nothing cached, says when to try again', () => {
    const t = setup();
    t.fail(new TooManyRequests(42));
    expect(() => t.read()).toThrow(RateLimitedNoCacheError);
    expect(() => t.read()).toThrow(/rate limit .* Try again in 42 s/);
  });

  it('passes other errors through, even with a stale copy', () => {
    const t = setup();
    t.read();
    t.advance(600);
    t.fail(new Error('API Key inválida.'));
    expect(() => t.read()).toThrow('API Key inválida.');
  });

  it('reloads when the cached copy was evicted', () => {
    const t = setup();
    t.read();
    t.memory.entries.clear();
    expect(t.read()).toMatchObject({ value: [['id'], ['2']], source: 'crm' });
  });
});
