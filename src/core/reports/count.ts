/**
 * CRM_COUNT(query): how many leads match a filter, from one request. The CRM has no aggregate
 * endpoint, but every list answer carries `meta.total` (crm-api-v1.md, "Limits": "List responses
 * carry meta:{total, per_page, current_page, last_page, has_more}"), so one page of one lead
 * (`per_page=1`) answers the count for any filter GET /leads takes.
 */

import type { ListMeta } from '../../api/schemas';
import { errorCauseOf } from '../errors';
import { queryError } from '../query/errors';
import {
  type NamedLeadFilters,
  type NormalizeFilterOptions,
  normalizeLeadFilters,
  parseQueryString,
} from '../query/parse';

/** The smallest page the CRM serves: the count is in `meta`, the one lead is not needed. */
export const COUNT_PER_PAGE = 1;

/**
 * The query of CRM_COUNT: the same syntax and names as CRM_LEADS. `include` only adds fields to
 * leads that a count never shows, so it is refused by name rather than silently ignored.
 */
export function parseCountQuery(
  query: string,
  options: NormalizeFilterOptions = {},
): NamedLeadFilters {
  const filters = countFilters(query, options);
  if (filters.include !== undefined) {
    // queryError: a formula cell shows the words in the spreadsheet's language.
    throw queryError(
      'countInclude',
      'include adds fields to leads, which CRM_COUNT does not show: remove it from the query.',
      {},
    );
  }
  return filters;
}

/**
 * The number of matching leads from one list answer, or null when the CRM did not say. An empty
 * first page means no lead matches even without a total; a non-empty page without `meta.total`
 * says nothing about how many there are, so no number is guessed.
 */
export function countFromPage(page: {
  data: readonly unknown[];
  meta?: ListMeta | undefined;
}): number | null {
  const total = page.meta?.total;
  if (typeof total === 'number' && Number.isFinite(total) && total >= 0) return Math.floor(total);
  return page.data.length === 0 ? 0 : null;
}

/**
 * CRM_LEADS refuses `page`/`per_page` with words about reading rows (200 a page, the limit
 * argument), which mean nothing for a count: CRM_COUNT says its own — it counts every
 * matching lead in one request, so there is no page to pick.
 */
function countFilters(query: string, options: NormalizeFilterOptions): NamedLeadFilters {
  try {
    return normalizeLeadFilters(parseQueryString(query), options);
  } catch (error) {
    const cause = errorCauseOf(error);
    if (cause?.code !== 'queryFilterPage' && cause?.code !== 'queryFilterPerPage') throw error;
    const filter = String(cause.params?.filter ?? '');
    // queryError: a CRM_COUNT cell says it in its own language, as CRM_LEADS' refusals are.
    throw queryError(
      'countPaging',
      `CRM_COUNT counts every matching lead at once, so "${filter}" has no page to pick: remove it from the query.`,
      { filter },
    );
  }
}
