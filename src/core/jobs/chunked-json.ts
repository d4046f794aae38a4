import { codedError } from '../errors';
import type { KeyValueStore } from '../ports';

/**
 * Apps Script Properties hold at most 9 KB per value. Keeping each piece under 8,000 UTF-8
 * bytes leaves room for the key and for any difference in how the quota counts.
 */
export const MAX_CHUNK_BYTES = 8000;

/** Separates a value's key from its chunk keys; callers keep it out of their own keys. */
export const CHUNK_KEY_SEPARATOR = '~';

/**
 * What the main key holds. A small value sits inline; a large one is a pointer to a
 * generation of chunks. The pointer is written only after every chunk it names, so a
 * reader sees either the old value or the new one, never a half-written mix.
 */
interface InlineIndex {
  value: unknown;
}
interface ChunkedIndex {
  generation: number;
  chunks: number;
}
type StoredIndex = InlineIndex | ChunkedIndex;

export function isChunkKey(key: string): boolean {
  return key.includes(CHUNK_KEY_SEPARATOR);
}

function chunkKey(key: string, generation: number, index: number): string {
  return `${key}${CHUNK_KEY_SEPARATOR}${generation}.${index}`;
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/** Splits text into pieces of at most maxBytes UTF-8 bytes without cutting a surrogate pair. */
export function splitByUtf8Bytes(text: string, maxBytes: number): string[] {
  if (maxBytes < 4) throw codedError(`maxBytes must be at least 4 (got ${maxBytes}).`, 'bug');
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const codePoint = text.codePointAt(i) ?? 0;
    const width = codePoint > 0xffff ? 2 : 1;
    const size = utf8Length(codePoint);
    if (bytes + size > maxBytes) {
      pieces.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    i += width;
  }
  if (start < text.length || pieces.length === 0) pieces.push(text.slice(start));
  return pieces;
}

function readIndex(store: KeyValueStore, key: string): StoredIndex | null {
  const raw = store.get(key);
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw codedError(
      `Stored value "${key}" is not valid JSON; delete it and run again.`,
      'storedValueBroken',
    );
  }
  if (typeof parsed === 'object' && parsed !== null) {
    const record = parsed as Record<string, unknown>;
    if ('value' in record) return { value: record.value };
    if (typeof record.generation === 'number' && typeof record.chunks === 'number') {
      return { generation: record.generation, chunks: record.chunks };
    }
  }
  throw codedError(
    `Stored value "${key}" has an unknown layout; delete it and run again.`,
    'storedValueBroken',
  );
}

/** Reads a value written by writeChunkedJson; null when the key holds nothing. */
export function readChunkedJson(store: KeyValueStore, key: string): unknown {
  const index = readIndex(store, key);
  if (index === null) return null;
  if ('value' in index) return index.value;
  const parts: string[] = [];
  for (let i = 0; i < index.chunks; i++) {
    const part = store.get(chunkKey(key, index.generation, i));
    if (part === null) {
      throw codedError(
        `Stored value "${key}" is missing chunk ${i + 1} of ${index.chunks}; delete it and run again.`,
        'storedValueBroken',
      );
    }
    parts.push(part);
  }
  return JSON.parse(parts.join(''));
}

/**
 * Every chunk key of this value except those in `keep`. Looking at all keys (not just the
 * generation the index names) also sweeps chunks orphaned by a write killed half-way, even
 * ones of the same generation number beyond the current chunk count.
 */
function chunkKeysOf(
  store: KeyValueStore,
  key: string,
  keep: ReadonlySet<string> = new Set(),
): string[] {
  const prefix = `${key}${CHUNK_KEY_SEPARATOR}`;
  return store.keys().filter((k) => k.startsWith(prefix) && !keep.has(k));
}

/**
 * Writes value as JSON under key, spread over chunk keys when it is too large for one value.
 * Order matters for crash safety: new chunks first, then the index that points at them, then
 * removal of the chunks no index points at any more.
 */
export function writeChunkedJson(
  store: KeyValueStore,
  key: string,
  value: unknown,
  maxChunkBytes: number = MAX_CHUNK_BYTES,
  /** The caller wrote this key inline itself last (in this execution): no index to read. */
  lastWrittenInline = false,
): 'inline' | 'chunked' {
  if (isChunkKey(key)) {
    throw codedError(`Key "${key}" must not contain "${CHUNK_KEY_SEPARATOR}".`, 'bug');
  }
  const text = JSON.stringify(value);
  if (text === undefined) {
    throw codedError(`Value for "${key}" cannot be stored as JSON.`, 'bug');
  }
  const inline = JSON.stringify({ value });
  if (lastWrittenInline && splitByUtf8Bytes(inline, maxChunkBytes).length === 1) {
    // Inline over inline: no chunks of this key can exist (none was written since), so the
    // index read and the sweep below are skipped (a Properties read per job step).
    store.set(key, inline);
    return 'inline';
  }
  let previous: StoredIndex | null = null;
  try {
    previous = readIndex(store, key);
  } catch {
    previous = null;
  }
  if (splitByUtf8Bytes(inline, maxChunkBytes).length === 1) {
    store.set(key, inline);
    // Listing keys costs a service call, so sweep only when chunks can exist (this is called
    // after every job step). Orphans of a killed write go with the next chunked write or delete.
    if (previous === null || 'generation' in previous) {
      for (const stale of chunkKeysOf(store, key)) store.delete(stale);
    }
    return 'inline';
  }
  const generation = previous && 'generation' in previous ? previous.generation + 1 : 1;
  const parts = splitByUtf8Bytes(text, maxChunkBytes);
  const written = parts.map((part, i) => {
    const partKey = chunkKey(key, generation, i);
    store.set(partKey, part);
    return partKey;
  });
  store.set(key, JSON.stringify({ generation, chunks: parts.length }));
  for (const stale of chunkKeysOf(store, key, new Set(written))) store.delete(stale);
  return 'chunked';
}

/** Removes the index first so no reader follows it to chunks that are being deleted. */
export function deleteChunkedJson(store: KeyValueStore, key: string): void {
  store.delete(key);
  for (const stale of chunkKeysOf(store, key)) store.delete(stale);
}
