import { englishCatalog, type MessageKey } from './catalog/en';
import { portugueseCatalog } from './catalog/pt';
import type { Locale } from './index';

export type Catalog = Readonly<Record<MessageKey, string>>;

const built: Partial<Record<Locale, Catalog>> = {};

/**
 * A language's catalogue, built on its first use in an execution. Every custom-function
 * recalculation loads the whole bundle, and most formulas say nothing: copying both languages'
 * messages into one object each at load cost every formula several milliseconds (issue 30).
 */
export function catalogOf(locale: Locale): Catalog {
  let catalog = built[locale];
  if (!catalog) {
    catalog = locale === 'pt' ? portugueseCatalog() : englishCatalog();
    built[locale] = catalog;
  }
  return catalog;
}
