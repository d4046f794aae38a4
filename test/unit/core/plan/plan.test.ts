import { describe, expect, it } from 'vitest';

import {
  actingRows,
  fitToPlan,
  loadPlan,
  planOfCall,
  planOfPreview,
  savePlan,
} from '../../../../src/core/plan/plan';
import { MemoryKeyValueStore } from '../jobs/fakes';

describe('core/plan: what a person confirmed, row by row', () => {
  const preview = [
    { k: '#1', h: 'aaa', i: 1, s: 'WILL_CHANGE' },
    { k: '#2', h: 'bbb', i: 2, s: 'NO_CHANGE' },
    { k: '#9', h: 'ccc', s: 'NOT_FOUND', g: 1 as const },
    { k: 'e:x@y.z', h: 'ddd', i: 4, s: 'WILL_FAIL' },
    { k: '#5', h: 'aaa', i: 1, s: 'WILL_CHANGE', a: 1 as const },
  ];

  it('a preview plan counts its changing rows only, with the lead each named', () => {
    const rows = planOfPreview(preview);
    expect(rows).toEqual([
      { k: '#1', h: 'aaa', i: 1, v: 'W' },
      { k: '#2', h: 'bbb', v: 'N' },
      { k: '#9', h: 'ccc', v: 'G' },
      { k: 'e:x@y.z', h: 'ddd', v: 'F' },
    ]);
    expect(actingRows(rows)).toBe(1);
  });

  it('a row added or edited since is not previewed; a plan of the call binds keys only', () => {
    const plan = new Map(planOfPreview(preview).map((r) => [r.k, r]));
    expect(fitToPlan(plan, { k: '#3', h: 'aaa' })).toEqual({ kind: 'notPreviewed', why: 'added' });
    expect(fitToPlan(plan, { k: '#1', h: 'zzz' })).toEqual({
      kind: 'notPreviewed',
      why: 'changed',
    });
    expect(fitToPlan(plan, { k: '#1', h: 'aaa' }).kind).toBe('planned');
    const call = new Map(planOfCall(preview.slice(0, 3)).map((r) => [r.k, r]));
    expect(fitToPlan(call, { k: '#2', h: 'edited' }).kind).toBe('planned');
    expect(actingRows([...call.values()])).toBe(2);
  });

  it('is kept in shards and read back whole', () => {
    const store = new MemoryKeyValueStore();
    const rows = Array.from({ length: 95 }, (_, n) => ({ k: `#${n + 1}`, v: 'B' as const }));
    const ref = savePlan(store, 'abc-1', rows, 'call');
    expect(ref.shards).toBe(3);
    expect([...loadPlan(store, ref).keys()]).toHaveLength(95);
  });
});
