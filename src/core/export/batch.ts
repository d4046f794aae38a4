/**
 * Several pages of one window in one batch (UrlFetchApp.fetchAll), as many as the key's window
 * has free slots: the export runs at the rate limit whatever the CRM's latency (issue 9).
 *
 * How this stays within the paging strategy (paging.ts): the pages are pages 1..k of the SAME
 * window (`created_to` = the last lead read), and they leave together, so they read the CRM at
 * (nearly) one instant. An answer is kept only while every earlier one was kept, it reports the
 * same `meta.total` as page 1, and its leads go on in newest-first order: a lead deleted or
 * moved while the batch was in flight changes the total and cuts the batch there. The next
 * step opens a new window at the last lead kept, so a batch cut short costs its unkept pages,
 * never a lead. What no check sees: a lead leaving and another entering the same window, on
 * either side of a page edge, within the batch's flight (a second or so) — the total stays and
 * the later page shifts by one.
 */
import type { Lead, LeadFilters, Page, Settled } from '../../api';
import { isRateLimited, type Pacer } from '../pacing';
import type { PagingCursor } from './paging';

/** No more pages than this per step: each step writes its leads with one sheet plan. */
export const MAX_PAGES_PER_BATCH = 10;

/** Several `GET /leads` at once, one Settled per query (client.all). */
export type ListLeadPages = (queries: readonly LeadFilters[]) => Settled<Page<Lead>>[];

export interface BatchRead {
  /** Pages 1..pages of the window, kept, as one page: data in order, meta of page 1. */
  result: Page<Lead>;
  pages: number;
}

/** Pages of the window worth asking for at once: those the last answer said are left. */
export function pagesWanted(cursor: PagingCursor, perPage: number): number {
  if (cursor.order === 'offset' || cursor.bound === undefined || cursor.page !== 1) return 1;
  const left = cursor.expected ?? 0;
  return Math.max(1, Math.min(MAX_PAGES_PER_BATCH, Math.ceil(left / perPage)));
}

/**
 * Reads pages 1..k of the window (k = the free slots, up to `wanted`) in one batch; null when
 * page 1 itself failed (the caller reads it alone, with its retries and error policy).
 */
export function readBatch(
  pacer: Pacer,
  list: ListLeadPages,
  query: (page: number) => LeadFilters,
  wanted: number,
  latestStartAt: number,
): BatchRead | null {
  const grant = pacer.acquireUpTo(wanted, { deadline: latestStartAt });
  if (grant.count === 0) return null;
  const queries = Array.from({ length: grant.count }, (_, index) => query(index + 1));
  const answers = list(queries);
  pacer.answered(grant);
  for (const answer of answers) {
    if (!answer.ok && isRateLimited(answer.error)) {
      pacer.reportRateLimited(answer.error.retryAfterSeconds);
    }
  }
  const first = answers[0];
  if (!first?.ok) return null;
  const data = [...first.value.data];
  let pages = 1;
  let last = first.value;
  for (const answer of answers.slice(1)) {
    if (!answer.ok || !continues(first.value, last, answer.value)) break;
    data.push(...answer.value.data);
    last = answer.value;
    pages += 1;
  }
  const meta = first.value.meta
    ? { ...first.value.meta, has_more: last.meta?.has_more ?? false }
    : undefined;
  return { result: { data, meta }, pages };
}

/** Whether `next` reads on from `previous` in the same state of the CRM as page 1. */
function continues(first: Page<Lead>, previous: Page<Lead>, next: Page<Lead>): boolean {
  const total = first.meta?.total;
  if (typeof total !== 'number' || next.meta?.total !== total) return false;
  if (previous.meta?.has_more !== true) return false;
  const edge = previous.data[previous.data.length - 1]?.created_at;
  const start = next.data[0]?.created_at;
  if (typeof edge !== 'string' || typeof start !== 'string') return false;
  return Date.parse(start) <= Date.parse(edge);
}
