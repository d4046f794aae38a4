import type { StepContext } from '../engine';
import type { RowWindow } from '../row-job';
import type { ScanRead } from './scan/types';

/**
 * What every windowed walk of the row pipeline shares (the planned walk, pipeline/planned/walk.ts,
 * and the kinds on it): whether a read holds the whole sheet, where the scan goes on after a
 * window, placing statuses by key in a read taken right before the write, and whether a
 * step is likely a slice's last.
 */

/** Whether this step is likely the slice's last: less than two steps' time is left. */
export function nearSliceEnd(ctx: StepContext): boolean {
  const estimate = ctx.deadline - ctx.latestStartAt;
  return ctx.clock.now() + 2 * estimate > ctx.deadline;
}

/** Whether a read holds every data row (a window from the first row to the last counts). */
export function isWholeRead(read: ScanRead): boolean {
  return read.offset === 0 && read.complete;
}

/**
 * Where the scan goes on after a window with nothing left to send: below it, or (a window at
 * the last row, or ending on a blank row) nowhere: the next step reads the whole sheet, which
 * finds rows moved above the scan, and any rows after a gap.
 */
export function endOfWindow<A extends ScanRead>(
  read: A,
  isBlank: (read: A, index: number) => boolean,
): number | undefined {
  const last = read.rows.length - 1;
  if (read.complete || last < 0 || isBlank(read, last)) return undefined;
  return read.offset + read.rows.length;
}

/**
 * Outcomes located by key right before they are written: a person may have sorted, inserted
 * or deleted rows since they were planned. The read holds the data rows `rows` (and `extra`
 * rows after them, read uncut), or the whole sheet when there are none or when any outcome
 * found no row there.
 */
export function locateFresh<R extends ScanRead, L extends { unplaced: number }>(
  read: (window?: RowWindow) => R,
  rows: readonly number[],
  extra: number,
  locate: (fresh: R) => L,
): { fresh: R; located: L } {
  const first = Math.min(...rows);
  let fresh =
    rows.length === 0
      ? read()
      : read({ first, count: Math.max(...rows) - first + 1 + extra, uncut: true });
  let located = locate(fresh);
  if (located.unplaced > 0 && !isWholeRead(fresh)) {
    fresh = read();
    located = locate(fresh);
  }
  return { fresh, located };
}
