import { describe, expect, it } from 'vitest';
import { countFromPage, parseCountQuery } from '../../../../src/core/reports/count';

describe('parseCountQuery: the CRM_LEADS query syntax', () => {
  it.each([
    ['', {}],
    ['pipeline_id=3&stage_id=12', { pipeline_id: 3, stage_id: 12 }],
    ['pipeline=Vendas&stage=Proposta', { pipeline: 'Vendas', stage: 'Proposta' }],
    [' Owner=ana@example.com & tags=vip,hot ', { owner: 'ana@example.com', tags: ['vip', 'hot'] }],
    ['?q=maria&updated_since=2026-11-01', { q: 'maria', updated_since: '2026-11-01' }],
    ['tags=a&tags=b', { tags: ['a', 'b'] }],
  ])('%j → %j', (query, filters) => {
    expect(parseCountQuery(query)).toEqual(filters);
  });

  it.each([
    ['page=2', /Filter "page" cannot be set/],
    ['per_page=5', /Filter "per_page" cannot be set/],
    ['include=owner', /include adds fields to leads, which CRM_COUNT does not show/],
    ['stagee=Proposta', /Unknown filter "stagee"/],
    ['pipeline_id=Vendas', /pipeline_id must be a positive whole number.*use pipeline=/],
    ['=3', /has no name before "="/],
  ])('%j is refused: %s', (query, message) => {
    expect(() => parseCountQuery(query)).toThrow(message);
  });
});

describe('countFromPage: meta.total of one page', () => {
  it('reads meta.total, whatever the page holds', () => {
    expect(countFromPage({ data: [{}], meta: { total: 1234 } })).toBe(1234);
    expect(countFromPage({ data: [], meta: { total: 0 } })).toBe(0);
  });

  it('an empty page without a total means no lead matches', () => {
    expect(countFromPage({ data: [], meta: undefined })).toBe(0);
    expect(countFromPage({ data: [], meta: { total: null } })).toBe(0);
  });

  it('a lead without a total is no count: null, never a guess of 1', () => {
    expect(countFromPage({ data: [{}], meta: undefined })).toBeNull();
    expect(countFromPage({ data: [{}], meta: { total: null } })).toBeNull();
    expect(countFromPage({ data: [{}], meta: { total: -1 } })).toBeNull();
  });
});
