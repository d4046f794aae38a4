/**
 * How an export walks `GET /leads` so that it misses no lead while the CRM changes under it,
 * whatever the CRM's order and however many leads share one `created_at` (issue 16.10).
 *
 * crm-api-v1.md does not say how the list is ordered (newest first, by id, by an internal key)
 * and types `created_to` as a date, so nothing here relies on either. It relies only on the
 * order being some fixed order of the leads, the same for every request (what makes `page` mean
 * anything). Plain pages shift: a lead deleted, or moved out of the filters, before the page
 * being read pulls every later lead one place up, and the lead at the next page's edge is never
 * read (6 of 438 in one run). So every request after the first re-reads a few positions before
 * the end of what was read (`overlap`): page `p` of `per_page` `n` starts at `(p - 1) × n`, and
 * `n` is chosen (up to the maximum) so that this offset falls just before the end.
 *
 * The check that makes it sound: an answer at offset `o` > 0 is kept only when it holds a lead
 * read before. Every lead that matched throughout and is not read yet comes after every lead
 * read (in the fixed order), so if a lead read before is at position ≥ `o` now, so is every such
 * lead: none slipped behind the offset. An answer that holds no lead read before means more
 * leads left the list before the offset than the overlap covered: it is dropped, and the same
 * end is read again with four times the overlap (at worst from page 1, which always holds). The
 * last page holds every lead from its offset on. Leads created or moved into the list may be read
 * or not; a lead read twice is dropped by id (`read`: every id of the pass).
 */
import * as z from 'zod/mini';
import type { Lead, Page } from '../../api';
import { nextPage } from '../../api/pager';
import { lazySchema } from '../../api/schemas/lazy';
import { decodeIds, encodeIds } from './stale';

export const PagingCursorSchema = lazySchema(() =>
  z.object({
    /** Positions of the list covered so far: the end of the last answer kept. */
    end: z.optional(z.int().check(z.minimum(0))),
    /** Positions before `end` the next request re-reads; grows after a shift. */
    overlap: z.optional(z.int().check(z.minimum(1))),
    /** Every id this pass read (encodeIds): the check and the de-duplication. */
    read: z.optional(z.string()),
    /** Answers kept in this pass (a pass of one answer is one snapshot of the CRM). */
    answers: z.optional(z.int().check(z.minimum(0))),
    /** Leads left after the end, as the last answer counted them (how many pages to batch). */
    expected: z.optional(z.number()),
  }),
);
export type PagingCursor = z.infer<typeof PagingCursorSchema>;

export const FIRST_PAGING: PagingCursor = {};

/** One request of a pass: `page` of `perPage` reads positions `offset` … `offset + perPage - 1`. */
export interface PlannedPage {
  page: number;
  perPage: number;
  offset: number;
  /** No page size reads across `end` (see planPage): kept without the check. */
  unchecked?: boolean;
}

/** The usual overlap: a few leads of a full page (1 for tiny test pages, so each page moves on). */
export function baseOverlap(maxPerPage: number): number {
  return Math.max(1, Math.min(5, Math.floor(maxPerPage / 4)));
}

/**
 * The request that re-reads at least `overlap` positions before `end` and reads the most new
 * positions after it (the page size is free up to the maximum; the offset must be a multiple of
 * it). With the base overlap some size always reads on, unless `end` is a page boundary of every
 * size up to the maximum (a multiple of 1…200: never with real pages; tiny test pages can meet
 * one): then the page at `end` is read without the check.
 */
