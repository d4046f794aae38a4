/**
 * JSON values of any size over a CacheService-like Cache (100 KB per value, 250-character keys,
 * 6 h at most). A value too big for one entry is split across chunk entries whose keys carry a
 * random write id (nonce); the entry under the key itself is written last and names that nonce,
 * the chunk count, the length and a hash. So a reader only ever joins chunks of the write its
 * index names, and any chunk evicted (CacheService drops entries at will) makes the whole value
 * a miss, never a corrupt one.
 */
import { codedError } from '../errors';
import type { Cache } from '../ports';

export const CACHE_MAX_TTL_SECONDS = 21_600;
export const CACHE_MAX_KEY_LENGTH = 250;
export const CACHE_MAX_VALUE_BYTES = 100_000;

/** Entry tags: a whole value, or the index of a chunked one. */
const WHOLE = 'w';
const INDEX = 'i';
const INDEX_VERSION = 1;

interface ChunkIndex {
  v: number;
  /** Write id: part of every chunk key of this write. */
  n: string;
  /** Chunk count. */
  c: number;
  /** Length of the joined JSON text (UTF-16 units). */
  l: number;
  /** Hash of the joined JSON text. */
  h: string;
}

export interface ChunkedCacheOptions {
  /** Largest entry written, in UTF-8 bytes. Default 100 000 (CacheService allows 100 KB). */
  maxValueBytes?: number;
  /** Put before every key, e.g. 'crm:' (keeps this cache's keys apart from others'). */
  prefix?: string;
  /** Write ids; default random. Tests pass a counter. */
  nonce?: () => string;
}

export interface ChunkedCache {
  /** The value, or undefined when it is missing, expired, partly evicted or unreadable. */
  getJson<T = unknown>(key: string): T | undefined;
  /** Stores `value` (JSON-serialisable) for `ttlSeconds`, clamped to 1 s … 6 h. */
  putJson(key: string, value: unknown, ttlSeconds: number): void;
  remove(key: string): void;
}

export function createChunkedCache(cache: Cache, options: ChunkedCacheOptions = {}): ChunkedCache {
  const maxBytes = options.maxValueBytes ?? CACHE_MAX_VALUE_BYTES;
  if (!Number.isInteger(maxBytes) || maxBytes < 16) {
    throw codedError(
      `maxValueBytes must be a whole number of at least 16; got ${maxBytes}.`,
      'bug',
    );
  }
  const prefix = options.prefix ?? '';
  const nextNonce = options.nonce ?? randomNonce;

  function entryKey(key: string): string {
    const full = prefix + key;
    // Room for the longest chunk suffix, so a key accepted here never fails on a chunk write.
    if (full.length + CHUNK_SUFFIX_ROOM > CACHE_MAX_KEY_LENGTH) {
      throw codedError(
        `Cache key too long (${full.length} characters; at most ${CACHE_MAX_KEY_LENGTH - CHUNK_SUFFIX_ROOM} with chunks): build it with cacheKeyFor(parts).`,
        'bug',
      );
    }
    return full;
  }

  function readIndex(full: string): ChunkIndex | null {
    const entry = cache.get(full);
    if (entry === null || !entry.startsWith(INDEX)) return null;
    const index = parseJson(entry.slice(INDEX.length)) as ChunkIndex | undefined;
    return index && index.v === INDEX_VERSION && typeof index.n === 'string' ? index : null;
  }

  function removeChunks(full: string, index: ChunkIndex | null): void {
    if (!index) return;
    for (let i = 0; i < index.c; i++) cache.remove(chunkKey(full, index.n, i));
  }

  return {
    getJson<T>(key: string): T | undefined {
      const full = entryKey(key);
      const entry = cache.get(full);
      if (entry === null) return undefined;
      if (entry.startsWith(WHOLE)) return parseJson(entry.slice(WHOLE.length)) as T | undefined;
      const index = readIndex(full);
      if (!index) return undefined;
      const parts: string[] = [];
      for (let i = 0; i < index.c; i++) {
        const chunk = cache.get(chunkKey(full, index.n, i));
        if (chunk === null) return undefined;
        parts.push(chunk);
      }
      const text = parts.join('');
      if (text.length !== index.l || hashText(text) !== index.h) return undefined;
      return parseJson(text) as T | undefined;
    },

    putJson(key: string, value: unknown, ttlSeconds: number): void {
      const full = entryKey(key);
      const ttl = clampTtl(ttlSeconds);
      const text = JSON.stringify(value);
      if (text === undefined) {
        throw codedError(
          'putJson needs a JSON value; undefined and functions cannot be cached.',
          'bug',
        );
      }
      const previous = readIndex(full);
      if (utf8Length(text) + WHOLE.length <= maxBytes) {
        cache.put(full, WHOLE + text, ttl);
      } else {
        const nonce = nextNonce();
        const chunks = splitUtf8(text, maxBytes);
        chunks.forEach((chunk, i) => {
          cache.put(chunkKey(full, nonce, i), chunk, ttl);
        });
        const index: ChunkIndex = {
          v: INDEX_VERSION,
          n: nonce,
          c: chunks.length,
          l: text.length,
          h: hashText(text),
        };
        cache.put(full, INDEX + JSON.stringify(index), ttl);
      }
      // The old write's chunks are unreachable now; free their room (CacheService evicts by size).
      if (previous) removeChunks(full, previous);
    },

    remove(key: string): void {
      const full = entryKey(key);
      const previous = readIndex(full);
      cache.remove(full);
      removeChunks(full, previous);
    },
  };
}

