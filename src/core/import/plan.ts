import type { UpsertLeadInput } from '../../api/schemas';
import type { HeaderMap } from './headers';
import { isBlankCell } from './normalize';
import {
  buildLeadPayload,
  type Creation,
  duplicateReason,
  type ImportContext,
  prepareContext,
} from './row';

export type RowPlan = { rowNumber: number } & (
  | { status: 'VALID'; payload: UpsertLeadInput; matchKey: string; create: Creation }
  | { status: 'INVALID'; reason: string }
  | { status: 'DUPLICATE'; reason: string }
  | { status: 'EMPTY' }
);

export type RowPlanStatus = RowPlan['status'];

export interface PlanOptions {
  /** 1-based sheet row of the headers; data starts on the next row. Default 1. */
  headerRow?: number;
}

/** A row is empty when every cell outside the status columns is blank. */
function isEmptyRow(row: readonly unknown[] | undefined, statusIndexes: Set<number>): boolean {
  if (!Array.isArray(row)) return true;
  return row.every((cell, index) => statusIndexes.has(index) || isBlankCell(cell));
}

/**
 * Classifies every data row, costing no request. The later of two rows that the CRM would
 * match to the same lead is DUPLICATE and names the first one's sheet row; under
 * email_or_phone a shared email or a shared phone is enough. Rows that are not sent
 * (INVALID, DUPLICATE) claim no key. Throws on bad job options (default pipeline, country).
 */
export function planImport(
  rows: readonly (readonly unknown[] | undefined)[],
  headerMap: HeaderMap,
  context: ImportContext,
  options: PlanOptions = {},
): RowPlan[] {
  prepareContext(context);
  const firstRow = (options.headerRow ?? 1) + 1;
  const statusIndexes = new Set(Object.values(headerMap.statusColumns));
  const claimed = new Map<string, number>();
  const checksEmail = context.matchBy !== 'phone';
  const checksPhone = context.matchBy !== 'email';

  return rows.map((row, offset): RowPlan => {
    const rowNumber = firstRow + offset;
    if (!row || isEmptyRow(row, statusIndexes)) return { rowNumber, status: 'EMPTY' };
    const result = buildLeadPayload(row, headerMap, context);
    if (!result.ok) return { rowNumber, status: 'INVALID', reason: result.reason };
    const { email, phone } = result.payload;
    const keys: [string, string][] = [];
    if (checksEmail && email) keys.push(['email', `email:${email}`]);
    if (checksPhone && phone) keys.push(['phone', `phone:${phone}`]);
    for (const [, key] of keys) {
      const first = claimed.get(key);
      if (first !== undefined)
        return { rowNumber, status: 'DUPLICATE', reason: duplicateReason(key, first, context) };
    }
    for (const [, key] of keys) claimed.set(key, rowNumber);
    return {
      rowNumber,
      status: 'VALID',
      payload: result.payload,
      matchKey: result.matchKey,
      create: result.create,
    };
  });
}

/** Rows per status, every status present (zero when none). */
export function countPlan(plan: readonly RowPlan[]): Record<RowPlanStatus, number> {
  const counts: Record<RowPlanStatus, number> = { VALID: 0, INVALID: 0, DUPLICATE: 0, EMPTY: 0 };
  for (const row of plan) counts[row.status]++;
  return counts;
}
