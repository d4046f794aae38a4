import { translator } from '../../../i18n';
import type { StepContext, StepResult } from '../../engine';
import type { JobRecord } from '../../record';
import { stopJob } from '../../row-job';
import { readWithColumns } from '../place';
import { plannedStep } from '../planned/walk';
import type { WalkEntry } from '../types';
import type { LedgerRun } from './base';
import { readWalkCursor } from './cursor';
import { LedgerWalkKind } from './kind';

/**
 * How long a batch short of slots waits for the rest (acquireMerged). Slots free up 60 s after
 * the answers of the batch that took them, so a batch sent on fewer (the slots of a page read)
 * repeats every minute as a step of its own, with its own sheet reads and writes; but a slot
 * waited for is a slot unused. The send's 3 s cost a 1,000-row stage move 0.1 request a minute
 * at the typical and fast profiles (58.7 → 58.6); half a second keeps every profile's rate and
 * still saves sheet calls (npm run bench: typical 1.69 → 1.62 a row, fast 1.91 → 1.16).
 */
export const LEDGER_MERGE_MS = 500;

/**
 * One step of a row job whose record is a ledger of its rows (lead actions, their revert: a
 * `PipelineKind`, pipeline/types.ts) on the planned walk of the pipeline (pipeline/planned/walk.ts):
 * the first step collects the sheet into the ledger; every step then walks as the send does:
 * settle what may have left, read what rows need (in pages when cheaper), decide, take a batch
 * under the shared pacer (acquireMerged, LEDGER_MERGE_MS), mark it "may have left", send it
 * once, place the answers by key, and at the end check the sheet against the record
 * (pipeline/ledger/kind.ts).
 */
export function ledgerStep<E extends WalkEntry, R>(
  job: JobRecord,
  ctx: StepContext,
  run: LedgerRun<E, R>,
): StepResult {
  const t = translator(job.locale ?? 'en');
  const cursor = readWalkCursor(job.cursor);
  if (!run.loaded && cursor.collected) run.ledger.load(cursor.shards);
  run.loaded = true;
  // The engine steps a cancelled job only while it settles (JobRecord.settleOnCancel).
  run.cancelled = job.state === 'cancelled';
  // Cancelled before its rows were collected: nothing was sent, and no row was reached.
  if (!cursor.collected && run.cancelled) return { status: 'finished' };
  if (!cursor.collected) {
    // One whole read: every non-blank row becomes an entry of the ledger.
    const { values } = readWithColumns(run.sheet, run.kind.headers, t);
    const entries = run.kind.collect(values);
    if (typeof entries === 'string') return stopJob(job, 'failed', entries);
    run.ledger.reset(entries);
    run.ledger.save();
    run.next = undefined;
    job.cursor = { shards: run.ledger.shards.length, collected: 1 };
  } else job.cursor = cursor;
  return plannedStep(job, ctx, new LedgerWalkKind(job, ctx, run), {
    client: run.client,
    pacer: run.pacer,
    noSlotWords: () => t('jobs.yield.noSlot'),
    mergeMs: LEDGER_MERGE_MS,
  });
}

export type { LedgerRun };
