/**
 * The lead resolver (core/leads/resolver.ts): a row's keys name a lead only on complete
 * evidence. Random accounts read page by page in a random order: the evidence gathered over
 * every page names the lead that holds the row's first held key alone, never one of several,
 * and a partial read names nothing.
 */
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../sandbox/prng';
import type { Lead } from '../../../../src/api/schemas';
import {
  type LeadKey,
  type PagedEvidence,
  resolve,
  resolveEvidence,
  resolveRead,
  searchHolders,
  withLead,
} from '../../../../src/core/leads/resolver';

const SEEDS = Number(process.env.RESOLVER_SEEDS) || 300;
const EMAILS = ['a@x.com', 'b@x.com', 'c@x.com'];
const PHONES = ['+5511987650001', '+5511987650002', '+5511987650003'];

function lead(id: number, email: string | null, phone: string | null): Lead {
  return { id, name: `L${id}`, email, phone } as Lead;
}

describe('resolve', () => {
  it('takes the first key any lead holds; several holders name none; an unknown key waits', () => {
    expect(resolve([[], [7]])).toEqual({ kind: 'one', id: 7, at: 1 });
    expect(resolve([[3, 4], [7]])).toEqual({ kind: 'several', ids: [3, 4], at: 0 });
    expect(resolve([undefined, [7]])).toEqual({ kind: 'unknown', at: 0 });
    expect(resolve([[], []])).toEqual({ kind: 'none' });
  });

  it('a partial read answers no key, found or not', () => {
    const keys: LeadKey[] = [{ by: 'email', value: 'a@x.com' }];
    expect(resolveRead(keys, [lead(1, 'a@x.com', null)], 'BR', false).kind).toBe('unknown');
    expect(resolveRead(keys, [], 'BR', false).kind).toBe('unknown');
    expect(resolveRead(keys, [], 'BR', true).kind).toBe('none');
  });

  it('a search with more matches than its page names no lead unless two already hold the key', () => {
    const key: LeadKey = { by: 'email', value: 'a@x.com' };
    const more = { total: 500, last_page: 3 };
    expect(searchHolders({ data: [lead(1, 'a@x.com', null)], meta: more }, key, 'BR')).toBe(
      undefined,
    );
    const two = [lead(1, 'a@x.com', null), lead(2, 'A@x.com ', null)];
    expect(searchHolders({ data: two, meta: more }, key, 'BR')).toEqual([1, 2]);
    expect(
      searchHolders({ data: [lead(1, 'a@x.com', null)], meta: { total: 1 } }, key, 'BR'),
    ).toEqual([1]);
  });

  it(`over ${SEEDS} random accounts and page orders, evidence of every page names the right lead`, () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const rng = createPrng(seed);
      const leads = Array.from({ length: rng.int(0, 60) }, (_, i) =>
        lead(
          i + 1,
          rng.chance(0.2) ? rng.pick(EMAILS) : `p${i}@y.com`,
          rng.chance(0.2) ? rng.pick(PHONES) : null,
        ),
      );
      const order = [...leads].sort(() => rng.next() - 0.5);
      const keys: LeadKey[] = [];
      if (rng.chance(0.8)) keys.push({ by: 'email', value: rng.pick(EMAILS) });
      if (keys.length === 0 || rng.chance(0.6)) keys.push({ by: 'phone', value: rng.pick(PHONES) });
      const perPage = rng.int(1, 10);
      let evidence: PagedEvidence<number> | undefined;
      // The same page read twice (a step repeated after a kill) changes nothing.
      for (let at = 0; at < order.length; at += perPage)
        for (let again = rng.chance(0.2) ? 2 : 1; again > 0; again--)
          for (const one of order.slice(at, at + perPage))
            evidence = withLead(evidence, keys, one, 'BR', (l) => l.id);
      const got = resolveEvidence(evidence);
      // The oracle: the first key any lead holds, and all its holders.
      const holders = keys.map((key) =>
        leads
          .filter((l) => (key.by === 'email' ? l.email === key.value : l.phone === key.value))
          .map((l) => l.id),
      );
      const first = holders.findIndex((ids) => ids.length > 0);
      const context = { seed, keys, holders, got };
      if (first < 0) expect(got, JSON.stringify(context)).toEqual({ kind: 'none' });
      else if (holders[first]?.length === 1) {
        expect(got, JSON.stringify(context)).toEqual({
          kind: 'one',
          id: holders[first]?.[0],
          at: first,
        });
        expect(evidence?.s).toBe(holders[first]?.[0]);
      } else {
        expect(got.kind, JSON.stringify(context)).toBe('several');
        if (got.kind === 'several') for (const id of got.ids) expect(holders[first]).toContain(id);
      }
      // A whole read in one piece says the same (the holders' order aside).
      const whole = resolveRead(keys, order, 'BR', true);
      expect(whole.kind).toBe(got.kind);
      if (whole.kind === 'one') expect(whole).toEqual(got);
    }
  });
});
