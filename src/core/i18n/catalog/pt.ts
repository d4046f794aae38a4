import type { MessageKey } from './en';
import { COMMON_PT } from './pt/common';
import { FORMULAS_PT } from './pt/formulas';
import { SETTINGS_PT } from './pt/settings';

/** O catálogo em português do Brasil: as mesmas chaves de `en.ts`, um arquivo por área em `pt/`. */
export const PT: Readonly<Record<MessageKey, string>> = {
  ...COMMON_PT,
  ...FORMULAS_PT,
  ...SETTINGS_PT,
};
