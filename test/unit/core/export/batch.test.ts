import { describe, expect, it } from 'vitest';
import type { Lead, LeadFilters, Page, Settled } from '../../../../src/api';
import { RateLimitError } from '../../../../src/api';
import { pagesWanted, readBatch } from '../../../../src/core/export/batch';
import { SimClock } from '../jobs/fakes';
import { FakeLeadList, fakeEnv, lead } from './job-fakes';

const leads = Array.from({ length: 20 }, (_, i) => lead(i + 1));

function setup(answer: (query: LeadFilters, index: number) => Settled<Page<Lead>>) {
  const clock = new SimClock();
  const f = fakeEnv(clock, new FakeLeadList(leads));
  const queries: LeadFilters[] = [];
  const list = (batch: readonly LeadFilters[]) =>
    batch.map((query, index) => {
      queries.push(query);
      return answer(query, index);
    });
  return { pacer: f.env.pacer(clock), list, queries, clock };
}

const crm = new FakeLeadList(leads);
const query = (page: number): LeadFilters => ({ page, per_page: 3, created_to: '2026-12-01' });

describe('readBatch', () => {
  it('reads pages 1..k of the window together and keeps them all when the CRM held still', () => {
    const { pacer, list, queries } = setup((q) => ({ ok: true, value: crm.list(q) }));
    const read = readBatch(pacer, list, query, 4, Number.POSITIVE_INFINITY);
    expect(queries.map((q) => q.page)).toEqual([1, 2, 3, 4]);
    expect(read?.pages).toBe(4);
    expect(read?.result.data.map((l) => l.id)).toEqual(leads.slice(0, 12).map((l) => l.id));
    expect(read?.result.meta?.has_more).toBe(true);
  });

  it('cuts the batch at the first page whose total moved (a lead left while it flew)', () => {
    const { pacer, list } = setup((q, index) => {
      const value = crm.list(q);
      return {
        ok: true,
        value:
          index >= 2
            ? { ...value, meta: { ...value.meta, total: 19 } as Page<Lead>['meta'] }
            : value,
      };
    });
    const read = readBatch(pacer, list, query, 4, Number.POSITIVE_INFINITY);
    expect(read?.pages).toBe(2);
    expect(read?.result.data).toHaveLength(6);
  });

  it('cuts it at a refused page, and gives up (null) when page 1 itself failed', () => {
    const limited = new RateLimitError('Muitas requisições.', {
      status: 429,
      retryAfterSeconds: 5,
    });
    const second = setup((q, index) =>
      index === 1 ? { ok: false, error: limited } : { ok: true, value: crm.list(q) },
    );
    expect(readBatch(second.pacer, second.list, query, 3, Number.POSITIVE_INFINITY)?.pages).toBe(1);
    const first = setup(() => ({ ok: false, error: limited }));
    expect(readBatch(first.pacer, first.list, query, 3, Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('asks for the pages the last answer said are left, at most 10, one outside windows', () => {
    expect(pagesWanted({ page: 1, bound: 'x', expected: 450 }, 200)).toBe(3);
    expect(pagesWanted({ page: 1, bound: 'x', expected: 9_000 }, 200)).toBe(10);
    expect(pagesWanted({ page: 1 }, 200)).toBe(1);
    expect(pagesWanted({ page: 2, bound: 'x', expected: 900 }, 200)).toBe(1);
    expect(pagesWanted({ page: 1, bound: 'x', order: 'offset', expected: 900 }, 200)).toBe(1);
  });
});
