import type { Cache, Clock, KeyValueStore, Mutex } from '../../../../src/core/ports';

/** Thrown by the fakes to stand for Apps Script killing the execution at that instant. */
export class SimulatedKill extends Error {
  constructor(where: string) {
    super(`execution killed (${where})`);
    this.name = 'SimulatedKill';
  }
}

/**
 * Simulated time: sleep advances it, nothing else does unless a test calls advance().
 * `onTick` runs on every now()/sleep(), so a test can kill the execution at any clock call.
 */
export class SimClock implements Clock {
  onTick: ((what: 'now' | 'sleep') => void) | null = null;
  readonly sleeps: number[] = [];
  constructor(private time = Date.UTC(2026, 10, 21, 12, 0, 0)) {}
  now(): number {
    this.onTick?.('now');
    return this.time;
  }
  sleep(ms: number): void {
    this.onTick?.('sleep');
    if (!(ms >= 0)) throw new Error(`sleep(${ms}) is not a valid wait`);
    this.sleeps.push(ms);
    this.time += ms;
  }
  advance(ms: number): void {
    this.time += ms;
  }
  /** Reads the time without triggering onTick (for assertions). */
  peek(): number {
    return this.time;
  }
}

/** Document Properties in memory, enforcing the 9 KB per value quota that Apps Script enforces. */
export class MemoryKeyValueStore implements KeyValueStore {
  readonly data = new Map<string, string>();
  /** Called before every write; throw from it to kill an execution mid-write. */
  beforeWrite: ((key: string) => void) | null = null;
  writes = 0;
  constructor(private readonly maxValueBytes = 9 * 1024) {}
  get(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  set(key: string, value: string): void {
    this.beforeWrite?.(key);
    const bytes = Buffer.byteLength(key, 'utf8') + Buffer.byteLength(value, 'utf8');
    if (bytes > this.maxValueBytes) {
      throw new Error(`Properties quota: ${key} is ${bytes} bytes, over ${this.maxValueBytes}`);
    }
    this.writes += 1;
    this.data.set(key, value);
  }
  delete(key: string): void {
    this.beforeWrite?.(key);
    this.data.delete(key);
  }
  keys(): string[] {
    return [...this.data.keys()];
  }
}

/** CacheService in memory: entries expire by the simulated clock, and a test can evict all. */
export class MemoryCache implements Cache {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();
  constructor(private readonly clock: SimClock) {}
  get(key: string): string | null {
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= this.clock.peek()) return null;
    return entry.value;
  }
  put(key: string, value: string, ttlSeconds: number): void {
    if (value.length > 100 * 1024) throw new Error('CacheService: value over 100 KB');
    if (ttlSeconds > 21_600) throw new Error('CacheService: ttl over 6 hours');
    this.entries.set(key, { value, expiresAt: this.clock.peek() + ttlSeconds * 1000 });
  }
  remove(key: string): void {
    this.entries.delete(key);
  }
  evictAll(): void {
    this.entries.clear();
  }
  keys(): string[] {
    return [...this.entries.keys()];
  }
}

/**
 * One lock shared by every simulated execution (LockService's document or user lock). Each
 * execution takes its own handle; a handle that fails to get the lock has waited its timeout.
 */
export class SharedLock {
  holder: object | null = null;
  constructor(private readonly clock: SimClock) {}
  handle(): Mutex {
    const me = {};
    return {
      tryLock: (timeoutMs: number) => {
        if (this.holder === null || this.holder === me) {
          this.holder = me;
          return true;
        }
        this.clock.advance(timeoutMs);
        return false;
      },
      release: () => {
        if (this.holder === me) this.holder = null;
      },
    };
  }
}

/** A seeded PRNG (mulberry32) so "random" test data is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Most requests in any 60-second window: the CRM allows 60 per key. */
export function busiestMinute(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= 60_000) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
