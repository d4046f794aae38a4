import type { KeyValueStore } from '../../ports';
import { cyrb53 } from '../fingerprint';

/**
 * The import memory: what each lead of a sheet looked like when it was last imported
 * successfully, by match key id (matchKeyId), so that an unchanged row is UNCHANGED and costs no
 * request, and an updated row's lead is known to exist. It is a cache: losing entries only
 * costs a re-send (an upsert is idempotent) or a lookup.
 *
 * Stored in document properties as {@link MEMORY_SHARDS} shards per sheet, each one property of
 * at most {@link SHARD_MAX_BYTES} (under the 9 KB a value may hold): a flush rewrites only the
 * shards that changed, each in place with one `setProperty`, so a rewrite never needs room for
 * a second copy of the memory.
 *
 * Bounds: at most MEMORY_SHARDS × SHARD_MAX_BYTES = 128,000 bytes per sheet, about
 * {@link MAX_REMEMBERED_LEADS} leads (22 bytes each). Degrading: a shard that is full forgets
 * its oldest entries first (each entry moves to the newest end when set again), and a store
 * that refuses a shard's write gets the newer half of that shard, then nothing of that shard,
 * never the whole memory at once.
 *
 * Each shard starts with a hash of the scope it was made with (the job's owner: the CRM
 * account and base URL, src/addon/context.ts ownerOf): a memory made against another account
 * or base URL reads as empty, since its lead ids mean nothing there.
 */

/** Document property of shard `n` of a sheet's memory: `crm.import.mem.<sheetId>.<n>`. */
export const MEMORY_KEY_PREFIX = 'crm.import.mem.';

export const MEMORY_SHARDS = 16;
/** 8,000 bytes of value per shard: with its key, under the 9 KB a property value may hold. */
export const SHARD_MAX_BYTES = 8_000;
/** Key id and fingerprint are 8 base-36 characters each (fingerprint.ts). */
const ID_CHARS = 8;
/** An entry: key id, fingerprint, lead id in base 36 (up to 6 characters), separator. */
const ENTRY_BYTES_TYPICAL = 2 * ID_CHARS + 5 + 1;
/** About how many leads a sheet's memory holds at most. */
export const MAX_REMEMBERED_LEADS = Math.floor(
  (MEMORY_SHARDS * SHARD_MAX_BYTES) / ENTRY_BYTES_TYPICAL,
);

export function memoryKey(sheetId: number, shard: number): string {
  return `${MEMORY_KEY_PREFIX}${sheetId}.${shard}`;
}

/**
 * When a sheet's memory was last written (ms, base 10): `crm.import.mem.<sheetId>.at`. The
 * memory gives way first when the person's store is nearly full, oldest sheet first
 * (memoryToReclaim).
 */
export function memoryStampKey(sheetId: number): string {
  return `${MEMORY_KEY_PREFIX}${sheetId}.at`;
}

/**
 * The journal: entries set since the last flush, written in one property before the job writes
 * their statuses (write-ahead, FingerprintBook.journal), and merged back when the memory opens.
 */
export function memoryJournalKey(sheetId: number): string {
  return `${MEMORY_KEY_PREFIX}${sheetId}.j`;
}

/** Every property key of a sheet's memory. */
export function memoryKeys(sheetId: number): string[] {
  return [
    ...Array.from({ length: MEMORY_SHARDS }, (_, n) => memoryKey(sheetId, n)),
    memoryStampKey(sheetId),
    memoryJournalKey(sheetId),
  ];
}

/** `<prefix>crm.import.mem.<sheetId>.<shard|at>`. */
const MEMORY_PROPERTY = /^(.*)crm\.import\.mem\.(\d+)(?:\.(at|\d+))?/;

/** One sheet's memory in a store of many: its keys, their bytes, when it was last written. */
export interface SheetMemory {
  keys: string[];
  bytes: number;
  stamp: number;
}

/**
 * The sheets' memories among `properties` (key → value, e.g. every user property of the
 * person, whatever the spreadsheet prefix), oldest first, to be removed whole until
 * `bytesToFree` bytes are freed (at least one sheet when anything is asked). A memory without a
 * stamp (the store refused it) counts as the oldest. `bytesOf` measures a text as the store does.
 */
