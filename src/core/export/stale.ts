/**
 * Rows of a synced sheet whose lead is no longer in the export: deleted in the CRM, or changed
 * so that it no longer matches the filters. The API reports no deletions, so only a full pass
 * (every lead that matches, no `updated_since`) can tell: a row whose id that pass did not read
 * is stale. `staleRows` says what happens to it: `keep` (nothing), `mark` (`GONE` in the
 * `CRM Sync Status` column, cleared again when the lead comes back), `delete` (the row goes).
 */
import type { CellValue } from './cells';
import type { SheetBlock } from './sync';

export const STALE_ROW_ACTIONS = ['keep', 'mark', 'delete'] as const;
export type StaleRowAction = (typeof STALE_ROW_ACTIONS)[number];

/** Where `mark` writes; found by header text, created at the right of the header when missing. */
export const SYNC_STATUS_HEADER = 'CRM Sync Status';
/** The lead of this row was not in the last full pass. */
export const GONE = 'GONE';

export interface StalePlan {
  /** Status cells to write (mark): one block over the status column, header included if new. */
  writes: SheetBlock[];
  /** Data rows (0-based, below the header) to delete, in descending order (delete). */
  deleteRows: number[];
  /** The lead id each of `deleteRows` held when planned, and the column it is in (0-based). */
  deleteIds?: { column: number; ids: number[] };
  /** Rows found stale. */
  stale: number;
}

export interface PlanStaleInput {
  header: readonly unknown[];
  rows: readonly (readonly unknown[])[];
  /** Ids of every lead the full pass read. */
  seen: ReadonlySet<number>;
  action: Exclude<StaleRowAction, 'keep'>;
  idColumn?: string;
}

export function planStale(input: PlanStaleInput): StalePlan {
  const header = input.header.map((cell) => String(cell ?? '').trim());
  const idIndex = findColumn(header, input.idColumn ?? 'id');
  if (idIndex === -1) return { writes: [], deleteRows: [], stale: 0 };
  const staleRows: number[] = [];
  input.rows.forEach((row, index) => {
    const id = leadIdOf(row[idIndex]);
    if (id !== null && !input.seen.has(id)) staleRows.push(index);
  });
  if (input.action === 'delete') {
    const deleteRows = [...staleRows].reverse();
    const ids = deleteRows.map((index) => leadIdOf(input.rows[index]?.[idIndex]) as number);
    return {
      writes: [],
      deleteRows,
      deleteIds: { column: idIndex, ids },
      stale: staleRows.length,
    };
  }

  let statusIndex = findColumn(header, SYNC_STATUS_HEADER);
  const isNew = statusIndex === -1;
  if (isNew) statusIndex = lastFilled(header) + 1;
  const stale = new Set(staleRows);
  let changed = false;
  const column: CellValue[][] = input.rows.map((row, index) => {
    const current = String(row[statusIndex] ?? '');
    const next = stale.has(index) ? GONE : current === GONE ? '' : current;
    if (next !== current) changed = true;
    // Written as text (apostrophe), so no status can ever be read as a formula or a number.
    return [next === '' ? '' : `'${next}`];
  });
  if (!changed && !isNew) return { writes: [], deleteRows: [], stale: staleRows.length };
  const writes: SheetBlock[] = isNew
    ? [{ row: 0, column: statusIndex, values: [[`'${SYNC_STATUS_HEADER}`], ...column] }]
    : [{ row: 1, column: statusIndex, values: column }];
  return { writes, deleteRows: [], stale: staleRows.length };
}

function findColumn(header: readonly string[], name: string): number {
  return header.findIndex((cell) => cell.toLowerCase() === name.toLowerCase());
}

function lastFilled(header: readonly string[]): number {
  for (let i = header.length - 1; i >= 0; i--) if (header[i] !== '') return i;
  return -1;
}

/** A lead id as read back from a sheet (number or text); null for anything else. */
export function leadIdOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : String(value ?? '').trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** Sorted ids as deltas in base 36 (`a,1,3,…`): a full pass's ids fit the job record. */
export function encodeIds(ids: Iterable<number>): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  let previous = 0;
  return sorted
    .map((id) => {
      const delta = id - previous;
      previous = id;
      return delta.toString(36);
    })
    .join(',');
}

export function decodeIds(text: string | undefined): Set<number> {
  const ids = new Set<number>();
  if (!text) return ids;
  let previous = 0;
  for (const part of text.split(',')) {
    previous += Number.parseInt(part, 36);
    ids.add(previous);
  }
  return ids;
}
