import { describe, expect, it } from 'vitest';
import type { Lead } from '../../../../src/api/schemas';
import { lookupQuery, pickLead } from '../../../../src/core/send/lookup';

const lead = (id: number, email: string | null, phone: string | null) =>
  ({ id, name: `L${id}`, email, phone }) as Lead;

describe('lead lookup', () => {
  it.each([
    ['email', 'ana@x.com', 'ana@x.com'],
    ['phone', '+5511987654321', '11987654321'],
    ['phone', '+14155550123', '4155550123'],
  ] as const)('searches %s %s with q=%s', (by, value, q) => {
    expect(lookupQuery(by, value)).toBe(q);
  });

  it.each<[string, Lead[], 'email' | 'phone', string, boolean, unknown]>([
    [
      'one exact e-mail among broader hits',
      [lead(1, 'ana@x.com.br', '+551100000000'), lead(2, 'ANA@x.com', '+5511987654321')],
      'email',
      'ana@x.com',
      false,
      { kind: 'found', leadId: 2 },
    ],
    [
      'a phone stored without +55',
      [lead(5, null, '11 98765-4321')],
      'phone',
      '+5511987654321',
      false,
      { kind: 'found', leadId: 5 },
    ],
    [
      'no e-mail match, a phone to try',
      [lead(1, 'other@x.com', '+5511987654321')],
      'email',
      'ana@x.com',
      true,
      { kind: 'try-phone' },
    ],
    [
      'no match at all',
      [],
      'email',
      'ana@x.com',
      false,
      {
        kind: 'skip',
        reason: expect.stringMatching(
          /^Not sent: no CRM lead has the e-mail ana@x\.com\. Import the row first/,
        ),
      },
    ],
    [
      'two leads with the phone',
      [lead(1, null, '+5511987654321'), lead(5, null, '11987654321')],
      'phone',
      '+5511987654321',
      false,
      {
        kind: 'skip',
        reason: expect.stringMatching(
          /^Not sent: 2 CRM leads have the phone \+5511987654321 \(ids 1, 5\); put the lead id in a column/,
        ),
      },
    ],
    [
      'a lead without phone',
      [lead(2, 'joao@x.com', null)],
      'email',
      'joao@x.com',
      false,
      {
        kind: 'skip',
        reason: expect.stringMatching(
          /^Not sent: lead 2 has no phone in the CRM \(Lead sem telefone cadastrado\.\)/,
        ),
      },
    ],
  ])('%s', (_name, leads, by, value, phoneNext, outcome) => {
    expect(pickLead(leads, by, value, 'BR', phoneNext)).toEqual(outcome);
  });
});

describe('pickLead over an incomplete search', () => {
  it('sends to nobody when more leads matched than one page holds, even if this page has one exact match', () => {
    const page = [
      lead(1, 'ana@x.com', '+5511987654321'),
      lead(2, 'ana@x.com.br', '+5511911112222'),
    ];
    expect(pickLead(page, 'email', 'ana@x.com', 'BR', false, true)).toEqual({
      kind: 'found',
      leadId: 1,
    });
    expect(pickLead(page, 'email', 'ana@x.com', 'BR', false, false)).toEqual({
      kind: 'skip',
      reason: expect.stringMatching(
        /found more than 2 leads, so the lead cannot be told apart; .*leadIdColumn/,
      ),
    });
  });
});
