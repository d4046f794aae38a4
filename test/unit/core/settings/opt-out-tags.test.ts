import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from '../../../../src/core/ports';
import {
  MAX_OPT_OUT_ENTRIES,
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

describe('the opt-out tags of a spreadsheet', () => {
  it("a person's send skips every other person's tag, and their own", () => {
    const store = memoryStore();
    spreadsheetOptOutTags(store, 'ana', 'nao-enviar', 0, false);
    expect(spreadsheetOptOutTags(store, 'bia', 'optout', 1)).toEqual(['optout', 'nao-enviar']);
    expect(spreadsheetOptOutTags(store, 'ana', 'Nao-Enviar', 2)).toEqual(['Nao-Enviar', 'optout']);
  });

  it('a replaced tag a preview used counts while that preview may run, then not', () => {
    const store = memoryStore();
    spreadsheetOptOutTags(store, 'ana', 'optout', 0);
    expect(spreadsheetOptOutTags(store, 'ana', 'nao-enviar', HOUR)).toEqual([
      'nao-enviar',
      'optout',
    ]);
    expect(spreadsheetOptOutTags(store, 'ana', 'nao-enviar', 26 * HOUR)).toEqual(['nao-enviar']);
  });

  it('a replaced tag no preview used stops counting at once', () => {
    const store = memoryStore();
    spreadsheetOptOutTags(store, 'ana', 'optout', 0, false);
    expect(spreadsheetOptOutTags(store, 'ana', 'nao-enviar', 1, false)).toEqual(['nao-enviar']);
  });

  it('stays small: the bound drops the oldest, never the sender', () => {
    const store = memoryStore();
    for (let i = 0; i < MAX_OPT_OUT_ENTRIES + 5; i++) {
      spreadsheetOptOutTags(store, `p${i}`, `tag-${i}`, i);
    }
    const stored = JSON.parse(store.get(OPT_OUT_TAGS_KEY) ?? '[]') as unknown[];
    expect(stored).toHaveLength(MAX_OPT_OUT_ENTRIES);
    expect(spreadsheetOptOutTags(store, 'p0', 'tag-0', 100)).toContain('tag-0');
  });

  it('a list that cannot be written still gives the sender its tags', () => {
    const store = {
      ...memoryStore(),
      set: () => {
        throw new Error('full');
      },
    };
    expect(spreadsheetOptOutTags(store, 'ana', 'optout', 0)).toEqual(['optout']);
  });
});
