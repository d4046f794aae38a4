/**
 * Cached reads for custom functions. Sheets recalculates every CRM_* formula of a sheet at once
 * (on open, on edit of an argument, on a refresh), which would burn the 60-requests-a-minute
 * budget in one go; identical calls are served from the cache while fresh. A copy is kept for
 * longer than it is fresh, so that when the CRM answers 429 the last known result is shown
 * instead of an error; with no copy at all, the error says when to try again.
 */
import { translator } from '../i18n';
import type { Clock } from '../ports';
import { CACHE_MAX_TTL_SECONDS, type ChunkedCache } from './chunked';

export interface CachedReadOptions<T> {
  cache: ChunkedCache;
  /** Built with cacheKeyFor([...]): include what selects the account (e.g. a key fingerprint). */
  key: string;
  clock: Pick<Clock, 'now'>;
  /** How long a result is served without asking the CRM again. */
  freshSeconds: number;
  /** How long a result is kept to stand in on 429; default (and at most) 6 h. */
  keepSeconds?: number;
  /** A copy loaded before this instant (ms) is not fresh, though it may still stand in on 429. */
  notFreshBefore?: number;
  /** The request. */
  load: () => T;
  /** Seconds to wait when `error` is the CRM's 429 (e.g. RateLimitError.retryAfterSeconds), else null. */
  rateLimitedFor: (error: unknown) => number | null;
}

interface Stored<T> {
  /** When it was loaded, ms since the epoch. */
  at: number;
  value: T;
}

export class RateLimitedNoCacheError extends Error {
  override name = 'RateLimitedNoCacheError';
  constructor(readonly retryAfterSeconds: number) {
    // The catalogue's English words; a formula cell says them in its own language (formulaError).
    super(translator('en')('formulas.rateLimited', { seconds: retryAfterSeconds }));
  }
}

export interface CachedRead<T> {
  value: T;
  /** `cache` (fresh copy), `crm` (just loaded) or `stale` (older copy shown because of a 429). */
  source: 'cache' | 'crm' | 'stale';
  /** When the value was loaded from the CRM, ms since the epoch. */
  loadedAt: number;
}

export function cachedRead<T>(options: CachedReadOptions<T>): CachedRead<T> {
  const now = options.clock.now();
  const stored = options.cache.getJson<Stored<T>>(options.key);
  const valid =
    stored !== undefined && typeof stored === 'object' && stored !== null && 'at' in stored;
  const fresh =
    valid &&
    now - stored.at < options.freshSeconds * 1000 &&
    stored.at <= now &&
    stored.at >= (options.notFreshBefore ?? 0);
  if (fresh) {
    return { value: stored.value, source: 'cache', loadedAt: stored.at };
  }
  let value: T;
  try {
    value = options.load();
  } catch (error) {
    const wait = options.rateLimitedFor(error);
    if (wait === null) throw error;
    if (valid) return { value: stored.value, source: 'stale', loadedAt: stored.at };
    throw new RateLimitedNoCacheError(Math.max(1, Math.ceil(wait)));
  }
  const keep = Math.min(CACHE_MAX_TTL_SECONDS, options.keepSeconds ?? CACHE_MAX_TTL_SECONDS);
  try {
    options.cache.putJson(
      options.key,
      { at: now, value } satisfies Stored<T>,
      Math.max(keep, options.freshSeconds),
    );
  } catch {
    // The cache only saves requests: a result it cannot hold (quota, size) is still the answer.
  }
  return { value, source: 'crm', loadedAt: now };
}
