import { utf8Length } from '../../../../src/core/cache/chunked';
import type { Cache } from '../../../../src/core/ports';

/**
 * An in-memory Cache with CacheService's limits (values ≤ 100 KB, keys ≤ 250 characters) and
 * hooks that let a test evict entries or run another writer in the middle of an operation.
 */
export class MemoryCache implements Cache {
  readonly entries = new Map<string, { value: string; ttl: number }>();
  puts = 0;
  beforePut?: (key: string, value: string) => void;
  beforeGet?: (key: string) => void;

  get(key: string): string | null {
    this.beforeGet?.(key);
    return this.entries.get(key)?.value ?? null;
  }

  put(key: string, value: string, ttlSeconds: number): void {
    if (key.length > 250) throw new Error(`key too long: ${key.length}`);
    if (utf8Length(value) > 102_400)
      throw new Error(`Argument too large: ${utf8Length(value)} bytes`);
    if (ttlSeconds < 1 || ttlSeconds > 21_600) throw new Error(`bad ttl ${ttlSeconds}`);
    this.beforePut?.(key, value);
    this.puts++;
    this.entries.set(key, { value, ttl: ttlSeconds });
  }

  remove(key: string): void {
    this.entries.delete(key);
  }
}
