import type { CrmApi, CrmClient } from '../../../api/client';
import type { Settled } from '../../../api/http';
import type { Page } from '../../../api/pager';
import type { Lead, MatchBy, UpsertLeadInput } from '../../../api/schemas';
import { jobControlOf } from '../../jobs/errors';
import { type PacedCallOptions, pacedAll, pacedCall } from '../../jobs/requests';
import {
  type Existence,
  judgeSearch,
  LeadIndex,
  LOOKUP_PER_PAGE,
  pagedReadIsCheaper,
  pagesFor,
  probesOf,
  searchFilters,
} from '../lookup';

/**
 * What one execution of an import knows about which rows' leads exist (lookup.ts), and the
 * choice of how to learn the rest with fewest requests:
 *
 * - rows the import memory or the sheet's `CRM Lead ID` cell answer cost nothing;
 * - when more than one row is left to answer in this execution, the first page of the
 *   account's leads (200) is read: its `meta.total` tells how many pages a full read takes;
 *   the rest is read when those pages are fewer than the rows it answers
 *   (pagedReadIsCheaper), and the index then answers every row, found or not;
 * - rows of one e-mail domain (DOMAIN_ROWS or more in a batch) are first searched together,
 *   `GET /leads?q=@domain` (searchDomains says when its misses count): a search for the domain answers
 *   every row whose lead it holds, in as many requests as it has pages;
 * - otherwise each row is searched (`GET /leads?q=`), the first page still answering the rows
 *   it holds.
 *
 * A paged read whose `meta.total` moved while paging, or that saw fewer leads than the total,
 * may have missed a lead that pages shifted over; its misses are then not trusted (the rows
 * are searched), only its finds.
 */
export class ExistenceKnowledge {
  private readonly known = new Map<string, Existence>();
  private index: LeadIndex | undefined;
  private complete = false;
  private paged = false;
  /** Requests made, by plan, for the closing figures (tests read them). */
  readonly requests = { page: 0, lookup: 0, domain: 0 };
  /** Leads found by domain searches: finds only, unless the domain is in `readDomains`. */
  private readonly domainIndex: LeadIndex;
  /** Domains searched in this execution. */
  private readonly triedDomains = new Set<string>();
  /** Domains whose search read every lead with that e-mail domain (a miss there is a miss). */
  private readonly readDomains = new Set<string>();
  /** Whether the CRM's `q` folds case (foldsCase), once asked. */
  private caseBlind: boolean | undefined;

  constructor(
    private readonly client: CrmClient,
    private readonly matchBy: MatchBy,
    private readonly country: string,
  ) {
    this.domainIndex = new LeadIndex(country);
  }

  /** Existence already known in this execution (from an earlier answer or an outside source). */
  get(matchKey: string): Existence | undefined {
    return this.known.get(matchKey);
  }

  remember(matchKey: string, existence: Existence): void {
    this.known.set(matchKey, existence);
  }

  /**
   * Learns about `rows` (match key and payload), with `rowsToAnswer` the rows still unknown that
   * this execution can reach (the paged read is worth it only for enough of them). Stops
   * early, keeping what it learnt, when a request no longer fits the step (the error is
   * rethrown only when nothing was learnt).
   */
  learn(
    rows: ReadonlyArray<{ matchKey: string; payload: UpsertLeadInput }>,
    rowsToAnswer: number,
    options: PacedCallOptions,
    /** The rows still to send around the batch (the read's): how many share a domain. */
    around: ReadonlyArray<{ matchKey: string; payload: UpsertLeadInput }> = rows,
    /**
     * Searches of one row at a time this call may make (every probe of a row counted): the
     * rows past them stay unknown. A step that spent its minute's requests on searches had none
     * left for the upserts, and the next execution searched the same rows again (issue 30).
     */
    maxSearches = Number.POSITIVE_INFINITY,
  ): void {
    let unknown = rows.filter((row) => !this.answer(row));
    if (unknown.length === 0) return;
    try {
      if (!this.paged && rowsToAnswer > 1) this.pagedRead(rowsToAnswer, options);
      unknown = unknown.filter((row) => !this.answer(row));
      if (unknown.length > 0 && !this.complete) {
        const waiting = around.filter((row) => !this.known.has(row.matchKey));
        this.searchDomains(unknown, waiting, rowsToAnswer, options);
      }
      unknown = unknown.filter((row) => !this.answer(row));
      // Rows whose e-mail a whole domain search missed go on to their phone.
      const emailMissed = unknown.filter((row) => this.missedByDomain(row));
      unknown = unknown.filter((row) => !emailMissed.includes(row));
      // Only as many rows as their every probe fits in maxSearches; the rest stay unknown
      // (not sent this step: the next one learns them).
      let room = maxSearches;
      const fits = (row: { payload: UpsertLeadInput }, first: boolean): boolean => {
        const cost = probesOf(row.payload, this.matchBy).length - (first ? 0 : 1);
        if (cost > room && room < maxSearches) return false;
        room -= cost;
        return true;
      };
      const searched = new Set([
        ...emailMissed.filter((row) => fits(row, false)),
        ...unknown.filter((row) => fits(row, true)),
      ]);
      unknown = unknown.filter((row) => searched.has(row));
      emailMissed.splice(0, emailMissed.length, ...emailMissed.filter((row) => searched.has(row)));
      // The rows' first probes go out together, then the second probes of the misses.
      for (let probe = 0; unknown.length > 0 || emailMissed.length > 0; probe++) {
        if (probe === 1) unknown.push(...emailMissed.splice(0));
        unknown = this.search(unknown, probe, options);
      }
    } catch (error) {
      if (jobControlOf(error) !== 'yield' || rows.every((row) => !this.known.has(row.matchKey)))
        throw error;
    }
  }

