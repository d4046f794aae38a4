import type { Lead } from '../../api/schemas';
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
): LookupOutcome {
  const matches = leads.filter((lead) => matchesLead(lead, by, value, country));
  const label = by === 'email' ? `e-mail ${value}` : `phone ${value}`;
  if (!complete) {
    // Sending to a lead that may not be the only match is worse than not sending.
    return {
      kind: 'skip',
      reason: `Not sent: the CRM search for the ${label} found more than ${leads.length} leads, so the lead cannot be told apart; put the lead id in a column and pass it as leadIdColumn.`,
    };
  }
  if (matches.length === 0) {
    if (phoneNext) return { kind: 'try-phone' };
    return {
      kind: 'skip',
      reason: `Not sent: no CRM lead has the ${label}. Import the row first (CRM → Import leads) or fix the ${by === 'email' ? 'e-mail' : 'phone'}, then run the send again.`,
    };
  }
  if (matches.length > 1) {
    const ids = matches
      .slice(0, 5)
      .map((lead) => lead.id)
      .join(', ');
    return {
      kind: 'skip',
      reason: `Not sent: ${matches.length} CRM leads have the ${label} (ids ${ids}${matches.length > 5 ? '…' : ''}); put the lead id in a column and pass it as leadIdColumn.`,
    };
  }
  const lead = matches[0] as Lead;
  if (!lead.phone || lead.phone.trim() === '') {
    return {
      kind: 'skip',
      reason: `Not sent: lead ${lead.id} has no phone in the CRM (Lead sem telefone cadastrado.). Add the phone in the CRM, then run the send again.`,
    };
  }
  return { kind: 'found', leadId: lead.id };
}
