import type { MessageKey } from './en';
import { ACTIONS_PT } from './pt/actions';
import { COMMON_PT } from './pt/common';
import { EXPORT_PT } from './pt/export';
import { FORMULAS_PT } from './pt/formulas';
import { HELP_PT } from './pt/help';
import { IMPORT_PT } from './pt/import';
import { IMPORT_SAFETY_PT } from './pt/import-safety';
import { JOBS_PT } from './pt/jobs';
import { LEADJOB_PT } from './pt/leadjob';
import { MAPPING_PT } from './pt/mapping';
import { MENU_PT } from './pt/menu';
import { MESSAGES_CRM_PT } from './pt/messages-crm';
import { MESSAGES_EXPORT_PT } from './pt/messages-export';
import { MESSAGES_JOBS_PT } from './pt/messages-jobs';
import { MESSAGES_OPTIONS_PT } from './pt/messages-options';
import { PHONE_PT } from './pt/phone';
import { PICKERS_PT } from './pt/pickers';
import { PUSH_PT } from './pt/push';
import { PUSH_UI_PT } from './pt/push-ui';
import { QUERY_PT } from './pt/query';
import { REPORTS_PT } from './pt/reports';
import { SCHEDULES_PT } from './pt/schedules';
import { SEND_PT } from './pt/send';
import { SETTINGS_PT } from './pt/settings';
import { STATUSES_PT } from './pt/statuses';
import { UI_PT } from './pt/ui';

/** O catálogo em português do Brasil: as mesmas chaves de `en.ts`, um arquivo por área em `pt/`. */
export const portugueseCatalog = (): Readonly<Record<MessageKey, string>> => ({
  ...COMMON_PT,
  ...JOBS_PT,
  ...FORMULAS_PT,
  ...HELP_PT,
  ...MAPPING_PT,
  ...MENU_PT,
  ...SETTINGS_PT,
  ...UI_PT,
  ...IMPORT_PT,
  ...IMPORT_SAFETY_PT,
  ...SEND_PT,
  ...PHONE_PT,
  ...REPORTS_PT,
  ...EXPORT_PT,
  ...QUERY_PT,
  ...SCHEDULES_PT,
  ...STATUSES_PT,
  ...PICKERS_PT,
  ...ACTIONS_PT,
  ...LEADJOB_PT,
  ...MESSAGES_EXPORT_PT,
  ...MESSAGES_OPTIONS_PT,
  ...MESSAGES_JOBS_PT,
  ...MESSAGES_CRM_PT,
  ...PUSH_PT,
  ...PUSH_UI_PT,
});

/** The whole catalogue, for tests (the add-on builds it through `catalogOf` in ../catalogs.ts). */
export const PT = /* @__PURE__ */ portugueseCatalog();
