/**
 * The query an export sheet remembers (PRODUCT.md: `crmRefreshExport(sheet)` runs again the
 * export that wrote that sheet, with the filters, columns and include it remembers). It is kept
 * as the value of the sheet's export mark (src/gas/export-target.ts), so it follows the sheet
 * through renames and copies and goes when the sheet goes. What is kept is what the person
 * chose, names and all (`pipeline: "Vendas"`), not the ids they became: a refresh resolves them
 * again, as the first export did.
 */
import { codedError } from '../errors';
import type { StaleRowAction } from './stale';

export interface RememberedQuery {
  filters?: Record<string, unknown>;
  columns?: string | string[];
  include?: string | string[];
  mode?: 'replace' | 'sync';
  staleRows?: StaleRowAction;
}

const KEYS = ['filters', 'columns', 'include', 'mode', 'staleRows'] as const;

/** The mark's value for an export started with `options` (its sheet left out). */
export function rememberQuery(options: Readonly<Record<string, unknown>>): string {
  const kept: Record<string, unknown> = {};
  for (const key of KEYS) {
    const value = options[key];
    if (value !== undefined && value !== null && value !== '') kept[key] = value;
  }
  // JSON turns a date cell given as updated_since into its ISO text, which the filters accept.
  return JSON.stringify({ v: 1, query: kept });
}

/** The query a mark's value holds; null for a mark without one (an export before this). */
export function readRememberedQuery(value: string | null): RememberedQuery | null {
  if (value === null || value.trim() === '') return null;
  try {
    const parsed = JSON.parse(value) as { v?: unknown; query?: unknown };
    if (parsed.v !== 1 || typeof parsed.query !== 'object' || parsed.query === null) return null;
    return parsed.query as RememberedQuery;
  } catch {
    return null;
  }
}

/**
 * The options of a refresh: the remembered query as a sync in place, or as a replace when its
 * columns leave out the id a sync finds rows by.
 */
export function refreshOptions(
  sheet: string,
  query: RememberedQuery | null,
): RememberedQuery & { sheet: string; mode: 'replace' | 'sync' } {
  if (query === null) {
    throw codedError(
      `The sheet "${sheet}" was not written by an export that remembers its query: export into it once with crmExportLeads (or CRM → Export leads), then crmRefreshExport runs that export again.`,
      'exportNothingRemembered',
      { sheet },
    );
  }
  const wantsSync = query.mode === 'sync' || columnsHoldId(query.columns);
  return { ...query, sheet, mode: wantsSync ? 'sync' : 'replace' };
}

/** Whether the chosen columns hold the lead id (no columns: the defaults, which do). */
function columnsHoldId(columns: RememberedQuery['columns']): boolean {
  if (columns === undefined) return true;
  const list = Array.isArray(columns) ? columns.map(String) : String(columns).split(',');
  return list.some((column) => column.trim().toLowerCase() === 'id');
}
