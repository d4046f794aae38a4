/**
 * One memory of a sheet's last sidebar settings, shared by every sidebar (issue 29.2: Send and
 * Lead actions chose different lead columns on the same sheet). Kept in the person's own store
 * (their user properties, under the spreadsheet), keyed by the sheet's id so a rename keeps it.
 * What is kept is small and plain: how rows name their lead (a lead choice's option value,
 * `column:ID` or `match:email`).
 */
import type { KeyValueStore } from '../ports';

export interface SheetMemory {
  /** How the sheet's rows name their lead: `column:<header>` or `match:<matchBy>`. */
  lead?: string;
}

const PREFIX = 'sheet.';
const MAX_VALUE_CHARS = 500;

export function sheetMemoryKey(sheetId: number): string {
  return `${PREFIX}${sheetId}`;
}

export function readSheetMemory(store: KeyValueStore, sheetId: number): SheetMemory {
  const raw = store.get(sheetMemoryKey(sheetId));
  if (raw === null) return {};
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    return typeof parsed.lead === 'string' ? { lead: parsed.lead } : {};
  } catch {
    return {};
  }
}

/** Merges `patch` into the sheet's memory; anything but short text is left out. */
export function rememberSheet(store: KeyValueStore, sheetId: number, patch: unknown): SheetMemory {
  const next = { ...readSheetMemory(store, sheetId) };
  const lead = (patch as { lead?: unknown } | null)?.lead;
  if (typeof lead === 'string' && lead.length <= MAX_VALUE_CHARS) next.lead = lead;
  store.set(sheetMemoryKey(sheetId), JSON.stringify(next));
  return next;
}

/**
 * The lead id column a sidebar offers first on a sheet: the remembered column when the header
 * row still has it; null when the person chose a lookup by e-mail / phone; else `fallback` (the
 * shared default, lead-actions-ui-api.ts defaultLeadIdColumn).
 */
export function rememberedLeadColumn(
  memory: SheetMemory,
  headers: readonly string[],
  fallback: string | null,
): string | null {
  const lead = memory.lead;
  if (lead === undefined) return fallback;
  if (lead.startsWith('match:')) return null;
  const header = lead.startsWith('column:') ? lead.slice('column:'.length) : '';
  return headers.includes(header) ? header : fallback;
}
