import type { MessageKey } from '../../core/i18n/catalog/en';
import { format, type MessageParams } from '../../core/i18n/format';
import type { SidebarBoot } from '../../core/i18n/sidebar-page';

/**
 * The words and formats of a sidebar, from what the server handed it when it opened
 * (core/i18n/sidebar-page.ts). No DOM here, so the models that use it run in Node tests.
 */
export type UiKey = Extract<MessageKey, `ui.${string}`>;
export type UiTranslate = (key: UiKey, params?: MessageParams) => string;

export interface Words {
  t: UiTranslate;
  lang: SidebarBoot['lang'];
  /** A count as the spreadsheet's locale writes it: 1.000 in pt-BR, 1,000 in en-US. */
  number(value: number): string;
  /** An instant as a short date and time in the spreadsheet's time zone and locale. */
  dateTime(ms: number): string;
}

export function wordsFor(boot: SidebarBoot): Words {
  const numbers = new Intl.NumberFormat(boot.formatLocale);
  let dates: Intl.DateTimeFormat;
  try {
    dates = new Intl.DateTimeFormat(boot.formatLocale, {
      timeZone: boot.timeZone,
      dateStyle: 'short',
      timeStyle: 'short',
    });
  } catch {
    // An unknown time zone: the browser's own is better than no date at all.
    dates = new Intl.DateTimeFormat(boot.formatLocale, { dateStyle: 'short', timeStyle: 'short' });
  }
  return {
    t: (key, params) => format(boot.strings[key] ?? key, params),
    lang: boot.lang,
    number: (value) => numbers.format(value),
    dateTime: (ms) => dates.format(new Date(ms)),
  };
}
