import { duplicateReason, type ImportContext } from '../row';
import type { ImportRowStatus } from '../status-columns';
import type { RowOutcome } from './decide';
import type { SendDecision } from './sheet';

/**
 * Issue 27 item 7d: a row is DUPLICATE only of an earlier row of its key that is sent (or, in
 * a dry run, would be); it was DUPLICATE of a row that then ended CONFLICT and was never sent.
 * A row whose key an earlier row still to decide holds (sheet.ts `after`) waits for that row's
 * fate, kept here per decision (a read's decisions are its own objects):
 *
 * - `{}`: the row is sent (or found UNCHANGED, which claims its key as a processed row does);
 * - `{ row }`: the row is DUPLICATE of sheet row `row`, which is sent;
 * - `null`: the row ends without being sent: its key is free for the next row of it.
 */
export type Fate = { row?: number } | null;
export type Fates = WeakMap<SendDecision, Fate>;

/** Statuses of a decided row that take its key (as sheet.ts CLAIMING does for processed rows). */
const TAKES_KEY: ReadonlySet<ImportRowStatus> = new Set<ImportRowStatus>([
  'VALID',
  'CREATED',
  'UPDATED',
  'UNCHANGED',
]);

export function fateOf(status: ImportRowStatus): Fate {
  return TAKES_KEY.has(status) ? {} : null;
}

/**
 * A waiting row's outcome from its earlier row's fate: DUPLICATE of the row sent, 'wait'
 * while that fate is unknown, undefined when the row is decided on its own.
 */
export function duplicateOfSent(
  fates: Fates,
  decision: SendDecision,
  context: ImportContext,
): RowOutcome | 'wait' | undefined {
  const { after } = decision;
  if (!after) return undefined;
  const fate = fates.get(after.decision);
  if (fate === undefined) return 'wait';
  if (fate === null) return undefined;
  const row = fate.row ?? after.row;
  fates.set(decision, { row });
  return { status: 'DUPLICATE', detail: duplicateReason(after.key, row, context) };
}
