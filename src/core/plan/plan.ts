import { Ledger } from '../jobs/pipeline/ledger/ledger';
import type { KeyValueStore } from '../ports';

/**
 * What a person confirmed, row by row (PRODUCT.md "What a person confirmed is what happens"):
 * a preview's decision per row (its key and cell mark → the lead it named → what would happen),
 * or, with no preview, the rows a confirmation counted at the call. A run holding a plan acts
 * only on the rows it holds, as they were: a row added since, or whose cells changed, is
 * NOT_PREVIEWED. Any row job keyed by rows (lead actions today; import, send, push could) can
 * keep to one: nothing here knows what the rows do.
 */

/**
 * What the plan says of a row: `W` the preview showed it changing (the only rows a run may
 * act on as previewed), `N` no change, `F` it would fail, `G` no lead found, `B` bound: counted
 * at the call with no preview (the run decides it as usual).
 */
export type PlanVerdict = 'W' | 'N' | 'F' | 'G' | 'B';

/** One row of a plan. Short keys: a 1,000-row plan sits in the person's Properties. */
export interface PlanRow {
  /** The row's key (its lead id `#123`, or its e-mail / phone). */
  k: string;
  /** The mark of its data cells (a short hash); absent: the plan does not hold the cells. */
  h?: string;
  /** The lead the preview named (`W` rows). */
  i?: number;
  v: PlanVerdict;
}

/** Where a plan is kept, and what it counted: a job's options carry it. */
export interface PlanRef {
  id: string;
  shards: number;
  /** `preview`: the cells must be as the preview saw them; `call`: the rows counted at the call. */
  from: 'preview' | 'call';
  /** The preview job it comes from. */
  previewId?: string;
}

/** A run keeps to a preview this recent; an older one is no longer what the person saw. */
export const PLAN_FRESH_MS = 24 * 60 * 60_000;

/** A row as a row job collects it: its key, cell mark, lead and (a preview's) status. */
export interface PlannedEntry {
  k: string;
  h?: string;
  i?: number;
  s?: string;
  /** No lead for the row (1: no key, or none found; 2: a key several leads hold). */
  g?: 1 | 2;
  /** An entry that is another entry's row under another key: not a row of its own. */
  a?: 1;
}

const VERDICTS: Record<string, PlanVerdict> = { WILL_CHANGE: 'W', NO_CHANGE: 'N', NOT_FOUND: 'G' };

/** A preview's rows as a plan: what each was shown as, and the lead a changing row names. */
export function planOfPreview(entries: readonly PlannedEntry[]): PlanRow[] {
  return entries
    .filter((e) => !e.a)
    .map((e) => {
      const v = VERDICTS[e.s ?? ''] ?? 'F';
      return {
        k: e.k,
        ...(e.h === undefined ? {} : { h: e.h }),
        ...(v === 'W' && e.i !== undefined ? { i: e.i } : {}),
        v,
      };
    });
}

/** The rows read at the call as a plan (no preview): the run acts on these rows alone. */
export function planOfCall(entries: readonly PlannedEntry[]): PlanRow[] {
  return entries.map((e) => ({ k: e.k, ...(e.g ? { v: 'G' as const } : { v: 'B' as const }) }));
}

/** Rows the plan lets act on a lead: a preview's changing rows, or the rows counted at the call. */
export function actingRows(rows: readonly PlanRow[]): number {
  return rows.filter((r) => r.v === 'W' || r.v === 'B').length;
}

/** How a row of the sheet stands against the plan. */
export type PlanFit =
  | { kind: 'planned'; row: PlanRow }
  | { kind: 'notPreviewed'; why: 'added' | 'changed' };

/** The row the plan holds for `entry`: none (added since), other cells (changed since), or its. */
export function fitToPlan(
  plan: ReadonlyMap<string, PlanRow>,
  entry: { k: string; h?: string },
): PlanFit {
  const row = plan.get(entry.k);
  if (!row) return { kind: 'notPreviewed', why: 'added' };
  if (row.h !== undefined && entry.h !== row.h) return { kind: 'notPreviewed', why: 'changed' };
  return { kind: 'planned', row };
}

/** Where plan `id` lives in a data store. */
export function planPrefix(id: string): string {
  return `plan.${id}.`;
}

/** Writes a plan in shards (as a ledger: small values, Properties-sized). */
export function savePlan(
  store: KeyValueStore,
  id: string,
  rows: readonly PlanRow[],
  from: PlanRef['from'],
  previewId?: string,
): PlanRef {
  const ledger = new Ledger<PlanRow>(store, planPrefix(id));
  ledger.reset(rows);
  ledger.save();
  return { id, shards: ledger.shards.length, from, ...(previewId ? { previewId } : {}) };
}

/** A plan by row key; undefined when its record is gone (a run then acts on nothing). */
export function loadPlan(store: KeyValueStore, ref: PlanRef): Map<string, PlanRow> {
  const rows = new Ledger<PlanRow>(store, planPrefix(ref.id)).load(ref.shards).entries();
  return new Map(rows.map((r) => [r.k, r]));
}

/** The ids of the plans a data store holds. */
export function planIds(store: KeyValueStore): string[] {
  return [...new Set(store.keys().flatMap((key) => /^plan\.([^.~]+)\./.exec(key)?.[1] ?? []))];
}
