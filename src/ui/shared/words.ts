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
  /** A whole hour of the day as the locale writes it: 02:00 in pt-BR, 2:00 AM in en-US. */
  hour(hour: number): string;
  /** A calendar day (YYYY-MM-DD, already local) as the locale writes it: 25/11/2026. */
  day(day: string): string;
  /** The spreadsheet's time zone (e.g. America/Sao_Paulo). */
  timeZone: string;
  /** The spreadsheet's locale as a BCP 47 tag (pt-BR, en-US). */
  formatLocale: string;
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
  // Hours and days are already local to the spreadsheet: formatted as UTC so nothing shifts them.
  // A 24-hour locale writes 02:00 (pt-BR), a 12-hour one 2:00 AM (en-US).
  // (`hourCycle` is ES2021's; 13:00 written with a 1 and a 3 says the same.)
  const cycle = new Intl.DateTimeFormat(boot.formatLocale, { hour: 'numeric', timeZone: 'UTC' })
    .format(new Date(Date.UTC(2000, 0, 1, 13)))
    .includes('13')
    ? 'h23'
    : 'h12';
  const hours = new Intl.DateTimeFormat(boot.formatLocale, {
    hour: cycle === 'h23' ? '2-digit' : 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  const days = new Intl.DateTimeFormat(boot.formatLocale, { dateStyle: 'short', timeZone: 'UTC' });
  return {
    t: (key, params) => format(boot.strings[key] ?? key, params),
    hour: (hour) => hours.format(new Date(Date.UTC(2000, 0, 1, hour))),
    day: (day) => {
      const [y, m, d] = day.split('-').map(Number);
      return days.format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
    },
    timeZone: boot.timeZone,
    formatLocale: boot.formatLocale,
    lang: boot.lang,
    number: (value) => numbers.format(value),
    dateTime: (ms) => dates.format(new Date(ms)),
  };
}
