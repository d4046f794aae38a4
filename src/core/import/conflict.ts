import type { UpsertLeadInput } from '../../api/schemas';
import type { Translate } from '../i18n';
import type { LeadFacts, Probe } from './lookup';
import { normalizePhone } from './normalize';
import { valueKey } from './text-key';

/**
 * "An import never turns one person into another" (PRODUCT.md, Import). A phone or e-mail can
 * belong to someone else already in the CRM (a family or company phone, a recycled number):
 * the upsert would then rename that person and give them the row's other key. A row is a
 * CONFLICT when it matched a lead by one key, its other key differs from the lead's non-empty
 * one, and the row's name and the lead's share no word. Without a name on either side nothing
 * says it is another person (an update-only sheet of E-mail + Telefone changes phones).
 */

/** Words too common in Brazilian and Portuguese names to say two names are one person's. */
const PARTICLES = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'di', 'du', 'del', 'van', 'von']);

function nameWords(name: string): Set<string> {
  const words = valueKey(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !PARTICLES.has(w));
  return new Set(words);
}

/** Whether two names share a word (blind to case, accents and particles such as "da"). */
export function namesShareWord(a: string, b: string): boolean {
  const left = nameWords(a);
  for (const word of nameWords(b)) if (left.has(word)) return true;
  return false;
}

function samePhone(a: string, b: string, country: string): boolean {
  const left = normalizePhone(a, country);
  const right = normalizePhone(b, country);
  if (left.ok && right.ok) return left.value === right.value;
  return a.replace(/\D/g, '') === b.replace(/\D/g, '');
}

/** The key by which the other key is compared: the one the lead was NOT matched by. */
interface Collision {
  field: 'email' | 'phone';
  row: string;
  lead: string;
}

function collision(
  payload: UpsertLeadInput,
  lead: LeadFacts,
  by: Probe['by'],
  country: string,
): Collision | undefined {
  if (by === 'phone' && payload.email && lead.email) {
    const same = payload.email.trim().toLowerCase() === lead.email.trim().toLowerCase();
    if (!same) return { field: 'email', row: payload.email, lead: lead.email };
  }
  if (by === 'email' && payload.phone && lead.phone) {
    if (!samePhone(payload.phone, lead.phone, country))
      return { field: 'phone', row: payload.phone, lead: lead.phone };
  }
  return undefined;
}

/**
 * Why the row would overwrite another person's lead (a detail naming that lead and the keys),
 * or undefined when it is the same person as far as the CRM's record tells.
 */
export function conflictReason(
  payload: UpsertLeadInput,
  lead: LeadFacts,
  by: Probe['by'],
  country: string,
  t: Translate,
): string | undefined {
  const rowName = typeof payload.name === 'string' ? payload.name : '';
  if (!rowName || !lead.name || namesShareWord(rowName, lead.name)) return undefined;
  const clash = collision(payload, lead, by, country);
  if (!clash) return undefined;
  return t('import.conflict.detail', {
    key: t(by === 'email' ? 'import.key.email' : 'import.key.phone'),
    id: lead.id,
    name: lead.name,
    other: t(clash.field === 'email' ? 'import.key.email' : 'import.key.phone'),
    rowValue: clash.row,
    leadValue: clash.lead,
  });
}
