import { describe, expect, it } from 'vitest';
import { parseA1, toA1 } from './a1';
import { displayValue, parseEnteredString } from './cells';
import { formatSimpleDate } from './date-format';
import { zonedToEpoch } from './time-zone';
import { formatCsv, parseCsv } from './workbook-io';

const TZ = 'America/Sao_Paulo';

describe('Sheets entry rules for strings (en_US locale)', () => {
  const saoPauloMidnight = (y: number, m: number, d: number) => ({
    date: zonedToEpoch(TZ, y, m, d),
  });
  it.each([
    ['123', 123],
    ['-1', -1],
    ['+5511987654321', 5511987654321],
    ['1,234.56', 1234.56],
    ['00123', 123], // Sheets drops leading zeros: a real complaint of users with ZIP codes and phones
    ['1.5e3', 1500],
    ['12%', 0.12],
    ['$1,234.50', 1234.5],
    ['TRUE', true],
    ['false', false],
    ['2026-11-21', saoPauloMidnight(2026, 11, 21)],
    ['11/21/2026', saoPauloMidnight(2026, 11, 21)],
    ['21/11/2026', '21/11/2026'], // a Brazilian date is not a date in en_US: month 21 does not exist
    ['1.234,56', '1.234,56'], // a Brazilian number is text in en_US
    ['R$ 1.234,56', 'R$ 1.234,56'],
    ['(11) 98765-4321', '(11) 98765-4321'],
    ['1,23', '1,23'], // bad grouping stays text
    ["'123", '123'], // the apostrophe forces text and is not stored
    ['\'=HYPERLINK("x")', '=HYPERLINK("x")'],
    ['maria@example.com', 'maria@example.com'],
    ['2026-02-30', '2026-02-30'], // no such day
  ])('%j is stored as %j', (input, expected) => {
    expect(parseEnteredString(input, undefined, TZ).value).toEqual(expected);
  });

  it('stores a leading = as a formula whose value is not computed', () => {
    expect(parseEnteredString('=SUM(A1:A2)', undefined, TZ)).toEqual({
      value: '#NAME?',
      formula: '=SUM(A1:A2)',
    });
  });

  it('keeps text under the plain-text format @, but still makes formulas', () => {
    expect(parseEnteredString('123', '@', TZ).value).toBe('123');
    expect(parseEnteredString('TRUE', '@', TZ).value).toBe('TRUE');
    expect(parseEnteredString('=A1', '@', TZ).formula).toBe('=A1');
  });

  it('gives dates, percents and grouped numbers the format Sheets picks', () => {
    expect(parseEnteredString('2026-11-21', undefined, TZ).impliedFormat).toBe('yyyy-mm-dd');
    expect(parseEnteredString('11/21/2026 10:30', undefined, TZ).impliedFormat).toBe(
      'M/d/yyyy H:mm:ss',
    );
    expect(parseEnteredString('12.5%', undefined, TZ).impliedFormat).toBe('0.0%');
    expect(parseEnteredString('1,234.56', undefined, TZ).impliedFormat).toBe('#,##0.00');
  });
});

describe('display values', () => {
  const date = { date: zonedToEpoch(TZ, 2026, 11, 21, 9, 5, 7) };
  it.each([
    [{ value: 1234.5 }, '1234.5'],
    [{ value: 1234.5, format: '#,##0.00' }, '1,234.50'],
    [{ value: 0.125, format: '0.0%' }, '12.5%'],
    [{ value: -1.23456, format: '0.00' }, '-1.23'],
    [{ value: 1234.5, format: '"R$ "#,##0.00' }, 'R$ 1,234.50'],
    [{ value: 0.1 + 0.2 }, '0.3'],
    [{ value: true }, 'TRUE'],
    [{ value: 'text' }, 'text'],
    [{ value: date }, '11/21/2026 9:05:07'],
    [{ value: date, format: 'yyyy-mm-dd' }, '2026-11-21'],
    [{ value: date, format: 'dd/mm/yyyy hh:mm' }, '21/11/2026 09:05'],
    [{ value: 46347, format: 'yyyy-mm-dd' }, '2026-11-21'], // a serial number under a date format
  ])('%j displays as %j', (cell, expected) => {
    expect(displayValue(cell as never, TZ)).toBe(expected);
  });
});

describe('SimpleDateFormat patterns (Utilities.formatDate)', () => {
  const instant = Date.UTC(2026, 10, 21, 15, 4, 5, 9);
  it.each([
    [TZ, "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", '2026-11-21T12:04:05.009-03:00'],
    ['Asia/Kolkata', 'yyyy-MM-dd HH:mm Z', '2026-11-21 20:34 +0530'],
    ['UTC', 'EEE, d MMM yyyy hh:mm a', 'Sat, 21 Nov 2026 03:04 PM'],
    ['UTC', "EEEE 'o''clock' MMMM", "Saturday o'clock November"],
    ['UTC', 'yy/M/d D', '26/11/21 325'],
  ])('in %s, %s gives %s', (tz, pattern, expected) => {
    expect(formatSimpleDate(instant, tz, pattern)).toBe(expected);
  });

  it('rejects an unknown pattern letter', () => {
    expect(() => formatSimpleDate(instant, 'UTC', 'yyyy-bb')).toThrow(
      "Illegal pattern character 'b'",
    );
  });
});

describe('A1 notation', () => {
  it.each([
    ['A1', { startRow: 1, startColumn: 1, endRow: 1, endColumn: 1 }],
    ['B2:D9', { startRow: 2, startColumn: 2, endRow: 9, endColumn: 4 }],
    ['A:C', { startRow: undefined, startColumn: 1, endRow: undefined, endColumn: 3 }],
    ['2:5', { startRow: 2, startColumn: undefined, endRow: 5, endColumn: undefined }],
    ['A2:C', { startRow: 2, startColumn: 1, endRow: undefined, endColumn: 3 }],
    [
      "'My sheet'!AA10",
      { sheetName: 'My sheet', startRow: 10, startColumn: 27, endRow: 10, endColumn: 27 },
    ],
  ])('%s', (notation, expected) => {
    expect(parseA1(notation)).toMatchObject(expected);
  });

  it.each(['', 'A0', '1A', 'A1:B2:C3', 'ABCD1'])('rejects %j', (notation) => {
    expect(parseA1(notation)).toBeUndefined();
  });

  it('writes ranges back', () => {
    expect(toA1(2, 27, 3, 2)).toBe('AA2:AB4');
    expect(toA1(1, 1, 1, 1)).toBe('A1');
  });
});

describe('CSV (RFC 4180)', () => {
  it('parses quotes, doubled quotes, embedded newlines and CRLF', () => {
    expect(parseCsv('a,"b,1","say ""hi"""\r\n"multi\nline",,x\r\n')).toEqual([
      ['a', 'b,1', 'say "hi"'],
      ['multi\nline', '', 'x'],
    ]);
  });
  it('round-trips through formatCsv', () => {
    const rows = [
      ['Nome', 'Obs'],
      ['Maria, "a"', 'line1\nline2'],
      ['', ''],
    ];
    expect(parseCsv(formatCsv(rows))).toEqual(rows);
  });
  it('says what is wrong with an unterminated quote', () => {
    expect(() => parseCsv('a,"b')).toThrow('closing double quote is missing');
  });
});
