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
const queries3 = (count: number): LeadFilters[] =>
  Array.from({ length: count }, (_, i) => ({ page: i + 1, per_page: 3 }));

describe('readBatch', () => {
  it('sends the planned pages together and gives back every answer', () => {
    const { pacer, list, queries } = setup((q) => ({ ok: true, value: crm.list(q) }));
    const read = readBatch(pacer, list, queries3(4), Number.POSITIVE_INFINITY);
    expect(queries.map((q) => q.page)).toEqual([1, 2, 3, 4]);
    expect(read.flatMap((p) => p.data.map((l) => l.id))).toEqual(
      leads.slice(0, 12).map((l) => l.id),
    );
  });

  it('stops at a refused page, and gives nothing when the first failed', () => {
    const limited = new RateLimitError('Muitas requisições.', {
      status: 429,
      retryAfterSeconds: 5,
    });
    const second = setup((q, index) =>
      index === 1 ? { ok: false, error: limited } : { ok: true, value: crm.list(q) },
    );
    expect(
      readBatch(second.pacer, second.list, queries3(3), Number.POSITIVE_INFINITY),
    ).toHaveLength(1);
    const first = setup(() => ({ ok: false, error: limited }));
    expect(readBatch(first.pacer, first.list, queries3(3), Number.POSITIVE_INFINITY)).toEqual([]);
  });

  it('asks for the pages the last answer said are left, at most 10, the first alone', () => {
    expect(pagesWanted({ end: 200, expected: 450 }, 200)).toBe(3);
    expect(pagesWanted({ end: 200, expected: 9_000 }, 200)).toBe(10);
    expect(pagesWanted({}, 200)).toBe(1);
  });
});
