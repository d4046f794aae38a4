import { describe, expect, it } from 'vitest';
import {
  parseActiveOnly,
  parseAutomationQuery,
  parseLimit,
  parseTaskQuery,
  parseTemplateArgs,
} from '../../../../src/core/query/resource-queries';

describe('parseTaskQuery', () => {
  it.each([
    ['', {}],
    ['page=2&per_page=200', { page: 2, per_page: 200 }],
    // Task filters are "not shown" in the contract: anything else is passed on as text.
    [
      'status=pending&lead_id=12&due=2026-11-21',
      { status: 'pending', lead_id: '12', due: '2026-11-21' },
    ],
    ['status=', {}],
  ])('%j → %j', (query, expected) => {
    expect(parseTaskQuery(query)).toEqual(expected);
  });

  it.each([
    ['per_page=500', /per_page can be at most 200; got 500/],
    ['page=primeira', /page must be a positive whole number/],
  ])('%j is refused', (query, message) => {
    expect(() => parseTaskQuery(query)).toThrow(message);
  });
});

describe('parseAutomationQuery', () => {
  it.each([
    ['', {}],
    ['is_active=true', { is_active: true }],
    ['is_active=não', { is_active: false }],
    ['is_active=0&trigger_type=LEAD_CREATED', { is_active: false, trigger_type: 'lead_created' }],
    ['search=boas vindas&page=2&per_page=100', { search: 'boas vindas', page: 2, per_page: 100 }],
  ])('%j → %j', (query, expected) => {
    expect(parseAutomationQuery(query)).toEqual(expected);
  });

  it.each([
    [
      'name=x',
      /Unknown automation filter "name"\. Valid filters: is_active, trigger_type, search, page, per_page/,
    ],
    ['is_active=talvez', /is_active must be true or false/],
    [
      'trigger_type=lead_create',
      /Unknown trigger_type "lead_create"\. Did you mean "lead_created"/,
    ],
    ['per_page=101', /per_page can be at most 100/],
  ])('%j is refused', (query, message) => {
    expect(() => parseAutomationQuery(query)).toThrow(message);
  });
});

describe('parseTemplateArgs and parseActiveOnly', () => {
  it.each([
    [['', '', ''], {}],
    [[undefined, undefined, undefined], {}],
    [['approved', 5, 'pt_BR'], { status: 'APPROVED', instance_id: 5, language: 'pt_BR' }],
    [['PENDING', '12', ''], { status: 'PENDING', instance_id: 12 }],
  ])('%j → %j', (args, expected) => {
    expect(parseTemplateArgs(args[0], args[1], args[2])).toEqual(expected);
  });

  it.each([
    [['APROVADO', '', ''], /Unknown template status "APROVADO"\. Statuses: APPROVED, PENDING/],
    [['', 'abc', ''], /instance_id must be a positive whole number/],
    [['', '', 5], /language must be text such as pt_BR/],
  ])('%j is refused', (args, message) => {
    expect(() => parseTemplateArgs(args[0], args[1], args[2])).toThrow(message);
  });

  it.each([
    [undefined, false],
    ['', false],
    [true, true],
    [false, false],
    ['SIM', true],
    ['false', false],
  ])('active_only %j → %j', (value, expected) => {
    expect(parseActiveOnly(value)).toBe(expected);
  });

  it('refuses a non-boolean active_only', () => {
    expect(() => parseActiveOnly('ativos')).toThrow(/active_only must be true or false/);
  });
});

describe('parseLimit', () => {
  it.each([
    [undefined, 500],
    ['', 500],
    [10, 10],
    ['2000', 2000],
  ])('%j → %j', (value, expected) => {
    expect(parseLimit(value, 500, 2000)).toBe(expected);
  });

  it.each([
    [2001, /limit can be at most 2000 in a formula; got 2001\. Use Export leads/],
    // A limit is a count of leads: the message says so, never "(an id)" (issue 18.6).
    [0, /^limit must be a whole number of leads from 1 to 2000, or empty for 500; got number 0\.$/],
    [
      'dez',
      /^limit must be a whole number of leads from 1 to 2000, or empty for 500; got "dez"\.$/,
    ],
  ])('%j is refused', (value, message) => {
    expect(() => parseLimit(value, 500, 2000)).toThrow(message);
  });
});
