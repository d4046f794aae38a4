import { type Page, pageAll } from '../../api/pager';
import type { Lead } from '../../api/schemas';

/**
 * The account's "do not message" tag (PRODUCT.md "Opt-out"): no send or message ever reaches a
 * lead that carries it. Brazilian sales teams keep such a list for LGPD and for WhatsApp quality.
 */
export const DEFAULT_OPT_OUT_TAG = 'optout';

/** Longer than this is no tag a person typed (the field is refused, never cut). */
export const OPT_OUT_TAG_MAX_CHARS = 100;

/** The opt-out tag of saved settings: the default when none was ever set. */
export function optOutTagOf(settings: { optOutTag?: string | undefined } | null): string {
  const tag = settings?.optOutTag?.trim() ?? '';
  return tag === '' ? DEFAULT_OPT_OUT_TAG : tag;
}

/**
 * A tag as the CRM compares it: `GET /leads?tags=` and tag removal fold case and accents and
 * trim (the sandbox's `fold`), so `OptOut`, ` optout ` and `óptout` are the same tag there, and
 * a lead the CRM lists under the tag is the lead this test finds carrying it.
 */
export function tagKey(tag: string): string {
  return tag
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Whether a lead's tags hold the opt-out tag (compared as the CRM compares tags). */
export function carriesOptOutTag(
  tags: readonly string[] | null | undefined,
  optOutTag: string,
): boolean {
  const wanted = tagKey(optOutTag);
  return wanted !== '' && (tags ?? []).some((tag) => tagKey(tag) === wanted);
}

/** Whether a lead as the CRM answered it carries the opt-out tag. */
export function isOptedOut(lead: Pick<Lead, 'tags'>, optOutTag: string): boolean {
  return carriesOptOutTag(lead.tags, optOutTag);
}

/**
 * The leads that carry the opt-out tag, read with `GET /leads?tags=<tag>` (every page, the
 * contract's 200 a page: usually few). `listPage` makes one request (paced by the caller).
 * A lead listed with tags that do not hold it is left out (the filter is the CRM's, the decision
 * ours); one listed without tags is kept on the CRM's word.
 */
export function readOptedOutLeads(
  listPage: (filters: { tags: string[]; page: number; per_page: number }) => Page<Lead>,
  optOutTag: string,
): Lead[] {
  const leads: Lead[] = [];
  const pages = pageAll(
    (page) => listPage({ tags: [optOutTag], page, per_page: OPT_OUT_PER_PAGE }),
    { perPage: OPT_OUT_PER_PAGE },
  );
  for (const { data } of pages) {
    for (const lead of data) {
      if (lead.tags === undefined || lead.tags === null || isOptedOut(lead, optOutTag)) {
        leads.push(lead);
      }
    }
  }
  return leads;
}

/** The contract's largest page: the fewest requests for the list. */
const OPT_OUT_PER_PAGE = 200;
