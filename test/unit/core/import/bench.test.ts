import { describe, expect, it } from 'vitest';
import {
  BENCH_HEADERS,
  benchImportCore,
  generateRows,
} from '../../../../scripts/bench-import-core';

describe('bench-import-core', () => {
  it('generates the same rows for the same seed, shaped like the header row', () => {
    const a = generateRows(200);
    expect(generateRows(200)).toEqual(a);
    expect(generateRows(200, 1)).not.toEqual(a);
    expect(a.every((row) => row.length === BENCH_HEADERS.length)).toBe(true);
  });

  it('plans every generated row, with every kind of outcome, well under 1 ms per row', () => {
    const result = benchImportCore({ rows: 2_000, runs: 1 });
    const { VALID, INVALID, DUPLICATE, EMPTY } = result.counts;
    expect(VALID + INVALID + DUPLICATE + EMPTY).toBe(2_000);
    expect(Math.min(VALID, INVALID, DUPLICATE, EMPTY)).toBeGreaterThan(0);
    expect(result.msPerRow).toBeGreaterThan(0);
    expect(result.msPerRow).toBeLessThan(1);
  });
});
