import type { StepContext, StepResult } from '../engine';
import type { JobRecord } from '../record';
import { applyCounts } from '../row-job';
import { addUnplaced, setScan, unplacedOf } from './scan/cursor';
import type { AtRow, ScanKind, ScanTypes } from './scan/types';
import { isWholeRead, locateFresh } from './window';

/**
 * A dry run of a repeatable kind (the import's preview) in one step: every row decided from
 * whole reads with what the job can learn before the slice ends, no request sent, no record
 * kept; the statuses placed by key in a read taken right before they are written, and placed
 * again should a person have moved rows under the write (a dry run has no end check).
 */

/** The CRM's pace (60 requests a minute): how many lookups the rest of a slice can make. */
const MS_PER_REQUEST = 1_000;
/** Times a dry run places its statuses again after a person moved rows under its write. */
const MAX_DRY_RUN_PLACEMENTS = 10;

export function previewStep<T extends ScanTypes>(
  job: JobRecord,
  ctx: StepContext,
  kind: ScanKind<T>,
): StepResult {
  const first = kind.read();
  const { toSend } = kind.split(first);
  const reach = Math.floor((ctx.deadline - ctx.clock.now()) / MS_PER_REQUEST);
  kind.reads.learn(toSend, toSend, Math.min(kind.reads.unknown(first, toSend), reach));
  const keyed: T['keyed'][] = [];
  for (const row of toSend) {
    const decided = kind.decide(row);
    // A dry run decides every row without a request (the import's preview never sends).
    if (decided && 'outcome' in decided) keyed.push(kind.keyed(row, decided.outcome));
  }
  const { located, fresh } = locateFresh(
    (window) => kind.read(window),
    [],
    0,
    (read) => kind.locate(read, keyed, first.offset),
  );
  const placed = [...kind.split(fresh).free, ...located.placed];
  kind.write(fresh, placed);
  const last = placeAgain(kind, fresh, placed, keyed, first.offset);
  if (located.unplaced > 0) addUnplaced(job, located.unplaced);
  const done = isWholeRead(last);
  if (done) applyCounts(job, kind.counts(last));
  setScan(job, undefined);
  kind.save(true);
  job.message = kind.message(done, unplacedOf(job));
  return done ? { status: 'finished' } : { status: 'more' };
}

/**
 * A dry run writes every row after one locating read, in several writes: a person who sorts
 * meanwhile would leave statuses on other rows. Its outcomes depend only on each row's cells
 * and on what the job learnt per key (kept, no request), so the check reads the sheet again
 * and, when a written row no longer holds the cells it was decided from, places and writes
 * everything again from that read. Returns the read last written.
 */
function placeAgain<T extends ScanTypes>(
  kind: ScanKind<T>,
  written: T['read'],
  placed: readonly AtRow<T['outcome']>[],
  keyed: readonly T['keyed'][],
  plannedOffset: number,
): T['read'] {
  let last = written;
  let outcomes = placed;
  for (let round = 0; round < MAX_DRY_RUN_PLACEMENTS; round++) {
    const check = kind.read();
    const rows = outcomes.map(({ index }) => index);
    // The rows alone are not enough: sorted and sorted back between two writes, they hold
    // their cells again while the first write's statuses went with other rows.
    if (kind.sameRows(last, check, rows) && (kind.standing?.(check, outcomes) ?? true)) {
      return last;
    }
    const located = kind.locate(check, keyed, plannedOffset);
    const again = [...kind.split(check).free, ...located.placed];
    kind.write(check, again);
    last = check;
    outcomes = again;
  }
  return last;
}
