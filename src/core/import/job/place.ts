import type { StepContext } from '../../jobs/engine';
import type { Placed } from '../../jobs/pipeline/scan/types';
import { nearSliceEnd } from '../../jobs/pipeline/window';
import type { JobRecord } from '../../jobs/record';
import { type RowWindow, writeInRuns } from '../../jobs/row-job';
import { matchKeyId } from '../fingerprint';
import { buildLeadPayload, type ImportContext } from '../row';
import { auditImportSheet } from './audit';
import { addRepaired, savePendingChecks } from './cursor';
import type { RowOutcome } from './decide';
import { type JobRun, readSheet } from './run';
import { relocateRow, relocationKeys, type SheetAnalysis, statusCells } from './sheet';

/**
 * Where an import's statuses go: each outcome on the row its match key is on now (a person may
 * have sorted, inserted or deleted rows since the job's read), written in runs of consecutive
 * rows; the rows written checked cheaply every CHECK_EVERY_ROWS rows and near a slice's end;
 * and the whole sheet checked against the job's record at the end of a pass (job-audit.ts).
 */

/** One step of one job: what placing reads and writes with. */
export interface StepScope {
  job: JobRecord;
  ctx: StepContext;
  run: JobRun;
  importContext: ImportContext;
}

/** An outcome decided for a row found by its match key, to write once it is found again. */
export interface KeyedOutcome {
  matchKey: string;
  fingerprint: string;
  hintIndex: number;
  outcome: RowOutcome;
}

/**
 * Rows written and not yet checked are checked once this many have gathered (one read of
 * their span); a step's write and its check share no read, so a check per step would cost a
 * sheet call per batch.
 */
const CHECK_EVERY_ROWS = 200;

export function read(scope: StepScope, window?: RowWindow): SheetAnalysis {
  return readSheet(scope.run, scope.job, scope.ctx, scope.importContext, window);
}

/**
 * Writes outcomes of rows of `analysis` (the read that immediately precedes this write),
 * one write per run of consecutive rows; returns how many rows it wrote.
 */
export function writeOutcomes(
  run: JobRun,
  analysis: SheetAnalysis,
  outcomes: ReadonlyArray<{ index: number; outcome: RowOutcome }>,
  now: () => number,
  stopAfter?: number,
): number {
  const sorted = [...outcomes].sort((a, b) => a.index - b.index);
  return writeInRuns(
    sorted,
    (slice) => {
      const at = new Date(now());
      const cells = statusCells(analysis, slice, at, run.options.dryRun);
      run.table.writeRows(analysis.offset + (slice[0]?.index ?? 0), cells.columns, cells.values);
      slice.forEach(({ index, outcome }) => {
        analysis.decisions[index] = { kind: 'done', status: outcome.status };
      });
    },
    now,
    stopAfter,
  );
}

/** Each keyed outcome on its row in `fresh` (by match key), and how many found none. */
export function relocateAll(
  fresh: SheetAnalysis,
  keyed: readonly KeyedOutcome[],
  importContext: ImportContext,
  plannedOffset: number,
) {
  const keys = relocationKeys(fresh, importContext);
  const placed: Placed<RowOutcome>[] = [];
  const taken = new Set<number>();
  let unplaced = 0;
  for (const entry of keyed) {
    // The row's index when planned, in this read's terms.
    const hint = { ...entry, hintIndex: plannedOffset + entry.hintIndex - fresh.offset };
    const index = relocateRow(fresh, keys, hint, importContext, taken);
    if (index === undefined) unplaced += 1;
    else {
      taken.add(index);
      placed.push({ index, outcome: entry.outcome, key: entry.matchKey });
    }
  }
  return { placed, unplaced };
}

/**
 * After a step's write: the job's record of what it wrote, and the rows written checked when
 * enough have gathered or the slice nears its end (one read), repaired from a whole read when
 * one of them holds another key. Until then they wait in the cursor.
 */
