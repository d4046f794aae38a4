/**
 * How an export walks `GET /leads` so that it misses no lead while the CRM changes under it.
 *
 * Plain pages (`page=1,2,3…` of one query) shift: a lead deleted, or moved out of the filters,
 * on a page already read pulls every later lead one place up, and the lead at the next page's
 * edge is never read (12 of 438 in one run). So each request reads the FIRST page of a window:
 * the filters plus `created_to` = the `created_at` of the last lead read so far. The CRM lists
 * leads newest first (`created_at` desc, the order of its screen; crm-api-v1.md does not say,
 * the sandbox documents it), so the window holds exactly the leads not yet reached, whatever
 * was deleted, created or moved before it: a lead created during the export is newer than the
 * window and stays out of it; one deleted or moved above it shifts nothing inside it. Each
 * answer is one consistent snapshot of the window's top, so every lead that matched from the
 * export's start to its end and still exists is in some answer.
 *
 * `created_to` includes its instant, so each window starts with the leads created at that same
 * instant, already written: they are dropped by id (`seenAtBound`). A whole page created at one
 * instant (a bulk import) cannot move the bound; then the window is read on by page number, and
 * only there can a change between two requests shift a lead past us: the guarantee needs fewer
 * than `per_page` (200) leads created at one same instant. crm-api-v1.md types `created_to` as a
 * "date": a CRM that reads it by the day answers leads above the bound too; they are dropped
 * (read already, or created since the export began) and the window goes on by page number.
 *
 * The order is checked on every page. An answer that is not newest first means the CRM orders
 * otherwise: the export goes on with plain pages (`order: 'offset'`), drops the previous page's
 * leads when a newer lead pushed them forward, and if the total moved meanwhile it says that
 * leads may be missing (and a sync then neither marks nor deletes rows).
 */
import * as z from 'zod/mini';
import type { Lead, Page } from '../../api';
import { nextPage } from '../../api/pager';

export const PAGING_ORDERS = ['newest', 'offset'] as const;

export const PagingCursorSchema = z.object({
  /** Page within the window: 1, except inside a group of leads created at one instant. */
  page: z.int().check(z.minimum(1)),
  /** `created_to` of the window being read: a lead's own `created_at`; absent at first. */
  bound: z.optional(z.string()),
  /** Ids already read whose `created_at` is `bound`: the window starts with them again. */
  seenAtBound: z.optional(z.array(z.number())),
  /** `newest` (windows, the default) or `offset` once the CRM answered out of that order. */
  order: z.optional(z.enum(PAGING_ORDERS)),
  /** Offset order: the previous page's ids (a lead created meanwhile pushes them forward). */
  previousIds: z.optional(z.array(z.number())),
  /** Offset order: `meta.total` of the first page read that way. */
  firstTotal: z.optional(z.number()),
  /** Leads may be missing: the CRM answered out of order and its total moved. */
  unsure: z.optional(z.boolean()),
  /** Leads the next window holds, as the last answer counted them (how many pages to batch). */
  expected: z.optional(z.number()),
});
export type PagingCursor = z.infer<typeof PagingCursorSchema>;

export const FIRST_PAGING: PagingCursor = { page: 1 };

/** The paging part of a `GET /leads` query for this cursor. */
export function pagingQuery(cursor: PagingCursor): { page: number; created_to?: string } {
  return cursor.order !== 'offset' && cursor.bound !== undefined
    ? { created_to: cursor.bound, page: cursor.page }
    : { page: cursor.page };
}

export interface PagingStep {
  /** The answer's leads not read before, in the CRM's order. */
  fresh: Lead[];
  /** Where to read next; null when the export has read every lead. */
  next: PagingCursor | null;
  /** Leads left to read after this answer (for progress), when the CRM said. */
  remaining: number | undefined;
  /** Leads may have been missed: the CRM answered out of newest-first order and changed meanwhile. */
  unsure: boolean;
}

/**
 * What an answer to `pagingQuery(cursor)` means: the leads to write and the next cursor.
 * `pages` > 1: the answer is pages cursor.page.. of the window read together (batch.ts).
 */
export function advancePaging(
  cursor: PagingCursor,
  result: Page<Lead>,
  perPage: number,
  pages = 1,
): PagingStep {
  const total = result.meta?.total;
  const remaining =
    typeof total === 'number'
      ? Math.max(0, total - (cursor.page - 1) * perPage - result.data.length)
      : undefined;
  if (cursor.order === 'offset' || !newestFirst(result.data)) {
    return offsetStep(cursor, result, perPage, remaining);
  }
  const boundAt = cursor.bound === undefined ? Number.POSITIVE_INFINITY : instant(cursor.bound);
  const seen = new Set(cursor.seenAtBound ?? []);
  // A lead above the bound was read by an earlier window or created since the export began; a
  // CRM that reads `created_to` as a whole day ("date" in crm-api-v1.md) sends such leads too.
  const fresh = result.data.filter((lead) => {
    if (instant(lead.created_at) > boundAt || seen.has(lead.id)) return false;
    seen.add(lead.id);
    return true;
  });
  const last = result.data[result.data.length - 1];
  if (nextPage(cursor.page, result, perPage) === null || last === undefined) {
    return { fresh, next: null, remaining: 0, unsure: false };
  }
  const lastAt = last.created_at as string;
  if (instant(lastAt) < boundAt) {
    const atLast = result.data.filter((lead) => instant(lead.created_at) === instant(lastAt));
    const next = {
      page: 1,
      bound: lastAt,
      seenAtBound: atLast.map((lead) => lead.id),
      ...(remaining === undefined ? {} : { expected: remaining + atLast.length }),
    };
    return { fresh, next, remaining, unsure: false };
  }
  // The page ended at (or, read by the day, above) the bound: the bound cannot move, so the
  // window is read on by page number.
  const next = { page: cursor.page + pages, bound: cursor.bound, seenAtBound: [...seen] };
  return { fresh, next, remaining, unsure: false };
}

function offsetStep(
  cursor: PagingCursor,
  result: Page<Lead>,
  perPage: number,
  remaining: number | undefined,
): PagingStep {
  const previous = new Set(cursor.previousIds ?? cursor.seenAtBound ?? []);
  const fresh = result.data.filter((lead) => !previous.has(lead.id));
  const total = typeof result.meta?.total === 'number' ? result.meta.total : undefined;
  const firstTotal = cursor.firstTotal ?? total;
  // Windows read before the order broke relied on it.
  const brokeMidway = cursor.order !== 'offset' && cursor.bound !== undefined;
  const unsure =
    cursor.unsure === true || brokeMidway || (total !== undefined && firstTotal !== total);
  const page = nextPage(cursor.page, result, perPage);
  if (page === null) return { fresh, next: null, remaining: 0, unsure };
  const next: PagingCursor = {
    page,
    order: 'offset',
    previousIds: result.data.map((lead) => lead.id),
    ...(cursor.bound === undefined ? {} : { bound: cursor.bound }),
    ...(firstTotal === undefined ? {} : { firstTotal }),
    ...(unsure ? { unsure } : {}),
  };
  return { fresh, next, remaining, unsure };
}

/** Whether the answer is newest first (every `created_at` readable). */
function newestFirst(leads: readonly Lead[]): boolean {
  let previous = Number.POSITIVE_INFINITY;
  for (const lead of leads) {
    const at = instant(lead.created_at);
    if (Number.isNaN(at) || at > previous) return false;
    previous = at;
  }
  return true;
}

function instant(value: string | null | undefined): number {
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}
