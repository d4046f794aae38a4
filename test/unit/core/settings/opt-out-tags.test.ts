import { describe, expect, it } from 'vitest';
import type { KeyValueStore, Mutex } from '../../../../src/core/ports';
import {
  MAX_OPT_OUT_ENTRIES,
  MAX_OPT_OUT_LIST_BYTES,
  OPT_OUT_TAGS_KEY,
  spreadsheetOptOutTags,
} from '../../../../src/core/settings/opt-out-tags';

const HOUR = 60 * 60_000;

function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => {
      map.set(key, value);
    },
    delete: (key) => {
      map.delete(key);
    },
    keys: () => [...map.keys()],
  };
}

/** A lock as LockService's: free, or held by another execution (tryLock fails). */
function testLock(busy = false): Mutex & { taken: number } {
  const lock = {
    taken: 0,
    tryLock: () => {
      if (!busy) lock.taken += 1;
      return !busy;
    },
    release: () => {},
  };
  return lock;
}

const tagsOf = (store: KeyValueStore, person: string, tag: string, now: number, used = true) =>
  spreadsheetOptOutTags(store, testLock(), person, tag, now, { used });

describe('the opt-out tags of a spreadsheet', () => {
  it("a person's send skips every other person's tag, and their own", () => {
    const store = memoryStore();
    tagsOf(store, 'ana', 'nao-enviar', 0, false);
    expect(tagsOf(store, 'bia', 'optout', 1)).toEqual(['optout', 'nao-enviar']);
    expect(tagsOf(store, 'ana', 'Nao-Enviar', 2)).toEqual(['Nao-Enviar', 'optout']);
  });

  it('a replaced tag a preview used counts while that preview may run, then not', () => {
    const store = memoryStore();
    tagsOf(store, 'ana', 'optout', 0);
    expect(tagsOf(store, 'ana', 'nao-enviar', HOUR)).toEqual(['nao-enviar', 'optout']);
    expect(tagsOf(store, 'ana', 'nao-enviar', 26 * HOUR)).toEqual(['nao-enviar']);
  });

  it('a replaced tag no preview used stops counting at once', () => {
    const store = memoryStore();
    tagsOf(store, 'ana', 'optout', 0, false);
    expect(tagsOf(store, 'ana', 'nao-enviar', 1, false)).toEqual(['nao-enviar']);
  });

  it('stays small: the bound drops the oldest, never the sender', () => {
    const store = memoryStore();
    for (let i = 0; i < MAX_OPT_OUT_ENTRIES + 5; i++) {
      tagsOf(store, `p${i}`, `tag-${i}`, i);
    }
    const stored = JSON.parse(store.get(OPT_OUT_TAGS_KEY) ?? '[]') as unknown[];
    expect(stored).toHaveLength(MAX_OPT_OUT_ENTRIES);
    expect(tagsOf(store, 'p0', 'tag-0', 100)).toContain('tag-0');
  });

  it('a list that cannot be written still gives the sender its tags', () => {
    const store = {
      ...memoryStore(),
      set: () => {
        throw new Error('full');
      },
    };
    expect(tagsOf(store, 'ana', 'optout', 0)).toEqual(['optout']);
  });

  it('a save when the lock cannot be had refuses and saves nothing', () => {
    const store = memoryStore();
    tagsOf(store, 'ana', 'optout', 0, false);
    const before = store.get(OPT_OUT_TAGS_KEY);
    let saved = false;
    const save = () =>
      spreadsheetOptOutTags(store, testLock(true), 'bia', 'nao-enviar', 1, {
        used: false,
        whileLocked: () => {
          saved = true;
        },
      });
    expect(save).toThrow(/list of opt-out tags is busy/);
    expect(saved).toBe(false);
    expect(store.get(OPT_OUT_TAGS_KEY)).toBe(before);
  });

  it('a job whose tag is in force goes on without the lock, writing nothing', () => {
    const store = memoryStore();
    tagsOf(store, 'ana', 'optout', 0, false);
    const before = store.get(OPT_OUT_TAGS_KEY);
    const inJob = { inJob: true };
    expect(spreadsheetOptOutTags(store, testLock(true), 'ana', 'optout', 1, inJob)).toEqual([
      'optout',
    ]);
    expect(store.get(OPT_OUT_TAGS_KEY)).toBe(before);
    // A tag not yet on the list is refused instead: others' sends would not skip it.
    expect(() => spreadsheetOptOutTags(store, testLock(true), 'bia', 'x', 1, inJob)).toThrow(
      /busy/,
    );
  });

  it('a preview under a busy lock is refused: its run still skips a tag replaced since', () => {
    const HOUR = 3_600_000;
    const store = memoryStore();
    spreadsheetOptOutTags(store, testLock(), 'ana', 'optout', 0, { used: false });
    // A preview 30 h later (its use is due to be written) meets the lock held: before, it went
    // on without recording its use, Ana then replaced her tag, and her run no longer skipped
    // the leads tagged optout that the preview had shown SKIPPED.
    expect(() => spreadsheetOptOutTags(store, testLock(true), 'ana', 'optout', 30 * HOUR)).toThrow(
      /busy/,
    );
    // Tried again once the lock is free, the use is recorded and outlives the replacement.
    spreadsheetOptOutTags(store, testLock(), 'ana', 'optout', 30 * HOUR + 1_000);
    spreadsheetOptOutTags(store, testLock(), 'ana', 'nao-enviar', 30 * HOUR + 60_000, {
      used: false,
      whileLocked: () => {},
    });
    expect(
      spreadsheetOptOutTags(store, testLock(), 'ana', 'nao-enviar', 30 * HOUR + 120_000),
    ).toEqual(['nao-enviar', 'optout']);
  });

  it('takes the lock only to write', () => {
    const store = memoryStore();
    const lock = testLock();
    spreadsheetOptOutTags(store, lock, 'ana', 'optout', 0, { used: false });
    spreadsheetOptOutTags(store, lock, 'ana', 'optout', 1, { used: false });
    expect(lock.taken).toBe(1);
  });

  it('refuses a list over the bytes it may hold, saying what to fix, and saves nothing', () => {
    const store = memoryStore();
    // Control characters: 6 bytes each once JSON-escaped (a 100-character tag, 600 bytes).
    const long = (i: number) => `${i}`.padEnd(100, '\u0001');
    let refused: unknown;
    let kept = 0;
    for (let i = 0; i < MAX_OPT_OUT_ENTRIES && refused === undefined; i += 1) {
      try {
        tagsOf(store, `p${i}`, long(i), i, false);
        kept += 1;
      } catch (error) {
        refused = error;
      }
    }
    expect(String(refused)).toMatch(/would take \d+ bytes.*shorter opt-out tag/);
    expect((refused as { cause: { code: string } }).cause.code).toBe('optOutTagsTooLong');
    const stored = store.get(OPT_OUT_TAGS_KEY) ?? '';
    expect(JSON.parse(stored)).toHaveLength(kept);
    expect(new TextEncoder().encode(stored).length).toBeLessThanOrEqual(MAX_OPT_OUT_LIST_BYTES);
  });
});
