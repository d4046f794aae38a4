import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/core/i18n';
import { personMessage } from '../../../../src/core/person-message';
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
    ['page=2', /CRM_COUNT counts every matching lead at once, so "page" has no page to pick/],
    ['per_page=5', /so "per_page" has no page to pick/],
    ['include=owner', /include adds fields to leads, which CRM_COUNT does not show/],
    ['stagee=Proposta', /Unknown filter "stagee"/],
    ['pipeline_id=Vendas', /pipeline_id must be a positive whole number.*use pipeline=/],
    ['=3', /has no name before "="/],
  ])('%j is refused: %s', (query, message) => {
    expect(() => parseCountQuery(query)).toThrow(message);
  });
});

describe('CRM_COUNT refuses paging in its own words', () => {
  function refusal(query: string, locale: 'en' | 'pt'): string {
    try {
      parseCountQuery(query);
    } catch (error) {
      return personMessage(error, translator(locale));
    }
    throw new Error(`${query} was not refused`);
  }

  it.each(['page=2', 'per_page=5', 'Per_Page=1&pipeline=Vendas'])('%j', (query) => {
    const filter = (query.split('=')[0] ?? '').toLowerCase();
    const en = refusal(query, 'en');
    const pt = refusal(query, 'pt');
    expect(en).toBe(
      `CRM_COUNT counts every matching lead at once: remove "${filter}" from the query, it has no page to pick.`,
    );
    expect(pt).toBe(
      `CRM_COUNT conta todos os leads que atendem à consulta de uma vez: tire "${filter}" da consulta, não há página a escolher.`,
    );
    // CRM_LEADS' words (200 leads a page, the limit argument) are about rows a count never has.
    for (const text of [en, pt]) expect(text).not.toMatch(/200|limit|limite/);
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
