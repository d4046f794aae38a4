import { describe, expect, it } from 'vitest';
import type { Lead, Page } from '../../../../src/api';
import {
  advancePaging,
  FIRST_PAGING,
  type PlannedPage,
  planPage,
  planPages,
} from '../../../../src/core/export/paging';
import { decodeIds, encodeIds, planStale } from '../../../../src/core/export/stale';
import { lead } from './job-fakes';

/** A CRM list in some fixed order: `ids` as they stand now. */
function answer(ids: number[], planned: PlannedPage): Page<Lead> {
  const data = ids.slice(planned.offset, planned.offset + planned.perPage).map((id) => lead(id));
  return {
    data,
    meta: {
      total: ids.length,
      per_page: planned.perPage,
      current_page: planned.page,
      last_page: Math.max(1, Math.ceil(ids.length / planned.perPage)),
      has_more: planned.offset + planned.perPage < ids.length,
    },
  };
}

describe('planPage', () => {
  it('re-reads at least the overlap before the end with the page that reads furthest', () => {
    expect(planPage(0, 5, 200)).toEqual({ page: 1, perPage: 200, offset: 0 });
    expect(planPage(200, 5, 200)).toEqual({ page: 2, perPage: 195, offset: 195 });
    for (let end = 200; end < 5_000; end += 37) {
      const planned = planPage(end, 5, 200);
      expect(planned.offset).toBe((planned.page - 1) * planned.perPage);
      expect(planned.offset).toBeLessThanOrEqual(end - 5);
      // 179 new positions a request on average over ends 200…200,000, at least 128.
      expect(planned.offset + planned.perPage - end).toBeGreaterThanOrEqual(120);
    }
  });

  it('reads the end unchecked only where no page size straddles it (tiny test pages)', () => {
    expect(planPage(6, 1, 3)).toEqual({ page: 3, perPage: 3, offset: 6, unchecked: true });
    expect(planPage(7, 1, 3).unchecked).toBeUndefined();
  });
});

describe('advancePaging', () => {
  const ids = Array.from({ length: 10 }, (_, i) => 100 + ((i * 7) % 10)); // no order by id

  it('reads on while each answer holds a lead read before, dropping the re-read ones', () => {
    const first = planPages(FIRST_PAGING, 4)[0] as PlannedPage;
    const step = advancePaging(FIRST_PAGING, [{ planned: first, result: answer(ids, first) }], 4);
    expect(step.fresh.map((l) => l.id)).toEqual(ids.slice(0, 4));
    expect(step.next).toMatchObject({ end: 4, answers: 1, expected: 6 });
    const second = planPages(step.next ?? FIRST_PAGING, 4)[0] as PlannedPage;
    expect(second.offset).toBe(3);
    const later = advancePaging(
      step.next ?? FIRST_PAGING,
      [{ planned: second, result: answer(ids, second) }],
      4,
    );
    expect(later.fresh.map((l) => l.id)).toEqual(ids.slice(4, 6));
  });

  it('drops an answer that holds no lead read before (leads left before it) and reads further back', () => {
    const first = planPages(FIRST_PAGING, 4)[0] as PlannedPage;
    const step = advancePaging(FIRST_PAGING, [{ planned: first, result: answer(ids, first) }], 4);
    // Three of the four leads read are deleted: the rest of the list moves up three places.
    const now = ids.filter((id) => !ids.slice(0, 3).includes(id) || id === ids[0]);
    const moved = now.filter((id) => id !== ids[3]);
    const second = planPages(step.next ?? FIRST_PAGING, 4)[0] as PlannedPage;
    const refused = advancePaging(
      step.next ?? FIRST_PAGING,
      [{ planned: second, result: answer(moved, second) }],
      4,
    );
    expect(refused.fresh).toEqual([]);
    expect(refused.kept).toBe(0);
    expect(refused.next).toMatchObject({ end: 4, overlap: 4 });
    const again = planPages(refused.next ?? FIRST_PAGING, 4)[0] as PlannedPage;
    expect(again.offset).toBe(0);
    const kept = advancePaging(
      refused.next ?? FIRST_PAGING,
      [{ planned: again, result: answer(moved, again) }],
      4,
    );
    expect(kept.fresh.map((l) => l.id)).toEqual(moved.slice(1, 4));
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
