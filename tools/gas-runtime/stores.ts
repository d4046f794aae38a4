import type { RuntimeClock } from './clock';
import { type ExecutionEnv, gated } from './execution';

/**
 * PropertiesService, CacheService and LockService over Node-side stores that outlive
 * executions. Limits are the documented quotas
 * (https://developers.google.com/apps-script/guides/services/quotas#current_limitations):
 * 9 KB per property value, 500 KB per property store; cache keys up to 250 characters,
 * values up to 100 KB, at most 6 hours (https://developers.google.com/apps-script/reference/cache/cache).
 */
export type StoreScope = 'script' | 'user' | 'document';

export const PROPERTY_VALUE_LIMIT_BYTES = 9 * 1024;
export const PROPERTY_STORE_LIMIT_BYTES = 500 * 1024;
export const CACHE_KEY_LIMIT_CHARS = 250;
export const CACHE_VALUE_LIMIT_BYTES = 100 * 1024;
export const CACHE_MAX_TTL_SECONDS = 21_600;
export const CACHE_DEFAULT_TTL_SECONDS = 600;

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

export function storeKey(scope: StoreScope, userEmail: string): string {
  return scope === 'user' ? `user:${userEmail}` : scope;
}

// ---------------------------------------------------------------- properties

export class PropertyStores {
  private readonly stores = new Map<string, Map<string, string>>();

  get(key: string): Map<string, string> {
    let store = this.stores.get(key);
    if (!store) {
      store = new Map();
      this.stores.set(key, store);
    }
    return store;
  }

  static bytes(store: Map<string, string>): number {
    let total = 0;
    for (const [k, v] of store) total += utf8Bytes(k) + utf8Bytes(v);
    return total;
  }
}

/**
 * `takeQuota` counts one Properties read or write against the user's daily quota and returns
 * the quota message once it is spent; getting a store (`getUserProperties()`) is not counted.
 */
export function createPropertiesService(
  env: ExecutionEnv,
  stores: PropertyStores,
  userEmail: string,
  takeQuota: () => string | undefined,
): unknown {
  const writes = ['setProperty', 'setProperties', 'deleteProperty', 'deleteAllProperties'];
  const propertiesObject = (scope: StoreScope): unknown => {
    const store = stores.get(storeKey(scope, userEmail));
    const typeName = 'Properties';
    const checkedWrite = (entries: Array<[string, string]>, replaceAll: boolean) => {
      const next = new Map(replaceAll ? [] : store);
      for (const [key, value] of entries) {
        if (utf8Bytes(value) > PROPERTY_VALUE_LIMIT_BYTES) env.fail('Argument too large: value');
        next.set(key, value);
      }
      if (PropertyStores.bytes(next) > PROPERTY_STORE_LIMIT_BYTES) {
        env.fail(
          'You have exceeded the property storage quota. Please remove some properties and try again.',
        );
      }
      store.clear();
      for (const [k, v] of next) store.set(k, v);
    };
    const self = () => propertiesObject(scope);
    const counted =
      <A extends unknown[], R>(fn: (...args: A) => R) =>
      (...args: A): R => {
        const refused = takeQuota();
        if (refused) env.fail(refused);
        return fn(...args);
      };
    const methods = {
      getProperty: (key: unknown) => store.get(String(key)) ?? null,
      getProperties: () => {
        const out = env.realm.object();
        for (const [k, v] of store) out[k] = v;
        return out;
      },
      getKeys: () => env.realm.array([...store.keys()]),
      setProperty: (key: unknown, value: unknown) => {
        if (typeof key !== 'string' || key === '') env.fail('Invalid argument: key');
        if (value === null || value === undefined)
          env.fail(
            `Invalid argument: value (setProperty("${String(key)}") needs a value; use deleteProperty to remove it)`,
          );
        checkedWrite([[key as string, String(value)]], false);
        return self();
      },
      setProperties: (properties: unknown, deleteAllOthers?: boolean) => {
        if (typeof properties !== 'object' || properties === null)
          env.fail('Invalid argument: properties');
        const entries = Object.entries(properties as Record<string, unknown>).map(
          ([k, v]) => [k, String(v)] as [string, string],
        );
        checkedWrite(entries, deleteAllOthers === true);
        return self();
      },
      deleteProperty: (key: unknown) => {
        store.delete(String(key));
        return self();
      },
      deleteAllProperties: () => {
        store.clear();
        return self();
      },
    };
    const members = Object.fromEntries(
      Object.entries(methods).map(([name, fn]) => [
        name,
        counted(fn as (...a: unknown[]) => unknown),
      ]),
    ) as typeof methods;
    return gated(env, typeName, 'PropertiesService', 0, members, writes);
  };
  return gated(env, 'PropertiesService', 'PropertiesService', 0, {
    getScriptProperties: () => propertiesObject('script'),
    getUserProperties: () => propertiesObject('user'),
    getDocumentProperties: () => propertiesObject('document'),
  });
}

