import type { JobRecord } from '../../record';

/**
 * What a repeatable kind's walk (pipeline/repeatable.ts) keeps in its job's cursor across steps
 * and slices: where its scan goes on, the end checks in a row that repaired something, and the
 * statuses that found no row. A kind keeps its own fields beside them (cursorNumber,
 * setCursorField).
 */

type Cursor = Record<string, unknown>;

export function cursorOf(job: JobRecord): Cursor {
  return (job.cursor && typeof job.cursor === 'object' ? job.cursor : {}) as Cursor;
}

export function cursorNumber(job: JobRecord, field: string): number {
  const value = cursorOf(job)[field];
  return typeof value === 'number' ? value : 0;
}

/** Sets (or, undefined, removes) one field of the cursor. */
export function setCursorField(job: JobRecord, field: string, value: unknown): void {
  const { [field]: _old, ...cursor } = cursorOf(job);
  job.cursor = value === undefined ? cursor : { ...cursor, [field]: value };
}

/** The data row where the job's scan goes on; undefined: read the whole sheet. */
export function scanOf(job: JobRecord): number | undefined {
  const value = cursorOf(job).scan;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

export function setScan(job: JobRecord, scan: number | undefined): void {
  setCursorField(job, 'scan', scan);
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
  return cursorNumber(job, 'auditsAt') === job.total ? cursorNumber(job, 'audits') : 0;
}

export function setAuditRounds(job: JobRecord, rounds: number): void {
  setCursorField(job, 'audits', rounds);
  setCursorField(job, 'auditsAt', job.total);
}

/** Statuses the job could not place (their row vanished), across slices. */
export function unplacedOf(job: JobRecord): number {
  return cursorNumber(job, 'unplaced');
}

export function addUnplaced(job: JobRecord, count: number): void {
  setCursorField(job, 'unplaced', unplacedOf(job) + count);
}
