import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../src/api/errors';
import { buildQuery, formatDate } from '../../../src/api/query';

describe('buildQuery', () => {
  it.each([
    { title: 'nothing', params: {}, query: '' },
    {
      title: 'numbers and strings',
      params: { pipeline_id: 3, q: 'maria' },
      query: '?pipeline_id=3&q=maria',
    },
    {
      title: 'arrays as repeated bracketed keys',
      params: { tags: ['vip', 'hot'] },
      query: '?tags%5B%5D=vip&tags%5B%5D=hot',
    },
    {
      title: 'a tag with a comma stays one tag',
      params: { tags: ['a,b'] },
      query: '?tags%5B%5D=a%2Cb',
    },
    {
      title: 'include joined by commas',
      params: { include: ['owner', 'products', 'score'] },
      query: '?include=owner,products,score',
    },
    {
      title: 'accents, & and spaces percent-encoded',
      params: { q: 'João & Maria', source: 'indicação=sim?' },
      query: '?q=Jo%C3%A3o%20%26%20Maria&source=indica%C3%A7%C3%A3o%3Dsim%3F',
    },
    {
      title: 'accents in tags',
      params: { tags: ['promoção', 'São Paulo'] },
      query: '?tags%5B%5D=promo%C3%A7%C3%A3o&tags%5B%5D=S%C3%A3o%20Paulo',
    },
    {
      title: 'booleans as true/false',
      params: { active_only: true, is_active: false },
      query: '?active_only=true&is_active=false',
    },
    {
      title: 'YYYY-MM-DD strings as given',
      params: { updated_since: '2026-11-01', created_to: '2026-11-21T23:59:59-03:00' },
      query: '?updated_since=2026-11-01&created_to=2026-11-21T23%3A59%3A59-03%3A00',
    },
    {
      title: 'Date objects as their calendar date',
      params: {
        created_from: new Date(2026, 10, 21, 0, 0, 0),
        created_to: new Date(2027, 0, 5, 23, 59),
      },
      query: '?created_from=2026-11-21&created_to=2027-01-05',
    },
    {
      title: 'undefined, null, empty strings and empty arrays left out',
      params: { a: undefined, b: null, c: '', d: [], e: ['', null as never], f: 0 },
      query: '?f=0',
    },
    {
      title: 'a blank item inside an array dropped',
      params: { tags: ['vip', '', 'hot'] },
      query: '?tags%5B%5D=vip&tags%5B%5D=hot',
    },
  ])('$title', ({ params, query }) => {
    expect(buildQuery(params)).toBe(query);
  });

  it('decodes back to the values sent (round trip through a URL parser)', () => {
    const query = buildQuery({
      q: 'Ação & "aspas" + 100%',
      tags: ['a/b', 'c#d'],
      include: ['owner'],
    });
    const params = new URL(`https://x.test/api/v1/leads${query}`).searchParams;
    expect(params.get('q')).toBe('Ação & "aspas" + 100%');
    expect(params.getAll('tags[]')).toEqual(['a/b', 'c#d']);
    expect(params.get('include')).toBe('owner');
  });

  it.each([
    { params: { per_page: Number.NaN }, message: 'per_page is NaN' },
    { params: { page: Number.POSITIVE_INFINITY }, message: 'page is Infinity' },
    { params: { created_from: new Date('not a date') }, message: 'Invalid Date' },
  ])('refuses $params', ({ params, message }) => {
    expect(() => buildQuery(params)).toThrow(InvalidInputError);
    expect(() => buildQuery(params)).toThrow(message);
  });
});

describe('formatDate', () => {
  it.each([
    [new Date(2026, 0, 1), '2026-01-01'],
    [new Date(2026, 11, 31, 23, 59, 59), '2026-12-31'],
    [new Date(999, 1, 3), '0999-02-03'],
  ])('%s → %s', (date, text) => {
    expect(formatDate(date)).toBe(text);
  });
});
