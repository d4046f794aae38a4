/**
 * 2-D arrays with a header row: what custom functions return and what exports write.
 */
import type { CustomFieldDefinition, Lead } from '../../api/schemas';
import { type CellValue, toCustomFunctionCell } from './cells';
import {
  type ColumnKind,
  columnKind,
  type FlatRecord,
  type FlatValue,
  flattenLead,
} from './columns';

/** Turns one flat value into a cell, knowing its column's kind (toSheetCell / toCustomFunctionCell). */
export type CellFn = (value: FlatValue | undefined, kind: ColumnKind) => CellValue;

export interface LeadTableOptions {
  customFields: readonly CustomFieldDefinition[];
}

/** Leads → header row (the column names) + one row per lead, in the given column order. */
export function leadsToTable(
  leads: readonly Lead[],
  columns: readonly string[],
  options: LeadTableOptions,
  cellFn: CellFn = toCustomFunctionCell,
): CellValue[][] {
  const kinds = columns.map((column) => columnKind(column, options.customFields));
  const rows = leads.map((lead) => {
    const record = flattenLead(lead, options);
    return columns.map((column, i) => cellFn(record[column], kinds[i] as ColumnKind));
  });
  return [[...columns], ...rows];
}

/** A column of a generic table: a key of the records, with how to show it (default `auto`). */
export type TableColumn = string | { name: string; kind: ColumnKind };

/** Flat records → header row + one row per record. No records → the header row alone. */
export function recordsToTable(
  records: readonly FlatRecord[],
  columns: readonly TableColumn[],
  cellFn: CellFn = toCustomFunctionCell,
): CellValue[][] {
  const specs = columns.map((column) =>
    typeof column === 'string' ? { name: column, kind: 'auto' as ColumnKind } : column,
  );
  return [
    specs.map((spec) => spec.name),
    ...records.map((record) => specs.map((spec) => cellFn(record[spec.name], spec.kind))),
  ];
}
