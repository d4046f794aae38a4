import type { Lead } from '../../api/schemas';
import { type Translate, translator } from '../i18n';
import { normalizePhone } from '../import/normalize';
import { digitsOf, phoneSearchDigits } from '../phone';

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

function samePhone(leadPhone: string, rowPhone: string, country: string): boolean {
  const normal = normalizePhone(leadPhone, country);
  if (normal.ok) return normal.value === rowPhone;
  const a = digitsOf(leadPhone);
  const b = digitsOf(rowPhone);
  return a !== '' && (a === b || b.endsWith(a));
}

export function matchesLead(lead: Lead, by: LookupBy, value: string, country: string): boolean {
  if (by === 'email') return (lead.email ?? '').trim().toLowerCase() === value;
  return lead.phone ? samePhone(lead.phone, value, country) : false;
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
  const matches = leads.filter((lead) => matchesLead(lead, by, value, country));
  const label = t(by === 'email' ? 'send.lookup.email' : 'send.lookup.phone', { value });
  if (!complete) {
    // Sending to a lead that may not be the only match is worse than not sending.
    return {
      kind: 'skip',
      reason: t('send.lookup.tooMany', { label, count: leads.length }),
    };
  }
  if (matches.length === 0) {
    if (phoneNext) return { kind: 'try-phone' };
    return {
      kind: 'skip',
      reason: t('send.lookup.none', {
        label,
        what: t(by === 'email' ? 'send.row.what.email' : 'send.row.what.phone'),
      }),
    };
  }
  if (matches.length > 1) {
    const ids = matches
      .slice(0, 5)
      .map((lead) => lead.id)
      .join(', ');
    return {
      kind: 'skip',
      reason: t('send.lookup.several', {
        label,
        count: matches.length,
        ids: `${ids}${matches.length > 5 ? '…' : ''}`,
      }),
    };
  }
  const lead = matches[0] as Lead;
  if (!lead.phone || lead.phone.trim() === '') {
    return {
      kind: 'skip',
      reason: t('send.lookup.noPhone', { leadId: lead.id }),
    };
  }
  return { kind: 'found', leadId: lead.id };
}
