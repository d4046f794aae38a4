import type { Locale } from './index';

/**
 * An amount of money as a person of `locale` writes it: R$ 9.500,50 (pt), R$9,500.50 (en). The
 * CRM keeps values in reais (its examples and the import's reader say R$), so the currency is
 * BRL in both languages; only the way of writing it follows the language. A JSON number
 * (9500.5) in a sentence reads as a programmer's value, not as money.
 */
export function formatMoney(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'pt' ? 'pt-BR' : 'en-US', {
    style: 'currency',
    currency: 'BRL',
  }).format(value);
}
