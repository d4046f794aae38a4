import { deleteChunkedJson, readChunkedJson, writeChunkedJson } from '../jobs/chunked-json';
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
 * At most this many leads are remembered per sheet (the most recently imported), about 280 KB:
 * the 500 KB document store is shared with jobs, schedules and other sheets.
 */
export const MAX_REMEMBERED_LEADS = 8_000;

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
  /**
   * Writes the book when it has unsaved entries. When the document's storage is full the
   * book is dropped instead of failing the job: unchanged rows are then simply sent again.
   */
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
      // Re-inserting moves the lead to the newest end, so the oldest are forgotten first.
      entries.delete(keyId);
      entries.set(keyId, value);
      while (entries.size > MAX_REMEMBERED_LEADS) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      unsaved += 1;
    },
    get unsaved() {
      return unsaved;
    },
    flush() {
      if (unsaved === 0) return;
      unsaved = 0;
      try {
        writeChunkedJson(store, key, Object.fromEntries(entries));
      } catch {
        try {
          deleteChunkedJson(store, key);
        } catch {
          // Nothing more to free; the next flush tries again.
        }
      }
    },
  };
}
