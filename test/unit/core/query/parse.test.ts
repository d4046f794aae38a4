import { describe, expect, it } from 'vitest';
import { normalizeLeadFilters, parseQueryString } from '../../../../src/core/query/parse';

describe('parseQueryString', () => {
  it.each([
    ['', {}],
    ['   ', {}],
    ['pipeline_id=3&tags=vip,hot&q=maria', { pipeline_id: '3', tags: 'vip,hot', q: 'maria' }],
    ['pipeline=Vendas&stage=Proposta', { pipeline: 'Vendas', stage: 'Proposta' }],
    ['?q=maria', { q: 'maria' }],
    ['q=Jo%C3%A3o%20Pereira', { q: 'João Pereira' }],
    ['q=João Pereira', { q: 'João Pereira' }],
    ['q=ana+vip@example.com', { q: 'ana+vip@example.com' }],
    ['q=+5511987654321', { q: '+5511987654321' }],
    ['q=Negocia%C3%A7%C3%A3o', { q: 'Negociação' }],
    ['q=a%26b%3Dc', { q: 'a&b=c' }],
    ['q=100%25', { q: '100%' }],
    ['pipeline=Pós-venda&stage=Negociação', { pipeline: 'Pós-venda', stage: 'Negociação' }],
    ['tags=vip&tags=hot', { tags: 'vip,hot' }],
    ['Pipeline = Vendas & Q = ana ', { pipeline: 'Vendas', q: 'ana' }],
    ['q=&source=site&&', { q: '', source: 'site' }],
    ['q', { q: '' }],
    ['q=a=b', { q: 'a=b' }],
  ])('%j → %j', (query, expected) => {
    expect(parseQueryString(query)).toEqual(expected);
  });

  it.each([
    ['q=%E0%A4%A', /broken %-escape/],
    ['=vip', /no name before "="/],
  ])('%j is refused', (query, message) => {
    expect(() => parseQueryString(query)).toThrow(message);
  });
});

describe('normalizeLeadFilters', () => {
  it('reads a parsed query string into typed filters', () => {
    const filters = normalizeLeadFilters(
      parseQueryString(
        'pipeline_id=3&stage_id=32&assigned_to=7&tags=vip, hot ,,vip&q=maria&source=site&status=open&updated_since=2026-11-01&created_from=01/10/2026&created_to=2026-10-31T23:59:59-03:00&include=owner,products',
      ),
    );
    expect(filters).toEqual({
      pipeline_id: 3,
      stage_id: 32,
      assigned_to: 7,
      tags: ['vip', 'hot'],
      q: 'maria',
      source: 'site',
      status: 'open',
      updated_since: '2026-11-01',
      created_from: '2026-10-01',
      created_to: '2026-10-31',
      include: ['owner', 'products'],
    });
  });

  it('takes the object form of crmExportLeads, with numbers, arrays and Date cells', () => {
    const filters = normalizeLeadFilters(
      {
        pipeline_id: 3,
        tags: ['vip', 'black friday'],
        created_from: new Date(2026, 10, 1),
        updated_since: new Date(Date.UTC(2026, 10, 1, 12, 30)),
        owner: 'ana@empresa.com.br',
        include: ['OWNER', 'score'],
      },
      {},
    );
    expect(filters).toEqual({
      pipeline_id: 3,
      tags: ['vip', 'black friday'],
      created_from: '2026-11-01',
      updated_since: '2026-11-01T12:30:00.000Z',
      owner: 'ana@empresa.com.br',
      include: ['owner', 'score'],
    });
  });

  it('formats Date cells with the caller’s formatter (the spreadsheet’s zone)', () => {
    const filters = normalizeLeadFilters(
      { created_to: new Date(Date.UTC(2026, 10, 1, 3)) },
      { formatDate: (date) => `formatted:${date.toISOString()}` },
    );
    expect(filters.created_to).toBe('formatted:2026-11-01T03:00:00.000Z');
  });

  it.each([
    ['updated_since', '2026-11-01T08:00:00-03:00', '2026-11-01T11:00:00.000Z'],
    ['updated_since', '2026-11-01T08:00:00.123456Z', '2026-11-01T08:00:00.123Z'],
    ['updated_since', '2026-11-01 08:00', '2026-11-01T08:00:00'],
    ['updated_since', '21/11/2026', '2026-11-21'],
    ['created_from', '2026-11-01T08:00:00-03:00', '2026-11-01'],
    ['created_from', '1/2/2026', '2026-02-01'],
    ['created_to', '29/02/2028', '2028-02-29'],
  ])('%s %j → %j', (key, value, expected) => {
    expect(normalizeLeadFilters({ [key]: value })[key as 'created_to']).toBe(expected);
  });

  it('treats empty values as "no filter"', () => {
    expect(
      normalizeLeadFilters({ q: '', tags: [], source: '  ', owner: null, stage: undefined }),
    ).toEqual({});
    expect(normalizeLeadFilters(parseQueryString('q=&tags=,,&pipeline='))).toEqual({});
  });

  it.each([
    [
      { pipline: 'Vendas' },
      /Unknown filter "pipline"\. Valid filters: pipeline, stage, owner, .*pipeline_id/,
    ],
    [{ tag: 'vip' }, /Unknown filter "tag"/],
    [{ page: 2 }, /Filter "page" cannot be set: .*limit/],
    [{ per_page: 50 }, /always asks for 200/],
    [
      { pipeline_id: 'Vendas' },
      /pipeline_id must be a positive whole number \(an id\); got "Vendas"\. To give a name instead, use pipeline=/,
    ],
    [{ stage_id: 3.5 }, /stage_id must be a positive whole number/],
    [{ assigned_to: -7 }, /assigned_to must be a positive whole number.*use owner=/],
    [{ pipeline_id: 0 }, /pipeline_id must be a positive whole number/],
    [{ q: ['a'] }, /q must be text; got a list/],
    [{ source: { a: 1 } }, /source must be text; got an object/],
    [{ tags: { vip: true } }, /tags must be a comma list/],
    [{ tags: [{ name: 'vip' }] }, /tags must be a list of text/],
    [
      { updated_since: 'ontem' },
      /updated_since must be a date cell, YYYY-MM-DD, a day as the spreadsheet.s locale writes it.*got "ontem"/,
    ],
    [{ created_from: '2026-02-30' }, /created_from must be/],
    [{ created_to: '31/04/2026' }, /created_to must be/],
    [{ created_to: 20261101 }, /created_to must be .*got number 20261101/],
    [{ created_to: new Date('x') }, /not a valid date/],
    [{ include: 'owner,events' }, /include "events" is only available for a single lead/],
    [
      { include: 'owners' },
      /Unknown include "owners"\. Valid on lists: owner, products, contacts, notes, sales, tasks, sequences, score/,
    ],
  ])('%j is refused with a message saying what to fix', (input, message) => {
    expect(() => normalizeLeadFilters(input as Record<string, unknown>)).toThrow(message);
  });

  it('refuses something that is not an object', () => {
    expect(() => normalizeLeadFilters('pipeline=3' as unknown as Record<string, unknown>)).toThrow(
      /Filters must be an object/,
    );
  });
});
