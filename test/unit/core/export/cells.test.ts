import { describe, expect, it } from 'vitest';
import { toCustomFunctionCell, toSheetCell } from '../../../../src/core/export/cells';
import {
  type ColumnKind,
  columnKind,
  flattenLead,
  LEAD_COLUMNS,
} from '../../../../src/core/export/columns';
import { customFields } from '../query/fixtures';
import { hostileLead, richLead } from './fixtures';

/** A calendar day at midnight in São Paulo (UTC-3), as src/gas builds it with Utilities.parseDate. */
const saoPauloMidnight = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d, 3));

describe('toSheetCell (values written with setValues)', () => {
  it.each<[unknown, ColumnKind, unknown]>([
    ['=HYPERLINK("http://x","y")', 'text', `'=HYPERLINK("http://x","y")`],
    ['+5511987654321', 'text', "'+5511987654321"],
    ['-1', 'text', "'-1"],
    ['0012', 'text', "'0012"],
    ['01/02/2026', 'text', "'01/02/2026"],
    ['1.234,56', 'text', "'1.234,56"],
    ["'citação'", 'text', "''citação'"],
    ['@import', 'text', "'@import"],
    ['Maria José', 'text', "'Maria José"],
    ['', 'text', ''],
    [null, 'text', ''],
    [undefined, 'number', ''],
    [12345.67, 'number', 12345.67],
    [0, 'number', 0],
    [Number.NaN, 'number', ''],
    ['não é número', 'number', "'não é número"],
    [true, 'boolean', true],
    [false, 'auto', false],
    [true, 'text', "'true"],
    ['2026-11-01T12:30:00.000000Z', 'timestamp', new Date('2026-11-01T12:30:00.000Z')],
    ['2026-11-20T18:45:10-03:00', 'timestamp', new Date('2026-11-20T21:45:10.000Z')],
    ['2026-11-20T18:45:10-03', 'timestamp', new Date('2026-11-20T21:45:10.000Z')],
    ['2026-11-20 21:45:10+00', 'auto', new Date('2026-11-20T21:45:10.000Z')],
    ['amanhã', 'timestamp', "'amanhã"],
    ['1988-03-15', 'date', new Date('1988-03-15T03:00:00.000Z')],
    ['1988-03-15', 'timestamp', new Date('1988-03-15T03:00:00.000Z')],
    ['2026-11-01T12:00:00Z', 'date', new Date('2026-11-01T12:00:00.000Z')],
    ['15/03/1988', 'date', "'15/03/1988"],
    ['2026-11-01T12:00:00Z', 'auto', new Date('2026-11-01T12:00:00.000Z')],
    ['2026-11-01', 'auto', "'2026-11-01"],
    ['=1+1', 'auto', "'=1+1"],
    [4, 'auto', 4],
  ])('%j as %s → %j', (value, kind, expected) => {
    expect(toSheetCell(value as never, kind, { makeDate: saoPauloMidnight })).toEqual(expected);
  });

  it('writes a date-only value as bare YYYY-MM-DD when no makeDate is given', () => {
    expect(toSheetCell('1988-03-15', 'date')).toBe('1988-03-15');
  });

  it('marks every CRM string of every lead as text (the rule that keeps formulas out)', () => {
    for (const lead of [richLead, hostileLead]) {
      const record = flattenLead(lead, { customFields });
      for (const [column, value] of Object.entries(record)) {
        const cell = toSheetCell(value, columnKind(column, customFields), {
          makeDate: saoPauloMidnight,
        });
        if (typeof cell === 'string' && cell !== '')
          expect(cell.startsWith("'"), column).toBe(true);
      }
    }
    expect(LEAD_COLUMNS.length).toBeGreaterThan(40);
  });
});

describe('toCustomFunctionCell (values returned by custom functions)', () => {
  it.each<[unknown, ColumnKind | undefined, unknown]>([
    ['=HYPERLINK("http://x","y")', 'text', '=HYPERLINK("http://x","y")'],
    ['+5511987654321', 'text', '+5511987654321'],
    ['-1', undefined, '-1'],
    [null, 'text', ''],
    [42, 'number', 42],
    [true, 'boolean', true],
    ['2026-11-01T12:30:00Z', 'timestamp', new Date('2026-11-01T12:30:00.000Z')],
    ['1988-03-15', 'date', '1988-03-15'],
  ])('%j as %s → %j', (value, kind, expected) => {
    expect(toCustomFunctionCell(value as never, kind)).toEqual(expected);
  });

  it('uses makeDate for date-only values when given', () => {
    expect(toCustomFunctionCell('1988-03-15', 'date', { makeDate: saoPauloMidnight })).toEqual(
      new Date('1988-03-15T03:00:00.000Z'),
    );
  });
});

describe('text longer than a Sheets cell holds (50,000 characters)', () => {
  const MAX = 50_000;
  const long = `${'Observação '.repeat(6_000)}fim`;

  it.each<[string, (text: string) => unknown]>([
    ['toSheetCell', (text) => toSheetCell(text, 'text')],
    ['toCustomFunctionCell', (text) => toCustomFunctionCell(text, 'text')],
    ['toSheetCell (auto)', (text) => toSheetCell(text, 'auto')],
  ])('%s cuts it to fit, ending in "…", so setValues does not refuse the page', (_, convert) => {
    const cell = convert(long) as string;
    expect(cell.length).toBe(MAX);
    expect(cell.endsWith('…')).toBe(true);
    expect(long.startsWith(cell.replace(/^'/, '').slice(0, -1))).toBe(true);
  });

  it('never splits a surrogate pair at the cut', () => {
    const emoji = '😀'.repeat(30_000);
    const cell = toCustomFunctionCell(emoji, 'text') as string;
    expect(cell.length).toBeLessThanOrEqual(MAX);
    expect(cell.slice(0, -1)).toBe('😀'.repeat((cell.length - 1) / 2));
  });

  it('leaves text of exactly the limit alone', () => {
    const exact = 'a'.repeat(MAX);
    expect(toCustomFunctionCell(exact, 'text')).toBe(exact);
    expect(toSheetCell(exact.slice(1), 'text')).toBe(`'${exact.slice(1)}`);
  });
});
