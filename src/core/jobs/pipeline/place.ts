import { type Translate, translator } from '../../i18n';
import { headerKey } from '../../import/text-key';
import { JobFailure } from '../errors';
import { writeInRuns } from '../row-job';
import type { PipelineKind, PipelineSheet, SheetValues, WalkEntry } from './types';

/** The index of each status header in the header row, or undefined while one is missing. */
export function statusColumns(
  header: readonly unknown[],
  headers: readonly string[],
): number[] | undefined {
  const keys = header.map((cell) => headerKey(String(cell ?? '')));
  const columns = headers.map((name) => keys.indexOf(headerKey(name)));
  return columns.some((c) => c < 0) ? undefined : columns;
}

/** A whole read with the status columns in it (created at the right of the data when missing). */
export function readWithColumns(
  sheet: PipelineSheet,
  headers: readonly string[],
  t: Translate = translator('en'),
): { values: SheetValues; columns: number[] } {
  let values = sheet.read();
  let columns = statusColumns(values.header, headers);
  if (!columns) {
    const keys = values.header.map((cell) => headerKey(String(cell ?? '')));
    sheet.appendHeaders(headers.filter((name) => !keys.includes(headerKey(name))));
    values = sheet.read();
    columns = statusColumns(values.header, headers);
    if (!columns) {
      throw new JobFailure(t('jobs.statusColumnsNotCreated', { headers: headers.join(', ') }));
    }
  }
  return { values, columns };
}

function cellText(value: unknown): string {
  if (value instanceof Date) return String(value.getTime());
  const text = String(value ?? '');
  return text.startsWith("'") ? text.slice(1) : text;
}

/** The run cell (the fourth status cell) of what the job writes: the same for every entry. */
const RUN_CELL = 3;

/**
 * Puts each entry's cells on every row of its key, as the sheet is now (a person may have
 * sorted, inserted or deleted rows since any earlier read): one whole read just before the
 * writes, with no request or wait between them. Returns rows written.
 *
 * With `onlyChanged` (the end-of-job check against the record), rows that already show their
 * entry's status, detail and run are left alone, and what the job wrote on a row that holds no
 * finished entry of the record (a blank row a person inserted, a row whose key the record does
 * not hold) is taken back: Sheets has no atomic read-and-write, so a person's sort or insert
 * between a read and its write puts cells on the wrong row. `read` is a whole read just made.
 */
export function placeByKey<E extends WalkEntry>(
  sheet: PipelineSheet,
  kind: PipelineKind<E, unknown>,
  entries: readonly E[],
  onlyChanged: boolean,
  read?: { values: SheetValues; columns: number[] },
  fill?: readonly E[],
): number {
  if (entries.length === 0) return 0;
  const { values, columns } =
    read ?? ((!onlyChanged && keysOnly(sheet, kind)) || readWithColumns(sheet, kind.headers));
  const keys = kind.keysOf(values);
  const writes = onlyChanged
    ? checkWrites(kind, entries, values, columns, keys)
    : placeWrites(kind, entries, keys);
  writes.sort((a, b) => a.index - b.index);
  if (fill && !onlyChanged) fillGaps(kind, writes, keys, fill);
  writeInRuns(
    writes,
    (run) =>
      sheet.writeRows(
        run[0]?.index ?? 0,
        columns,
        run.map(({ cells }) => cells),
      ),
    () => 0,
  );
  return writes.length;
}

type RowWrite = { index: number; cells: unknown[] };

/** Every row of each finished entry's key gets its cells. */
function placeWrites<E extends WalkEntry>(
  kind: PipelineKind<E, unknown>,
  entries: readonly E[],
  keys: readonly string[],
): RowWrite[] {
  const rowsOf = new Map<string, number[]>();
  keys.forEach((key, index) => {
    if (key !== '') rowsOf.set(key, [...(rowsOf.get(key) ?? []), index]);
  });
  const writes: RowWrite[] = [];
  for (const entry of entries) {
    if (entry.s === undefined) continue;
    const rows = rowsOf.get(entry.k) ?? [];
    rows.forEach((index, i) => {
      writes.push({ index, cells: cellsOfRow(kind, entry, rows, i) });
    });
  }
  return writes;
}

/** Rows above the first write that a fill takes too (they are often the last fill's). */
const FILL_ABOVE = 50;

/**
 * Joins `writes` (sorted) into runs: each gap between two writes whose rows all hold finished
 * entries of `fill` gets their cells (what the end check would write there), and so do up to
 * FILL_ABOVE such rows above the first write. A gap with a blank row, or a row not finished,
 * stays a gap. Cells written again are the same: only calls are saved.
 */
