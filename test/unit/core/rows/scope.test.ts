import { describe, expect, it } from 'vitest';
import { parseRowsOption, scopedSheet, scopeOf } from '../../../../src/core/rows/scope';

describe('parseRowsOption', () => {
  it('reads the words and lists of rows and spans', () => {
    expect(parseRowsOption(undefined)).toEqual({ kind: 'all' });
    expect(parseRowsOption(' Visible ')).toEqual({ kind: 'visible' });
    expect(parseRowsOption('selection')).toEqual({ kind: 'selection' });
    expect(parseRowsOption('5:9, 12')).toEqual({
      kind: 'list',
      spans: [
        [5, 9],
        [12, 12],
      ],
    });
  });

  it('refuses anything else, naming the part to fix', () => {
    for (const [value, words] of [
      ['5-9', /"5-9" is not a row or a span/],
      ['0', /"0" is not a row or a span/],
      ['5:', /"5:" is not a row or a span/],
      ['9:5', /the span "9:5" ends before it starts/],
      [12, /rows must be .* \(got 12\)/],
    ] as const) {
      expect(() => parseRowsOption(value)).toThrow(words);
    }
  });
});

describe('scopedSheet', () => {
  const header = ['Nome', 'CRM Import Status'];
  it('reads rows outside the scope as empty and never writes into them, whatever moved', () => {
    let cells = [header, ['a', 'x'], ['b', ''], ['c', '']];
    const writes: [number, unknown[][]][] = [];
    const sheet = {
      read: () => ({ header: cells[0] as unknown[], rows: cells.slice(1) as unknown[][] }),
      readRowsNow: (first: number, count: number) => ({
        header: cells[0] as unknown[],
        rows: cells.slice(1 + first, 1 + first + count) as unknown[][],
      }),
      writeRows: (
        first: number,
        _c: readonly number[],
        values: readonly (readonly unknown[])[],
      ) => {
        writes.push([first, values.map((v) => [...v])]);
      },
      appendHeaders: () => [],
    };
    const { scope } = scopeOf(header, sheet.read().rows, (i) => i !== 1);
    const scoped = scopedSheet(sheet, scope);
    expect(scoped.read().rows).toEqual([
      ['a', 'x'],
      ['', ''],
      ['c', ''],
    ]);
    // A sort after the read: b now sits where c was read.
    cells = [header, ['a', 'x'], ['c', ''], ['b', '']];
    scoped.writeRows(0, [1], [['A'], ['B'], ['C']]);
    expect(writes).toEqual([[0, [['A'], ['B']]]]);
  });
});
