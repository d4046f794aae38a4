import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/core/i18n';
import { personMessage } from '../../../../src/core/person-message';
import { assertPhoneCountry, normalizePhone } from '../../../../src/core/phone';

/** Real-world ways Brazilian sheets hold phones → the E.164 the CRM must store. */
const STORED: Array<[unknown, string]> = [
  ['(11) 98765-4321', '+5511987654321'],
  ['11 98765-4321', '+5511987654321'],
  ['11987654321', '+5511987654321'],
  [11987654321, '+5511987654321'],
  ['11 9 8765-4321', '+5511987654321'],
  ['11.98765.4321', '+5511987654321'],
  ['(11)98765-4321', '+5511987654321'],
  ['+55 11 98765-4321', '+5511987654321'],
  ['+55 (11) 98765-4321', '+5511987654321'],
  ['+5511987654321', '+5511987654321'],
  ['55 11 98765-4321', '+5511987654321'],
  ['5511987654321', '+5511987654321'],
  [5511987654321, '+5511987654321'],
  ['0055 11 98765-4321', '+5511987654321'],
  ['011 98765-4321', '+5511987654321'],
  ['(011) 98765-4321', '+5511987654321'],
  ['0 11 98765-4321', '+5511987654321'],
  ['0XX11 98765-4321', '+5511987654321'],
  ['0xx11 98765-4321', '+5511987654321'],
  ['(0XX11) 98765-4321', '+5511987654321'],
  ['0 XX 11 98765-4321', '+5511987654321'],
  ['0 15 11 98765-4321', '+5511987654321'],
  ['015 11 98765-4321', '+5511987654321'],
  ['0 21 21 3456-7890', '+552134567890'],
  ['(21) 3456-7890', '+552134567890'],
  ['21 3456 7890', '+552134567890'],
  ['+55 21 3456-7890', '+552134567890'],
  ['(61) 2345-6789 ramal 204', '+556123456789'],
  ['(61) 2345-6789 r. 204', '+556123456789'],
  ['+55 61 2345-6789 ext. 12', '+556123456789'],
  ['(51) 5432-1098', '+555154321098'],
  ['(55) 99123-4567', '+5555991234567'],
  ['55 99123-4567', '+5555991234567'],
  ['(99) 98123-4567', '+5599981234567'],
  ['(85) 4002-8922', '+558540028922'],
  ['  (11) 98765-4321  ', '+5511987654321'],
  ['(31)\u00a098765-4321', '+5531987654321'],
];

/** Forms that must be refused (INVALID), each with the reason the person reads. */
const REFUSED: Array<[unknown, RegExp]> = [
  ['98765-4321', /no area code \(DDD\)/],
  [987654321, /no area code \(DDD\)/],
  ['3456-7890', /no area code \(DDD\)/],
  ['(10) 98765-4321', /10 is not a Brazilian area code/],
  ['(20) 3456-7890', /20 is not a Brazilian area code/],
  ['+55 23 98765-4321', /23 is not a Brazilian area code/],
  ['(11) 88765-4321', /9-digit mobile number starts with 9/],
  ['(11) 8765-4321', /mobile number has 9 digits after the DDD/],
  ['(11) 1234-5678', /landline of 8 digits starting with 2 to 5/],
  ['(11) 98765-432', /mobile number has 9 digits after the DDD/],
  ['(11) 98765-43210', /not a valid phone number \(default country BR/],
  ['+55 987654321', /no area code/],
  ['0800 123 4567', /not a Brazilian area code|not a valid phone number/],
  ['(11) 98765-4321 / (11) 3456-7890', /more than one phone/],
  ['ligar depois', /not a phone number/],
  // DDD 00 does not exist: it was read as the international prefix (stored as +987654321).
  ['(00) 98765-4321', /00 is not a Brazilian area code/],
  ['00 98765-4321', /00 is not a Brazilian area code/],
  ['(00) 3456-7890', /00 is not a Brazilian area code/],
];

describe('Brazilian phones (default country BR)', () => {
  it.each(STORED)('%j is stored as %s', (input, e164) => {
    expect(normalizePhone(input, 'BR')).toEqual({ ok: true, value: e164 });
  });

  it.each(REFUSED)('%j is refused: %s', (input, reason) => {
    const result = normalizePhone(input, 'BR');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(reason);
  });

  it('reads a +55 number the same way whatever the default country', () => {
    expect(normalizePhone('+55 11 98765-4321', 'US')).toEqual({
      ok: true,
      value: '+5511987654321',
    });
    expect(normalizePhone('+55 98765-4321', 'PT').ok).toBe(false);
  });

  it('refuses in the person’s language', () => {
    const result = normalizePhone('98765-4321', 'BR', translator('pt'));
    expect(result).toEqual({
      ok: false,
      error: '"98765-4321" está sem DDD; escreva com o DDD, por exemplo (11) 98765-4321',
    });
  });

  it('holds at least 30 real-world forms', () => {
    expect(STORED.length + REFUSED.length).toBeGreaterThanOrEqual(30);
  });
});

describe('other countries', () => {
  it.each([
    ['(212) 555-0123', 'US', '+12125550123'],
    [2125550123, 'US', '+12125550123'],
    ['+1 212 555 0123', 'BR', '+12125550123'],
    ['+44 20 7946 0958', 'BR', '+442079460958'],
    ['00 44 20 7946 0958', 'BR', '+442079460958'],
    ['912 345 678', 'PT', '+351912345678'],
    ['+44 (0)20 7946 0958', 'BR', '+442079460958'],
    ['1 (212) 555-0123', 'US', '+12125550123'],
    ['8 (495) 123-45-67', 'RU', '+74951234567'],
    ['030 123456', 'DE', '+4930123456'],
  ])('%j with %s → %s', (input, country, expected) => {
    expect(normalizePhone(input, country)).toEqual({ ok: true, value: expected });
  });

  // libphonenumber took `12345` for a carrier prefix and dropped it: another person's number.
  it.each([
    ['+86 1234567890123', 'BR'],
    ['+86 123456789012345', 'BR'],
  ])('refuses %j rather than send a number with digits dropped', (input, country) => {
    expect(normalizePhone(input, country).ok).toBe(false);
  });

  it('names the default country of a number it cannot read', () => {
    const result = normalizePhone('12345', 'US');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/default country US/);
  });

  it('refuses an unknown default country', () => {
    expect(() => assertPhoneCountry('ZZ')).toThrow(/"ZZ" is not a supported two-letter/);
  });

  it("a job stopped by an unknown default country says so in the person's language", () => {
    let error: unknown;
    try {
      assertPhoneCountry('ZZ');
    } catch (thrown) {
      error = thrown;
    }
    expect(personMessage(error, translator('pt'))).toBe(
      'O país padrão deve ser um código de duas letras, como BR ou US.',
    );
  });
});