function fillGaps<E extends WalkEntry>(
  kind: PipelineKind<E, unknown>,
  writes: RowWrite[],
  keys: readonly string[],
  fill: readonly E[],
): void {
  if (writes.length === 0) return;
  const finished = new Map<string, E>();
  for (const entry of fill) if (entry.s !== undefined) finished.set(entry.k, entry);
  const rowsOf = new Map<string, number[]>();
  keys.forEach((key, index) => {
    if (key !== '') rowsOf.set(key, [...(rowsOf.get(key) ?? []), index]);
  });
  const cellsAt = (index: number): unknown[] | undefined => {
    const key = keys[index] ?? '';
    const entry = key === '' ? undefined : finished.get(key);
    if (!entry) return undefined;
    const rows = rowsOf.get(key) ?? [];
    return cellsOfRow(kind, entry, rows, rows.indexOf(index));
  };
  const added: RowWrite[] = [];
  const first = writes[0]?.index ?? 0;
  for (let index = first - 1; index >= Math.max(0, first - FILL_ABOVE); index--) {
    const cells = cellsAt(index);
    if (!cells) break;
    added.push({ index, cells });
  }
  for (let w = 1; w < writes.length; w++) {
    const from = (writes[w - 1]?.index ?? 0) + 1;
    const to = writes[w]?.index ?? 0;
    const gap: RowWrite[] = [];
    for (let index = from; index < to; index++) {
      const cells = cellsAt(index);
      if (!cells) break;
      gap.push({ index, cells });
    }
    if (gap.length === to - from) added.push(...gap);
  }
  writes.push(...added);
  writes.sort((a, b) => a.index - b.index);
}

/**
 * The cells of the `i`-th row (in sheet order) of an entry's key: the first carries the entry,
 * a later one is a copy of it (PipelineKind.copyCells), or the same when the kind has no rule.
 */
function cellsOfRow<E extends WalkEntry>(
  kind: PipelineKind<E, unknown>,
  entry: E,
  rows: readonly number[],
  i: number,
): unknown[] {
  const carrier = rows[0] ?? 0;
  return i > 0 && kind.copyCells ? kind.copyCells(entry, carrier) : kind.cells(entry);
}

/**
 * The end check: each row that does not show what the record says of its key is rewritten;
 * a row with no finished entry that shows this job's run is cleared.
 */
function checkWrites<E extends WalkEntry>(
  kind: PipelineKind<E, unknown>,
  entries: readonly E[],
  values: SheetValues,
  columns: readonly number[],
  keys: readonly string[],
): RowWrite[] {
  const cellsOf = new Map<string, unknown[]>();
  const entryOf = new Map<string, E>();
  let run: string | undefined;
  for (const entry of entries) {
    if (entry.s === undefined) continue;
    const cells = kind.cells(entry);
    cellsOf.set(entry.k, cells);
    entryOf.set(entry.k, entry);
    run ??= cellText(cells[RUN_CELL]);
  }
  // Each key's rows in sheet order: a later one is a copy (cellsOfRow).
  const rowsOf = new Map<string, number[]>();
  keys.forEach((key, index) => {
    if (key !== '') rowsOf.set(key, [...(rowsOf.get(key) ?? []), index]);
  });
  // A sheet keyed otherwise since (a person renamed or deleted its key column: its rows key
  // by e-mail now, or not at all) has no row of a key the record holds: its rows are no rows
  // a write missed, and the statuses on them are the only record of what was done.
  const keyable = keys.some((key) => cellsOf.has(key));
  const blank = columns.map(() => '');
  const writes: RowWrite[] = [];
  keys.forEach((key, index) => {
    const row = values.rows[index] ?? [];
    const shown = (c: number) => cellText(row[columns[c] ?? -1]);
    const entry = key === '' ? undefined : entryOf.get(key);
    const rows = rowsOf.get(key) ?? [];
    const cells = entry ? cellsOfRow(kind, entry, rows, rows.indexOf(index)) : undefined;
    if (cells) {
      if (![0, 1, RUN_CELL].every((c) => shown(c) === cellText(cells[c])))
        writes.push({ index, cells });
    } else if (keyable && run !== undefined && run !== '' && shown(RUN_CELL) === run) {
      writes.push({ index, cells: blank });
    }
  });
  return writes;
}

/**
 * The header and the key columns only (placing a step's statuses needs keys, not what the rows
 * hold): a read that does not grow with the sheet's width; undefined when the sheet or kind
 * cannot, or a status column is missing (the whole read creates it).
 */
function keysOnly<E extends WalkEntry>(
  sheet: PipelineSheet,
  kind: PipelineKind<E, unknown>,
): { values: SheetValues; columns: number[] } | undefined {
  if (!sheet.readHeader || !sheet.readColumns || !kind.keyColumns) return undefined;
  const header = sheet.readHeader();
  const columns = statusColumns(header, kind.headers);
  const keys = kind.keyColumns(header);
  if (!columns || !keys || keys.length === 0) return undefined;
  const first = Math.min(...keys);
  const part = sheet.readColumns(first, Math.max(...keys) - first + 1);
  const rows = part.map((cells) => {
    const row: unknown[] = [];
    cells.forEach((cell, i) => {
      row[first + i] = cell;
    });
    return row;
  });
  return { values: { header, rows, display: rows }, columns };
}
