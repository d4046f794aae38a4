/**
 * Several pages of one pass in one batch (UrlFetchApp.fetchAll), as many as the key's window
 * has free slots: the export runs at the rate limit whatever the CRM's latency (issue 9).
 *
 * The pages are planned by paging.ts as if each came back full, every one overlapping the one
 * before it by a few positions, so the check that keeps a lone page (it holds a lead read
 * before) keeps each page of a batch too: an answer is kept only while every earlier one was,
 * and the first that fails the check ends the step (its leads are read again, further back, by
 * the next). A batch cut short costs its unkept pages, never a lead.
 */
import type { Lead, LeadFilters, Page, Settled } from '../../api';
import { isRateLimited, type Pacer } from '../pacing';
import type { PagingCursor } from './paging';

/** No more pages than this per step: each step writes its leads with one sheet plan. */
export const MAX_PAGES_PER_BATCH = 10;

/** Several `GET /leads` at once, one Settled per query (client.all). */
export type ListLeadPages = (queries: readonly LeadFilters[]) => Settled<Page<Lead>>[];

/** Pages worth asking for at once: those the last answer said are left. */
export function pagesWanted(cursor: PagingCursor, perPage: number): number {
  if ((cursor.end ?? 0) === 0) return 1;
  const left = cursor.expected ?? 0;
  return Math.max(1, Math.min(MAX_PAGES_PER_BATCH, Math.ceil(left / perPage)));
}

/**
 * Reads up to `queries.length` pages in one batch (as many as the pacer grants); the answers
 * that came back, in order, up to the first failure. Empty when the first failed (the caller
 * reads it alone, with its retries and error policy).
 */
export function readBatch(
  pacer: Pacer,
  list: ListLeadPages,
  queries: readonly LeadFilters[],
  latestStartAt: number,
): Page<Lead>[] {
  const grant = pacer.acquireUpTo(queries.length, { deadline: latestStartAt });
  if (grant.count === 0) return [];
  const answers = list(queries.slice(0, grant.count));
  pacer.answered(grant);
  for (const answer of answers) {
    if (!answer.ok && isRateLimited(answer.error)) {
      pacer.reportRateLimited(answer.error.retryAfterSeconds);
    }
  }
  const pages: Page<Lead>[] = [];
  for (const answer of answers) {
    if (!answer.ok) break;
    pages.push(answer.value);
  }
  return pages;
}
