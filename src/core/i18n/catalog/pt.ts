import type { MessageKey } from './en';
import { COMMON_PT } from './pt/common';
import { PHONE_PT } from './pt/phone';

/** O catálogo em português do Brasil: as mesmas chaves de `en.ts`, um arquivo por área em `pt/`. */
export const PT: Readonly<Record<MessageKey, string>> = {
  ...COMMON_PT,
  ...PHONE_PT,
};
