import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/core/i18n';
import { intlDateFormatter } from '../../../../src/core/import/date-format';
import {
  dateOrderOf,
  decimalMarkOf,
  isBlankCell,
  normalizeDate,
  normalizeEmail,
  normalizeMultiselect,
  normalizePhone,
  normalizeSelect,
  normalizeTags,
  normalizeText,
  parseCheckbox,
  parseNumber,
  splitList,
} from '../../../../src/core/import/normalize';
import { saoPauloDates, sheetDate } from './fixtures';

describe('normalizePhone', () => {
  it.each([
    ['(11) 98765-4321', 'BR', '+5511987654321'],
    ['11987654321', 'BR', '+5511987654321'],
    ['+55 11 98765-4321', 'BR', '+5511987654321'],
    ['5511987654321', 'BR', '+5511987654321'],
    ['011 98765-4321', 'BR', '+5511987654321'],
    ['0055 11 98765-4321', 'BR', '+5511987654321'],
    [11987654321, 'BR', '+5511987654321'],
    [5511987654321, 'BR', '+5511987654321'],
    ['(21) 3456-7890', 'BR', '+552134567890'],
    ['  (11) 98765-4321  ', 'BR', '+5511987654321'],
    ['(212) 555-0123', 'US', '+12125550123'],
    [2125550123, 'US', '+12125550123'],
    ['+1 212 555 0123', 'BR', '+12125550123'],
    ['+44 20 7946 0958', 'BR', '+442079460958'],
  ])('%j with %s → %s', (input, country, expected) => {
    expect(normalizePhone(input, country)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['12345', /not a valid phone number \(default country BR/],
    ['(11) 98765-4321 / (11) 3456-7890', /more than one phone/],
    ['fale comigo', /not a phone number/],
    [-11987654321, /not a phone number/],
    [1.5, /not a phone number/],
    [true, /not a phone number/],
  ])('%j is refused', (input, message) => {
    const result = normalizePhone(input, 'BR');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});

describe('decimalMarkOf', () => {
  it.each([
    ['pt_BR', ','],
    ['pt-BR', ','],
    ['de_DE', ','],
    ['fr_FR', ','],
    ['en_US', '.'],
    ['en_GB', '.'],
    ['ja_JP', '.'],
    ['es_MX', '.'],
    ['', ','],
    [undefined, ','],
  ])('%j writes decimals after %j', (tag, mark) => {
    expect(decimalMarkOf(tag)).toBe(mark);
  });

  it('judges a tag Intl has no data for by its language, not by Intl fallback to en-US', () => {
    expect(decimalMarkOf('xx_YY')).toBe(',');
    expect(decimalMarkOf('en_XX')).toBe('.');
  });
});

describe('dateOrderOf', () => {
  it.each([
    ['pt_BR', 'DMY'],
    ['pt', 'DMY'],
    ['en_GB', 'DMY'],
    ['en_AU', 'DMY'],
    ['de_DE', 'DMY'],
    ['es_MX', 'DMY'],
    ['es_US', 'DMY'],
    ['en_US', 'MDY'],
    ['en-US', 'MDY'],
    ['en', 'MDY'],
    ['en_PH', 'MDY'],
    ['ja_JP', 'MDY'],
    ['xx_YY', 'DMY'],
    ['', 'DMY'],
    [undefined, 'DMY'],
  ])('%j writes a day %s', (tag, order) => {
    expect(dateOrderOf(tag)).toBe(order);
  });
});

describe('parseNumber', () => {
  const en = translator('en');
  // The brief's cases: a text that fits the locale is read by it; a text only the other
  // convention reads has that one reading; both marks present say which one is decimal.
  it.each([
    // text,          pt_BR (decimal comma), en_US (decimal point)
    ['1.234', 1234, 1.234],
    ['1,234', 1.234, 1234],
    ['1.234,56', 1234.56, 1234.56],
    ['1,234.56', 1234.56, 1234.56],
    ['12,5', 12.5, 12.5],
    ['12.5', 12.5, 12.5],
    ['0,125', 0.125, 0.125],
    ['0.125', 0.125, 0.125],
    ['1.5', 1.5, 1.5],
    ['1,5', 1.5, 1.5],
    ['R$ 9.500,50', 9500.5, 9500.5],
    ['$1,234.50', 1234.5, 1234.5],
    ['1.234.567', 1234567, 1234567],
    ['1,234,567', 1234567, 1234567],
    ['12.500', 12500, 12.5],
    ['12,500', 12.5, 12500],
    ['1234,567', 1234.567, 1234.567],
    ['1234.567', 1234.567, 1234.567],
    ['R$ 1.234,56', 1234.56, 1234.56],
    ['R$1.234,56', 1234.56, 1234.56],
    ['US$ 1,234.56', 1234.56, 1234.56],
    ['1234', 1234, 1234],
    ['1234.56', 1234.56, 1234.56],
    ['1,234,567.89', 1234567.89, 1234567.89],
    ['1.234.567,89', 1234567.89, 1234567.89],
    ['R$ 2.500,00', 2500, 2500],
    ['-R$ 150,00', -150, -150],
    ['R$ -150,00', -150, -150],
    ['-1.234,56', -1234.56, -1234.56],
    ['(1,234.56)', -1234.56, -1234.56],
    ['150-', -150, -150],
    ['\u2212 42', -42, -42],
    ['1\u00a0234,56', 1234.56, 1234.56],
    ['+7', 7, 7],
    ['2.500 BRL', 2500, 2.5],
    [',5', 0.5, 0.5],
    [1234.56, 1234.56, 1234.56], // a real number cell: as it is, in any locale
    [1.234, 1.234, 1.234],
    [-3, -3, -3],
    [0, 0, 0],
  ])('%j → %d in pt_BR, %d in en_US', (input, comma, point) => {
    expect(parseNumber(input, en, ',')).toEqual({ ok: true, value: comma });
    expect(parseNumber(input, en, '.')).toEqual({ ok: true, value: point });
  });

  it.each([
    ['abc'],
    ['12abc'],
    ['1.23.4'],
    ['1,2,3'],
    ['1,234.567,89'],
    ['0.123.456'],
    ['R$'],
    ['--5'],
    ['1.'],
    ['1,'],
  ])('%j is refused in both locales, saying the decimal mark', (input) => {
    for (const [mark, words] of [
      [',', /not a number: this spreadsheet's locale writes decimals after a comma/],
      ['.', /not a number: this spreadsheet's locale writes decimals after a point/],
    ] as const) {
      const result = parseNumber(input, en, mark);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(words);
    }
  });

  it('refuses a cell that is no number nor text', () => {
    for (const input of [Number.NaN, true, {}]) {
      const result = parseNumber(input, en, ',');
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/is not a number$/);
    }
  });

  it('says why in Portuguese', () => {
    const result = parseNumber('1.23.4', translator('pt'), ',');
    expect(result).toEqual({
      ok: false,
      error:
        '"1.23.4" não é um número: a localidade desta planilha escreve os decimais depois da vírgula (por exemplo, 1234,56 ou R$ 1.234,56)',
    });
  });
});

describe('normalizeDate', () => {
  const options = { formatDate: saoPauloDates };

  it.each([
    [sheetDate('2026-11-21'), '2026-11-21'],
    [sheetDate('1985-08-20'), '1985-08-20'],
    ['21/11/2026', '2026-11-21'],
    ['1/2/2026', '2026-02-01'],
    ['5/3/90', '1990-03-05'],
    ['5/3/26', '2026-03-05'],
    ['21-11-2026', '2026-11-21'],
    ['21.11.2026', '2026-11-21'],
    ['21/11/2026 14:30', '2026-11-21'],
    ['2026-11-21', '2026-11-21'],
    ['2026-1-5', '2026-01-05'],
    ['2026-11-21T10:00:00-03:00', '2026-11-21'],
    ['2026-11-21T23:59:59Z', '2026-11-21'],
    ['29/02/2024', '2024-02-29'],
    [' 21/11/2026 ', '2026-11-21'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeDate(input, options)).toEqual({ ok: true, value: expected });
  });

  // A day typed as text, read as the spreadsheet's locale writes it (dateOrderOf). Before, the
  // import never passed the order: `01/02/2026` in an en_US sheet read 1 February.
  it.each([
    ['pt_BR', '01/02/2026', '2026-02-01'],
    ['pt_BR', '1/2/26', '2026-02-01'],
    ['pt_BR', '21/11/2026', '2026-11-21'],
    ['pt_BR', '11/21/2026', '2026-11-21'],
    ['pt_BR', '2026-01-02', '2026-01-02'],
    ['en_US', '01/02/2026', '2026-01-02'],
    ['en_US', '1/2/26', '2026-01-02'],
    ['en_US', '11/21/2026', '2026-11-21'],
    ['en_US', '25/11/2026', '2026-11-25'],
    ['en_US', '12/31/2026 18:00', '2026-12-31'],
    ['en_US', '2026-01-02', '2026-01-02'],
    ['en_GB', '01/02/2026', '2026-02-01'],
    ['de_DE', '01.02.2026', '2026-02-01'],
    ['ja_JP', '01/02/2026', '2026-01-02'],
    ['', '01/02/2026', '2026-02-01'],
  ])('%s reads %j as %s', (locale, text, expected) => {
    expect(normalizeDate(text, { ...options, dateOrder: dateOrderOf(locale) })).toEqual({
      ok: true,
      value: expected,
    });
  });

  it.each([
    ['en_US', '31/02/2026', 'en', /not a real date/],
    ['en_US', '13/13/2026', 'en', /not a real date/],
    ['en_US', 'tomorrow', 'en', /write mm\/dd\/yyyy or yyyy-mm-dd/],
    ['en_US', 45000, 'en', /or write mm\/dd\/yyyy\)/],
    ['pt_BR', 'amanhã', 'pt', /escreva dd\/mm\/aaaa ou aaaa-mm-dd/],
    ['pt_BR', 45000, 'pt', /ou escreva dd\/mm\/aaaa\)/],
    ['en_US', 'tomorrow', 'pt', /escreva mm\/dd\/aaaa ou aaaa-mm-dd/],
  ] as const)('%s refuses %j saying its shape (%s)', (locale, input, language, message) => {
    const result = normalizeDate(input, {
      ...options,
      dateOrder: dateOrderOf(locale),
      t: translator(language),
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('reads month first when dateOrder is MDY', () => {
    expect(normalizeDate('11/21/2026', { ...options, dateOrder: 'MDY' })).toEqual({
      ok: true,
      value: '2026-11-21',
    });
  });

  it('formats a Date cell in the spreadsheet time zone, not the runtime one', () => {
    // Midnight of 10 March in Tokyo is still 9 March in UTC.
    const tokyoMidnight = new Date('2026-03-09T15:00:00Z');
    expect(normalizeDate(tokyoMidnight, { formatDate: intlDateFormatter('Asia/Tokyo') })).toEqual({
      ok: true,
      value: '2026-03-10',
    });
    expect(normalizeDate(tokyoMidnight, { formatDate: intlDateFormatter('UTC') })).toEqual({
      ok: true,
      value: '2026-03-09',
    });
  });

  it.each([
    ['31/02/2026', /not a real date/],
    ['29/02/2025', /not a real date/],
    ['2026-13-01', /not a real date/],
    ['00/01/2026', /not a real date/],
    ['amanhã', /not a date \(write dd\/mm\/yyyy or yyyy-mm-dd\)/],
    [45000, /format the cell as a date/],
    [new Date(Number.NaN), /invalid date/],
  ])('%j is refused', (input, message) => {
    const result = normalizeDate(input, options);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('throws when the formatter breaks its contract', () => {
    expect(() =>
      normalizeDate(sheetDate('2026-01-01'), { formatDate: () => '01/01/2026' }),
    ).toThrow(/formatDate must return YYYY-MM-DD/);
  });
});

describe('lists and tags', () => {
  it.each([
    ['vip; quente', ['vip', 'quente']],
    ['vip,quente , frio', ['vip', 'quente', 'frio']],
    ['vip, VIP; ; lead frio', ['vip', 'lead frio']],
    ['Promoção;promocao', ['Promoção']],
    ['a\nb', ['a', 'b']],
    ['', []],
    [' ; , ', []],
  ])('splitList(%j) → %j', (input, expected) => {
    expect(splitList(input)).toEqual(expected);
  });

  it('normalizeTags refuses a cell of separators only', () => {
    expect(normalizeTags(' ; , ')).toEqual({ ok: false, error: 'holds no tag' });
    expect(normalizeTags(2026)).toEqual({ ok: true, value: ['2026'] });
  });
});

describe('parseCheckbox', () => {
  it.each([
    [true, true],
    [false, false],
    ['TRUE', true],
    ['FALSE', false],
    ['true', true],
    ['false', false],
    ['sim', true],
    ['Sim', true],
    ['não', false],
    ['nao', false],
    ['NÃO', false],
    ['yes', true],
    ['no', false],
    ['x', true],
    ['X', true],
    [1, true],
    [0, false],
  ])('%j → %s', (input, expected) => {
    expect(parseCheckbox(input)).toEqual({ ok: true, value: expected });
  });

  it.each([['talvez'], [2], [sheetDate('2026-01-01')]])('%j is refused', (input) => {
    const result = parseCheckbox(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/TRUE\/FALSE, sim\/não or x/);
  });
});

describe('select and multiselect', () => {
  const options = ['Básico', 'Pro', 'Enterprise'];

  it.each([
    ['basico', 'Básico'],
    ['BÁSICO', 'Básico'],
    [' pro ', 'Pro'],
  ])('select %j → %s (canonical spelling)', (input, expected) => {
    expect(normalizeSelect(input, options)).toEqual({ ok: true, value: expected });
  });

  it('select names the options when the value is not one', () => {
    expect(normalizeSelect('Gold', options)).toEqual({
      ok: false,
      error: '"Gold" is not one of the options: Básico, Pro, Enterprise',
    });
  });

  it.each([
    ['imoveis, Seguros', ['Imóveis', 'Seguros']],
    ['VEÍCULOS;veiculos', ['Veículos']],
  ])('multiselect %j → %j', (input, expected) => {
    expect(normalizeMultiselect(input, ['Imóveis', 'Veículos', 'Seguros'])).toEqual({
      ok: true,
      value: expected,
    });
  });

  it('multiselect lists every value that is not an option', () => {
    expect(normalizeMultiselect('Imóveis; Barcos, Aviões', ['Imóveis', 'Veículos'])).toEqual({
      ok: false,
      error: '"Barcos", "Aviões" are not options; options: Imóveis, Veículos',
    });
  });
});

describe('text and email', () => {
  it.each([
    ['  Maria  ', 'Maria'],
    [12345, '12345'],
    [sheetDate('2026-11-21'), '2026-11-21'],
  ])('normalizeText(%j) → %s', (input, expected) => {
    expect(normalizeText(input, saoPauloDates)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['MARIA.SILVA@Gmail.com', 'maria.silva@gmail.com'],
    [' joao@empresa.com.br ', 'joao@empresa.com.br'],
    ['mailto:Ana@X.io', 'ana@x.io'],
  ])('normalizeEmail(%j) → %s', (input, expected) => {
    expect(normalizeEmail(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['ana.b@'],
    ['ana b@x.com'],
    ['ana@x'],
    ['@x.com'],
    ['ana@@x.com'],
    ['ana@x..com'],
    [42],
  ])('normalizeEmail(%j) is refused', (input) => {
    const result = normalizeEmail(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/not (a valid|an) email address/);
  });

  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['   ', true],
    [0, false],
    [false, false],
    ['x', false],
  ])('isBlankCell(%j) → %s', (input, expected) => {
    expect(isBlankCell(input)).toBe(expected);
  });
});
