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
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}
