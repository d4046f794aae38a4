import type { MessageKey } from './en';
import { COMMON_PT } from './pt/common';
import { JOBS_PT } from './pt/jobs';

/** O catálogo em português do Brasil: as mesmas chaves de `en.ts`, um arquivo por área em `pt/`. */
export const PT: Readonly<Record<MessageKey, string>> = {
  ...COMMON_PT,
  ...JOBS_PT,
};
