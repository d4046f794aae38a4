import type { KeyValueStore } from '../ports';

/**
 * The keys of `kv` that start with `prefix`, seen without it: one person's user properties hold
 * the jobs of every spreadsheet they work in, each spreadsheet under its own prefix.
 */
export function prefixedStore(kv: KeyValueStore, prefix: string): KeyValueStore {
  return {
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

/** UTF-8 bytes of a string, as the Properties quota counts them (keys and values). */
export { utf8Length as utf8Bytes } from '../cache/chunked';
