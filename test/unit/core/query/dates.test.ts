import { describe, expect, it } from 'vitest';
import {
  parseBrazilianDate,
  parseDateOnly,
  parseIsoInstant,
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

  it.each([
    ['21/11/2026', { year: 2026, month: 11, day: 21 }],
    ['1/2/2026', { year: 2026, month: 2, day: 1 }],
    ['11/21/2026', null],
    ['21-11-2026', null],
  ])('parseBrazilianDate(%j) → %j', (text, expected) => {
    expect(parseBrazilianDate(text)).toEqual(expected);
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
