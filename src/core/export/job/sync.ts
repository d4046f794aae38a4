/**
 * The watermark of sync exports: per sheet, the `updated_since` the next sync asks for, kept in
 * the document's properties under `crm.export.lastSync.<sheetId>`. It is tied to what the sheet
 * was synced with (the CRM account and base URL, filters, columns, include): after any of those
 * changes a watermark would hide leads that match the new choice but did not change (another
 * account's key missed 39 of its 40 leads, issue 16.11), so the next sync reads everything again.
 */
import { cacheKeyFor } from '../../cache/chunked';
import type { KeyValueStore } from '../../ports';

export const LAST_SYNC_KEY_PREFIX = 'crm.export.lastSync.';

export interface LastSync {
  /** ISO instant: the next sync asks for leads updated since then. */
  since: string;
  /** syncScope() of the export that set it. */
  scope: string;
}

export function lastSyncKey(sheetId: number): string {
  return `${LAST_SYNC_KEY_PREFIX}${sheetId}`;
}

/** A short fingerprint of what a sheet is synced with. */
export function syncScope(
  filters: Readonly<Record<string, unknown>>,
  columns: readonly string[],
  include: readonly string[],
  /** Who the leads were read from: base URL and account (addon/context.ts ownerOf). */
  account = '',
): string {
  const { updated_since: _ignored, ...rest } = filters;
  // The user's own updated_since only narrows the first sync; later syncs move past it.
  return cacheKeyFor([rest, [...columns], [...include].sort(), account]);
}

/** The stored watermark when it belongs to `scope`; null when absent, unreadable or for other settings. */
export function readLastSync(store: KeyValueStore, sheetId: number, scope: string): string | null {
  const raw = store.get(lastSyncKey(sheetId));
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<LastSync>;
    if (parsed.scope !== scope || typeof parsed.since !== 'string') return null;
    return Number.isNaN(Date.parse(parsed.since)) ? null : parsed.since;
  } catch {
    return null;
  }
}

export function writeLastSync(store: KeyValueStore, sheetId: number, record: LastSync): void {
  store.set(lastSyncKey(sheetId), JSON.stringify(record));
}

/**
 * The later of two `updated_since` values (either may be absent): a user's explicit filter and
 * the stored watermark. Dates without a time count from the start of their UTC day, as the API
 * reads them.
 */
export function laterSince(
  a: string | undefined,
  b: string | null | undefined,
): string | undefined {
  if (a === undefined || a === '') return b ?? undefined;
  if (b === undefined || b === null || b === '') return a;
  return instantOf(b) > instantOf(a) ? b : a;
}

function instantOf(value: string): number {
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}
