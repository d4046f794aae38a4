import { readChunkedJson, writeChunkedJson } from '../jobs/chunked-json';
import type { KeyValueStore } from '../ports';

/** Document property (chunked) holding one sheet's fingerprints: `crm.import.fp.<sheetId>`. */
export const FINGERPRINT_KEY_PREFIX = 'crm.import.fp.';

export function fingerprintKey(sheetId: number): string {
  return `${FINGERPRINT_KEY_PREFIX}${sheetId}`;
}

export interface LastImport {
  fingerprint: string;
  leadId: number;
}

/**
 * What each lead of a sheet looked like when it was last imported successfully, by match key
 * id (matchKeyId). It is a cache: losing entries only costs a re-send, because an upsert is
 * idempotent. Stored compactly (`"<keyId>": "<fingerprint>:<leadId>"`, about 35 bytes a
 * lead) so that a 5,000-row sheet stays near 175 KB of the 500 KB document properties.
 */
export interface FingerprintBook {
  get(keyId: string): LastImport | undefined;
  set(keyId: string, entry: LastImport): void;
  /** Entries set since the last flush. */
  readonly unsaved: number;
  /** Writes the book when it has unsaved entries. */
  flush(): void;
}

function decode(stored: unknown): Map<string, string> {
  const entries = new Map<string, string>();
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return entries;
  for (const [key, value] of Object.entries(stored as Record<string, unknown>)) {
    if (typeof value === 'string') entries.set(key, value);
  }
  return entries;
}

/** Loads the book once; a damaged value reads as empty (it is only a cache). */
export function openFingerprintBook(store: KeyValueStore, sheetId: number): FingerprintBook {
  const key = fingerprintKey(sheetId);
  let entries: Map<string, string>;
  try {
    entries = decode(readChunkedJson(store, key));
  } catch {
    entries = new Map();
  }
  let unsaved = 0;
  return {
    get(keyId) {
      const value = entries.get(keyId);
      if (value === undefined) return undefined;
      const colon = value.indexOf(':');
      const leadId = Number(value.slice(colon + 1));
      if (colon < 1 || !Number.isSafeInteger(leadId)) return undefined;
      return { fingerprint: value.slice(0, colon), leadId };
    },
    set(keyId, entry) {
      const value = `${entry.fingerprint}:${entry.leadId}`;
      if (entries.get(keyId) === value) return;
      entries.set(keyId, value);
      unsaved += 1;
    },
    get unsaved() {
      return unsaved;
    },
    flush() {
      if (unsaved === 0) return;
      writeChunkedJson(store, key, Object.fromEntries(entries));
      unsaved = 0;
    },
  };
}