export function memoryToReclaim(
  properties: Readonly<Record<string, string>>,
  bytesToFree: number,
  bytesOf: (text: string) => number,
): SheetMemory[] {
  const sheets = new Map<string, SheetMemory>();
  for (const [key, value] of Object.entries(properties)) {
    const match = MEMORY_PROPERTY.exec(key);
    if (!match) continue;
    const id = `${match[1]}|${match[2]}`;
    const sheet = sheets.get(id) ?? { keys: [], bytes: 0, stamp: 0 };
    sheet.keys.push(key);
    sheet.bytes += bytesOf(key) + bytesOf(value);
    if (match[3] === 'at') sheet.stamp = Number(value) || 0;
    sheets.set(id, sheet);
  }
  const oldestFirst = [...sheets.values()].sort((a, b) => a.stamp - b.stamp);
  const chosen: SheetMemory[] = [];
  let freed = 0;
  for (const sheet of oldestFirst) {
    if (freed >= bytesToFree) break;
    chosen.push(sheet);
    freed += sheet.bytes;
  }
  return chosen;
}

export interface LastImport {
  fingerprint: string;
  leadId: number;
  /**
   * The job the book is open for made this lead (its upsert answered "created"): a row of the
   * key decided again after a kill or the end check cleared it is CREATED (or DUPLICATE of
   * the row that is), never EXISTS of the lead the job itself made (import-busy-race seed 28).
   * Kept in the entry, written ahead with it (journal), so it outlives a kill.
   */
  createdHere?: boolean;
}

/** Separates an entry's lead id from the stamp of the job that created the lead. */
const CREATED_MARK = '~';

export interface FingerprintBook {
  get(keyId: string): LastImport | undefined;
  /**
   * With `createdHere`, the lead is marked as made by the book's job; without it, a mark the
   * job left on the same lead stays (a re-sent row whose upsert now finds its own lead).
   */
  set(keyId: string, entry: LastImport): void;
  /**
   * The book's job is about to create the key's lead from cells of `fingerprint` (an entry
   * of lead 0, written ahead by journal() before the upsert leaves): should a kill follow
   * the CRM's answer, the lead a lookup then finds for the key is the job's own (intended).
   */
  intend(keyId: string, fingerprint: string): void;
  /** The fingerprint of the cells the book's job was about to create the key's lead from. */
  intended(keyId: string): string | undefined;
  /** Entries set since the last flush. */
  readonly unsaved: number;
  /** Forgets a key (its lead was deleted again): written at the next flush. */
  forget(keyId: string): void;
  /**
   * Saves the entries set since the last flush in one property (one write, however many
   * shards they fall in), so that they outlive a kill before the next flush.
   */
  journal(): void;
  /**
   * Writes the shards that changed. When the document's storage refuses one, that shard keeps
   * its newer half, or is dropped, instead of failing the job.
   */
  flush(): void;
  /**
   * Keeps what is unsaved for the next execution at the least cost: the journal (one write)
   * when it holds every change since the last flush, else a flush (a forgotten key, or more
   * than one property holds). A slice's end flushed every shard it touched, about 16 writes
   * an execution of a trigger chain (issue 30); the next opening replays the journal.
   */
  keep(): void;
}

function scopeTag(scope: string): string {
  return `m2:${cyrb53(scope).toString(36)}|`;
}

/** Two base-36 characters (1,296 = 81 × 16 values) spread key ids evenly over the 16 shards. */
function shardOf(keyId: string): number {
  return Number.parseInt(keyId.slice(-2), 36) % MEMORY_SHARDS || 0;
}

/** A shard's entries, oldest first: key id → `<fingerprint><leadId base 36>`. */
function decodeShard(raw: string | null, tag: string): Map<string, string> {
  const entries = new Map<string, string>();
  if (raw === null || !raw.startsWith(tag)) return entries;
  for (const item of raw.slice(tag.length).split(',')) {
    if (item.length > 2 * ID_CHARS) entries.set(item.slice(0, ID_CHARS), item.slice(ID_CHARS));
  }
  return entries;
}

function encodeShard(entries: Map<string, string>, tag: string): string {
  const items: string[] = [];
  for (const [key, value] of entries) items.push(key + value);
  return tag + items.join(',');
}

/** Drops the oldest entries until the shard fits `maxBytes` (all of it ASCII). */
function trimOldest(entries: Map<string, string>, tag: string, maxBytes: number): void {
  let bytes = encodeShard(entries, tag).length;
  for (const [key, value] of entries) {
    if (bytes <= maxBytes) break;
    entries.delete(key);
    bytes -= key.length + value.length + 1;
  }
}

