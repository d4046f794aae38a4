import type { Cache, Clock, KeyValueStore, Mutex } from '../core/ports';

/** The core's ports over Apps Script services. Each is a thin pass-through. */

export const appsScriptClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(Math.max(0, Math.ceil(ms))),
};

export function propertiesStore(properties: GoogleAppsScript.Properties.Properties): KeyValueStore {
  return {
    get: (key) => properties.getProperty(key),
    set: (key, value) => {
      properties.setProperty(key, value);
    },
    delete: (key) => {
      properties.deleteProperty(key);
    },
    keys: () => properties.getKeys(),
    // One call for every property (getProperties), whatever the number of keys.
    entries: (wanted) => {
      const all = properties.getProperties();
      const out = new Map<string, string>();
      for (const key of Object.keys(all)) {
        const value = all[key];
        if (value !== undefined && wanted(key)) out.set(key, value);
      }
      return out;
    },
  };
}

export function cacheAdapter(cache: GoogleAppsScript.Cache.Cache): Cache {
  return {
    get: (key) => cache.get(key),
    put: (key, value, ttlSeconds) =>
      cache.put(key, value, Math.min(21_600, Math.max(1, Math.round(ttlSeconds)))),
    remove: (key) => cache.remove(key),
    getAll: (keys) => cache.getAll(keys),
  };
}

export function lockAdapter(lock: GoogleAppsScript.Lock.Lock): Mutex {
  return {
    tryLock: (timeoutMs) => lock.tryLock(timeoutMs),
    release: () => {
      if (lock.hasLock()) lock.releaseLock();
    },
  };
}
