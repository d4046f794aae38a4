/**
 * cyrb53 (public domain, bryc): a fast 53-bit string hash with good spread. Not
 * cryptographic; collisions are ~1 in 2^53, plenty for telling a changed row from an
 * unchanged one.
 */
export function cyrb53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * 8 base-36 characters (about 41 bits of the hash): short enough for the import memory to hold
 * thousands of leads per sheet (job-fingerprints.ts), and a chance collision between two of a
 * sheet's few thousand keys stays near one in a hundred thousand.
 */
export const HASH_CHARS = 8;
const HASH_SPACE = 36 ** HASH_CHARS;

function toBase36(hash: number): string {
  return (hash % HASH_SPACE).toString(36).padStart(HASH_CHARS, '0');
}

/** JSON with object keys sorted at every depth; undefined members dropped as JSON does. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Short fingerprint of what a row would send, the same whatever the key order, so a row
 * whose payload matches the one last imported successfully can be marked UNCHANGED.
 */
export function payloadFingerprint(payload: object): string {
  return toBase36(cyrb53(canonicalJson(payload)));
}

/** Short id of a match key (`email:ana@x.com`), for storing per-lead state compactly. */
export function matchKeyId(matchKey: string): string {
  return toBase36(cyrb53(matchKey, 0x9e3779b9));
}
