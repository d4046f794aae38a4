import { describe, expect, it } from 'vitest';
import { catalogKeys, format, localeOf, translator } from '../../../../src/core/i18n';
import { EN } from '../../../../src/core/i18n/catalog/en';
import { PT } from '../../../../src/core/i18n/catalog/pt';

describe('message catalogues', () => {
  it('have the same keys in English and Portuguese', () => {
    expect(catalogKeys('pt')).toEqual(catalogKeys('en'));
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(EN) as (keyof typeof EN)[]) {
      expect(placeholders(PT[key]), key).toEqual(placeholders(EN[key]));
    }
  });

  it('have no empty message', () => {
    for (const text of [...Object.values(EN), ...Object.values(PT)])
      expect(text.trim()).not.toBe('');
  });
});

describe('localeOf', () => {
  it.each([
    ['pt', 'pt'],
    ['pt_BR', 'pt'],
    ['pt-PT', 'pt'],
    ['PT-br', 'pt'],
    ['en_US', 'en'],
    ['es', 'en'],
    ['', 'en'],
    [null, 'en'],
    ['ptx', 'en'],
  ])('%s → %s', (tag, locale) => {
    expect(localeOf(tag)).toBe(locale);
  });
});

describe('translator', () => {
  it('speaks the locale asked for', () => {
    expect(translator('pt')('common.tryAgainLater')).toBe('Tente de novo em um minuto.');
    expect(translator('en')('common.tryAgainLater')).toBe('Try again in a minute.');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(format('{n} rows in {sheet}', { n: 3 })).toBe('3 rows in {sheet}');
  });
});
