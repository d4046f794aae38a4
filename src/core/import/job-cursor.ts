import type { JobRecord } from '../jobs/record';
import type { WrittenOutcome } from './job-audit';
import type { ImportRowStatus } from './status-columns';

/**
 * What an import keeps in its job's cursor across steps and slices: where its scan goes on, the
 * rows written and not yet checked, the end checks that repaired something, and the counts of
 * statuses repaired and of statuses that found no row. Progress itself lives in the sheet
 * (job-sheet.ts).
 */

type Cursor = Record<string, unknown>;

function cursorOf(job: JobRecord): Cursor {
  return (job.cursor && typeof job.cursor === 'object' ? job.cursor : {}) as Cursor;
}

function numberIn(job: JobRecord, field: string): number {
  const value = cursorOf(job)[field];
  return typeof value === 'number' ? value : 0;
}

/** Sets (or, undefined, removes) one field of the cursor. */
function setField(job: JobRecord, field: string, value: unknown): void {
  const { [field]: _old, ...cursor } = cursorOf(job);
  job.cursor = value === undefined ? cursor : { ...cursor, [field]: value };
}

/** The data row where the job's scan goes on; undefined: read the whole sheet. */
export function scanOf(job: JobRecord): number | undefined {
  const value = cursorOf(job).scan;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

export function setScan(job: JobRecord, scan: number | undefined): void {
  setField(job, 'scan', scan);
}

/** The account's default pipeline id kept by the job (0: none flagged), undefined: not asked. */
export function keptDefaultPipeline(job: JobRecord): number | undefined {
  const kept = cursorOf(job).defaultPipeline;
  return typeof kept === 'number' ? kept : undefined;
}

export function keepDefaultPipeline(job: JobRecord, id: number): void {
  setField(job, 'defaultPipeline', id);
}

/**
 * End checks that repaired something, in a row: a sheet that keeps changing under the job
 * still lets it finish (the last check's repairs stand).
 */
export const MAX_AUDIT_ROUNDS = 5;

/**
 * Repairing end checks since the sheet last had another number of rows. A person who adds
 * rows gives the job a new pass whose check may repair again (its writes can be moved by a
 * sort too: Sheets has no atomic read-and-write); counting the checks over the whole job let
 * a long job end on a check whose repairs a sort had moved.
 */
export function auditRoundsOf(job: JobRecord): number {
  return numberIn(job, 'auditsAt') === job.total ? numberIn(job, 'audits') : 0;
}

export function setAuditRounds(job: JobRecord, rounds: number): void {
  setField(job, 'audits', rounds);
  setField(job, 'auditsAt', job.total);
}

/** Statuses the end check moved back to their own rows. */
export function addRepaired(job: JobRecord, count: number): void {
  setField(job, 'repaired', numberIn(job, 'repaired') + count);
}

/** Statuses the job could not place (their row vanished), across slices. */
export function unplacedOf(job: JobRecord): number {
  return numberIn(job, 'unplaced');
}

export function addUnplaced(job: JobRecord, count: number): void {
  setField(job, 'unplaced', unplacedOf(job) + count);
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
  setField(job, 'checks', checks.length > 0 ? checks : undefined);
}