// --------------------------------------------------------------------- cache

interface CacheEntry {
  value: string;
  expiresAt: number;
}

export class CacheStores {
  private readonly stores = new Map<string, Map<string, CacheEntry>>();

  get(key: string): Map<string, CacheEntry> {
    let store = this.stores.get(key);
    if (!store) {
      store = new Map();
      this.stores.set(key, store);
    }
    return store;
  }

  /** Unexpired entries, for inspection by tests. */
  snapshot(key: string, now: number): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, entry] of this.get(key)) if (entry.expiresAt > now) out[k] = entry.value;
    return out;
  }
}

export function createCacheService(
  env: ExecutionEnv,
  stores: CacheStores,
  userEmail: string,
): unknown {
  const cacheObject = (scope: StoreScope): unknown => {
    const store = stores.get(storeKey(scope, userEmail));
    const read = (key: string): string | null => {
      const entry = store.get(key);
      if (!entry) return null;
      if (entry.expiresAt <= env.clock.now()) {
        store.delete(key);
        return null;
      }
      return entry.value;
    };
    const checkKey = (key: unknown): string => {
      if (typeof key !== 'string') env.fail('Invalid argument: key');
      if ((key as string).length > CACHE_KEY_LIMIT_CHARS) env.fail('Argument too large: key');
      return key as string;
    };
    const write = (key: unknown, value: unknown, ttlSeconds: unknown) => {
      const k = checkKey(key);
      const v = String(value);
      if (utf8Bytes(v) > CACHE_VALUE_LIMIT_BYTES) env.fail('Argument too large: value');
      let ttl = ttlSeconds === undefined ? CACHE_DEFAULT_TTL_SECONDS : Number(ttlSeconds);
      if (!Number.isFinite(ttl) || ttl < 1)
        env.fail(
          `Invalid argument: expirationInSeconds (${String(ttlSeconds)}); the minimum is 1 second.`,
        );
      // The documented maximum is 6 hours; longer requests keep the entry 6 hours.
      ttl = Math.min(ttl, CACHE_MAX_TTL_SECONDS);
      store.set(k, { value: v, expiresAt: env.clock.now() + ttl * 1000 });
    };
    return gated(env, 'Cache', 'CacheService', 0, {
      get: (key: unknown) => read(checkKey(key)),
      getAll: (keys: unknown) => {
        if (!Array.isArray(keys)) env.fail('Invalid argument: keys');
        const out = env.realm.object();
        for (const key of keys as unknown[]) {
          const value = read(checkKey(key));
          if (value !== null) out[key as string] = value;
        }
        return out;
      },
      put: (key: unknown, value: unknown, ttlSeconds?: unknown) => {
        write(key, value, ttlSeconds);
      },
      putAll: (values: unknown, ttlSeconds?: unknown) => {
        if (typeof values !== 'object' || values === null) env.fail('Invalid argument: values');
        const entries = Object.entries(values as Record<string, unknown>);
        if (entries.length > 1000)
          env.fail('Argument too large: values (putAll takes at most 1000 entries)');
        for (const [k, v] of entries) write(k, v, ttlSeconds);
      },
      remove: (key: unknown) => {
        store.delete(checkKey(key));
      },
      removeAll: (keys: unknown) => {
        if (!Array.isArray(keys)) env.fail('Invalid argument: keys');
        for (const key of keys as unknown[]) store.delete(checkKey(key));
      },
    });
  };
  return gated(env, 'CacheService', 'CacheService', 0, {
    getScriptCache: () => cacheObject('script'),
    getUserCache: () => cacheObject('user'),
    getDocumentCache: () => cacheObject('document'),
  });
}

