import type { Translate } from '../../../i18n';
import { placeByKey, readWithColumns } from '../place';
import type { PipelineKind, PipelineSheet, WalkEntry } from '../types';
import { MAX_CHECKS, type WalkCursor } from './cursor';
import type { Ledger } from './ledger';
import { finish } from './plan';

/**
 * The end of a ledger walk's pass (pipeline/ledger/walk.ts): rows the record does not hold yet
 * start another pass (but a row it holds under another key, `takeOnMoved`, only shows its
 * end); else every row of the sheet is made to show what the record says, whatever was sorted.
 */

export interface LedgerCheck<E extends WalkEntry, R> {
  kind: PipelineKind<E, R>;
  ledger: Ledger<E>;
  sheet: PipelineSheet;
  t: Translate;
  now: number;
}

/** The checkpoint after repairs or late rows (the job goes on), or null: the sheet agrees. */
export function ledgerEndCheck<E extends WalkEntry, R>(
  check: LedgerCheck<E, R>,
  cursor: WalkCursor,
): WalkCursor | null {
  const { kind, ledger, sheet } = check;
  const read = readWithColumns(sheet, kind.headers, check.t);
  if (kind.adoptsLateRows) {
    const collected = kind.collect(read.values);
    const known = new Set(ledger.entries().map((e) => e.k));
    const rows = typeof collected === 'string' ? [] : collected;
    const late = rows.filter((e) => !known.has(e.k));
    if (late.length > 0) {
      const moved = takeOnMoved(check, late, new Set(rows.map((e) => e.k)));
      ledger.append(late);
      ledger.save();
      cursor = { ...cursor, shards: ledger.shards.length };
      // A new pass: late rows are read one by one (the pages were read for the others).
      if (moved < late.length) return { ...cursor, page: 0, checks: 0 };
    }
  }
  const wrote = placeByKey(sheet, kind as PipelineKind<E, unknown>, ledger.entries(), true, read);
  // A person may sort or insert between that read and its writes (Sheets has no atomic
  // read-and-write), so a check that wrote is checked again: the job ends on a read that
  // found every row right. A person who never stops editing gets MAX_CHECKS of them.
  const checks = (cursor.checks ?? 0) + 1;
  if (wrote > 0 && checks < MAX_CHECKS) return { ...cursor, checks };
  return null;
}

/**
 * Late rows that are rows the record holds, keyed otherwise since (`PipelineKind.rowMark`,
 * and no row of the sheet, `present`, has that entry's key any more): each shows its entry's
 * end and detail, with no read and no request. Returns how many.
 */
function takeOnMoved<E extends WalkEntry, R>(
  { kind, ledger, now }: LedgerCheck<E, R>,
  late: readonly E[],
  present: ReadonlySet<string>,
): number {
  if (!kind.rowMark) return 0;
  const byMark = new Map<string, E>();
  for (const entry of ledger.entries()) {
    // An entry whose key a row of the sheet still has is that row's: a late row with its mark
    // is another row (a mark is a short hash: two rows' cells may share one).
    if (present.has(entry.k)) continue;
    const mark = kind.rowMark(entry);
    if (mark !== undefined && entry.s !== undefined && !byMark.has(mark)) byMark.set(mark, entry);
  }
  let moved = 0;
  for (const entry of late) {
    const mark = kind.rowMark(entry);
    const same = mark === undefined ? undefined : byMark.get(mark);
    if (!same) continue;
    const words = same.d ?? kind.derive?.(same) ?? '';
    finish(kind as PipelineKind<E, unknown>, entry, { status: same.s ?? '', words }, now);
    if (same.t !== undefined) entry.t = same.t;
    entry.a = 1;
    moved += 1;
  }
  return moved;
}
