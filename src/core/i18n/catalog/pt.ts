import type { MessageKey } from './en';
import { COMMON_PT } from './pt/common';
import { IMPORT_PT } from './pt/import';

/** O catálogo em português do Brasil: as mesmas chaves de `en.ts`, um arquivo por área em `pt/`. */
export const PT: Readonly<Record<MessageKey, string>> = {
  ...COMMON_PT,
  ...IMPORT_PT,
};