/**
 * Opens a sheet's memory for `scope` (reads its shards once, 1 + MEMORY_SHARDS property reads).
 * A damaged shard reads as empty (it is only a cache).
 */
export function openFingerprintBook(
  store: KeyValueStore,
  sheetId: number,
  scope = '',
  now: () => number = () => Date.now(),
  room?: () => number,
  /** The job the book is open for (its createdAt): how its own creations are marked. */
  job?: number,
): FingerprintBook {
  const stamp = job === undefined ? undefined : job.toString(36);
  return new ShardedBook(store, sheetId, scopeTag(scope), now, room, stamp);
}

class ShardedBook implements FingerprintBook {
  /** Each shard's length as stored: a flush may grow the memory only by the room it is given. */
  private readonly storedBytes: number[] = [];
  private readonly shards: Map<string, string>[];
  private readonly journalKey: string;
  private readonly dirty = new Set<number>();
  private unsavedCount = 0;
  /** Entries set since the last flush (replayed from the journal too), for the journal. */
  private readonly pending = new Map<string, string>();
  /** Keys forgotten since the last flush: a journal cannot say so, only a flush. */
  private forgotten = false;
  /**
   * The stored journal holds every pending entry (replayed from it, or just written): a keep
   * then writes nothing. Re-writing a replayed journal could bring back an entry another
   * execution set and flushed since (a dry run opens the memory too, and sets nothing).
   */
  private journalCurrent = true;
  /** Bytes the flush under way may still add; Infinity without a budget. */
  private growth = Number.POSITIVE_INFINITY;

  constructor(
    private readonly store: KeyValueStore,
    private readonly sheetId: number,
    private readonly tag: string,
    private readonly now: () => number,
    private readonly room: (() => number) | undefined,
    private readonly stamp: string | undefined,
  ) {
    this.shards = Array.from({ length: MEMORY_SHARDS }, (_, n) => {
      try {
        const raw = store.get(memoryKey(sheetId, n));
        this.storedBytes[n] = raw?.length ?? 0;
        return decodeShard(raw, tag);
      } catch {
        this.storedBytes[n] = 0;
        return new Map<string, string>();
      }
    });
    this.journalKey = memoryJournalKey(sheetId);
    this.replayJournal();
  }

  /** A journal written before a kill: its entries are newer than the shards'. */
  private replayJournal(): void {
    try {
      for (const [id, value] of decodeShard(this.store.get(this.journalKey), this.tag)) {
        const n = shardOf(id);
        const entries = this.shards[n] as Map<string, string>;
        if (entries.get(id) === value) continue;
        entries.delete(id);
        entries.set(id, value);
        // Still only in the journal: the next journal written must hold it too.
        this.pending.set(id, value);
        this.dirty.add(n);
        this.unsavedCount += 1;
      }
    } catch {
      // A damaged journal is only a lost cache.
    }
  }

  /** Writes shard `n`, within its size and the room the budget leaves: the oldest go first. */
  private write(n: number): void {
    const entries = this.shards[n] as Map<string, string>;
    const before = this.storedBytes[n] ?? 0;
    trimOldest(entries, this.tag, Math.min(SHARD_MAX_BYTES, before + Math.max(0, this.growth)));
    if (this.storeShard(n, entries, before)) return;
    // The document store is full: keep the newer half of this shard, else nothing of it.
    trimOldest(entries, this.tag, Math.floor(encodeShard(entries, this.tag).length / 2));
    if (this.storeShard(n, entries, before)) return;
    entries.clear();
    try {
      this.store.delete(memoryKey(this.sheetId, n));
      this.growth += before;
      this.storedBytes[n] = 0;
    } catch {
      // Nothing more to free; the next flush tries again.
    }
  }

  /** One write of shard `n`; false when the store refused it. */
  private storeShard(n: number, entries: Map<string, string>, before: number): boolean {
    try {
      const text = encodeShard(entries, this.tag);
      this.store.set(memoryKey(this.sheetId, n), text);
      this.growth -= text.length - before;
      this.storedBytes[n] = text.length;
      return true;
    } catch {
      return false;
    }
  }

