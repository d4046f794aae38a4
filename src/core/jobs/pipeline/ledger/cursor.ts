/**
 * The checkpoint of a row job whose record is a ledger of its rows (lead actions and their
 * revert, on the planned walk: pipeline/ledger/walk.ts), and the sizes of its batches.
 */

/** Requests sent together in one step (fetchAll); a kill mid-batch leaves at most these to settle. */
export const WALK_BATCH = 10;
/** Reads of a page-less read step. */
export const READ_BATCH = 20;
/** Calls in all of a repeatable request that gets no answer. */
export const RETRY_ATTEMPTS = 3;
/** End checks at most: each that repairs a row is followed by another read of the sheet. */
export const MAX_CHECKS = 8;

export interface WalkCursor {
  /** Shards of the ledger written so far. */
  shards: number;
  /** The sheet's rows are in the ledger (the first step collected them). */
  collected?: 1;
  /** Paged read: the next page; 0 = reading one by one; undefined = page 1 first. */
  page?: number;
  /** Paged read: the account's total on its first page, and whether a later page's differed. */
  total?: number;
  shifted?: 1;
  /** A request that changes something has been sent (beforeFirstSend ran). */
  sent?: boolean;
  /** Read requests made so far (a preview's tells what its run will read). */
  reads?: number;
  /** End checks that found rows to repair (each is followed by another). */
  checks?: number;
}

/** The job's checkpoint. */
export function readWalkCursor(value: unknown): WalkCursor {
  if (!value || typeof value !== 'object') return { shards: 0 };
  const cursor = { ...(value as Partial<WalkCursor>) };
  if (typeof cursor.shards !== 'number') return { shards: 0 };
  return cursor as WalkCursor;
}
