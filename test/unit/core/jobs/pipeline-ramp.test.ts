import { describe, expect, it } from 'vitest';
import { addClaims, decodeIds, encodeIds } from '../../../../src/core/jobs/pipeline/claims';
import { breakerAfter, rampedBatch } from '../../../../src/core/jobs/pipeline/ramp';

describe('rampedBatch (slow start)', () => {
  it('goes 1, 2, 4, 8 … up to the maximum, and 1 while refusals are counted', () => {
    const sizes: number[] = [];
    let answered = 0;
    for (let i = 0; i < 6; i++) {
      const size = rampedBatch(answered, 0, 10);
      sizes.push(size);
      answered += size;
    }
    expect(sizes).toEqual([1, 2, 4, 8, 10, 10]);
    expect(rampedBatch(100, 1, 10)).toBe(1);
  });
});

describe('breakerAfter (the provider-failure breaker)', () => {
  it('counts refusals in a row across batches and trips at the limit', () => {
    expect(breakerAfter(1, ['refusal', 'refusal'], 3)).toEqual({ streaks: [2, 3], tripped: true });
    expect(breakerAfter(2, ['through'], 3)).toEqual({ streaks: [0], tripped: false });
  });

  it('an answer that went through resets the streak only in a batch with no refusal', () => {
    expect(breakerAfter(1, ['through', 'refusal'], 5).streaks).toEqual([1, 2]);
  });
});

describe('claims', () => {
  it('keeps ids as base-36 gaps and other keys as they are', () => {
    const ids = new Set([3, 42, 1000]);
    expect(decodeIds(encodeIds(ids))).toEqual(ids);
    const idOf = (key: string) => (key.startsWith('lead:') ? Number(key.slice(5)) : undefined);
    const claims = addClaims({}, ['lead:7', 'email:a@x.com'], idOf);
    expect(decodeIds(claims.ids)).toEqual(new Set([7]));
    expect(claims.keys).toEqual(['email:a@x.com']);
    const same = { ids: 'a' };
    expect(addClaims(same, [], idOf)).toBe(same);
  });
});
