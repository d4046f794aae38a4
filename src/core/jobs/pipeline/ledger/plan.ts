import type { AnsweredBatch, MarkedRow, PlannedAt, PlannedRead } from '../planned/types';
import type { AnswerReading, NextMove, PipelineKind, WalkEntry } from '../types';
import { READ_BATCH, RETRY_ATTEMPTS, WALK_BATCH, type WalkCursor } from './cursor';

/**
 * What a ledger walk (pipeline/ledger/walk.ts) decides from its record alone (pure, but for
 * `finish` and `applyAnswer`, which change one entry): the next work, a row's end, what an
 * answer does to its entry, and the counts.
 */

/** The ledger as the planned walk reads it: always whole (the record, not the sheet). */
export interface LedgerRead<E extends WalkEntry> extends PlannedRead {
  rows: readonly E[];
  keys: readonly string[];
}

/** A row's end that costs no request (decided, or the twin of an earlier row). */
export interface FreeEnd<E> {
  entry: E;
  status: string;
  words: string;
}

export interface SendAt<E, R> extends PlannedAt {
  entry: E;
  request: R;
}

export interface MarkedAt<E, R> extends MarkedRow {
  entry: E;
  request: R;
}

/** A read a row needs: one page of everything (`page`), or the row's own (`entry`). */
export interface LearnAt<E> extends PlannedAt {
  entry?: E;
  page?: number;
}

export interface SettleOf<E, R> {
  entry: E;
  request: R;
}

export type LedgerNext<E, R> =
  | { kind: 'send'; rows: SendAt<E, R>[] }
  | { kind: 'learn'; rows: LearnAt<E>[] }
  | { kind: 'settle'; targets: SettleOf<E, R>[] }
  | { kind: 'done' };

export interface LedgerAnswered<E> extends AnsweredBatch {
  /** Entries the answers ended (to place by key). */
  placed: E[];
}

/**
 * The next work of the record: requests that may have left settled first (a kill, a lost
 * answer), then what rows need read, then the next batch of up to WALK_BATCH requests in
 * record order, with the ends of the rows before it that cost no request. A `cancelled` job
 * only settles: then every row left without an end gets the kind's cancelled end (no read, no
 * request), all at once.
 */
export function planLedger<E extends WalkEntry, R>(
  kind: PipelineKind<E, R>,
  entries: readonly E[],
  cursor: WalkCursor,
  cancelled = false,
): { free: FreeEnd<E>[]; next: LedgerNext<E, R> } {
  const targets: SettleOf<E, R>[] = [];
  for (const entry of entries) {
    if (entry.f !== 1 || entry.s !== undefined) continue;
    // A row with no request left ends below (its end drops the mark) with nothing to settle.
    const move = kind.next(entry);
    if (move.kind === 'request') targets.push({ entry, request: move.request });
    if (targets.length >= WALK_BATCH) break;
  }
  if (targets.length > 0) return { free: [], next: { kind: 'settle', targets } };
  if (cancelled) return { free: cancelledEnds(kind, entries), next: { kind: 'done' } };
  const learn = learnWork(kind, entries, cursor);
  if (learn) return { free: [], next: learn };
  const free: FreeEnd<E>[] = [];
  const rows: SendAt<E, R>[] = [];
  const firsts = new Map<string, E>();
  entries.forEach((entry, at) => {
    if (rows.length >= WALK_BATCH) return;
    // The walk is in record order: the first row of a target stays its only one across slices.
    const target = kind.target?.(entry);
    const first = target === undefined ? undefined : firsts.get(target);
    if (target !== undefined && !first) firsts.set(target, entry);
    if (entry.s !== undefined) return;
    if (first && kind.twin) {
      free.push({ entry, ...kind.twin(entry, first) });
      return;
    }
    const move = kind.next(entry);
    if (move.kind === 'final') free.push({ entry, status: move.status, words: move.words });
    else if (move.kind === 'request') rows.push({ key: entry.k, at, entry, request: move.request });
  });
  return { free, next: rows.length > 0 ? { kind: 'send', rows } : { kind: 'done' } };
}

/**
 * The ends of a cancelled job's rows that have none (their requests never left, or settled as
 * never arrived): what costs no request ends as it would have (NO_CHANGE, a twin), the rest
 * with the kind's cancelled words. Nothing is planned after them.
 */
function cancelledEnds<E extends WalkEntry, R>(
  kind: PipelineKind<E, R>,
  entries: readonly E[],
): FreeEnd<E>[] {
  const { cancelled } = kind;
  if (!cancelled) return [];
  const free: FreeEnd<E>[] = [];
  const firsts = new Map<string, E>();
  for (const entry of entries) {
    const target = kind.target?.(entry);
    const first = target === undefined ? undefined : firsts.get(target);
    if (target !== undefined && !first) firsts.set(target, entry);
    if (entry.s !== undefined) continue;
    // A row not read yet is decided by nothing (its next move would take it for gone).
    const move: NextMove<R> = kind.read?.needs(entry) ? { kind: 'none' } : kind.next(entry);
    if (first && kind.twin) free.push({ entry, ...kind.twin(entry, first) });
    else if (move.kind === 'final') free.push({ entry, status: move.status, words: move.words });
    else free.push({ entry, ...cancelled(entry, 'unsent') });
  }
  return free;
}

