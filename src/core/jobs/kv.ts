import { codedError } from '../errors';
import type { KeyValueStore } from '../ports';

/**
 * The keys of `kv` that start with `prefix`, seen without it: one person's user properties hold
 * the jobs of every spreadsheet they work in, each spreadsheet under its own prefix.
 */
export function prefixedStore(kv: KeyValueStore, prefix: string): KeyValueStore {
  const entries = kv.entries?.bind(kv);
  return {
    ...(entries
      ? {
          entries: (wanted: (key: string) => boolean) => {
            const out = new Map<string, string>();
            const all = entries(
              (key) => key.startsWith(prefix) && wanted(key.slice(prefix.length)),
            );
            for (const [key, value] of all) out.set(key.slice(prefix.length), value);
            return out;
          },
        }
      : {}),
    get: (key) => kv.get(`${prefix}${key}`),
    set: (key, value) => kv.set(`${prefix}${key}`, value),
    delete: (key) => kv.delete(`${prefix}${key}`),
    keys: () =>
      kv
        .keys()
        .filter((key) => key.startsWith(prefix))
        .map((key) => key.slice(prefix.length)),
  };
}

/**
 * A read-only view of the keys of `kv` that `wanted` accepts, as they are now: one read of the
 * store (KeyValueStore.entries) when it can, else a get per key.
 */
export function snapshotStore(kv: KeyValueStore, wanted: (key: string) => boolean): KeyValueStore {
  let values = kv.entries?.(wanted);
  if (!values) {
    values = new Map();
    for (const key of kv.keys()) {
      if (!wanted(key)) continue;
      const value = kv.get(key);
      if (value !== null) values.set(key, value);
    }
  }
  const read = values;
  const readOnly = (): never => {
    throw codedError('A snapshot of a store is read-only.', 'bug');
  };
  return {
    get: (key) => read.get(key) ?? null,
    set: readOnly,
    delete: readOnly,
    keys: () => [...read.keys()],
    entries: (keep) => new Map([...read].filter(([key]) => keep(key))),
  };
}

/** UTF-8 bytes of a string, as the Properties quota counts them (keys and values). */
export { utf8Length as utf8Bytes } from '../cache/chunked';
