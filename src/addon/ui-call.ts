import { codedError } from '../core/errors';
import { translator } from '../core/i18n';
import { personMessage } from '../core/person-message';
import { currentLocale } from '../gas/locale';
import { crmExportLeads } from './export-api';
import { crmImportLeads, uiPreviewImport } from './import-api';
import {
  crmCancelJob,
  crmGetJob,
  crmListJobs,
  crmResumeJob,
  uiContinueJob,
  uiResumeJob,
} from './jobs-api';
import {
  crmLeadActions,
  crmRevertLeadActions,
  uiLastLeadActionsRun,
  uiLeadActionsPreview,
  uiLeadActionsSetup,
} from './lead-actions-api';
import { uiLeadActionsColumns } from './lead-actions-ui-api';
import { uiRowCounts } from './rows-ui-api';
import { uiListSchedules, uiSchedule, uiUnschedule } from './schedule-api';
import { crmSendTemplate, uiPreviewSend } from './send-api';
import { crmAllowFormulas, crmConfigure, uiGetSettings } from './settings-api';
import { uiActivateSheet } from './sheet-api';
import {
  uiListColumns,
  uiListPipelines,
  uiListSheets,
  uiListTemplates,
  uiPauseJob,
} from './ui-api';

/**
 * Every server function a sidebar calls. The sidebars call them through uiCall, which is where
 * errors are put into the person's words: the crm* functions keep their precise English
 * messages for scripts, and the sidebar shows what happened and what to do in the user's
 * language (core/person-message.ts), from the error's code.
 */
const SIDEBAR_FUNCTIONS = {
  crmAllowFormulas,
  crmCancelJob,
  crmConfigure,
  crmExportLeads,
  crmGetJob,
  crmImportLeads,
  crmLeadActions,
  crmListJobs,
  crmResumeJob,
  crmRevertLeadActions,
  crmSendTemplate,
  uiActivateSheet,
  uiContinueJob,
  uiGetSettings,
  uiLastLeadActionsRun,
  uiLeadActionsColumns,
  uiLeadActionsPreview,
  uiLeadActionsSetup,
  uiListColumns,
  uiListPipelines,
  uiListSchedules,
  uiListSheets,
  uiListTemplates,
  uiPauseJob,
  uiPreviewImport,
  uiPreviewSend,
  uiResumeJob,
  uiRowCounts,
  uiSchedule,
  uiUnschedule,
} as const;

export type SidebarFunctions = typeof SIDEBAR_FUNCTIONS;

/**
 * google.script.run target of every sidebar call: runs `fn` (one of SIDEBAR_FUNCTIONS) with
 * `args`; a failure is thrown again as the person's message, which is all that reaches the
 * sidebar's failure handler.
 */
export function uiCall(fn: string, args: unknown[]): unknown {
  const target = Object.prototype.propertyIsEnumerable.call(SIDEBAR_FUNCTIONS, fn)
    ? (SIDEBAR_FUNCTIONS[fn as keyof SidebarFunctions] as (...a: unknown[]) => unknown)
    : undefined;
  if (!target) {
    throw new Error(
      personMessage(
        codedError(
          `uiCall: "${String(fn)}" is not a sidebar function; deploy the latest build.`,
          'sidebarOutdated',
        ),
        translator(currentLocale()),
      ),
    );
  }
  try {
    return target(...(Array.isArray(args) ? args : []));
  } catch (error) {
    throw new Error(personMessage(error, translator(currentLocale())));
  }
}
