import { type Translate, translator } from '../i18n';
import { headerKey } from '../import/text-key';
import { JobFailure } from './errors';
import type { PipelineKind, PipelineSheet, SheetValues, WalkEntry } from './pipeline-types';
import { writeInRuns } from './row-job';

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

/**
 * Puts each entry's cells on every row of its key, as the sheet is now (a person may have
 * sorted, inserted or deleted rows since any earlier read): one whole read just before the
 * writes, with no request or wait between them. With `onlyChanged`, rows that already show the
 * entry's status, detail and run are left alone (the end-of-job check). Returns rows written.
 */
export function placeByKey<E extends WalkEntry>(
  sheet: PipelineSheet,
  kind: PipelineKind<E, unknown>,
  entries: readonly E[],
  onlyChanged: boolean,
): number {
  if (entries.length === 0) return 0;
  const { values, columns } =
    (!onlyChanged && keysOnly(sheet, kind)) || readWithColumns(sheet, kind.headers);
  const rowsOf = new Map<string, number[]>();
  kind.keysOf(values).forEach((key, index) => {
    if (key !== '') rowsOf.set(key, [...(rowsOf.get(key) ?? []), index]);
  });
  const writes: { index: number; cells: unknown[] }[] = [];
  for (const entry of entries) {
    if (entry.s === undefined) continue;
    const cells = kind.cells(entry);
    for (const index of rowsOf.get(entry.k) ?? []) {
      const row = values.rows[index] ?? [];
      const same = [0, 1, 3].every((c) => cellText(row[columns[c] ?? -1]) === cellText(cells[c]));
      if (!onlyChanged || !same) writes.push({ index, cells });
    }
  }
  writes.sort((a, b) => a.index - b.index);
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
