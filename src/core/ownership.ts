/**
 * One rule for what the add-on owns (PRODUCT.md): a mark on every sheet or range it writes, and
 * nothing written or cleared outside it. The marks are developer metadata (src/gas/ownership.ts
 * reads and writes them); this module is the pure decision over what they say.
 *
 * - A sheet is the add-on's to write when it is new, empty, or carries the writer's mark. What a
 *   sheet holds never makes it the add-on's: headers that look like an export's are a person's
 *   typing like any other (an export replaced 25 typed rows `name | email | phone | notes` with
 *   300 leads when it took such headers for its own).
 * - On a marked sheet the writer owns only what its mark names (columns, or a range): it clears
 *   and writes there, and a column or cell a person typed beside it stays.
 */

/** Whether a writer may take a sheet, and how. */
export type SheetClaim =
  /** No such sheet: create it, marked. */
  | 'create'
  /** An empty sheet: mark it and write. */
  | 'adopt'
  /** A sheet carrying the writer's mark: write within what the mark names. */
  | 'owned'
  /** Anything else: a person's sheet, left as it was. */
  | 'refuse';

export interface SheetFacts {
  exists: boolean;
  /** Whether it carries this writer's mark. */
  marked: boolean;
  /** Whether any cell holds content (or a chart sits on it). */
  hasContent: boolean;
}

export function claimSheet(facts: SheetFacts): SheetClaim {
  if (!facts.exists) return 'create';
  if (facts.marked) return 'owned';
  return facts.hasContent ? 'refuse' : 'adopt';
}

/**
 * The columns (0-based) a write would touch that the writer does not own and that hold content:
 * writing or clearing them would lose what a person typed. `hasContent` is asked only of those
 * not owned.
 */
export function foreignColumns(
  written: readonly number[],
  owned: ReadonlySet<number>,
  hasContent: (column: number) => boolean,
): number[] {
  return written.filter((column) => !owned.has(column) && hasContent(column));
}

/** Runs of adjacent columns (0-based, any order, duplicates allowed): one clear or write each. */
export function columnRuns(columns: Iterable<number>): { column: number; columns: number }[] {
  const sorted = [...new Set(columns)].sort((a, b) => a - b);
  const runs: { column: number; columns: number }[] = [];
  for (const column of sorted) {
    const last = runs[runs.length - 1];
    if (last && last.column + last.columns === column) last.columns += 1;
    else runs.push({ column, columns: 1 });
  }
  return runs;
}

/** A rectangle of cells, 1-based as Sheets' getRange(row, column, rows, columns) takes it. */
export interface OwnedRange {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** The smallest range holding both (what a rewrite owns while it moves from one to the other). */
export function rangeUnion(a: OwnedRange | null, b: OwnedRange): OwnedRange {
  if (a === null) return { ...b };
  const row = Math.min(a.row, b.row);
  const column = Math.min(a.column, b.column);
  return {
    row,
    column,
    rows: Math.max(a.row + a.rows, b.row + b.rows) - row,
    columns: Math.max(a.column + a.columns, b.column + b.columns) - column,
  };
}

/** Whether `inner` lies wholly inside `outer`. */
export function rangeWithin(inner: OwnedRange, outer: OwnedRange | null): boolean {
  return (
    outer !== null &&
    inner.row >= outer.row &&
    inner.column >= outer.column &&
    inner.row + inner.rows <= outer.row + outer.rows &&
    inner.column + inner.columns <= outer.column + outer.columns
  );
}

/** A range read from a mark's stored value; null when the value is not one. */
export function parseRange(value: unknown): OwnedRange | null {
  if (typeof value !== 'object' || value === null) return null;
  const { row, column, rows, columns } = value as Record<string, unknown>;
  const ok = [row, column, rows, columns].every(
    (n) => typeof n === 'number' && Number.isInteger(n) && n >= 1,
  );
  return ok ? ({ row, column, rows, columns } as OwnedRange) : null;
}