export function planPage(end: number, overlap: number, maxPerPage: number): PlannedPage {
  const hi = end - overlap;
  if (hi <= 0) return { page: 1, perPage: maxPerPage, offset: 0 };
  let best: PlannedPage = { page: hi + 1, perPage: 1, offset: hi };
  for (let perPage = maxPerPage; perPage > 1; perPage--) {
    const offset = Math.floor(hi / perPage) * perPage;
    if (offset + perPage > best.offset + best.perPage) {
      best = { page: offset / perPage + 1, perPage, offset };
    }
  }
  if (best.offset + best.perPage > end || overlap > baseOverlap(maxPerPage)) return best;
  // A re-read after a shift may stay behind `end`; a normal step must read on.
  for (let perPage = maxPerPage; perPage >= 1; perPage--) {
    if (end % perPage === 0) {
      return { page: end / perPage + 1, perPage, offset: end, unchecked: true };
    }
  }
  return best;
}

/** Up to `count` requests, each planned as if the one before came back full (a batch). */
export function planPages(cursor: PagingCursor, maxPerPage: number, count = 1): PlannedPage[] {
  const overlap = cursor.overlap ?? baseOverlap(maxPerPage);
  const pages: PlannedPage[] = [];
  let end = cursor.end ?? 0;
  for (let i = 0; i < count; i++) {
    const planned = planPage(end, i === 0 ? overlap : baseOverlap(maxPerPage), maxPerPage);
    pages.push(planned);
    end = planned.offset + planned.perPage;
  }
  return pages;
}

export interface PagingStep {
  /** The answers' leads not read before in this pass, in the CRM's order. */
  fresh: Lead[];
  /** Where to read next; null when the pass has read every lead. */
  next: PagingCursor | null;
  /** Leads left to read after these answers (for progress), when the CRM said. */
  remaining: number | undefined;
  /** Answers kept (a prefix of those given). */
  kept: number;
  /** Every id the pass has read, these answers included. */
  read: Set<number>;
}

/**
 * What the answers to `planPages(cursor, …)` mean: the leads to write and the next cursor.
 * Answers are taken in order and kept while each passes the check; the first that fails (or
 * is missing) ends the step, and the next one reads again with more overlap.
 */
export function advancePaging(
  cursor: PagingCursor,
  answers: ReadonlyArray<{ planned: PlannedPage; result: Page<Lead> }>,
  maxPerPage: number,
): PagingStep {
  const read = decodeIds(cursor.read);
  const fresh: Lead[] = [];
  let state: PagingCursor = { ...cursor };
  let kept = 0;
  let remaining: number | undefined;
  for (const { planned, result } of answers) {
    const holdsRead = result.data.some((lead) => read.has(lead.id));
    if (planned.offset > 0 && planned.unchecked !== true && !holdsRead) {
      // Leads left before the offset: read the same end again, further back.
      const overlap = state.overlap ?? baseOverlap(maxPerPage);
      const end = state.end ?? 0;
      const next = { ...state, overlap: Math.min(Math.max(end, 1), overlap * 4) };
      return { fresh, next, remaining, kept, read };
    }
    kept++;
    for (const lead of result.data) {
      if (read.has(lead.id)) continue;
      read.add(lead.id);
      fresh.push(lead);
    }
    const end = planned.offset + result.data.length;
    const total = result.meta?.total;
    remaining = typeof total === 'number' ? Math.max(0, total - end) : undefined;
    if (nextPage(planned.page, result, planned.perPage) === null) {
      return { fresh, next: null, remaining: 0, kept, read };
    }
    // After a shift the CRM is busy: the overlap shrinks back by halves, not at once.
    const grown = Math.floor((state.overlap ?? 0) / 2);
    state = {
      end,
      ...(grown > baseOverlap(maxPerPage) ? { overlap: grown } : {}),
      read: encodeIds(read),
      answers: (state.answers ?? 0) + 1,
      ...(remaining === undefined ? {} : { expected: remaining }),
    };
  }
  return { fresh, next: state, remaining, kept, read };
}

/** A pass's answers so far, once `step` is applied: a pass of one answer is one snapshot. */
export function answersAfter(cursor: PagingCursor, step: PagingStep): number {
  return (cursor.answers ?? 0) + step.kept;
}
