import type { PagedEvidence } from '../leads/resolver';
import type { PlanVerdict } from '../plan/plan';
import type { LeadState } from './types';

/**
 * One row of a run as the job records it (the run's own record, the truth the sheet is checked
 * against). Short keys: a 1,000-row run's record sits in the person's Properties.
 */
export interface ActionEntry {
  /** The row's key: its lead id (`#123`), or its e-mail / phone as matched (`e:ana@x.com`). */
  k: string;
  /** Lead id, once known. */
  i?: number;
  /** Match keys still to look up: `e:<email>`, `p:<E.164 phone>` (matchBy, no id column). */
  m?: string[];
  /** The row's cells that params or `{{Header}}` placeholders take, by param name / `h:<header>`. */
  c?: Record<string, string>;
  /** The lead's state read before the action (absent until read). */
  b?: LeadState;
  /**
   * message preview: the lead's 24-hour window with the number is closed for sure (1), or not
   * known to be (0); absent until its conversation is read (window.ts).
   */
  w?: 0 | 1;
  /**
   * The row names no lead: none was found (1: read answered 404 or no match), or its key is
   * held by several leads or could not be told apart (2: SKIPPED); the detail says why.
   */
  g?: 1 | 2;
  /**
   * A paged read under way: what its pages so far showed of the row's keys (leads/resolver.ts).
   * It names the lead only once the read is whole; a partial read leaves it to a search.
   */
  v?: PagedEvidence<LeadState>;
  /** Row status, detail, when (epoch ms). */
  s?: string;
  d?: string;
  t?: number;
  /** Requests of this row done so far (a row may need several, one per tag). */
  x?: number;
  /** A request that must not be repeated may have left: settle it by reading the lead back. */
  f?: 1;
  /** When its request left (a message sent at or after it counts as this one). */
  u?: number;
  /** Settled once as "nothing happened" and sent once more: never again blindly. */
  o?: 1;
  /**
   * A hash of the row's data cells when collected (rows.ts): the same row keyed otherwise since
   * (a renamed key column) has the same (PipelineKind.rowMark).
   */
  h?: string;
  /** The same row as an earlier entry, under another key: shows its end (pipeline/types.ts). */
  a?: 1;
  /**
   * A run with a plan (core/plan): what the plan says of this row (`W` previewed as changing,
   * `S` as staying, `G` no lead, `B` counted at the call), and the lead it named (`W` rows).
   */
  q?: PlanVerdict;
  p?: number;
}

/** Statuses that end a row for a run (the rest go on). */
export const FINAL_STATUSES = new Set([
  'DONE',
  'NO_CHANGE',
  'NOT_FOUND',
  'BLOCKED',
  'SKIPPED',
  'FAILED',
  'UNCERTAIN',
  'REVERTED',
  'CHANGED_SINCE',
  'NOT_REVERSIBLE',
  'NOT_PREVIEWED',
  'WILL_CHANGE',
  'WILL_FAIL',
]);

export function isFinal(entry: ActionEntry): boolean {
  return entry.s !== undefined && FINAL_STATUSES.has(entry.s);
}
