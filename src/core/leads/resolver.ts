import type { Lead } from '../../api/schemas';
import { normalizePhone } from '../import/normalize';
import { digitsOf } from '../phone';

/**
 * Which lead a row names (PRODUCT.md "A key names a lead only on complete evidence"), for every
 * job that finds leads by e-mail or phone: import, send, lead actions. Pure.
 *
 * A row names its lead by id, else by e-mail, else by phone: its keys, in that order. A key's
 * holders are known only from the CRM's complete answer for it: a whole read of the account,
 * or a search for that key that returned every match. A key absent from one page of leads is
 * not absent from the CRM, and a key found on one page may have another holder on the next:
 * a partial read tells nothing. A key held by more than one lead names none.
 */

export type KeyBy = 'email' | 'phone';

/** A key to find a lead by: a trimmed, lower-case e-mail, or a phone (E.164 when it reads as one). */
export interface LeadKey {
  by: KeyBy;
  value: string;
}

/** Holders of one key: their ids, on complete evidence; undefined until searched. */
export type Holders = readonly number[] | undefined;

export type Resolution =
  /** The key at `at` is held by exactly this lead, and every earlier key by none. */
  | { kind: 'one'; id: number; at: number }
  /** No lead holds any of the keys. */
  | { kind: 'none' }
  /** The key at `at` is held by several leads (ids, a few of them): the row names none. */
  | { kind: 'several'; ids: number[]; at: number }
  /** The key at `at` is not known until it is searched. */
  | { kind: 'unknown'; at: number };

/** How many holder ids a several-lead key keeps (to name them; the record stays small). */
export const NAMED_HOLDERS = 5;

export function emailKey(text: string): string {
  return text.trim().toLowerCase();
}

function samePhone(leadPhone: string, rowPhone: string, country: string): boolean {
  const normal = normalizePhone(leadPhone, country);
  if (normal.ok) return normal.value === rowPhone;
  // A phone the CRM holds that does not read as a number: by its digits.
  const a = digitsOf(leadPhone);
  const b = digitsOf(rowPhone);
  return a !== '' && (a === b || b.endsWith(a));
}

/** Whether the lead holds the key (an e-mail case-blind, a phone as a number). */
export function holdsKey(lead: Lead, key: LeadKey, country: string): boolean {
  if (key.by === 'email') return emailKey(lead.email ?? '') === key.value;
  return lead.phone ? samePhone(lead.phone, key.value, country) : false;
}

/** The index of the first of `keys` the lead holds, or -1. */
export function firstHeldKey(lead: Lead, keys: readonly LeadKey[], country: string): number {
  return keys.findIndex((key) => holdsKey(lead, key, country));
}

/** The ids of the leads of `leads` that hold the key (each once). */
export function holdersIn(leads: readonly Lead[], key: LeadKey, country: string): number[] {
  const ids = leads.filter((lead) => holdsKey(lead, key, country)).map((lead) => lead.id);
  return [...new Set(ids)];
}

/** The row's lead from what is known of each key's holders, keys in the row's order. */
export function resolve(holders: readonly Holders[]): Resolution {
  for (let at = 0; at < holders.length; at++) {
    const ids = holders[at];
    if (ids === undefined) return { kind: 'unknown', at };
    if (ids.length === 1) return { kind: 'one', id: ids[0] as number, at };
    if (ids.length > 1) return { kind: 'several', ids: ids.slice(0, NAMED_HOLDERS), at };
  }
  return { kind: 'none' };
}

/**
 * The row's lead from one read of leads: `complete` when it was a whole read of the account
 * (every page of one pass, its total unchanged), which answers every key; a partial read
 * answers none (a find may have a second holder, a miss a holder, on a page not read).
 */
export function resolveRead(
  keys: readonly LeadKey[],
  leads: readonly Lead[],
  country: string,
  complete: boolean,
): Resolution {
  return resolve(keys.map((key) => (complete ? holdersIn(leads, key, country) : undefined)));
}

/** A search answer (`GET /leads?q=` for one key): its leads and whether more matched. */
export interface SearchAnswer {
  data: readonly Lead[];
  meta?:
    | { total?: number | null; has_more?: boolean | null; last_page?: number | null }
    | undefined;
}

/**
 * The key's holders by a search for it: known when the answer holds every match of the
 * search (the CRM's `q` is broader than the key, so its matches are narrowed here), or when
 * two holders already show the key names none; else undefined (more matches than a page).
 */
export function searchHolders(answer: SearchAnswer, key: LeadKey, country: string): Holders {
  const ids = holdersIn(answer.data, key, country);
  return !searchIsWhole(answer) && ids.length < 2 ? undefined : ids;
}

/** Whether a search's answer holds every lead it matched (one page, nothing more). */
export function searchIsWhole(answer: SearchAnswer): boolean {
  const total = answer.meta?.total;
  return !(
    answer.meta?.has_more === true ||
    (answer.meta?.last_page ?? 1) > 1 ||
    (typeof total === 'number' && total > answer.data.length)
  );
}

/**
 * What a paged read has shown so far for one row: the first of its keys any lead read holds
 * (`x`), the ids of its holders (`i`, a few), and the state `s` of the sole one. Kept in the
 * row's record between pages (short keys: it sits in the person's Properties).
 */
export interface PagedEvidence<S> {
  x: number;
  i: number[];
  s?: S;
}

/** The evidence after one more lead read (the same lead read twice counts once). */
export function withLead<S>(
  evidence: PagedEvidence<S> | undefined,
  keys: readonly LeadKey[],
  lead: Lead,
  country: string,
  stateOf: (lead: Lead) => S,
): PagedEvidence<S> | undefined {
  const at = firstHeldKey(lead, keys, country);
  if (at < 0) return evidence;
  if (!evidence || at < evidence.x) return { x: at, i: [lead.id], s: stateOf(lead) };
  if (at > evidence.x || evidence.i.includes(lead.id)) return evidence;
  const { s: _sole, ...rest } = evidence;
  return { ...rest, i: [...evidence.i, lead.id].slice(0, NAMED_HOLDERS) };
}

/** The row's lead once the paged read was whole (a partial read's evidence names nothing). */
export function resolveEvidence<S>(evidence: PagedEvidence<S> | undefined): Resolution {
  if (!evidence) return { kind: 'none' };
  if (evidence.i.length === 1) return { kind: 'one', id: evidence.i[0] as number, at: evidence.x };
  return { kind: 'several', ids: evidence.i, at: evidence.x };
}
