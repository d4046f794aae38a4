import { describe, expect, it } from 'vitest';
import type { Lead, Page } from '../../../../src/api';
import { advancePaging, FIRST_PAGING, pagingQuery } from '../../../../src/core/export/paging';
import { decodeIds, encodeIds, planStale } from '../../../../src/core/export/stale';
import { lead } from './job-fakes';

function page(leads: Lead[], total: number, current = 1, perPage = 3): Page<Lead> {
  const last = Math.max(1, Math.ceil(total / perPage));
  return {
    data: leads,
    meta: {
      total,
      per_page: perPage,
      current_page: current,
      last_page: last,
      has_more: current < last,
    },
  };
}

const at = (id: number, iso: string) => lead(id, { created_at: iso });

describe('advancePaging', () => {
  it('moves the window to the created_at of the last lead read', () => {
    const first = [
      at(9, '2026-11-21T10:03:00Z'),
      at(8, '2026-11-21T10:02:00Z'),
      at(7, '2026-11-21T10:01:00Z'),
    ];
    const step = advancePaging(FIRST_PAGING, page(first, 7), 3);
    expect(step.fresh.map((l) => l.id)).toEqual([9, 8, 7]);
    expect(step.next).toEqual({
      page: 1,
      bound: '2026-11-21T10:01:00Z',
      seenAtBound: [7],
      expected: 5,
    });
    expect(pagingQuery(step.next ?? FIRST_PAGING)).toEqual({
      created_to: '2026-11-21T10:01:00Z',
      page: 1,
    });
  });

  it('drops the leads of the window edge already read, and reads a one-instant page on by number', () => {
    const same = '2026-11-21T10:00:00Z';
    const cursor = { page: 1, bound: same, seenAtBound: [7] };
    const step = advancePaging(cursor, page([at(7, same), at(6, same), at(5, same)], 9), 3);
    expect(step.fresh.map((l) => l.id)).toEqual([6, 5]);
    expect(step.next).toEqual({ page: 2, bound: same, seenAtBound: [7, 6, 5] });
  });

  it('falls back to page numbers when the CRM answers out of newest-first order, and says so when the total moved', () => {
    const unordered = [
      at(1, '2026-11-01T00:00:00Z'),
      at(2, '2026-11-02T00:00:00Z'),
      at(3, '2026-11-03T00:00:00Z'),
    ];
    const step = advancePaging(FIRST_PAGING, page(unordered, 6), 3);
    expect(step.next).toMatchObject({
      page: 2,
      order: 'offset',
      previousIds: [1, 2, 3],
      firstTotal: 6,
    });
    expect(step.unsure).toBe(false);
    const later = advancePaging(
      step.next ?? FIRST_PAGING,
      page([at(3, '2026-11-03T00:00:00Z'), at(4, '2026-11-04T00:00:00Z')], 5, 2),
      3,
    );
    expect(later.fresh.map((l) => l.id)).toEqual([4]);
    expect(later).toMatchObject({ next: null, unsure: true });
  });
});

describe('planStale', () => {
  const header = ['id', 'name', 'CRM Sync Status'];
  const rows = [
    [1, 'a', ''],
    [2, 'b', 'GONE'],
    ['', 'note', ''],
    [3, 'c', ''],
  ];

  it('marks rows whose lead the pass did not read and clears a mark when the lead is back', () => {
    const plan = planStale({ header, rows, seen: new Set([2]), action: 'mark' });
    expect(plan.stale).toBe(2);
    expect(plan.writes).toEqual([
      { row: 1, column: 2, values: [["'GONE"], [''], [''], ["'GONE"]] },
    ]);
  });

  it('deletes them bottom-up, never a row without a lead id', () => {
    const plan = planStale({ header, rows, seen: new Set([2]), action: 'delete' });
    expect(plan.deleteRows).toEqual([3, 0]);
  });

  it('encodes a full pass’s ids compactly and reads them back', () => {
    const ids = [5, 1_000_000, 17, 999_999, 18];
    expect(decodeIds(encodeIds(ids))).toEqual(new Set(ids));
    expect(
      encodeIds(Array.from({ length: 10_000 }, (_, i) => 100_000 + i * 3)).length,
    ).toBeLessThan(25_000);
  });
});