  /** Answers a row from what is known or indexed; false when it needs a request. */
  private answer(row: { matchKey: string; payload: UpsertLeadInput }): boolean {
    if (this.known.has(row.matchKey)) return true;
    const probes = probesOf(row.payload, this.matchBy);
    // A find of a domain search is the lead (by its e-mail, the upsert's first key).
    const first = probes[0];
    if (first?.by === 'email') {
      const ids = this.domainIndex.find(first);
      if (ids.length > 0) {
        this.known.set(row.matchKey, this.domainIndex.found(ids, first, 'lookup'));
        return true;
      }
      if (probes.length === 1 && this.missedByDomain(row)) {
        this.known.set(row.matchKey, { exists: false, via: 'lookup' });
        return true;
      }
    }
    if (!this.index) return false;
    const existence = this.index.existence(probesOf(row.payload, this.matchBy), this.complete);
    if (!existence) return false;
    this.known.set(row.matchKey, existence);
    return true;
  }

  private pagedRead(rowsToAnswer: number, options: PacedCallOptions): void {
    this.paged = true;
    const index = new LeadIndex(this.country);
    this.index = index;
    this.requests.page += 1;
    const first = pacedCall(
      () => this.client.leads.list({ page: 1, per_page: LOOKUP_PER_PAGE }),
      options,
    );
    index.add(first.data);
    const total = first.meta?.total ?? first.data.length;
    const pages = pagesFor(total);
    let steady = true;
    if (pages > 1) {
      if (!pagedReadIsCheaper(pages - 1, rowsToAnswer)) return;
      const rest = Array.from({ length: pages - 1 }, (_, i) => i + 2);
      this.requests.page += rest.length;
      const answers = pacedAll(
        this.client,
        rest.map((page) => (c: CrmApi) => c.leads.list({ page, per_page: LOOKUP_PER_PAGE })),
        options,
      );
      for (const answer of answers) {
        if (!answer.ok) throw answer.error;
        index.add(answer.value.data);
        if ((answer.value.meta?.total ?? total) !== total) steady = false;
      }
    }
    this.complete = steady && index.size >= total;
  }

  /** Whether the row's e-mail is of a domain read whole that holds no lead with it. */
  private missedByDomain(row: { payload: UpsertLeadInput }): boolean {
    const first = probesOf(row.payload, this.matchBy)[0];
    if (first?.by !== 'email') return false;
    const domain = emailDomain(first.value);
    return domain !== undefined && this.readDomains.has(domain);
  }

  /**
   * Searches the e-mail domains of `rows` that DOMAIN_ROWS or more of the rows `around` them
   * share: the first page, then the others only while they are fewer than those rows of the
   * domain that this execution can answer (`rowsToAnswer`; each row's own search costs one
   * request). A domain search read whole finds leads by their exact e-mail; its misses
   * count only when it was read whole and every lead it gave holds the domain in its e-mail:
   * the API says only that `q` searches name, e-mail or phone (crm-api-v1.md, GET /leads), so
   * a CRM whose `q` matches whole words or whole values gives no such proof, and its rows are
   * searched one by one as before.
   */
  private searchDomains(
    rows: ReadonlyArray<{ payload: UpsertLeadInput }>,
    around: ReadonlyArray<{ payload: UpsertLeadInput }>,
    rowsToAnswer: number,
    options: PacedCallOptions,
  ): void {
    const domainOf = (row: { payload: UpsertLeadInput }) => {
      const first = probesOf(row.payload, this.matchBy)[0];
      return first?.by === 'email' ? emailDomain(first.value) : undefined;
    };
    const groups = new Map<string, number>();
    for (const row of around) {
      const domain = domainOf(row);
      if (domain !== undefined) groups.set(domain, (groups.get(domain) ?? 0) + 1);
    }
    // Only the batch's own domains are searched; the rows around them say whether it is worth it.
    const mine = new Set(rows.map(domainOf));
    for (const [domain, count] of groups) {
      if (!mine.has(domain) || count < DOMAIN_ROWS || this.triedDomains.has(domain)) continue;
      this.triedDomains.add(domain);
      // Only the rows this execution can answer pay for its pages (a domain of 300 pages and
      // 400 rows to send was read whole in every execution, which answers ~150 of them).
      this.searchDomain(domain, Math.min(count, rowsToAnswer), options);
    }
  }

