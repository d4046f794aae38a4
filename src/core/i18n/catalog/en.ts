import { ACTIONS_EN } from './en/actions';
import { COMMON_EN } from './en/common';
import { EXPORT_EN } from './en/export';
import { FORMULAS_EN } from './en/formulas';
import { HELP_EN } from './en/help';
import { IMPORT_EN } from './en/import';
import { IMPORT_SAFETY_EN } from './en/import-safety';
import { JOBS_EN } from './en/jobs';
import { LEADJOB_EN } from './en/leadjob';
import { MAPPING_EN } from './en/mapping';
import { MENU_EN } from './en/menu';
import { MESSAGES_CRM_EN } from './en/messages-crm';
import { MESSAGES_EXPORT_EN } from './en/messages-export';
import { MESSAGES_JOBS_EN } from './en/messages-jobs';
import { MESSAGES_OPTIONS_EN } from './en/messages-options';
import { PHONE_EN } from './en/phone';
import { PICKERS_EN } from './en/pickers';
import { PUSH_EN } from './en/push';
import { PUSH_UI_EN } from './en/push-ui';
import { QUERY_EN } from './en/query';
import { REPORTS_EN } from './en/reports';
import { SCHEDULES_EN } from './en/schedules';
import { SEND_EN } from './en/send';
import { SETTINGS_EN } from './en/settings';
import { STATUSES_EN } from './en/statuses';
import { UI_EN } from './en/ui';

/**
 * The English catalogue: one file per area under `en/` (keys `<area>.<what>`), so that changes
 * in different areas never touch the same lines; `pt.ts` has exactly the same keys (its type
 * says so, and test/unit/core/i18n checks it at run time). Add an area with one line here and
 * one in `pt.ts`.
 */
export const englishCatalog = () => ({
  ...COMMON_EN,
  ...JOBS_EN,
  ...FORMULAS_EN,
  ...HELP_EN,
  ...MAPPING_EN,
  ...MENU_EN,
  ...SETTINGS_EN,
  ...UI_EN,
  ...IMPORT_EN,
  ...IMPORT_SAFETY_EN,
  ...SEND_EN,
  ...PHONE_EN,
  ...REPORTS_EN,
  ...EXPORT_EN,
  ...QUERY_EN,
  ...SCHEDULES_EN,
  ...STATUSES_EN,
  ...PICKERS_EN,
  ...ACTIONS_EN,
  ...LEADJOB_EN,
  ...MESSAGES_EXPORT_EN,
  ...MESSAGES_OPTIONS_EN,
  ...MESSAGES_JOBS_EN,
  ...MESSAGES_CRM_EN,
  ...PUSH_EN,
  ...PUSH_UI_EN,
});

/**
 * The whole catalogue as one object, for tests. The add-on builds it through `catalogOf`
 * (../catalogs.ts) on first use instead: `EN` is pure, so the bundle drops it, and a formula that
 * says nothing never pays for copying every message (issue 30).
 */
export const EN = /* @__PURE__ */ englishCatalog();

export type MessageKey = keyof typeof EN;
