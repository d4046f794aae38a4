import type { Pacer } from '../../../pacing';
import type { StepContext, StepResult } from '../../engine';
import type { JobRecord } from '../../record';
import { endOfWindow, isWholeRead } from '../window';
import type { PlannedKind, PlannedTypes, Written } from './types';

/**
 * Where the planned walk (pipeline/planned/walk.ts) goes on after a step's writes, its progress,
 * and the checks against what the job wrote: at a slice's end when cheap, and at the job's
 * end, which comes only on a whole read after which the job wrote nothing.
 */

/** What the end of a step works with. */
export interface StepEnd<T extends PlannedTypes> {
  job: JobRecord;
  ctx: StepContext;
  kind: PlannedKind<T>;
  pacer: Pacer;
}

/**
 * Where the job goes on after `written` (the rows as written): the planned work (done by the
 * next step, its rows named in the checkpoint), else the rest of the sheet below the rows
 * read, else a whole read (the end of a pass finds rows moved above the scan); finished when
 * a whole read has nothing left.
 */
export function goOn<T extends PlannedTypes>(end: StepEnd<T>, written: Written<T>): StepResult {
  const { kind, ctx } = end;
  const { read, next, cursor } = written;
  const work = kind.workOf(next);
  if (work) kind.keepNext(next);
  if (work?.kind === 'settle') {
    // Settling first, the scan where it was: no end check before every lead is settled.
    return progress(end, read, kind.checkpoint(cursor, { planned: [] }), true);
  }
  if (work) {
    // A send's rows go in the checkpoint, with their targets: a run killed after the batch
    // left claims them, which a later lookup of another row of the same target finds.
    const planned = work.kind === 'send' ? work.rows : [];
    const scan = Math.min(...work.rows.map(({ at }) => at));
    const plannedAt = ctx.clock.now();
    return progress(end, read, kind.checkpoint(cursor, { planned, scan, plannedAt }));
  }
  // A window ending on a blank row is taken for the sheet's end: should rows follow the gap,
  // the whole read at the end of the pass finds them.
  const scan = 'scanAfter' in written ? written.scanAfter : endOfWindow(read, kind.isBlank);
  return progress(end, read, kind.checkpoint(cursor, { planned: [], scan }));
}

/** Progress after a step cut short (the slice ended mid-write, or nothing was marked). */
export function interrupted<T extends PlannedTypes>(end: StepEnd<T>, read: T['read']): StepResult {
  return progress(end, read, end.kind.checkpoint(end.kind.currentCursor(), { planned: [] }));
}

/**
 * Counts, checkpoint and message after a step: recounted from a whole read (finished when no
 * row is left to do and the end check finds the sheet as the job wrote it), moved by what
 * this step wrote after a window.
 */
function progress<T extends PlannedTypes>(
  end: StepEnd<T>,
  stepRead: T['read'],
  stepCursor: T['cursor'],
  settling = false,
): StepResult {
  const { job, kind } = end;
  // A repeatable kind checks what it wrote as it places it: no look at the pacer (a cache
  // read) every step for a check it does not make.
  const checked =
    !kind.repeatable && sliceEnding(end)
      ? kind.checkAtSliceEnd(stepRead, stepCursor)
      : { read: stepRead, cursor: stepCursor };
  const { read } = checked;
  let { cursor } = checked;
  kind.count(read);
  // Not before every row it can settle is settled, nor before the sheet agrees with what the
  // job wrote: a write may land on another row (a sort between its read and it), so the job
  // ends on a whole read after which it wrote nothing.
  const repaired =
    isWholeRead(read) && !kind.hasWritten() && !settling && kind.nothingLeft(read, cursor)
      ? kind.endCheck(read, cursor)
      : undefined;
  if (repaired) cursor = repaired;
  job.cursor = cursor;
  // What the job keeps beside the sheet (a busy store keeps the job going until written).
  const finished = repaired === null ? kind.finishRecord(cursor) : undefined;
  if (finished) job.cursor = finished;
  job.message = kind.message(finished !== undefined, read, cursor);
  return finished !== undefined ? { status: 'finished' } : { status: 'more' };
}

/**
 * Whether the next step would not fit in this execution: the engine ends a slice when a
 * step's estimate no longer fits, or (a paced slice, a trigger's) when the next request slot
 * is further than it waits (engine.ts); twice the estimate, or a slot past this step's latest
 * start, catches the last step or the one before it.
 */
function sliceEnding<T extends PlannedTypes>({ ctx, pacer }: StepEnd<T>): boolean {
  return (
    ctx.clock.now() + 2 * (ctx.estimateMs ?? 0) > ctx.deadline ||
    pacer.nextSlotAt() > ctx.latestStartAt
  );
}
