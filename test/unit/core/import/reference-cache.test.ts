import { describe, expect, it } from 'vitest';
import { createChunkedCache } from '../../../../src/core/cache/chunked';
import {
  cachedReference,
  REFERENCE_MAX_AGE_MS,
  referenceCacheKey,
} from '../../../../src/core/import/job/reference-cache';
import type { ReferenceData } from '../../../../src/core/import/job/requests';
import { MemoryCache, SimClock } from '../jobs/fakes';

const data = (name: string): ReferenceData => ({
  customFields: [],
  pipelines: [],
  users: [{ id: 1, name } as ReferenceData['users'][number]],
});

function setup() {
  const clock = new SimClock();
  const cache = createChunkedCache(new MemoryCache(clock));
  const store = (baseUrl: string, apiKey: string) =>
    cachedReference(cache, referenceCacheKey(baseUrl, apiKey), clock);
  return { clock, store };
}

describe('cachedReference (issue 30: reference data across a chain’s executions)', () => {
  it('gives back a copy until it is older than a slice, then nothing', () => {
    const { clock, store } = setup();
    store('https://crm.example.com', 'key-a').set(data('Ana'));
    clock.sleep(REFERENCE_MAX_AGE_MS - 1_000);
    expect(store('https://crm.example.com', 'key-a').get()?.users[0]?.name).toBe('Ana');
    clock.sleep(1_001);
    expect(store('https://crm.example.com', 'key-a').get()).toBeUndefined();
  });

  it('never hands one key’s copy to another key or another base URL', () => {
    const { store } = setup();
    store('https://crm.example.com', 'key-a').set(data('Ana'));
    expect(store('https://crm.example.com', 'key-b').get()).toBeUndefined();
    expect(store('https://other.example.com', 'key-a').get()).toBeUndefined();
    store('https://crm.example.com', 'key-b').set(data('Bia'));
    expect(store('https://crm.example.com', 'key-a').get()?.users[0]?.name).toBe('Ana');
    expect(store('https://crm.example.com', 'key-b').get()?.users[0]?.name).toBe('Bia');
  });

  it('misses, without throwing, when the cache fails or holds something else', () => {
    const clock = new SimClock();
    const broken = cachedReference(
      {
        getJson: () => {
          throw new Error('Service invoked too many times');
        },
        putJson: () => {
          throw new Error('Argument too large');
        },
        remove: () => {},
      },
      'ref:x',
      clock,
    );
    expect(() => broken.set(data('Ana'))).not.toThrow();
    expect(broken.get()).toBeUndefined();
    const cache = createChunkedCache(new MemoryCache(clock));
    cache.putJson('ref:y', { at: clock.now(), data: { users: 'nope' } }, 60);
    expect(cachedReference(cache, 'ref:y', clock).get()).toBeUndefined();
  });
});
