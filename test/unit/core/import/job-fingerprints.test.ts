import { describe, expect, it } from 'vitest';
import { matchKeyId, payloadFingerprint } from '../../../../src/core/import/fingerprint';
import {
  MAX_REMEMBERED_LEADS,
  MEMORY_SHARDS,
  memoryToReclaim,
  openFingerprintBook,
  SHARD_MAX_BYTES,
} from '../../../../src/core/import/job/fingerprints';
import type { KeyValueStore } from '../../../../src/core/ports';

/**
 * A Properties-like store with the document store's total size limit, 9 KB a value, and the
 * largest total it ever held (to show a rewrite never needs a second copy).
 */
function memoryStore(limitBytes = 500_000) {
  const values = new Map<string, string>();
  const bytes = () => [...values].reduce((sum, [k, v]) => sum + k.length + v.length, 0);
  let peak = 0;
  const store: KeyValueStore & { bytes(): number; peak(): number } = {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => {
      if (key.length + value.length > 9 * 1024) throw new Error('Argument too large: value');
      const before = values.get(key);
      values.set(key, value);
      if (bytes() > limitBytes) {
        if (before === undefined) values.delete(key);
        else values.set(key, before);
        throw new Error('You have exceeded the property storage quota.');
      }
      peak = Math.max(peak, bytes());
    },
    delete: (key) => {
      values.delete(key);
    },
    keys: () => [...values.keys()],
    bytes,
    peak: () => peak,
  };
  return store;
}

const keyOf = (i: number) => matchKeyId(`email:cliente${i}@exemplo.com.br`);
const entry = (i: number, version = 0) => ({
  fingerprint: payloadFingerprint({ i, version }),
  leadId: 100_000 + i,
});

function fill(store: KeyValueStore, count: number, scope = 'acct-1') {
  const book = openFingerprintBook(store, 7, scope);
  for (let i = 0; i < count; i++) book.set(keyOf(i), entry(i));
  book.flush();
  return book;
}

describe('the import memory', () => {
  it('holds at most MEMORY_SHARDS × SHARD_MAX_BYTES and forgets the oldest entries first', () => {
    const store = memoryStore();
    fill(store, MAX_REMEMBERED_LEADS * 2);
    expect(store.bytes()).toBeLessThanOrEqual(MEMORY_SHARDS * (SHARD_MAX_BYTES + 20));
    const book = openFingerprintBook(store, 7, 'acct-1');
    const newest = Array.from({ length: 500 }, (_, k) => MAX_REMEMBERED_LEADS * 2 - 1 - k);
    expect(newest.every((i) => book.get(keyOf(i))?.leadId === 100_000 + i)).toBe(true);
    const oldest = Array.from({ length: 500 }, (_, i) => i);
    expect(oldest.every((i) => book.get(keyOf(i)) === undefined)).toBe(true);
    let kept = 0;
    for (let i = 0; i < MAX_REMEMBERED_LEADS * 2; i++) if (book.get(keyOf(i))) kept += 1;
    expect(kept).toBeGreaterThan(MAX_REMEMBERED_LEADS * 0.85);
  });

  it('a memory near its limit re-written with a few changes needs no second copy and loses nothing', () => {
    const count = Math.floor(MAX_REMEMBERED_LEADS * 0.95);
    const roomy = memoryStore();
    fill(roomy, count);
    // A store with room for the memory plus one shard, never for a second copy of it.
    const limit = roomy.bytes() + SHARD_MAX_BYTES + 500;
    const tight = memoryStore(limit);
    fill(tight, count);
    const before = openFingerprintBook(tight, 7, 'acct-1');
    const kept = Array.from({ length: count }, (_, i) => i).filter((i) => before.get(keyOf(i)));
    expect(kept.length).toBeGreaterThan(count * 0.9);
    const changed = [kept[3], kept[500], kept[1_700], kept[2_900], kept.at(-1)] as number[];
    for (const i of changed) before.set(keyOf(i), entry(i, 1));
    before.flush();
    expect(tight.peak()).toBeLessThanOrEqual(limit);
    const after = openFingerprintBook(tight, 7, 'acct-1');
    for (const i of kept)
      expect(after.get(keyOf(i))).toEqual(entry(i, changed.includes(i) ? 1 : 0));
  });

  it('a full document store costs the newest writes part of one shard, never the whole memory', () => {
    const roomy = memoryStore();
    fill(roomy, 3_000);
    const tight = memoryStore(roomy.bytes() + 50);
    fill(tight, 3_000);
    const book = openFingerprintBook(tight, 7, 'acct-1');
    for (let i = 3_000; i < 3_400; i++) book.set(keyOf(i), entry(i));
    expect(() => book.flush()).not.toThrow();
    const reopened = openFingerprintBook(tight, 7, 'acct-1');
    let kept = 0;
    for (let i = 0; i < 3_400; i++) if (reopened.get(keyOf(i))) kept += 1;
    expect(kept).toBeGreaterThan(2_000);
  });

  it('is tied to the account and base URL it was made with', () => {
    const store = memoryStore();
    fill(store, 50, 'account 1 at https://crm.example.com/api/v1');
    expect(
      openFingerprintBook(store, 7, 'account 2 at https://crm.example.com/api/v1').get(keyOf(1)),
    ).toBeUndefined();
    expect(
      openFingerprintBook(store, 7, 'account 1 at https://crm.example.com/api/v1').get(keyOf(1)),
    ).toEqual(entry(1));
  });
});

