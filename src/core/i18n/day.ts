import type { Translate } from './index';

/**
 * A day (YYYY-MM-DD) as a person of the translator's language writes it in a sentence: 28/11/2026
 * (pt), 11/28/2026 (en). An ISO date in a sentence reads as a programmer's value (issue 29.7).
 * Anything else (an unknown '?') is left as it is.
 */
export function sayDay(t: Translate, iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const [, year = '', month = '', day = ''] = match;
  return t('common.day', { year, month, day });
}
