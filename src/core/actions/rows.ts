import { hashText } from '../cache/chunked';
import { cellFault, placeholderNames, shownText } from '../cells/read';
import { type Translate, translator } from '../i18n';
import { leadFieldForKey } from '../import/lead-fields';
import { isBlankCell, normalizeEmail, normalizePhone } from '../import/normalize';
import { headerKey } from '../import/text-key';
import type { SheetValues } from '../jobs/pipeline/types';
import { isAddonStatusHeader } from '../status-headers';
import type { ActionEntry } from './entry';
import { ACTION_STATUS_HEADERS, DEFAULT_ID_HEADERS, type LeadActionParams } from './types';

/** How rows name their lead: a lead id column, or e-mail / phone columns (matchBy). */
export interface RowKeying {
  idColumn?: number;
  emailColumn?: number;
  phoneColumn?: number;
  matchBy: 'email' | 'phone' | 'email_or_phone';
  defaultCountry: string;
}

const ACTION_KEYS = new Set(ACTION_STATUS_HEADERS.map(headerKey));

function headerIndex(header: readonly unknown[], name: string): number | undefined {
  const key = headerKey(name);
  const index = header.findIndex((cell) => headerKey(String(cell ?? '')) === key);
  return index < 0 ? undefined : index;
}

/** The columns rows are keyed by; a string says what is missing. */
export function rowKeying(
  header: readonly unknown[],
  options: { leadIdColumn?: string; matchBy?: RowKeying['matchBy']; defaultCountry: string },
  // A run's job message says what is missing in the job's language.
  t: Translate = translator('en'),
): RowKeying | string {
  const matchBy = options.matchBy ?? 'email_or_phone';
  if (options.leadIdColumn !== undefined) {
    const idColumn = headerIndex(header, options.leadIdColumn);
    if (idColumn === undefined)
      return t('actions.keying.noIdColumn', { column: options.leadIdColumn });
    return { idColumn, matchBy, defaultCountry: options.defaultCountry };
  }
  for (const name of DEFAULT_ID_HEADERS) {
    const idColumn = headerIndex(header, name);
    if (idColumn !== undefined)
      return { idColumn, matchBy, defaultCountry: options.defaultCountry };
  }
  const of = (field: 'email' | 'phone') => {
    const index = header.findIndex(
      (cell) => leadFieldForKey(headerKey(String(cell ?? ''))) === field,
    );
    return index < 0 ? undefined : index;
  };
  const keying: RowKeying = { matchBy, defaultCountry: options.defaultCountry };
  const emailColumn = matchBy !== 'phone' ? of('email') : undefined;
  const phoneColumn = matchBy !== 'email' ? of('phone') : undefined;
  if (emailColumn !== undefined) keying.emailColumn = emailColumn;
  if (phoneColumn !== undefined) keying.phoneColumn = phoneColumn;
  if (emailColumn === undefined && phoneColumn === undefined) {
    return t('actions.keying.noKeyColumns');
  }
  return keying;
}

/** A row with nothing but the add-on's own status columns (and empty cells) is blank. */
export function dataColumns(header: readonly unknown[], keying: RowKeying): number[] {
  return header
    .map((cell, index) => ({ text: String(cell ?? ''), index }))
    .filter(
      ({ text, index }) =>
        index === keying.idColumn ||
        (!isAddonStatusHeader(text) && !ACTION_KEYS.has(headerKey(text))),
    )
    .map(({ index }) => index);
}

/** The match keys of a row: `#<id>`, or `e:<email>` / `p:<phone>` in matchBy's order. */
export function rowKeys(
  row: readonly unknown[],
  display: readonly unknown[],
  keying: RowKeying,
): string[] {
  if (keying.idColumn !== undefined) {
    const text = String(display[keying.idColumn] ?? row[keying.idColumn] ?? '').trim();
    return /^\d+$/.test(text) && Number(text) > 0 ? [`#${Number(text)}`] : [];
  }
  const keys: string[] = [];
  if (keying.emailColumn !== undefined) {
    const email = normalizeEmail(row[keying.emailColumn]);
    if (email.ok && email.value !== '') keys.push(`e:${email.value}`);
  }
  if (keying.phoneColumn !== undefined && !isBlankCell(row[keying.phoneColumn])) {
    const phone = normalizePhone(
      String(display[keying.phoneColumn] ?? row[keying.phoneColumn]),
      keying.defaultCountry,
    );
    if (phone.ok) keys.push(`p:${phone.value}`);
  }
  return keys;
}

