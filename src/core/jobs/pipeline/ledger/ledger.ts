import type { KeyValueStore } from '../../../ports';
import {
  CHUNK_KEY_SEPARATOR,
  MAX_CHUNK_BYTES,
  readChunkedJson,
  writeChunkedJson,
} from '../../chunked-json';
import { snapshotStore, utf8Bytes } from '../../kv';

/** How writeChunkedJson stores a value that fits one Properties value: `{"value":…}`. */
const INLINE_START = '{"value"';

/** Rows per shard: a step that acts on a shard rewrites one small value, not the whole run. */
export const LEDGER_SHARD_ROWS = 40;

/** What every pipeline entry has: its row key and its status. */
export interface PipelineEntry {
  k: string;
  s?: string;
}

/**
 * A row job's own record of its rows (the truth the sheet is checked against), kept in the
 * person's data store as shards of LEDGER_SHARD_ROWS entries under `<prefix><n>`. A step
 * rewrites only the shards it changed, before any request that must not be repeated leaves.
 */
export class Ledger<E extends PipelineEntry> {
  readonly shards: E[][] = [];
  private readonly dirty = new Set<number>();
  /**
   * Shards this ledger wrote as one value: a later save of such a shard that still fits one
   * value is one write, with no read of what it replaces (a Properties call each, issue 30).
   * Only the job's driver writes its ledger, so nothing else can have chunked it meanwhile.
   */
  private readonly inline = new Set<string>();

  constructor(
    private readonly store: KeyValueStore,
    private readonly prefix: string,
  ) {}

  /** Loads `count` shards written earlier (a missing one reads empty). */
  load(count: number): this {
    this.shards.length = 0;
    const from = this.readable();
    for (let n = 0; n < count; n++) {
      const value = this.readShard(from, n);
      this.shards.push(Array.isArray(value) ? (value as E[]) : []);
    }
    return this;
  }

  /**
   * Loads every shard written so far, however many (a shard saved by a step that was killed
   * before its checkpoint counted it included): reads until a shard is missing.
   */
  loadAll(): this {
    this.shards.length = 0;
    const from = this.readable();
    for (let n = 0; ; n++) {
      const value = this.readShard(from, n);
      if (!Array.isArray(value)) return this;
      this.shards.push(value as E[]);
    }
  }

  /**
   * Where the shards are read from: one read of the store for all of them (and their chunks)
   * when it can (KeyValueStore.entries), not a Properties call per shard at each execution
   * (issue 30: a send's ledger of 1,000 rows is 25 shards). Only the job's driver writes them.
   */
  private readable(): KeyValueStore {
    return this.store.entries
      ? snapshotStore(this.store, (key) => key.startsWith(this.prefix))
      : this.store;
  }

  /**
   * Shard `n` as stored. One that is one value (or none) is noted in `inline`, so that saving
   * it again is one write, without reading back what this execution has just read (`from` is
   * the snapshot: reading a key twice costs no call).
   */
  private readShard(from: KeyValueStore, n: number): unknown {
    const key = `${this.prefix}${n}`;
    const raw = from.get(key);
    if (raw === null || raw.startsWith(INLINE_START)) this.inline.add(key);
    else this.inline.delete(key);
    return readChunkedJson(from, key);
  }

  /** Replaces the ledger with `entries`, in shards (saved by the next save). */
  reset(entries: readonly E[]): void {
    this.shards.length = 0;
    for (let i = 0; i < entries.length; i += LEDGER_SHARD_ROWS) {
      this.shards.push(entries.slice(i, i + LEDGER_SHARD_ROWS));
      this.dirty.add(this.shards.length - 1);
    }
  }

  /** Adds entries after the last shard (rows found at the end of a pass). */
  append(entries: readonly E[]): void {
    for (let i = 0; i < entries.length; i += LEDGER_SHARD_ROWS) {
      this.shards.push(entries.slice(i, i + LEDGER_SHARD_ROWS));
      this.dirty.add(this.shards.length - 1);
    }
  }

  /**
   * Adds entries a few at a time (a job that records rows as it writes them): the last shard
   * is filled first, so a step adds to one small value rather than a new one.
   */
  add(entries: readonly E[]): void {
    let last = this.shards.length - 1;
    for (const entry of entries) {
      if (last < 0 || (this.shards[last]?.length ?? 0) >= LEDGER_SHARD_ROWS) {
        this.shards.push([]);
        last = this.shards.length - 1;
      }
      this.shards[last]?.push(entry);
      this.dirty.add(last);
    }
  }

  entries(): E[] {
    return this.shards.flat();
  }

  touch(shard: number): void {
    this.dirty.add(shard);
  }

  /** Marks the shard holding `entry` changed. */
  touchEntry(entry: E): void {
    const shard = this.shards.findIndex((entries) => entries.includes(entry));
    if (shard >= 0) this.dirty.add(shard);
  }

  save(): void {
    for (const n of [...this.dirty].sort((a, b) => a - b)) {
      const key = `${this.prefix}${n}`;
      const shard = this.shards[n] ?? [];
      // A shard that fits one value, over nothing or a value that fitted too, is one write:
      // writeChunkedJson would first list every key of the store to sweep chunks there are none of.
      const inline = JSON.stringify({ value: shard });
      const fits = utf8Bytes(inline) <= MAX_CHUNK_BYTES;
      const previous = fits && !this.inline.has(key) ? this.store.get(key) : undefined;
      if (
        fits &&
        (this.inline.has(key) || previous === null || previous?.startsWith(INLINE_START))
      ) {
        this.store.set(key, inline);
        this.inline.add(key);
      } else if (writeChunkedJson(this.store, key, shard) === 'inline') this.inline.add(key);
      else this.inline.delete(key);
    }
    this.dirty.clear();
  }
}

/** Removes a ledger's shards (a run whose job record is gone cannot be reverted any more). */
export function dropLedger(store: KeyValueStore, prefix: string): void {
  // One listing for every shard and its chunks (deleteChunkedJson lists the store again for
  // each shard): the values go first, so a kill half-way leaves only chunks nothing points to.
  const keys = store.keys().filter((key) => key.startsWith(prefix));
  const isChunk = (key: string) => key.includes(CHUNK_KEY_SEPARATOR);
  for (const key of keys.filter((k) => !isChunk(k))) store.delete(key);
  for (const key of keys.filter(isChunk)) store.delete(key);
}