export function recordWritten(
  scope: StepScope,
  keyed: readonly KeyedOutcome[],
  placed: ReadonlyArray<{ index: number; key: string }>,
  offset: number,
): void {
  const { run, job, ctx } = scope;
  for (const entry of keyed)
    run.written.set(matchKeyId(entry.matchKey), {
      ...entry.outcome,
      fingerprint: entry.fingerprint,
    });
  for (const { index, key } of placed)
    run.unchecked.push({ row: offset + index, keyId: matchKeyId(key) });
  const due = run.unchecked.length >= CHECK_EVERY_ROWS || nearSliceEnd(ctx);
  if (due && !writtenHold(scope)) auditAndRepair(scope);
  savePendingChecks(job, run.unchecked, run.written);
}

/**
 * Whether each row written since the last check still holds the key its outcome is for (one
 * read of their span). False also when a person moved rows after the write: the audit then
 * finds nothing to repair.
 */
function writtenHold(scope: StepScope): boolean {
  const written = scope.run.unchecked.splice(0);
  if (written.length === 0) return true;
  const rows = written.map(({ row }) => row);
  const first = Math.min(...rows);
  const check = read(scope, { first, count: Math.max(...rows) - first + 1, uncut: true });
  return written.every(({ row, keyId }) => {
    const cells = check.rows[row - check.offset];
    if (!cells) return false;
    const result = buildLeadPayload(cells, check.headerMap, scope.importContext);
    return result.ok && matchKeyId(result.matchKey) === keyId;
  });
}

/**
 * Reads the whole sheet and checks every status this job wrote against its record and the
 * import memory (job-audit.ts); rewrites or clears what stands on another lead's row. The
 * read returned is the one checked (its decisions updated for the repairs).
 */
export function auditAndRepair(scope: StepScope): { read: SheetAnalysis; repaired: number } {
  const { run, job, ctx } = scope;
  run.unchecked.length = 0;
  savePendingChecks(job, run.unchecked, run.written);
  const analysis = read(scope);
  const { rewrite, clear, ids } = auditImportSheet(
    analysis,
    scope.importContext,
    run.written,
    (id) => run.book.get(id),
    run.options.headerRow,
  );
  if (rewrite.length > 0) writeOutcomes(run, analysis, rewrite, () => ctx.clock.now());
  const { columns } = analysis;
  const cells = [columns.status, columns.leadId, columns.detail, columns.importedAt];
  for (const index of clear) {
    run.table.writeRows(analysis.offset + index, cells, [['', '', '', '']]);
    analysis.decisions[index] = { kind: 'skip' };
  }
  for (const { index, leadId } of ids.filter(({ index }) => !clear.includes(index)))
    run.table.writeRows(analysis.offset + index, [columns.leadId], [[leadId]]);
  const repaired = rewrite.length + clear.length + ids.length;
  if (repaired > 0) addRepaired(job, repaired);
  return { read: analysis, repaired };
}

/** Whether each outcome's status and detail stand on its row of `after` (a dry run writes these). */
export function outcomesStand(
  after: SheetAnalysis,
  outcomes: ReadonlyArray<{ index: number; outcome: RowOutcome }>,
): boolean {
  const { columns } = after;
  return outcomes.every(({ index, outcome }) => {
    const row = after.rows[index];
    return (
      row !== undefined &&
      String(row[columns.status] ?? '') === outcome.status &&
      String(row[columns.detail] ?? '') === outcome.detail
    );
  });
}

/** Whether the mapped cells of rows `indices` of `before` are the same in `after`. */
export function sameCells(
  before: SheetAnalysis,
  after: SheetAnalysis,
  indices: readonly number[],
): boolean {
  if (before.offset !== after.offset) return false;
  const columns = before.headerMap.columns.map((column) => column.index);
  const cellsOf = (analysis: SheetAnalysis, index: number) => {
    const row = analysis.rows[index];
    return row ? JSON.stringify(columns.map((c) => row[c] ?? '')) : undefined;
  };
  return indices.every((index) => {
    const left = cellsOf(before, index);
    return left !== undefined && left === cellsOf(after, index);
  });
}