  private searchDomain(domain: string, rows: number, options: PacedCallOptions): void {
    const q = `@${domain}`;
    const read = (page: number) => (c: CrmApi) =>
      c.leads.list({ q, page, per_page: LOOKUP_PER_PAGE });
    this.requests.domain += 1;
    const first = pacedCall(() => read(1)(this.client), options);
    const leads = [...first.data];
    const total = first.meta?.total ?? first.data.length;
    const pages = pagesFor(total);
    let steady = true;
    if (pages > 1 && pagedReadIsCheaper(pages - 1, rows)) {
      const rest = Array.from({ length: pages - 1 }, (_, i) => i + 2);
      this.requests.domain += rest.length;
      for (const answer of pacedAll(this.client, rest.map(read), options)) {
        if (!answer.ok) throw answer.error;
        leads.push(...answer.value.data);
        if ((answer.value.meta?.total ?? total) !== total) steady = false;
      }
    } else if (pages > 1) steady = false;
    // Only a whole read is used: a lead found on a page read may share its e-mail with another
    // person's lead on a page not read, which the CRM's upsert may update instead (a CONFLICT
    // the row's own search shows, decideExisting).
    if (!steady || new Set(leads.map((l) => l.id)).size < total) return;
    this.domainIndex.add(leads);
    const proof =
      leads.length > 0 &&
      leads.every((lead) => emailDomain(lead.email ?? '') === domain) &&
      this.holdsKnownLeads(domain, leads) &&
      this.foldsCase(domain, total, options);
    if (proof) this.readDomains.add(domain);
  }

  /**
   * Whether the CRM's `q` folds case, asked once an execution: the upsert matches e-mails
   * case-blind (lookup.ts), so a domain search's misses are misses only if `q` does too, and
   * the API does not say (crm-api-v1.md, GET /leads `q`); a case-sensitive `q=@acme.com` hides
   * `ANA@ACME.COM`. The same domain written `@aCmE.CoM`, a spelling no person writes, finds as
   * many leads only when `q` folds case.
   */
  private foldsCase(domain: string, total: number, options: PacedCallOptions): boolean {
    if (this.caseBlind === undefined) {
      this.requests.domain += 1;
      const q = `@${mixedCase(domain)}`;
      const page = pacedCall(() => this.client.leads.list({ q, page: 1, per_page: 1 }), options);
      this.caseBlind = total > 0 && page.meta?.total === total;
    }
    return this.caseBlind;
  }

  /**
   * Whether a domain search gave every lead of that domain the account's first page showed: a
   * `q` that ranks by likeness and leaves out the least alike (a fuzzy search) or caps its hits
   * answers a steady, all-of-the-domain subset, and only a lead known otherwise shows the gap.
   */
  private holdsKnownLeads(domain: string, leads: readonly Lead[]): boolean {
    if (!this.index) return true;
    const ids = new Set(leads.map((lead) => lead.id));
    for (const lead of this.index.facts())
      if (emailDomain(lead.email ?? '') === domain && !ids.has(lead.id)) return false;
    return true;
  }

  /**
   * Sends probe number `probe` of every row together; returns the rows still unknown (a miss
   * with another probe to try). A row whose search failed stays unknown for this step.
   */
  private search(
    rows: ReadonlyArray<{ matchKey: string; payload: UpsertLeadInput }>,
    probe: number,
    options: PacedCallOptions,
  ): { matchKey: string; payload: UpsertLeadInput }[] {
    const asked = rows.flatMap((row) => {
      const probes = probesOf(row.payload, this.matchBy);
      const mine = probes[probe];
      if (mine) return [{ row, probe: mine, last: probe === probes.length - 1 }];
      this.known.set(row.matchKey, { exists: false, via: 'lookup' });
      return [];
    });
    if (asked.length === 0) return [];
    this.requests.lookup += asked.length;
    const answers = pacedAll(
      this.client,
      asked.map(
        ({ probe: one }) =>
          (c: CrmApi) =>
            c.leads.list(searchFilters(one)),
      ),
      options,
    );
    const next: { matchKey: string; payload: UpsertLeadInput }[] = [];
    let failure: unknown;
    asked.forEach(({ row, probe: one, last }, i) => {
      const answer = answers[i] as Settled<Page<Lead>>;
      if (!answer.ok) {
        failure ??= answer.error;
        return;
      }
      const verdict = judgeSearch(answer.value, one, this.country);
      if (verdict !== 'miss') this.known.set(row.matchKey, verdict);
      else if (last) this.known.set(row.matchKey, { exists: false, via: 'lookup' });
      else next.push(row);
    });
    if (failure !== undefined) throw failure;
    return next;
  }
}

/** The domain with its letters in alternate case (`aCmE.CoM`), a spelling no person writes. */
function mixedCase(domain: string): string {
  let upper = false;
  return Array.from(domain, (char) => {
    if (char.toLowerCase() === char.toUpperCase()) return char;
    upper = !upper;
    return upper ? char.toLowerCase() : char.toUpperCase();
  }).join('');
}

/** Rows of one e-mail domain still to send that make searching the domain worth a request. */
export const DOMAIN_ROWS = 3;

/** The domain of an e-mail, lower case (undefined for text that is not one). */
export function emailDomain(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return undefined;
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase();
}
