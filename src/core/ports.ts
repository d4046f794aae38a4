/**
 * What core logic needs from the platform. src/gas/ implements these over Apps Script
 * services; tests pass in-memory versions. Passing them in (never reaching for globals)
 * keeps src/core runnable in Node.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  sleep(ms: number): void;
}

/** PropertiesService-like: values survive executions. */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  delete(key: string): void;
  keys(): string[];
  /**
   * The keys `wanted` accepts, with their values, in one read of the store (Properties'
   * getProperties, one listing of developer metadata) instead of a get per key: listing the
   * jobs must not cost a round trip per kept job. Absent: keys() then a get per key.
   */
  entries?(wanted: (key: string) => boolean): Map<string, string>;
}

/** CacheService-like: values may vanish at any time. */
export interface Cache {
  get(key: string): string | null;
  put(key: string, value: string, ttlSeconds: number): void;
  remove(key: string): void;
  /** Several keys in one call (CacheService's getAll); absent: one get per key. */
  getAll?(keys: string[]): Record<string, string>;
}

/** LockService-like mutual exclusion across executions. */
export interface Mutex {
  tryLock(timeoutMs: number): boolean;
  release(): void;
}