describe('the import memory gives way oldest sheet first (memoryToReclaim)', () => {
  it('stamps each flush, and picks whole sheets, oldest first, until enough is freed', () => {
    const store = memoryStore();
    let now = 1_000;
    for (const sheetId of [7, 8, 9]) {
      const book = openFingerprintBook(store, sheetId, 'acct-1', () => now);
      for (let i = 0; i < 50; i++) book.set(keyOf(i), entry(i));
      book.flush();
      now += 1_000;
    }
    expect(store.get('crm.import.mem.8.at')).toBe('2000');
    const all = Object.fromEntries(
      store.keys().map((k) => [`crm.ss.X.data.${k}`, store.get(k) ?? '']),
    );
    const one = memoryToReclaim(all, 1, (t) => t.length);
    expect(one).toHaveLength(1);
    expect(one[0]?.keys.every((k) => k.includes('.mem.7.'))).toBe(true);
    expect(one[0]?.keys).toHaveLength(MEMORY_SHARDS + 1);
    const two = memoryToReclaim(all, (one[0]?.bytes ?? 0) + 1, (t) => t.length);
    expect(two.map((s) => s.stamp)).toEqual([1_000, 2_000]);
    expect(memoryToReclaim(all, 0, (t) => t.length)).toEqual([]);
  });
});

describe('the import memory within the user store budget', () => {
  it('a flush grows the memory only by the room the budget leaves, newest entries kept', () => {
    const store = memoryStore();
    fill(store, 200);
    const before = store.bytes();
    // A long job: the person's store nears its mark, 3,000 bytes of room are left.
    const book = openFingerprintBook(
      store,
      7,
      'acct-1',
      () => 0,
      () => 3_000,
    );
    for (let i = 200; i < 2_200; i++) book.set(keyOf(i), entry(i));
    book.flush();
    expect(store.bytes() - before).toBeLessThanOrEqual(3_000 + 100);
    const reopened = openFingerprintBook(store, 7, 'acct-1');
    expect(reopened.get(keyOf(2_199))?.leadId).toBe(100_000 + 2_199);
    // No room at all: the memory does not grow (it may only shrink).
    const full = openFingerprintBook(
      store,
      7,
      'acct-1',
      () => 0,
      () => -500,
    );
    const atFull = store.bytes();
    for (let i = 3_000; i < 3_500; i++) full.set(keyOf(i), entry(i));
    full.flush();
    expect(store.bytes()).toBeLessThanOrEqual(atFull + 50);
  });
});

describe('the import memory at a slice end (keep, issue 30)', () => {
  /** The store's writes, counted: each is a Properties call against the daily quota. */
  function counted() {
    const store = memoryStore();
    let writes = 0;
    const set = store.set;
    store.set = (key, value) => {
      writes += 1;
      set(key, value);
    };
    return { store, writes: () => writes };
  }

  it('keeps what a slice learnt in one write, and the next execution finds all of it', () => {
    const { store, writes } = counted();
    const first = openFingerprintBook(store, 7, 'acct-1');
    for (let i = 0; i < 40; i++) first.set(keyOf(i), entry(i));
    first.keep();
    // 40 entries fall in most of the 16 shards: a flush wrote each of them, and the stamp.
    expect(writes()).toBe(1);
    const second = openFingerprintBook(store, 7, 'acct-1');
    for (let i = 0; i < 40; i++) expect(second.get(keyOf(i))).toEqual(entry(i));
    // What the second execution learns is kept with what it replayed: nothing is lost.
    for (let i = 40; i < 60; i++) second.set(keyOf(i), entry(i));
    second.keep();
    expect(writes()).toBe(2);
    const third = openFingerprintBook(store, 7, 'acct-1');
    for (let i = 0; i < 60; i++) expect(third.get(keyOf(i))).toEqual(entry(i));
  });

  it('a forgotten key is written to its shard: a journal cannot say it is gone', () => {
    const { store } = counted();
    fill(store, 10);
    const book = openFingerprintBook(store, 7, 'acct-1');
    book.forget(keyOf(3));
    book.keep();
    expect(openFingerprintBook(store, 7, 'acct-1').get(keyOf(3))).toBeUndefined();
    expect(openFingerprintBook(store, 7, 'acct-1').get(keyOf(4))).toEqual(entry(4));
  });

  it('a book that only replayed the journal writes nothing at its end: it cannot bring back what an import set since', () => {
    const { store, writes } = counted();
    const slice = openFingerprintBook(store, 7, 'acct-1');
    slice.set(keyOf(1), entry(1, 1));
    slice.keep();
    // A dry run opens the memory (it replays the journal), and sends nothing.
    const dryRun = openFingerprintBook(store, 7, 'acct-1');
    // Meanwhile the import's next execution sets the lead again and flushes (journal deleted).
    const next = openFingerprintBook(store, 7, 'acct-1');
    next.set(keyOf(1), entry(1, 2));
    next.flush();
    const before = writes();
    dryRun.keep();
    expect(openFingerprintBook(store, 7, 'acct-1').get(keyOf(1))).toEqual(entry(1, 2));
    expect(writes() - before).toBe(0);
  });

  it('a slice end right after the write-ahead journal writes nothing more', () => {
    const { store, writes } = counted();
    const book = openFingerprintBook(store, 7, 'acct-1');
    for (let i = 0; i < 5; i++) book.set(keyOf(i), entry(i));
    book.journal();
    const before = writes();
    book.keep();
    expect(writes() - before).toBe(0);
    for (let i = 0; i < 5; i++) {
      expect(openFingerprintBook(store, 7, 'acct-1').get(keyOf(i))).toEqual(entry(i));
    }
  });
});
