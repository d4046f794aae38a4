import { describe, expect, it } from 'vitest';
import type { Page } from '../../../../src/api/pager';
import type { Lead } from '../../../../src/api/schemas';
import { leadsWithoutPhone, PHONE_PAGE_SIZE } from '../../../../src/core/send/lead-phones';

/** An account of `count` leads (ids 1…count); the ids in `noPhone` have none. */
function account(count: number, noPhone: ReadonlySet<number>) {
  const leads = Array.from(
    { length: count },
    (_, i) => ({ id: i + 1, phone: noPhone.has(i + 1) ? null : '+5511987650000' }) as Lead,
  );
  const calls = { one: 0, page: 0 };
  const lastPage = Math.max(1, Math.ceil(count / PHONE_PAGE_SIZE));
  const reads = {
    one: (id: number) => {
      calls.one += 1;
      const lead = leads.find((l) => l.id === id);
      if (!lead) throw new Error('404');
      return lead;
    },
    page: (page: number): Page<Lead> => {
      calls.page += 1;
      const data = leads.slice((page - 1) * PHONE_PAGE_SIZE, page * PHONE_PAGE_SIZE);
      return {
        data,
        meta: {
          total: count,
          per_page: PHONE_PAGE_SIZE,
          current_page: page,
          last_page: lastPage,
          has_more: page < lastPage,
        },
      };
    },
  };
  return { reads, calls };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('leadsWithoutPhone', () => {
  it('checks every lead, not the first few', () => {
    const { reads } = account(50, new Set([12, 40]));
    expect([...leadsWithoutPhone(range(1, 20), reads)]).toEqual([12]);
    expect([...leadsWithoutPhone(range(30, 45), reads)]).toEqual([40]);
  });

  it('reads a small account by its list: one request for 20 leads', () => {
    const { reads, calls } = account(150, new Set([12]));
    expect([...leadsWithoutPhone(range(1, 20), reads)]).toEqual([12]);
    expect(calls).toEqual({ one: 0, page: 1 });
  });

  it('reads a large account lead by lead when its pages would cost more', () => {
    // 10,000 leads: 50 pages. The first page shows none of them; 4 reads beat 49 pages.
    const { reads, calls } = account(10_000, new Set([9_500]));
    expect([...leadsWithoutPhone([9_500, 9_501, 9_502, 9_503], reads)]).toEqual([9_500]);
    expect(calls).toEqual({ one: 4, page: 1 });
  });

  it('reads the whole list when it costs fewer requests than the leads', () => {
    // 1,000 leads: 5 pages for 300 leads; it stops at page 4, where the last of them is.
    const { reads, calls } = account(1_000, new Set([777]));
    expect([...leadsWithoutPhone(range(501, 800), reads)]).toEqual([777]);
    expect(calls).toEqual({ one: 0, page: 4 });
  });

  it('reads one or two leads by themselves', () => {
    const { reads, calls } = account(1_000, new Set([2]));
    expect([...leadsWithoutPhone([1, 2], reads)]).toEqual([2]);
    expect(calls).toEqual({ one: 2, page: 0 });
  });

  it('leaves a lead it cannot read to the send', () => {
    const { reads } = account(10, new Set());
    expect([...leadsWithoutPhone([1, 99], reads)]).toEqual([]);
  });
});