  get(keyId: string): LastImport | undefined {
    const id = keyId.slice(-ID_CHARS);
    const value = this.shards[shardOf(id)]?.get(id);
    if (value === undefined) return undefined;
    const [lead = '', by] = value.slice(ID_CHARS).split(CREATED_MARK);
    const leadId = Number.parseInt(lead, 36);
    if (!Number.isSafeInteger(leadId) || leadId <= 0) return undefined;
    const fingerprint = value.slice(0, ID_CHARS);
    const createdHere = by !== undefined && by === this.stamp;
    return createdHere ? { fingerprint, leadId, createdHere } : { fingerprint, leadId };
  }

  intend(keyId: string, fingerprint: string): void {
    const id = keyId.slice(-ID_CHARS);
    if (this.stamp === undefined || this.get(id) !== undefined) return;
    this.put(
      id,
      `${fingerprint.slice(-ID_CHARS).padStart(ID_CHARS, '0')}0${CREATED_MARK}${this.stamp}`,
    );
  }

  intended(keyId: string): string | undefined {
    const id = keyId.slice(-ID_CHARS);
    const value = this.shards[shardOf(id)]?.get(id);
    if (value === undefined || this.stamp === undefined) return undefined;
    return value.slice(ID_CHARS) === `0${CREATED_MARK}${this.stamp}`
      ? value.slice(0, ID_CHARS)
      : undefined;
  }

  set(keyId: string, entry: LastImport): void {
    const id = keyId.slice(-ID_CHARS);
    const before = this.get(id);
    const mine = entry.createdHere || (before?.createdHere && before.leadId === entry.leadId);
    const mark = mine && this.stamp !== undefined ? `${CREATED_MARK}${this.stamp}` : '';
    this.put(
      id,
      `${entry.fingerprint.slice(-ID_CHARS).padStart(ID_CHARS, '0')}${entry.leadId.toString(36)}${mark}`,
    );
  }

  private put(id: string, value: string): void {
    const n = shardOf(id);
    const entries = this.shards[n] as Map<string, string>;
    if (entries.get(id) === value) return;
    // Re-inserting moves the lead to the newest end, so the oldest are forgotten first.
    entries.delete(id);
    entries.set(id, value);
    this.pending.set(id, value);
    this.dirty.add(n);
    this.unsavedCount += 1;
    this.journalCurrent = false;
  }

  forget(keyId: string): void {
    const id = keyId.slice(-ID_CHARS);
    const n = shardOf(id);
    if (this.shards[n]?.delete(id)) {
      this.pending.delete(id);
      this.dirty.add(n);
      this.unsavedCount += 1;
      this.forgotten = true;
      this.journalCurrent = false;
    }
  }

  journal(): void {
    if (this.pending.size === 0) return;
    const text = encodeShard(this.pending, this.tag);
    if (text.length > SHARD_MAX_BYTES) {
      this.flush();
      return;
    }
    try {
      this.store.set(this.journalKey, text);
      this.journalCurrent = true;
    } catch {
      // The store is full: the next flush saves these entries, or they are looked up again.
    }
  }

  keep(): void {
    if (this.unsavedCount === 0 || this.journalCurrent) return;
    if (this.forgotten || encodeShard(this.pending, this.tag).length > SHARD_MAX_BYTES) {
      this.flush();
      return;
    }
    try {
      this.store.set(this.journalKey, encodeShard(this.pending, this.tag));
      this.journalCurrent = true;
    } catch {
      // The store is full: a flush gives way where it must (write), rather than lose them.
      this.flush();
    }
  }

  get unsaved(): number {
    return this.unsavedCount;
  }

  flush(): void {
    if (this.unsavedCount === 0) return;
    this.unsavedCount = 0;
    this.growth = Number.POSITIVE_INFINITY;
    try {
      if (this.room) this.growth = this.room();
    } catch {
      // The budget could not be read: the store's own limit still holds.
    }
    for (const n of this.dirty) this.write(n);
    this.dirty.clear();
    this.forgotten = false;
    this.journalCurrent = true;
    // The journal's entries are in the shards now. It goes: replayed by a later opening, an
    // entry set again since (or forgotten) would come back stale (a row seen changed, sent
    // again), and a journal now lives across executions (keep).
    this.pending.clear();
    try {
      this.store.delete(this.journalKey);
    } catch {
      // It is replayed next time: entries the shards hold already change nothing.
    }
    try {
      this.store.set(memoryStampKey(this.sheetId), String(this.now()));
    } catch {
      // Without a stamp the memory only gives way sooner.
    }
  }
}
