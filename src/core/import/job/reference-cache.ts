import { type ChunkedCache, cacheKeyFor } from '../../cache/chunked';
import { DEFAULT_BUDGET_MS } from '../../jobs/engine';
import type { Clock } from '../../ports';
import type { ReferenceData } from './requests';

/**
 * The account's reference data (custom fields, pipelines, users) kept across executions in the
 * person's own cache (issue 30): a trigger chain's execution otherwise spends 3 of the 60
 * requests a minute on reading it again. A copy is used only while it is no older than a
 * sidebar slice's own copy may be at its end (one slice, DEFAULT_BUDGET_MS), so a job never
 * maps rows against older data than an open sidebar already does.
 */
export const REFERENCE_MAX_AGE_MS = DEFAULT_BUDGET_MS;

/** Where a copy lives: one entry per API key and base URL, never shared by two keys. */
export function referenceCacheKey(baseUrl: string, apiKey: string): string {
  return `ref:${cacheKeyFor([baseUrl, apiKey])}`;
}

interface Stored {
  at: number;
  data: ReferenceData;
}

function isReferenceData(value: unknown): value is ReferenceData {
  const data = value as Partial<ReferenceData> | null;
  return (
    data !== null &&
    typeof data === 'object' &&
    Array.isArray(data.customFields) &&
    Array.isArray(data.pipelines) &&
    Array.isArray(data.users)
  );
}

export interface ReferenceStore {
  get(): ReferenceData | undefined;
  set(data: ReferenceData): void;
}

/**
 * The copy under `key` in `cache`, when it is fresh enough (fetched at most
 * REFERENCE_MAX_AGE_MS ago by `clock`, not in its future); `set` keeps one fetched now. Best
 * effort both ways: a cache that fails or drops the entry only costs the three reads.
 */
export function cachedReference(cache: ChunkedCache, key: string, clock: Clock): ReferenceStore {
  return {
    get() {
      try {
        const stored = cache.getJson<Stored>(key);
        if (!stored || typeof stored.at !== 'number' || !isReferenceData(stored.data)) return;
        const age = clock.now() - stored.at;
        return age >= 0 && age <= REFERENCE_MAX_AGE_MS ? stored.data : undefined;
      } catch {
        return undefined;
      }
    },
    set(data) {
      try {
        const stored: Stored = { at: clock.now(), data };
        cache.putJson(key, stored, Math.ceil(REFERENCE_MAX_AGE_MS / 1000));
      } catch {
        // Too big or a full cache: the next execution reads the data again.
      }
    },
  };
}
