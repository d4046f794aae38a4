import type { Page } from '../../api/pager';
import type { Lead, LeadFilters, MatchBy, UpsertLeadInput } from '../../api/schemas';
import { resolve, searchIsWhole } from '../leads/resolver';
import { digitsOf, phoneSearchDigits } from '../phone';
import { normalizePhone } from './normalize';

/**
 * Whether a row's lead is in the CRM before anything is sent: an existing lead is updated with
 * the row's own cells only, a new one also gets a name, pipeline and stage (row.ts), and modes
 * `update` / `create` refuse the other kind (PRODUCT.md, Import `mode`).
 *
 * What the upsert matches, the lookup must match too: `email` by the e-mail, `phone` by the
 * phone, `email_or_phone` by the e-mail and, when no lead has it, by the phone (crm-api-v1.md,
 * POST /leads/upsert). E-mails compare trimmed and case-blind; phones as E.164 when the CRM's
 * text reads as a number, else by digits.
 *
 * Knowledge comes from, cheapest first (job.ts chooses; the README's "How an import knows
 * which rows update" says when):
 * - `memory`: the sheet's import memory has this match key with its lead id (0 requests);
 * - `sheet`: the row's `CRM Lead ID` cell, written by an earlier import that succeeded (0);
 * - `page`: one paged read of the account's leads, 200 a request, indexed here;
 * - `lookup`: `GET /leads?q=…` for this row (1 request, 2 when an e-mail finds nothing and the
 *   phone must be tried too).
 */

export type ExistenceSource = 'memory' | 'sheet' | 'page' | 'lookup';

/** What a read of the lead told about it: enough to tell another person, and its pipeline. */
export interface LeadFacts {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  pipelineId: number | null;
}

export type Existence =
  | {
      exists: true;
      leadId?: number;
      by: Probe['by'];
      via: ExistenceSource;
      /**
       * The lead as the CRM gave it (a paged read or a search), or every lead the key finds when
       * several do (the CRM updates one of them); absent when memory or the sheet answered.
       */
      leads?: readonly LeadFacts[];
    }
  | { exists: false; via: 'page' | 'lookup' }
  /** The CRM search had more matches than one page holds: nothing is sent for the row. */
  | { exists: 'unclear'; by: Probe['by']; seen: number };

export interface Probe {
  by: 'email' | 'phone';
  value: string;
}

/** The keys the CRM's upsert tries for this payload, in its order. */
export function probesOf(payload: UpsertLeadInput, matchBy: MatchBy): Probe[] {
  const probes: Probe[] = [];
  if (matchBy !== 'phone' && payload.email) probes.push({ by: 'email', value: payload.email });
  if (matchBy !== 'email' && payload.phone) probes.push({ by: 'phone', value: payload.phone });
  return probes;
}

/** How a phone is indexed: E.164 when it reads as one, else `#` and its digits. */
function phoneKey(text: string, country: string): string {
  const normal = normalizePhone(text, country);
  return normal.ok ? normal.value : `#${digitsOf(text)}`;
}

function emailKey(text: string): string {
  return text.trim().toLowerCase();
}

/** The leads of one paged read (or of one search), by e-mail and by phone. */
export class LeadIndex {
  private readonly byEmail = new Map<string, number[]>();
  private readonly byPhone = new Map<string, number[]>();
  private readonly leads = new Map<number, LeadFacts>();

  constructor(private readonly country: string) {}

  get size(): number {
    return this.leads.size;
  }

  /** Every lead indexed. */
  facts(): Iterable<LeadFacts> {
    return this.leads.values();
  }

  add(leads: readonly Lead[]): void {
    for (const lead of leads) {
      if (this.leads.has(lead.id)) continue;
      this.leads.set(lead.id, factsOf(lead));
      if (lead.email) push(this.byEmail, emailKey(lead.email), lead.id);
      if (lead.phone) push(this.byPhone, phoneKey(lead.phone, this.country), lead.id);
    }
  }

  /** Ids of the leads this probe finds (the CRM's upsert would update one of them). */
  find(probe: Probe): number[] {
    if (probe.by === 'email') return this.byEmail.get(emailKey(probe.value)) ?? [];
    return (
      this.byPhone.get(phoneKey(probe.value, this.country)) ??
      this.byPhone.get(`#${digitsOf(probe.value)}`) ??
      []
    );
  }

  found(ids: readonly number[], probe: Probe, via: ExistenceSource): Existence {
    return found(ids, probe, via, this.leads);
  }

  /**
   * Existence by this index (leads/resolver.ts): `complete` says every lead of the account was
   * read, so it answers every key; a partial read answers none (undefined): a key absent from
   * it may be in the CRM, and a key found in it may have another holder on a page not read.
   */
  existence(probes: readonly Probe[], complete: boolean): Existence | undefined {
    const resolution = resolve(probes.map((probe) => (complete ? this.find(probe) : undefined)));
    if (resolution.kind === 'unknown') return undefined;
    if (resolution.kind === 'none') return { exists: false, via: 'page' };
    const probe = probes[resolution.at] as Probe;
    return found(this.find(probe), probe, 'page', this.leads);
  }
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}

function factsOf(lead: Lead): LeadFacts {
  return {
    id: lead.id,
    name: lead.name ?? null,
    email: lead.email ?? null,
    phone: lead.phone ?? null,
    pipelineId: lead.pipeline_id ?? lead.pipeline?.id ?? null,
  };
}

function found(
  ids: readonly number[],
  probe: Probe,
  via: ExistenceSource,
  leads: ReadonlyMap<number, LeadFacts>,
): Existence {
  const facts = ids.flatMap((id) => leads.get(id) ?? []);
  const known = facts.length === ids.length ? { leads: facts } : {};
  // Two leads with one e-mail: the CRM updates one of them, which one is not said.
  if (ids.length !== 1) return { exists: true, by: probe.by, via, ...known };
  return { exists: true, leadId: ids[0] as number, by: probe.by, via, ...known };
}

/** A search request's size: the contract's largest page, so one page nearly always holds every match. */
export const LOOKUP_PER_PAGE = 200;

/** The `q` for a probe: the e-mail, or the phone's national digits (matched with or without +55). */
export function searchFilters(probe: Probe): LeadFilters {
  const q = probe.by === 'phone' ? phoneSearchDigits(probe.value) : probe.value;
  return { q, per_page: LOOKUP_PER_PAGE };
}

/**
 * What one search answer says about a probe: found, not found (the phone may be tried next),
 * or unclear when the search had more pages and this page names no lead for sure.
 */
export function judgeSearch(page: Page<Lead>, probe: Probe, country: string): Existence | 'miss' {
  const index = new LeadIndex(country);
  index.add(page.data);
  const ids = index.find(probe);
  // A find on a search with more pages may have a second holder on them (the key names none).
  const whole = searchIsWhole(page);
  if (ids.length > 1 || (ids.length === 1 && whole)) return index.found(ids, probe, 'lookup');
  return whole ? 'miss' : { exists: 'unclear', by: probe.by, seen: page.data.length };
}

/**
 * Whether reading every lead of the account (`pages` requests) is cheaper than searching
 * row by row: searches cost at least one request per row, so the read wins when it has
 * fewer pages than the rows it would answer in this execution.
 */
export function pagedReadIsCheaper(pages: number, rowsToAnswer: number): boolean {
  return pages < rowsToAnswer;
}

/** Pages a paged read of `total` leads takes. */
export function pagesFor(total: number): number {
  return Math.max(1, Math.ceil(total / LOOKUP_PER_PAGE));
}
