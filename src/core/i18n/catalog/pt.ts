import type { MessageKey } from './en';
import { COMMON_PT } from './pt/common';
import { HELP_PT } from './pt/help';
import { IMPORT_PT } from './pt/import';
import { MENU_PT } from './pt/menu';
import { UI_PT } from './pt/ui';

/** O catálogo em português do Brasil: as mesmas chaves de `en.ts`, um arquivo por área em `pt/`. */
export const PT: Readonly<Record<MessageKey, string>> = {
  ...COMMON_PT,
  ...HELP_PT,
  ...MENU_PT,
  ...UI_PT,
  ...IMPORT_PT,
};