/**
 * A row's key for placing its status: its first match key, or (no usable key) its data cells,
 * which travel with it when the sheet is sorted.
 */
export function rowKeyOf(
  row: readonly unknown[],
  display: readonly unknown[],
  keying: RowKeying,
  columns: number[],
): string {
  const keys = rowKeys(row, display, keying);
  if (keys[0] !== undefined) return keys[0];
  if (columns.every((c) => isBlankCell(row[c]))) return '';
  return `?${columns.map((c) => String(display[c] ?? row[c] ?? '')).join('|')}`;
}

/** Cells a row's params and `{{Header}}` placeholders take (display text, as the person sees it). */
export function rowCells(
  header: readonly unknown[],
  row: readonly unknown[],
  display: readonly unknown[],
  params: LeadActionParams,
): Record<string, string> | undefined {
  const cells: Record<string, string> = {};
  const cellOf = (name: string) => {
    const index = headerIndex(header, name);
    return index === undefined ? '' : shownText(row[index], display[index]);
  };
  for (const [name, source] of Object.entries(params)) {
    if (source && typeof source === 'object' && !Array.isArray(source) && 'column' in source) {
      cells[name] = cellOf(String(source.column));
    }
  }
  for (const name of placeholderNames(params.text ?? '')) cells[`h:${name}`] = cellOf(name);
  return Object.keys(cells).length > 0 ? cells : undefined;
}

/** Every non-blank row as an entry; rows of one key share one entry (one lead is acted on once). */
export function collectEntries(
  values: SheetValues,
  keying: RowKeying,
  params: LeadActionParams,
): ActionEntry[] {
  const columns = dataColumns(values.header, keying);
  const byKey = new Map<string, ActionEntry>();
  values.rows.forEach((row, index) => {
    const display = values.display[index] ?? row;
    const key = rowKeyOf(row, display, keying, columns);
    if (key === '' || byKey.has(key)) return;
    const entry: ActionEntry = { k: key };
    const keys = rowKeys(row, display, keying);
    if (key.startsWith('#')) entry.i = Number(key.slice(1));
    else if (keys.length > 0) entry.m = keys;
    else {
      const fault = keyCellFault(values.header, row, display, keying);
      // A key cell showing an error or Loading… names no lead: SKIPPED naming the cell, not
      // NOT_FOUND (PRODUCT.md "Every job reads cells alike").
      entry.g = fault ? 2 : 1;
      entry.d = fault ?? (keying.idColumn !== undefined ? 'noId' : 'noMatchKey');
    }
    const cells = rowCells(values.header, row, display, params);
    if (cells) entry.c = cells;
    entry.h = cellsHash(row, display, columns);
    byKey.set(key, entry);
  });
  return [...byKey.values()];
}

/** Marks a key cell that shows no value, for kind.ts to word: `cell:<fault>:<column>\u0001<text>`. */
export const KEY_CELL_FAULT = 'cell:';

function keyCellFault(
  header: readonly unknown[],
  row: readonly unknown[],
  display: readonly unknown[],
  keying: RowKeying,
): string | undefined {
  for (const column of [keying.idColumn, keying.emailColumn, keying.phoneColumn]) {
    if (column === undefined) continue;
    const text = shownText(row[column], display[column]);
    const fault = cellFault(text);
    if (fault)
      return `${KEY_CELL_FAULT}${fault}:${String(header[column] ?? '')}\u0001${text.trim()}`;
  }
  return undefined;
}

/**
 * The row's data cells (status columns left out, the key column in whatever its header says),
 * hashed short: 7 characters a row in the run's record. A renamed header changes no cell.
 */
function cellsHash(
  row: readonly unknown[],
  display: readonly unknown[],
  columns: number[],
): string {
  return hashText(columns.map((c) => String(display[c] ?? row[c] ?? '')).join('\u0001')).slice(
    0,
    7,
  );
}

export function keysOfSheet(values: SheetValues, keying: RowKeying): string[] {
  const columns = dataColumns(values.header, keying);
  return values.rows.map((row, index) =>
    rowKeyOf(row, values.display[index] ?? row, keying, columns),
  );
}
