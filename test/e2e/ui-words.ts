import { type Locale, messagesWithPrefix } from '../../src/core/i18n';
import { type Words, wordsFor } from '../../src/ui/shared/words';

/** A sidebar's words as the server hands them over, for the sidebar models' Node tests. */
export function sidebarWords(
  lang: Locale,
  formatLocale = lang === 'pt' ? 'pt-BR' : 'en-US',
): Words {
  return wordsFor({
    lang,
    formatLocale,
    timeZone: 'America/Sao_Paulo',
    strings: messagesWithPrefix(lang, 'ui.'),
  });
}

export const EN_WORDS = sidebarWords('en');
export const PT_WORDS = sidebarWords('pt');