/** Reads rows still need: page 1 first, pages while fewer than the rows left, else one by one. */
function learnWork<E extends WalkEntry, R>(
  kind: PipelineKind<E, R>,
  entries: readonly E[],
  cursor: WalkCursor,
): LedgerNext<E, R> | undefined {
  const hooks = kind.read;
  if (!hooks) return undefined;
  const needing: LearnAt<E>[] = [];
  entries.forEach((entry, at) => {
    if (hooks.needs(entry)) needing.push({ key: entry.k, at, entry });
  });
  if (needing.length === 0) return undefined;
  const page = cursor.page ?? 1;
  if (page > 0 && hooks.page && hooks.applyPage) {
    return { kind: 'learn', rows: [{ key: entries[0]?.k ?? '', at: 0, page }] };
  }
  return { kind: 'learn', rows: needing.slice(0, READ_BATCH) };
}

/**
 * The page after `page` of a paged read: 0 (one by one) when no row is left to read, after the
 * last page (the CRM does not say how it orders its list, so a lead the pages missed is not
 * taken for gone: a 404 says so), or when the pages left cost more than the rows left.
 */
export function nextPage(page: number, last: number, left: number): number {
  if (left === 0 || page >= last) return 0;
  return last - page <= left ? page + 1 : 0;
}

/** Ends an entry: its status, when, and its words unless the record can recompute them. */
export function finish<E extends WalkEntry>(
  kind: PipelineKind<E, unknown>,
  entry: E,
  end: { status: string; words: string },
  now: number,
): void {
  entry.s = end.status;
  entry.t = now;
  delete entry.f;
  delete entry.r;
  delete entry.u;
  delete entry.d;
  // Words the record can recompute are not kept (see PipelineKind.derive).
  if (kind.derive?.(entry) !== end.words) entry.d = end.words;
}

/** Applies one answer to its entry; true when the row reached its end. */
export function applyAnswer<E extends WalkEntry>(
  kind: PipelineKind<E, unknown>,
  entry: E,
  reading: AnswerReading,
  now: number,
): boolean {
  switch (reading.kind) {
    case 'done': {
      entry.x = (entry.x ?? 0) + 1;
      delete entry.f;
      delete entry.r;
      const after = kind.next(entry);
      if (after.kind !== 'final') return false;
      finish(kind, entry, after, now);
      return true;
    }
    case 'again':
      delete entry.f;
      return false;
    case 'retry':
      entry.r = (entry.r ?? 0) + 1;
      if (entry.r < RETRY_ATTEMPTS) return false;
      finish(kind, entry, { status: 'FAILED', words: reading.words }, now);
      return true;
    case 'uncertain':
      // Left "may have left" (f): the next plan reads the lead back before anything else.
      entry.d = reading.words;
      return false;
    case 'row':
      finish(kind, entry, reading, now);
      return true;
    case 'refused':
      delete entry.f;
      return false;
  }
}

/**
 * What a settle read says to its entry: the request landed (its row goes on, or ends
 * confirmed), nothing happened (the request goes once more, never again blindly; in a
 * `cancelled` job, the row ends saying nothing was sent), or neither (UNCERTAIN, saying why).
 */
export function applySettled<E extends WalkEntry>(
  kind: PipelineKind<E, unknown>,
  entry: E,
  verdict: 'done' | 'not' | 'unknown',
  now: number,
  cancelled = false,
): void {
  if (verdict === 'done') {
    entry.x = (entry.x ?? 0) + 1;
    delete entry.f;
    const after = kind.next(entry);
    if (after.kind === 'final') {
      finish(
        kind,
        entry,
        { status: after.status, words: kind.words(entry, 'settled', after.words) },
        now,
      );
    }
  } else if (verdict === 'not' && cancelled && kind.cancelled) {
    finish(kind, entry, kind.cancelled(entry, 'notArrived'), now);
  } else if (verdict === 'not' && !entry.o) {
    delete entry.f;
    entry.o = 1;
  } else {
    const words = kind.words(entry, 'UNCERTAIN', entry.d ?? '');
    finish(kind, entry, { status: 'UNCERTAIN', words }, now);
  }
}

/**
 * Counts from the record: every entry is a row (but one taken on again under another key,
 * which its first entry counts); the finished ones are done.
 */
export function countLedger(
  entries: readonly WalkEntry[],
  known: readonly string[],
): { total: number; done: number; counts: Record<string, number> } {
  const counts: Record<string, number> = {};
  for (const status of known) counts[status] = 0;
  let done = 0;
  let total = 0;
  for (const entry of entries) {
    if (entry.a) continue;
    total += 1;
    if (entry.s === undefined) continue;
    done += 1;
    counts[entry.s] = (counts[entry.s] ?? 0) + 1;
  }
  return { total, done, counts };
}
