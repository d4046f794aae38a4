import { cursorNumber, cursorOf, setCursorField } from '../../jobs/pipeline/scan/cursor';
import type { JobRecord } from '../../jobs/record';
import type { ImportRowStatus } from '../status-columns';
import type { WrittenOutcome } from './audit';

/**
 * What an import keeps in its job's cursor beside the walk's own fields
 * (pipeline/scan/cursor.ts): the account's default pipeline, the rows written and not yet
 * checked, and the count of statuses repaired. Progress itself lives in the sheet (job-sheet.ts).
 */

/** The account's default pipeline id kept by the job (0: none flagged), undefined: not asked. */
export function keptDefaultPipeline(job: JobRecord): number | undefined {
  const kept = cursorOf(job).defaultPipeline;
  return typeof kept === 'number' ? kept : undefined;
}

export function keepDefaultPipeline(job: JobRecord, id: number): void {
  setCursorField(job, 'defaultPipeline', id);
}

/** Statuses the end check moved back to their own rows. */
export function addRepaired(job: JobRecord, count: number): void {
  setCursorField(job, 'repaired', cursorNumber(job, 'repaired') + count);
}

/** A row written and not yet checked: its data row and match key id (matchKeyId). */
export interface UncheckedRow {
  row: number;
  keyId: string;
}

/** A written row waiting for its check, in the cursor: [data row, key id, status, lead id]. */
type PendingCheck = [number, string, ImportRowStatus, number];

/** The rows an earlier execution wrote and left unchecked, and what it wrote for their keys. */
export function loadPendingChecks(
  job: JobRecord,
  unchecked: UncheckedRow[],
  written: Map<string, WrittenOutcome>,
): void {
  const value = cursorOf(job).checks;
  if (!Array.isArray(value)) return;
  for (const item of value as PendingCheck[]) {
    if (!Array.isArray(item) || typeof item[0] !== 'number' || typeof item[1] !== 'string')
      continue;
    const [row, keyId, status, leadId] = item;
    unchecked.push({ row, keyId });
    if (!written.has(keyId)) written.set(keyId, { status, ...(leadId > 0 ? { leadId } : {}) });
  }
}

export function savePendingChecks(
  job: JobRecord,
  unchecked: readonly UncheckedRow[],
  written: ReadonlyMap<string, WrittenOutcome>,
): void {
  const checks: PendingCheck[] = unchecked.map(({ row, keyId }) => {
    const outcome = written.get(keyId);
    return [row, keyId, outcome?.status ?? 'FAILED', outcome?.leadId ?? 0];
  });
  setCursorField(job, 'checks', checks.length > 0 ? checks : undefined);
}
