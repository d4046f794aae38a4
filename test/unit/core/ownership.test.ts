import { describe, expect, it } from 'vitest';
import {
  claimSheet,
  columnRuns,
  foreignColumns,
  rangeUnion,
  rangeWithin,
} from '../../../src/core/ownership';
import { parseReportMark, reportMarkValue } from '../../../src/core/reports/mark';

describe('claimSheet: what a sheet holds never makes it the add-on’s', () => {
  it('creates a missing sheet, adopts an empty one, writes a marked one, refuses the rest', () => {
    expect(claimSheet({ exists: false, marked: false, hasContent: false })).toBe('create');
    expect(claimSheet({ exists: true, marked: false, hasContent: false })).toBe('adopt');
    expect(claimSheet({ exists: true, marked: true, hasContent: true })).toBe('owned');
    expect(claimSheet({ exists: true, marked: false, hasContent: true })).toBe('refuse');
  });
});

describe('columns', () => {
  it('a write may touch only owned or empty columns', () => {
    const typed = new Set([3]);
    expect(foreignColumns([0, 1, 2, 3], new Set([0, 1]), (c) => typed.has(c))).toEqual([3]);
    expect(foreignColumns([0, 1], new Set([0, 1]), () => true)).toEqual([]);
  });

  it('groups columns into runs of adjacent ones', () => {
    expect(columnRuns([4, 0, 1, 1, 2])).toEqual([
      { column: 0, columns: 3 },
      { column: 4, columns: 1 },
    ]);
    expect(columnRuns([])).toEqual([]);
  });
});

describe('ranges and the report mark', () => {
  it('owns the union while it moves, and reads its mark back', () => {
    const old = { row: 1, column: 1, rows: 12, columns: 3 };
    const table = { row: 1, column: 1, rows: 8, columns: 3 };
    expect(rangeUnion(old, table)).toEqual(old);
    expect(rangeWithin(table, old)).toBe(true);
    expect(rangeWithin(old, table)).toBe(false);
    expect(rangeWithin(table, null)).toBe(false);
    expect(parseReportMark(reportMarkValue({ pipeline: 7, range: table }))).toEqual({
      pipeline: 7,
      range: table,
    });
    expect(parseReportMark('7')).toBeNull();
    expect(parseReportMark(null)).toBeNull();
  });
});
