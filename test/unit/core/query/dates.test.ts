import { describe, expect, it } from 'vitest';
import {
  normalizeDateInput,
  parseDateOnly,
  parseIsoInstant,
  typedDate,
} from '../../../../src/core/query/dates';
import { closeMatches, foldName } from '../../../../src/core/query/text';

describe('parseIsoInstant', () => {
  it.each([
    ['2026-11-21T10:00:00Z', '2026-11-21T10:00:00.000Z'],
    ['2026-11-21T10:00:00.000000Z', '2026-11-21T10:00:00.000Z'],
    ['2026-11-21T10:00:00.987654Z', '2026-11-21T10:00:00.987Z'],
    ['2026-11-21T07:00:00-03:00', '2026-11-21T10:00:00.000Z'],
    ['2026-11-21T12:30:00+0230', '2026-11-21T10:00:00.000Z'],
    ['2026-11-21 10:00:00', '2026-11-21T10:00:00.000Z'],
    ['2026-11-21T10:00', '2026-11-21T10:00:00.000Z'],
    // ISO 8601 also allows an offset of hours alone (PostgreSQL writes timestamptz so).
    ['2026-11-21T07:00:00-03', '2026-11-21T10:00:00.000Z'],
    ['2026-11-21 10:00:00+00', '2026-11-21T10:00:00.000Z'],
  ])('%s is the instant %s', (text, iso) => {
    expect(parseIsoInstant(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '2026-11-21',
    '2026-13-01T00:00:00Z',
    '2026-02-29T00:00:00Z',
    '2026-11-21T24:00:00Z',
    'ontem',
    '',
  ])('%j is not a timestamp', (text) => {
    expect(parseIsoInstant(text)).toBeNull();
  });
});

describe('calendar dates', () => {
  it.each([
    ['2028-02-29', { year: 2028, month: 2, day: 29 }],
    ['2026-02-29', null],
    ['2026-11-31', null],
    ['2026-1-1', null],
  ])('parseDateOnly(%j) → %j', (text, expected) => {
    expect(parseDateOnly(text)).toEqual(expected);
  });

  // The one reader of a typed day (import, push, formulas' and exports' filters), per order.
  it.each([
    ['21/11/2026', 'DMY', { year: 2026, month: 11, day: 21, time: false }],
    ['1/2/2026', 'DMY', { year: 2026, month: 2, day: 1, time: false }],
    ['1/2/2026', 'MDY', { year: 2026, month: 1, day: 2, time: false }],
    ['01/02/2026', 'MDY', { year: 2026, month: 1, day: 2, time: false }],
    ['01-02-26', 'MDY', { year: 2026, month: 1, day: 2, time: false }],
    ['01.02.2026 10:30', 'DMY', { year: 2026, month: 2, day: 1, time: true }],
    // Impossible in the locale's order, real in the other: its one reading.
    ['11/21/2026', 'DMY', { year: 2026, month: 11, day: 21, time: false }],
    ['25/11/2026', 'MDY', { year: 2026, month: 11, day: 25, time: false }],
    // Impossible in both orders.
    ['31/02/2026', 'MDY', 'unreal'],
    ['02/31/2026', 'DMY', 'unreal'],
    ['13/13/2026', 'DMY', 'unreal'],
    // Mixed separators, ISO and words are not typed days.
    ['21-11/2026', 'DMY', null],
    ['2026-11-21', 'MDY', null],
    ['amanhã', 'DMY', null],
  ] as const)('typedDate(%j, %s) → %j', (text, order, expected) => {
    expect(typedDate(text, order)).toEqual(expected);
  });
});

describe('normalizeDateInput by the spreadsheet locale', () => {
  it.each([
    ['01/02/2026', 'DMY', false, '2026-02-01'],
    ['01/02/2026', 'MDY', false, '2026-01-02'],
    ['25/11/2026', 'MDY', false, '2026-11-25'],
    ['2026-01-02', 'MDY', false, '2026-01-02'],
    ['2026-01-02', 'DMY', false, '2026-01-02'],
    ['01/02/2026 10:00', 'MDY', false, '2026-01-02'],
  ] as const)('%j in %s → %s', (text, dateOrder, allowTime, expected) => {
    expect(normalizeDateInput(text, 'created_from', { allowTime, dateOrder })).toBe(expected);
  });

  it('keeps a time only in ISO, whose zone is explicit', () => {
    expect(() =>
      normalizeDateInput('01/02/2026 10:00', 'updated_since', {
        allowTime: true,
        dateOrder: 'MDY',
      }),
    ).toThrow(/updated_since/);
    expect(() =>
      normalizeDateInput('31/02/2026', 'created_from', { allowTime: false, dateOrder: 'DMY' }),
    ).toThrow(/created_from/);
  });
});

describe('name folding and suggestions', () => {
  it('folds case, accents and spaces', () => {
    expect(foldName('  Negociação   Final ')).toBe('negociacao final');
    expect(foldName('PÓS-VENDA')).toBe('pos-venda');
  });

  it('suggests close names, best first', () => {
    expect(closeMatches('stgae', ['stage', 'stage_id', 'source'])).toEqual(['stage']);
    expect(closeMatches('owner', ['owner_name', 'owner_email', 'name'])).toEqual([
      'owner_email',
      'owner_name',
    ]);
    expect(closeMatches('zzz', ['stage'])).toEqual([]);
  });
});
