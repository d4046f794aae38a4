import type { MessageKey } from './catalog/en';
import { catalogOf } from './catalogs';
import { format, type MessageParams } from './format';

/**
 * Words meant for a person (sidebar messages, `… Detail` cells, job and formula messages) come
 * from one catalogue per language (PRODUCT.md: Brazilian Portuguese for a Portuguese locale,
 * English otherwise). The public contract (function and option names, status values, status
 * column headers) is never translated. The Apps Script API's developer messages stay English.
 */
export type Locale = 'en' | 'pt';
export type { MessageKey };

export { format, type MessageParams };

export type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * `pt`, `pt_BR`, `pt-PT`, `PT-br` → pt; anything else (empty included) → en. Apps Script gives
 * `Session.getActiveUserLocale()` as `pt_BR` or `pt`, and `getSpreadsheetLocale()` as `pt_BR`.
 */
export function localeOf(tag: string | null | undefined): Locale {
  return typeof tag === 'string' && /^pt(?:$|[-_])/i.test(tag.trim()) ? 'pt' : 'en';
}

export function translator(locale: Locale): Translate {
  // No English fallback: both catalogues have every key (pt.ts's type and the catalogue tests
  // say so), and a Portuguese reader must never get an English sentence (issue 18.2). The
  // catalogue is looked up per message, so a translator made at load builds nothing (issue 30).
  return (key, params) => format(catalogOf(locale)[key] ?? key, params);
}

/** Every key of a language's catalogue (for the test that both languages have the same keys). */
export function catalogKeys(locale: Locale): string[] {
  return Object.keys(catalogOf(locale)).sort();
}

/** A language's messages whose keys start with `prefix` (e.g. `ui.`), for a sidebar to carry. */
export function messagesWithPrefix(locale: Locale, prefix: string): Record<string, string> {
  const catalog = catalogOf(locale);
  const picked: Record<string, string> = {};
  for (const key of Object.keys(catalog) as MessageKey[]) {
    if (key.startsWith(prefix)) picked[key] = catalog[key];
  }
  return picked;
}

/** Whether `key` is a message of the catalogues (a code's message may or may not exist). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.propertyIsEnumerable.call(catalogOf('en'), key);
}
