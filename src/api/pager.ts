import { UnexpectedResponseError } from './errors';
import type { ListMeta } from './schemas/common';

/** One page of a list endpoint. */
export interface Page<T> {
  data: T[];
  meta: ListMeta | undefined;
}

/**
 * The page to ask for after `page`, or null when the list is done. Pure, so a job can store
 * the answer as its checkpoint and fetch one page per slice.
 * Trusts `meta.has_more` first, then `last_page`, then `total`; without meta, a full page
 * (as many items as `perPage`) means there may be more.
 */
export function nextPage<T>(page: number, result: Page<T>, perPage?: number): number | null {
  if (result.data.length === 0) return null;
  const meta = result.meta;
  const current = meta?.current_page ?? page;
  if (typeof meta?.has_more === 'boolean') return meta.has_more ? current + 1 : null;
  if (typeof meta?.last_page === 'number') return current < meta.last_page ? current + 1 : null;
  const size = meta?.per_page ?? perPage;
  if (typeof meta?.total === 'number' && typeof size === 'number') {
    return current * size < meta.total ? current + 1 : null;
  }
  if (typeof size === 'number') return result.data.length >= size ? current + 1 : null;
  return null;
}

export interface PageAllOptions {
  /** First page to fetch (a job resuming from a checkpoint). Default 1. */
  startPage?: number;
  /** The per_page asked for, used only when meta gives no paging information. */
  perPage?: number;
}

/**
 * Fetches pages one by one, lazily: each `next()` costs one request, so a caller may stop (or
 * checkpoint `page + 1`) between any two pages.
 */
export function* pageAll<T>(
  fetchPage: (page: number) => Page<T>,
  options: PageAllOptions = {},
): Generator<Page<T> & { page: number }, void, undefined> {
  let page: number | null = options.startPage ?? 1;
  while (page !== null) {
    const result = fetchPage(page);
    const served = result.meta?.current_page;
    // A server that ignores `page` would otherwise be paged forever.
    if (typeof served === 'number' && served !== page) {
      throw new UnexpectedResponseError(
        `The CRM answered page ${served} when page ${page} was asked for; stopping to avoid reading the same page forever.`,
        { status: 200, snippet: '', code: 'crmFailed' },
      );
    }
    yield { ...result, page };
    page = nextPage(page, result, options.perPage);
  }
}

/** Every item of every page, up to `limit` items (fetching no page beyond it). */
export function collectAll<T>(
  fetchPage: (page: number) => Page<T>,
  options: PageAllOptions & { limit?: number } = {},
): T[] {
  const items: T[] = [];
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  if (limit <= 0) return items;
  for (const result of pageAll(fetchPage, options)) {
    for (const item of result.data) {
      items.push(item);
      if (items.length >= limit) return items;
    }
  }
  return items;
}
