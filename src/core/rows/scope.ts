import * as z from 'zod/mini';
import { lazySchema } from '../../api/schemas/lazy';
import { hashText } from '../cache/chunked';
import { codedError } from '../errors';
import { shown } from '../jobs/options';
import type { RowJobSheetWriter } from '../jobs/row-job';
import { isAddonStatusHeader } from '../status-headers';

/**
 * `rows` (PRODUCT.md, Apps Script API): the rows a job works on. Resolved ONCE, at the call, in
 * the person's own execution (the filter and the selection are theirs at that moment; a trigger
 * later has neither), into the marks of the chosen rows' data cells. A mark does not move with a
 * position: a person may sort or insert rows while the job runs, and the chosen rows stay chosen
 * wherever they go. Every other row reads as empty to the job, so it is never work, and the job
 * never writes into it (its status cells included).
 */

/** What the caller asked: every row, those a filter or a person left visible, the selection, a list. */
export type RowsChoice =
  | { kind: 'all' }
  | { kind: 'visible' }
  | { kind: 'selection' }
  | { kind: 'list'; spans: readonly (readonly [number, number])[] }
  | { kind: 'marks'; marks: readonly string[] };

/**
 * The rows a preview counted, as a `rows` value its run takes (`marks:` and the rows' marks):
 * a selection or a filter is the person's at the moment it is read, and a person who clicks
 * into the sheet or sorts it between a preview and its run has another one then. The sidebars
 * run with this, so the run acts on the rows the preview counted, wherever they are now.
 */
export function rowsOfScope(scope: RowScope): string {
  return `${MARKS_PREFIX}${scope.m.join('.')}`;
}

const MARKS_PREFIX = 'marks:';
/** A row's mark as markOf writes it (hashText's base-36 digits). */
const MARK_FORM = /^[0-9a-z]{8}$/;

/**
 * Reads the `rows` option strictly: a list is sheet row numbers (1 is the first row) and spans
 * `first:last`, separated by commas; anything else throws an error naming what to fix.
 */
export function parseRowsOption(value: unknown): RowsChoice {
  if (value === undefined || value === null || value === '') return { kind: 'all' };
  if (typeof value !== 'string') {
    throw codedError(
      `rows must be "all", "visible", "selection" or a list of sheet rows such as "5:9,12" (got ${shown(value)}).`,
      'rowsForm',
      { value: String(value), part: '' },
    );
  }
  const text = value.trim().toLowerCase();
  if (text === 'all' || text === 'visible' || text === 'selection') return { kind: text };
  if (text.startsWith(MARKS_PREFIX)) {
    const marks = text.slice(MARKS_PREFIX.length).split('.');
    if (!marks.every((mark) => MARK_FORM.test(mark))) {
      throw codedError(
        `rows must be "all", "visible", "selection" or a list of sheet rows such as "5:9,12" ("marks:" takes what a preview answered, unchanged) (got ${shown(value)}).`,
        'rowsForm',
        { value, part: MARKS_PREFIX },
      );
    }
    return { kind: 'marks', marks };
  }
  const spans: [number, number][] = [];
  for (const raw of text.split(',')) {
    const part = raw.trim();
    const match = /^(\d+)\s*(?::\s*(\d+))?$/.exec(part);
    const first = Number(match?.[1]);
    const last = match?.[2] === undefined ? first : Number(match[2]);
    if (!match || first < 1 || !Number.isSafeInteger(last)) {
      throw codedError(
        `rows must be "all", "visible", "selection" or a list of sheet rows such as "5:9,12" ("${part}" is not a row or a span) (got ${shown(value)}).`,
        'rowsForm',
        { value, part },
      );
    }
    if (last < first) {
      throw codedError(
        `rows: the span "${part}" ends before it starts; write it first:last, such as "5:9" (got ${shown(value)}).`,
        'rowsOrder',
        { value, part },
      );
    }
    spans.push([first, last]);
  }
  return { kind: 'list', spans };
}

/** Whether sheet row `row` (1-based) is in a list's spans. */
export function inSpans(spans: RowsChoice & { kind: 'list' }, row: number): boolean {
  return spans.spans.some(([first, last]) => row >= first && row <= last);
}

/** What a job keeps of its rows: the marks of the chosen rows (short: it sits in job options). */
export const RowScopeSchema = lazySchema(() => z.object({ m: z.array(z.string()) }));
export type RowScope = z.infer<typeof RowScopeSchema>;

