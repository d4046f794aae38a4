import { describe, expect, it } from 'vitest';
import {
  fingerprintKey,
  MAX_REMEMBERED_LEADS,
  openFingerprintBook,
} from '../../../../src/core/import/job-fingerprints';
import type { KeyValueStore } from '../../../../src/core/ports';

/** A Properties-like store with the document store's total size limit. */
function memoryStore(limitBytes = 500_000): KeyValueStore & { bytes(): number } {
  const values = new Map<string, string>();
  const bytes = () => [...values].reduce((sum, [k, v]) => sum + k.length + v.length, 0);
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => {
      const before = values.get(key);
      values.set(key, value);
      if (bytes() > limitBytes) {
        if (before === undefined) values.delete(key);
        else values.set(key, before);
        throw new Error('You have exceeded the property storage quota.');
      }
    },
    delete: (key) => {
      values.delete(key);
    },
    keys: () => [...values.keys()],
    bytes,
  };
}

const entry = (i: number) => ({
  fingerprint: `fp${i.toString(36).padStart(9, '0')}`,
  leadId: 100_000 + i,
});

describe('the fingerprint book', () => {
  it('round-trips through the store and remembers only the most recent leads', () => {
    const store = memoryStore();
    const book = openFingerprintBook(store, 7);
    for (let i = 0; i < MAX_REMEMBERED_LEADS + 50; i++) book.set(`k${i}`, entry(i));
    book.set('k60', entry(60)); // unchanged: stays where it is, nothing is forgotten
    book.flush();
    const reopened = openFingerprintBook(store, 7);
    expect(reopened.get('k0')).toBeUndefined();
    expect(reopened.get('k49')).toBeUndefined();
    expect(reopened.get('k50')).toEqual(entry(50));
    expect(reopened.get(`k${MAX_REMEMBERED_LEADS + 49}`)).toEqual(entry(MAX_REMEMBERED_LEADS + 49));
    expect(store.bytes()).toBeLessThan(320_000);
  });

  it('a full document store drops the book instead of failing the import', () => {
    const store = memoryStore(60_000);
    const book = openFingerprintBook(store, 3);
    for (let i = 0; i < 3_000; i++) book.set(`k${i}`, entry(i));
    expect(() => book.flush()).not.toThrow();
    expect(store.keys().filter((k) => k.startsWith(fingerprintKey(3)))).toEqual([]);
    expect(openFingerprintBook(store, 3).get('k1')).toBeUndefined();
  });
});
