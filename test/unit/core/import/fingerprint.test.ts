import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  cyrb53,
  matchKeyId,
  payloadFingerprint,
} from '../../../../src/core/import/fingerprint';

const payload = {
  name: 'Maria José',
  email: 'maria@x.com',
  pipeline_id: 1,
  stage_id: 11,
  tags: ['vip', 'quente'],
  custom_fields: { cpf: '123', plano: 'Pro' },
  match_by: 'email_or_phone',
};

describe('payloadFingerprint', () => {
  it('is 8 base-36 characters', () => {
    expect(payloadFingerprint(payload)).toMatch(/^[0-9a-z]{8}$/);
  });

  it('ignores key order at every depth', () => {
    const reordered = {
      match_by: 'email_or_phone',
      custom_fields: { plano: 'Pro', cpf: '123' },
      tags: ['vip', 'quente'],
      stage_id: 11,
      pipeline_id: 1,
      email: 'maria@x.com',
      name: 'Maria José',
    };
    expect(payloadFingerprint(reordered)).toBe(payloadFingerprint(payload));
  });

  it('treats an undefined member as absent, like JSON', () => {
    expect(payloadFingerprint({ ...payload, phone: undefined })).toBe(payloadFingerprint(payload));
  });

  it.each([
    ['a changed value', { ...payload, stage_id: 12 }],
    ['a changed nested value', { ...payload, custom_fields: { cpf: '124', plano: 'Pro' } }],
    ['an added field', { ...payload, phone: '+5511987654321' }],
    ['reordered tags', { ...payload, tags: ['quente', 'vip'] }],
    ['a number as text', { ...payload, stage_id: '11' }],
    ['one accent', { ...payload, name: 'Maria Jose' }],
  ])('changes with %s', (_label, changed) => {
    expect(payloadFingerprint(changed)).not.toBe(payloadFingerprint(payload));
  });

  it('spreads 10,000 similar payloads without a collision', () => {
    const prints = new Set<string>();
    for (let i = 0; i < 10_000; i++)
      prints.add(payloadFingerprint({ ...payload, email: `lead${i}@x.com` }));
    expect(prints.size).toBe(10_000);
  });
});

describe('cyrb53', () => {
  // Reference values published with the algorithm (bryc/code, cyrb53): fingerprints stored by
  // earlier runs stay comparable only while the hash stays exactly this one.
  it.each([
    ['a', 7929297801672961],
    ['b', 8684336938537663],
    ['revenge', 4051478007546757],
    ['revenue', 8309097637345594],
  ])('cyrb53(%j) = %d', (text, hash) => {
    expect(cyrb53(text)).toBe(hash);
  });
});

describe('canonicalJson', () => {
  it.each([
    [{ b: 1, a: [2, { d: null, c: 'x' }] }, '{"a":[2,{"c":"x","d":null}],"b":1}'],
    [[undefined, 1], '[null,1]'],
    ['é', '"é"'],
    [null, 'null'],
  ])('%j → %s', (input, expected) => {
    expect(canonicalJson(input)).toBe(expected);
  });
});

describe('matchKeyId', () => {
  it('is short, stable and distinct per key', () => {
    const id = matchKeyId('email:maria@x.com');
    expect(id).toMatch(/^[0-9a-z]{8}$/);
    expect(matchKeyId('email:maria@x.com')).toBe(id);
    expect(matchKeyId('phone:+5511987654321')).not.toBe(id);
  });
});