/** `~` + nonce (≤ 16) + `~` + chunk number (≤ 5 digits). */
const CHUNK_SUFFIX_ROOM = 24;

function chunkKey(full: string, nonce: string, index: number): string {
  return `${full}~${nonce.slice(0, 16)}~${index}`;
}

function clampTtl(ttlSeconds: number): number {
  if (!Number.isFinite(ttlSeconds) || ttlSeconds <= 0) {
    throw codedError(`ttlSeconds must be a positive number of seconds; got ${ttlSeconds}.`, 'bug');
  }
  return Math.min(CACHE_MAX_TTL_SECONDS, Math.max(1, Math.round(ttlSeconds)));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function randomNonce(): string {
  return (
    Math.floor(Math.random() * 0x7fffffff).toString(36) +
    Math.floor(Math.random() * 0x7fffffff).toString(36)
  );
}

/** UTF-8 length without TextEncoder (absent in Apps Script); a lone surrogate counts as U+FFFD. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    bytes += codeUnitBytes(text, i);
    if (isPairAt(text, i)) i++;
  }
  return bytes;
}

function isPairAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 0xd800 || code > 0xdbff) return false;
  const next = text.charCodeAt(i + 1);
  return next >= 0xdc00 && next <= 0xdfff;
}

/** Bytes of the character starting at `i` (a surrogate pair counts as one 4-byte character). */
function codeUnitBytes(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (isPairAt(text, i)) return 4;
  return 3;
}

/** Pieces of at most `maxBytes` UTF-8 bytes each, never cutting a surrogate pair. */
export function splitUtf8(text: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const size = codeUnitBytes(text, i);
    const width = isPairAt(text, i) ? 2 : 1;
    if (bytes + size > maxBytes && i > start) {
      pieces.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    i += width - 1;
  }
  if (start < text.length || pieces.length === 0) pieces.push(text.slice(start));
  return pieces;
}

/** Two independent 32-bit FNV-style hashes of the UTF-16 units, as 14 base-36 characters. */
export function hashText(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0).toString(36).padStart(7, '0') + (b >>> 0).toString(36).padStart(7, '0');
}

/**
 * A short key that is the same for equal parts (object keys in any order, Dates by instant) and
 * different otherwise, within CacheService's 250 characters whatever the parts' size.
 */
export function cacheKeyFor(parts: readonly unknown[]): string {
  return `k${hashText(stableJson(parts))}`;
}

function stableJson(value: unknown): string {
  if (value instanceof Date) {
    return JSON.stringify(
      `date:${Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString()}`,
    );
  }
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`).join(',')}}`;
  }
  if (value === undefined) return 'null';
  return JSON.stringify(value) ?? 'null';
}
