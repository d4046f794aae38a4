import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/core/i18n';
import { conflictReason, namesShareWord } from '../../../../src/core/import/conflict';

const t = translator('en');
const maria = {
  id: 1,
  name: 'Maria Silva',
  email: 'maria.silva@example.com.br',
  phone: '+5511987654321',
  pipelineId: 1,
};

describe('namesShareWord', () => {
  it.each([
    ['Maria Silva', 'maria  SILVA', true],
    ['Ana Beatriz Gonçalves', 'Maria Silva', false],
    ['José Conceição', 'jose conceicao', true],
    // Particles say nothing: "da" is in half the names of Brazil.
    ['Maria da Costa', 'João da Silva', false],
    ['Ana', 'Ana Paula Souza', true],
  ])('%s / %s → %s', (a, b, shared) => {
    expect(namesShareWord(a, b)).toBe(shared);
  });
});

describe('conflictReason', () => {
  it('another person on the phone matched: names the lead and both e-mails', () => {
    const reason = conflictReason(
      { name: 'Ana Beatriz Gonçalves', email: 'ana@exemplo.com.br', phone: '+5511987654321' },
      maria,
      'phone',
      'BR',
      t,
    );
    expect(reason).toBe(
      'Not sent: its phone belongs to lead 1 "Maria Silva", another person (the lead\'s e-mail is maria.silva@example.com.br, the row\'s is ana@exemplo.com.br, and the names share no word). Fix the row; if it is the same person, import again with "Update a lead even when the row seems another person" ticked (onConflict "update").',
    );
  });

  it('the same person, or nothing to tell them apart, is no conflict', () => {
    const row = { email: 'nova@exemplo.com.br', phone: '+5511987654321' };
    expect(conflictReason({ ...row, name: 'Maria S.' }, maria, 'phone', 'BR', t)).toBeUndefined();
    // No name on the row (an update-only sheet): nothing says it is someone else.
    expect(conflictReason(row, maria, 'phone', 'BR', t)).toBeUndefined();
    // The lead has no e-mail: the row's only adds one.
    expect(
      conflictReason({ ...row, name: 'Zé' }, { ...maria, email: null }, 'phone', 'BR', t),
    ).toBeUndefined();
    // The same phone written another way is the same phone.
    expect(
      conflictReason(
        { name: 'Zé Lima', email: maria.email, phone: '(11) 98765-4321' },
        maria,
        'email',
        'BR',
        t,
      ),
    ).toBeUndefined();
  });
});
