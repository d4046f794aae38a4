import { codedError } from '../core/errors';
import { translator } from '../core/i18n';
import { personMessage } from '../core/person-message';
import { requireConsent } from '../gas/consent';
import { currentLocale } from '../gas/locale';
import { crmExportLeads, crmRefreshExport } from './export-api';
import { crmImportLeads, uiPreviewImport } from './import-api';
import {
  crmCancelJob,
  crmGetJob,
  crmListJobs,
  crmResumeJob,
  resumeJobsPausedForConsent,
  startedBySidebar,
  uiClearFinishedJobs,
  uiContinueJob,
  uiListJobs,
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
import { crmPushChanges, crmRevertPush } from './push-api';
import { uiPushPreview, uiPushRuns, uiPushSetup } from './push-ui-api';
import { uiRowCounts } from './rows-ui-api';
import { uiListSchedules, uiSchedule, uiUnschedule } from './schedule-api';
import { crmSendTemplate, uiPreviewSend } from './send-api';
import { crmAllowFormulas, crmConfigure, uiGetSettings } from './settings-api';
import { uiActivateSheet } from './sheet-api';
import { uiExportSetup, uiRememberSheet } from './sheet-memory-api';
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
  crmRefreshExport,
  crmImportLeads,
  crmLeadActions,
  crmListJobs,
  crmPushChanges,
  crmResumeJob,
  crmRevertLeadActions,
  crmRevertPush,
  crmSendTemplate,
  uiActivateSheet,
  uiClearFinishedJobs,
  uiContinueJob,
  uiGetSettings,
  uiLastLeadActionsRun,
  uiLeadActionsColumns,
  uiLeadActionsPreview,
  uiLeadActionsSetup,
  uiListColumns,
  uiListJobs,
  uiListPipelines,
  uiListSchedules,
  uiListSheets,
  uiListTemplates,
  uiPauseJob,
  uiPreviewImport,
  uiPreviewSend,
  uiPushPreview,
  uiPushRuns,
  uiPushSetup,
  uiResumeJob,
  uiExportSetup,
  uiRememberSheet,
  uiRowCounts,
  uiSchedule,
  uiUnschedule,
} as const;

export type SidebarFunctions = typeof SIDEBAR_FUNCTIONS;

/**
 * Sidebar calls that reach neither the CRM nor the triggers: they run without the consent check,
 * so that a person missing a permission still sees their jobs (and the pause that names it),
 * pauses or cancels them, and reads their settings and sheets. Every other call starts work and
 * first checks that every scope of the manifest is granted (gas/consent.ts): a missing one is
 * named with its authorisation link before anything is sent.
 */
const WITHOUT_CONSENT_CHECK: ReadonlySet<keyof SidebarFunctions> = new Set<keyof SidebarFunctions>([
  'crmAllowFormulas',
  'crmCancelJob',
  'crmGetJob',
  'crmListJobs',
  'uiActivateSheet',
  'uiGetSettings',
  'uiLastLeadActionsRun',
  'uiLeadActionsColumns',
  'uiListColumns',
  'uiListSchedules',
  'uiListSheets',
  'uiPauseJob',
  'uiPushPreview',
  'uiPushRuns',
  'uiPushSetup',
  'uiUnschedule',
]);

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
    const checked = !WITHOUT_CONSENT_CHECK.has(fn as keyof SidebarFunctions);
    if (checked) requireConsent(translator(currentLocale()));
    // Jobs a missing permission paused go on once it is granted, without a Resume.
    resumeJobsPausedForConsent(checked);
    return startedBySidebar(() => target(...(Array.isArray(args) ? args : [])));
  } catch (error) {
    throw new Error(personMessage(error, translator(currentLocale())));
  }
}