function isBlank(value: unknown): boolean {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

/** The columns whose cells make a row's mark: every column but the add-on's status columns. */
function dataColumns(header: readonly unknown[]): (i: number) => boolean {
  const status = new Set<number>();
  header.forEach((cell, i) => {
    if (typeof cell === 'string' && isAddonStatusHeader(cell)) status.add(i);
  });
  return (i) => !status.has(i);
}

/**
 * A row's mark: a short hash of its non-empty data cells in column order, status columns left
 * out (the job writes them) and empty cells too (an empty column inserted changes no mark). Empty
 * when the row holds no data. Two rows with the same cells have the same mark: both are chosen.
 */
function markOf(row: readonly unknown[], isData: (i: number) => boolean): string {
  const cells: string[] = [];
  row.forEach((cell, i) => {
    if (!isData(i) || isBlank(cell)) return;
    cells.push(cell instanceof Date ? `@${cell.getTime()}` : `${typeof cell}:${String(cell)}`);
  });
  return cells.length === 0 ? '' : hashText(cells.join('\u0001')).slice(0, 8);
}

/** The marks of each data row (0-based below the header), '' for a row with no data. */
export function rowMarks(
  header: readonly unknown[],
  rows: readonly (readonly unknown[])[],
): string[] {
  const isData = dataColumns(header);
  return rows.map((row) => markOf(row, isData));
}

/** The scope of the chosen data rows (`chosen(i)`, 0-based below the header) that hold data. */
export function scopeOf(
  header: readonly unknown[],
  rows: readonly (readonly unknown[])[],
  chosen: (index: number, mark: string) => boolean,
): { scope: RowScope; count: number } {
  const marks = rowMarks(header, rows);
  const picked = marks.filter((mark, i) => mark !== '' && chosen(i, mark));
  return { scope: { m: [...new Set(picked)] }, count: picked.length };
}

/** The scope of the rows holding one of `marks` (a preview's rows, rowsOfScope), wherever they are now. */
export function scopeOfMarks(
  header: readonly unknown[],
  rows: readonly (readonly unknown[])[],
  marks: readonly string[],
): { scope: RowScope; count: number } {
  const wanted = new Set(marks);
  return scopeOf(header, rows, (_i, mark) => wanted.has(mark));
}

/**
 * `values` with every row outside `scope` read as empty (a preview at the call sees what the
 * job will). Without a scope, `values` themselves.
 */
export function maskedValues<V extends ReadValues>(values: V, scope: RowScope | undefined): V {
  if (!scope) return values;
  return scopedSheet({ read: () => values, writeRows() {}, appendHeaders: () => [] }, scope).read();
}

/**
 * Whether what a row shows is that row's: values and display values are two reads, and a person
 * sorting between them pairs a row's values with another row's display. Text shows as itself, so
 * a text cell that shows otherwise says the two reads are of different rows: the row is left out
 * of the read (after the read was done again, which a sort between two reads makes right).
 */
function sameRow(row: readonly unknown[], display: readonly unknown[] | undefined): boolean {
  if (!display) return true;
  return row.every((cell, c) => typeof cell !== 'string' || cell === String(display[c] ?? ''));
}

/** Whether every chosen row of a read shows its own cells (see sameRow). */
function consistent(values: ReadValues, chosen: ReadonlySet<string>): boolean {
  if (!values.display) return true;
  const marks = rowMarks(values.header, values.rows);
  return values.rows.every(
    (row, i) => !chosen.has(marks[i] ?? '') || sameRow(row, values.display?.[i]),
  );
}

interface ReadValues {
  header: unknown[];
  rows: unknown[][];
  display?: unknown[][];
  offset?: number;
  complete?: boolean;
}

/**
 * `sheet` as a job with `scope` sees it: every row outside the scope reads empty (values and
 * display), and a write skips the rows outside it (read again right before the write when the
 * sheet can), so their cells stay as they are.
 * The narrow reads of a pipeline sheet (`readHeader`, `readColumns`) are left out: the job falls
 * back on whole reads, which carry what a mark needs. Without a scope, `sheet` itself.
 */
export function scopedSheet<S extends RowJobSheetWriter & { read(...args: never[]): ReadValues }>(
  sheet: S,
  scope: RowScope | undefined,
): S {
  if (!scope) return sheet;
  const chosen = new Set(scope.m);
  /** Data rows last read outside the scope. */
  const outside = new Set<number>();
  const read = (...args: never[]) => {
    let values = sheet.read(...args);
    // Values and display values are two reads: one a sort split is read again (a sort is rare).
    for (let again = 0; again < 3 && !consistent(values, chosen); again++) {
      values = sheet.read(...args);
    }
    const offset = values.offset ?? 0;
    // A whole read (from the first row to the last) says where every row is now.
    if (offset === 0 && values.complete !== false) outside.clear();
    const marks = rowMarks(values.header, values.rows);
    const width = (line: readonly unknown[] | undefined) => (line ?? []).map(() => '');
    const rows = values.rows.map((row, i) => {
      if (chosen.has(marks[i] ?? '') && sameRow(row, values.display?.[i])) {
        outside.delete(offset + i);
        return row;
      }
      outside.add(offset + i);
      return width(row);
    });
    const display = values.display?.map((line, i) =>
      outside.has(offset + i) ? width(line) : line,
    );
    return { ...values, rows, ...(display ? { display } : {}) };
  };
  const writeRows: RowJobSheetWriter['writeRows'] = (firstRow, columns, values) => {
    // The rows as they are right before the write: a person may have sorted since the job's
    // read, moving a row not chosen to where a chosen one was.
    const now = sheet.readRowsNow?.(firstRow, values.length);
    if (now) {
      const marks = rowMarks(now.header, now.rows);
      values.forEach((_, i) => {
        if (chosen.has(marks[i] ?? '')) outside.delete(firstRow + i);
        else outside.add(firstRow + i);
      });
    }
    let start = 0;
    for (let i = 0; i <= values.length; i++) {
      if (i < values.length && !outside.has(firstRow + i)) continue;
      if (i > start) sheet.writeRows(firstRow + start, columns, values.slice(start, i));
      start = i + 1;
    }
  };
  const {
    readHeader: _h,
    readRowsNow: _n,
    readColumns: _c,
    ...rest
  } = sheet as S & {
    readHeader?: unknown;
    readColumns?: unknown;
  };
  return { ...rest, read, writeRows } as unknown as S;
}
