import type { Page } from '../../api/pager';
import type { Lead } from '../../api/schemas';

/**
 * Which of a send preview's leads the CRM holds without a phone (the CRM refuses a template to
 * them: `Lead sem telefone cadastrado.`), for every lead, not the first few (PRODUCT.md "A
 * preview tells the truth"). One GET /leads/{id} per lead costs a second of the rate limit
 * each; the account's whole list, 200 leads a page, may cost fewer. The first page says how
 * many pages there are: the rest of the list is read only when it costs fewer requests than
 * the leads still unknown, else those are read one by one. Pure: the reads are passed in.
 */

/** The contract's largest page. */
export const PHONE_PAGE_SIZE = 200;
/** Up to this many leads, one read each never costs more than the list could. */
const READ_EACH_UP_TO = 2;

export interface LeadReads {
  /** GET /leads/{id}; a throw leaves the lead to the send (it says what the CRM answers). */
  one(id: number): Lead;
  /** GET /leads?page=…&per_page=PHONE_PAGE_SIZE. */
  page(page: number): Page<Lead>;
}

export function leadsWithoutPhone(ids: readonly number[], reads: LeadReads): Set<number> {
  const missing = new Set<number>();
  const unknown = new Set(ids);
  const learn = (lead: Lead) => {
    if (!unknown.delete(lead.id)) return;
    if (!hasPhone(lead)) missing.add(lead.id);
  };
  if (unknown.size > READ_EACH_UP_TO) readList(reads, unknown, learn);
  // Few leads, or the leads the list did not show (a list that shifted while it was read).
  for (const id of [...unknown]) {
    try {
      learn(reads.one(id));
    } catch {
      // Not the preview's to judge: the send says what the CRM answers.
    }
  }
  return missing;
}

function hasPhone(lead: Lead): boolean {
  return lead.phone !== null && lead.phone !== undefined && String(lead.phone).trim() !== '';
}

/** The account's list, page by page, while its pages left cost fewer reads than the leads left. */
function readList(reads: LeadReads, unknown: ReadonlySet<number>, learn: (lead: Lead) => void) {
  let page = 1;
  for (;;) {
    let result: Page<Lead>;
    try {
      result = reads.page(page);
    } catch {
      return;
    }
    for (const lead of result.data) learn(lead);
    const left = pagesLeft(page, result);
    if (left === 0 || unknown.size === 0 || left >= unknown.size) return;
    page += 1;
  }
}

/** Pages after `page`, from the list's meta (0 when it says nothing more). */
function pagesLeft(page: number, result: Page<Lead>): number {
  const meta = result.meta;
  if (result.data.length === 0) return 0;
  if (typeof meta?.last_page === 'number') return Math.max(0, meta.last_page - page);
  if (typeof meta?.total === 'number') {
    return Math.max(0, Math.ceil(meta.total / (meta.per_page ?? PHONE_PAGE_SIZE)) - page);
  }
  if (meta?.has_more === true) return 1;
  return 0;
}
