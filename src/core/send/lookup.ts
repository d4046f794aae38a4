import type { Lead } from '../../api/schemas';
import { type Translate, translator } from '../i18n';
import {
  holdersIn,
  holdsKey,
  type LeadKey,
  resolve,
  type SearchAnswer,
  searchHolders,
} from '../leads/resolver';
import { phoneSearchDigits } from '../phone';

/**
 * Finding a row's lead with `GET /leads?q=…` (matchBy). The CRM's `q` is a broad search
 * (name, e-mail and phone digits, substrings), so its answer is narrowed to exact matches
 * here: the same e-mail, or the same phone number.
 */

export type LookupBy = 'email' | 'phone';

export type LookupOutcome =
  | { kind: 'found'; leadId: number }
  /** Nothing matched by e-mail, and the row has a phone to try next (email_or_phone). */
  | { kind: 'try-phone' }
  | { kind: 'skip'; reason: string };

/** The `q` to search with: the e-mail, or the phone's national digits (found with or without +55). */
export function lookupQuery(by: LookupBy, value: string): string {
  return by === 'email' ? value : phoneSearchDigits(value);
}

export function matchesLead(lead: Lead, by: LookupBy, value: string, country: string): boolean {
  return holdsKey(lead, { by, value }, country);
}

/**
 * What a lookup's answer means for the row: exactly one lead with this e-mail / phone, and
 * that lead has a phone (a send to a lead without one is refused: `Lead sem telefone
 * cadastrado.`). `phoneNext` says the row also has a phone to try when the e-mail finds none.
 */
export function pickLead(
  leads: readonly Lead[],
  by: LookupBy,
  value: string,
  country: string,
  phoneNext: boolean,
  /** False when the search had more pages: a match (or a second one) may lie beyond this page. */
  complete = true,
  t: Translate = translator('en'),
): LookupOutcome {
  const label = t(by === 'email' ? 'send.lookup.email' : 'send.lookup.phone', { value });
  const key: LeadKey = { by, value };
  const answer: SearchAnswer = { data: leads, meta: complete ? {} : { has_more: true } };
  const resolution = resolve([searchHolders(answer, key, country)]);
  if (resolution.kind === 'unknown') {
    // Sending to a lead that may not be the only match is worse than not sending.
    return {
      kind: 'skip',
      reason: t('send.lookup.tooMany', { label, count: leads.length }),
    };
  }
  if (resolution.kind === 'none') {
    if (phoneNext) return { kind: 'try-phone' };
    return {
      kind: 'skip',
      reason: t('send.lookup.none', {
        label,
        what: t(by === 'email' ? 'send.row.what.email' : 'send.row.what.phone'),
      }),
    };
  }
  if (resolution.kind === 'several') {
    const count = holdersIn(leads, key, country).length;
    return {
      kind: 'skip',
      reason: t('send.lookup.several', {
        label,
        count,
        ids: `${resolution.ids.join(', ')}${count > resolution.ids.length ? '…' : ''}`,
      }),
    };
  }
  const lead = leads.find((l) => l.id === resolution.id) as Lead;
  if (!lead.phone || lead.phone.trim() === '') {
    return {
      kind: 'skip',
      reason: t('send.lookup.noPhone', { leadId: lead.id }),
    };
  }
  return { kind: 'found', leadId: lead.id };
}