// ---------------------------------------------------------------------- locks

/**
 * Who holds each lock. A holder is either a live execution of this runtime (an outer
 * execution while an interleaved one runs) or an "external" holder that a test placed
 * with holdLock(), standing for an execution elsewhere that holds it until a given time.
 */
export type LockHolder =
  | { kind: 'execution'; executionId: number; lockObject: object }
  | { kind: 'external'; until: number };

export class LockTable {
  private readonly holders = new Map<string, LockHolder>();

  holder(key: string, now: number): LockHolder | undefined {
    const holder = this.holders.get(key);
    if (holder?.kind === 'external' && holder.until <= now) {
      this.holders.delete(key);
      return undefined;
    }
    return holder;
  }

  set(key: string, holder: LockHolder): void {
    this.holders.set(key, holder);
  }

  release(key: string): void {
    this.holders.delete(key);
  }

  releaseExecution(executionId: number): void {
    for (const [key, holder] of this.holders) {
      if (holder.kind === 'execution' && holder.executionId === executionId)
        this.holders.delete(key);
    }
  }
}

export const LOCK_TIMEOUT_MESSAGE =
  'Lock timeout: another process was holding the lock for too long.';

export function createLockService(
  env: ExecutionEnv,
  table: LockTable,
  clock: RuntimeClock,
  userEmail: string,
): unknown {
  const lockObject = (scope: StoreScope): unknown => {
    const key = storeKey(scope, userEmail);
    const token = {};
    const held = () => {
      const holder = table.holder(key, clock.now());
      return holder?.kind === 'execution' && holder.lockObject === token;
    };
    /** Waits up to timeoutMs (simulated or real) for the lock; true when acquired. */
    const acquire = (timeoutMs: unknown): boolean => {
      if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs < 0) {
        env.fail(
          `Invalid argument: timeoutInMillis (${String(timeoutMs)}); pass a number of milliseconds >= 0.`,
        );
      }
      const timeout = timeoutMs as number;
      const holder = table.holder(key, clock.now());
      if (!holder || (holder.kind === 'execution' && holder.executionId === env.exec.id)) {
        table.set(key, { kind: 'execution', executionId: env.exec.id, lockObject: token });
        return true;
      }
      if (holder.kind === 'external' && holder.until - clock.now() <= timeout) {
        clock.advance(Math.max(0, holder.until - clock.now()));
        table.set(key, { kind: 'execution', executionId: env.exec.id, lockObject: token });
        return true;
      }
      // A live execution of this runtime cannot progress while this one waits on the same thread.
      clock.advance(timeout);
      return false;
    };
    return gated(env, 'Lock', 'LockService', 0, {
      tryLock: (timeoutMs: unknown) => acquire(timeoutMs),
      waitLock: (timeoutMs: unknown) => {
        if (!acquire(timeoutMs)) env.fail(LOCK_TIMEOUT_MESSAGE);
      },
      hasLock: () => held(),
      releaseLock: () => {
        if (held()) table.release(key);
      },
    });
  };
  return gated(env, 'LockService', 'LockService', 0, {
    getScriptLock: () => lockObject('script'),
    getUserLock: () => lockObject('user'),
    getDocumentLock: () => lockObject('document'),
  });
}
