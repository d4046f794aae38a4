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

/**
 * The opt-out tag a lead's tags hold (compared as the CRM compares tags), of those in force
 * (opt-out-tags.ts: every tag set in the spreadsheet); undefined when none.
 */
export function carriedOptOutTag(
  tags: readonly string[] | null | undefined,
  optOutTags: readonly string[],
): string | undefined {
  const held = new Set((tags ?? []).map(tagKey));
  return optOutTags.find((tag) => tagKey(tag) !== '' && held.has(tagKey(tag)));
}

/** The opt-out tag a lead as the CRM answered it carries, if any. */
export function isOptedOut(
  lead: Pick<Lead, 'tags'>,
  optOutTags: readonly string[],
): string | undefined {
  return carriedOptOutTag(lead.tags, optOutTags);
}

/**
 * The leads that carry an opt-out tag, with the tag each carries, read with one
 * `GET /leads?tags[]=…` of them all (the CRM lists the leads having any of them; every page, the
 * contract's 200 a page: usually few). `listPage` makes one request (paced by the caller).
 * A lead listed with tags that hold none is left out (the filter is the CRM's, the decision
 * ours); one listed without tags is kept on the CRM's word (under the first tag).
 */
export function readOptedOutLeads(
  listPage: (filters: { tags: string[]; page: number; per_page: number }) => Page<Lead>,
  optOutTags: readonly string[],
): { lead: Lead; tag: string }[] {
  const found: { lead: Lead; tag: string }[] = [];
  if (optOutTags.length === 0) return found;
  const pages = pageAll(
    (page) => listPage({ tags: [...optOutTags], page, per_page: OPT_OUT_PER_PAGE }),
    { perPage: OPT_OUT_PER_PAGE },
  );
  for (const { data } of pages) {
    for (const lead of data) {
      const tag =
        lead.tags === undefined || lead.tags === null
          ? optOutTags[0]
          : isOptedOut(lead, optOutTags);
      if (tag !== undefined) found.push({ lead, tag });
    }
  }
  return found;
}

/** The contract's largest page: the fewest requests for the list. */
const OPT_OUT_PER_PAGE = 200;
