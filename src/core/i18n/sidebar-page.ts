import { isMessageKey, type Locale, type Translate } from './index';

/**
 * A sidebar speaks the person's language from its first paint: when it opens, the server fills
 * the `[[key]]` placeholders of its HTML with the catalogue's words and hands its script the
 * rest (`CRM_BOOT`: the language, the `ui.*` messages, and the spreadsheet's locale and time
 * zone for dates and numbers). The sidebar's own bundle carries no catalogue.
 */
export interface SidebarBoot {
  lang: Locale;
  /** A BCP 47 tag for Intl, from the spreadsheet's locale: `pt-BR`, `en-US`… */
  formatLocale: string;
  /** The spreadsheet's time zone, e.g. `America/Sao_Paulo`. */
  timeZone: string;
  strings: Record<string, string>;
}

/** The global the sidebar's script reads its boot data from. */
export const SIDEBAR_BOOT_GLOBAL = 'CRM_BOOT';

/** `pt_BR` (Apps Script's form) → `pt-BR`; empty → the language's usual region. */
export function formatLocaleOf(spreadsheetLocale: string, lang: Locale): string {
  const tag = spreadsheetLocale.trim().replace(/_/g, '-');
  if (/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(tag)) return tag;
  return lang === 'pt' ? 'pt-BR' : 'en-US';
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/**
 * `[[key]]` is a message written as text; `[[!key]]` is written as HTML (the Help's paragraphs
 * hold `<b>` and `<code>`; the catalogue is the add-on's own text, never user input).
 */
export const PLACEHOLDER = /\[\[(!?)([\w.]+)\]\]/g;

export function localizeSidebarHtml(html: string, t: Translate, boot: SidebarBoot): string {
  const filled = html.replace(PLACEHOLDER, (whole, raw: string, key: string) => {
    if (!isMessageKey(key)) return whole;
    const text = t(key);
    return raw === '!' ? text : escapeHtml(text);
  });
  // JSON in a script element: `<` escaped so no message can close the element early.
  const json = JSON.stringify(boot).replace(/</g, '\\u003c');
  const script = `<script>var ${SIDEBAR_BOOT_GLOBAL} = ${json};</script>`;
  const lang = boot.lang === 'pt' ? 'pt-BR' : 'en';
  const withLang = filled.replace(/<html lang="[^"]*">/, `<html lang="${lang}">`);
  const head = /<head[^>]*>/i.exec(withLang);
  if (!head) return `${script}${withLang}`;
  const at = head.index + head[0].length;
  return `${withLang.slice(0, at)}${script}${withLang.slice(at)}`;
}
