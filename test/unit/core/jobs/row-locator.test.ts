import { describe, expect, it } from 'vitest';
import { indexRowsByKey, locateRow } from '../../../../src/core/jobs/row-locator';

describe('locateRow', () => {
  const before = ['L1', 'L2', 'L3', 'L4'];

  it.each([
    ['nothing moved', before, 'L3', 2, 2],
    ['sorted descending', ['L4', 'L3', 'L2', 'L1'], 'L3', 2, 1],
    ['a row inserted above', ['NEW', 'L1', 'L2', 'L3', 'L4'], 'L3', 2, 3],
    ['a row deleted above', ['L1', 'L3', 'L4'], 'L3', 2, 1],
    ['no hint', before, 'L4', undefined, 3],
    ['hint past the end', ['L1', 'L3'], 'L3', 9, 1],
  ])('finds the row when %s', (_name, keys, key, hint, expected) => {
    expect(locateRow(keys, key, hint)).toEqual({ found: true, index: expected });
  });

  it.each([
    ['deleted', ['L1', 'L2'], 'L3', 2, 'missing', /no longer in the sheet/],
    ['empty key', before, '', 0, 'missing', /no key/],
    ['duplicated at the hint', ['L1', 'L3', 'L3'], 'L3', 1, 'ambiguous', /more than one row/],
    ['duplicated elsewhere', ['L3', 'L1', 'L3'], 'L3', 1, 'ambiguous', /more than one row/],
  ])('never guesses when the key is %s', (_name, keys, key, hint, reason, message) => {
    const result = locateRow(keys, key, hint);
    expect(result).toMatchObject({ found: false, reason });
    if (!result.found) expect(result.message).toMatch(message);
  });
});

describe('indexRowsByKey', () => {
  it('maps keys to positions, duplicates to -1, and skips blanks', () => {
    expect([...indexRowsByKey(['a', '', 'b', 'a', 'c'])]).toEqual([
      ['a', -1],
      ['b', 2],
      ['c', 4],
    ]);
  });
});
