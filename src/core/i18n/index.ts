import { EN, type MessageKey } from './catalog/en';
import { PT } from './catalog/pt';

/**
 * Words meant for a person (sidebar messages, `… Detail` cells, job and formula messages) come
 * from one catalogue per language (PRODUCT.md: Brazilian Portuguese for a Portuguese locale,
 * English otherwise). The public contract (function and option names, status values, status
 * column headers) is never translated. The Apps Script API's developer messages stay English.
 */
export type Locale = 'en' | 'pt';
export type { MessageKey };

/** Values put into a message's `{name}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

export type Translate = (key: MessageKey, params?: MessageParams) => string;

const CATALOGS: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = { en: EN, pt: PT };

/**
 * `pt`, `pt_BR`, `pt-PT`, `PT-br` → pt; anything else (empty included) → en. Apps Script gives
 * `Session.getActiveUserLocale()` as `pt_BR` or `pt`, and `getSpreadsheetLocale()` as `pt_BR`.
 */
export function localeOf(tag: string | null | undefined): Locale {
  return typeof tag === 'string' && /^pt(?:$|[-_])/i.test(tag.trim()) ? 'pt' : 'en';
}

/** `Object.hasOwn` is ES2022; Apps Script code targets ES2020. */
const isOwnKey = (object: object, key: string): boolean =>
  Object.prototype.propertyIsEnumerable.call(object, key);

/** Fills `{name}` placeholders; a placeholder without a value stays visible, so a gap is noticed in tests. */
export function format(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    isOwnKey(params, name) ? String(params[name]) : whole,
  );
}

export function translator(locale: Locale): Translate {
  const catalog = CATALOGS[locale];
  return (key, params) => format(catalog[key] ?? EN[key] ?? key, params);
}

/** Every key of a language's catalogue (for the test that both languages have the same keys). */
export function catalogKeys(locale: Locale): string[] {
  return Object.keys(CATALOGS[locale]).sort();
}
