// Every global the add-on exposes is exported here; scripts/build.ts turns each export into a
// top-level Apps Script function (keeping its JSDoc, which Sheets shows for custom functions).
export {
  CRM_ACCOUNT,
  CRM_AUTOMATIONS,
  CRM_COUNT,
  CRM_CUSTOM_FIELDS,
  CRM_INSTANCES,
  CRM_LEAD,
  CRM_LEADS,
  CRM_LOST_REASONS,
  CRM_PIPELINES,
  CRM_SEQUENCES,
  CRM_TASKS,
  CRM_TEMPLATES,
  CRM_USERS,
} from './custom-functions';
export { crmExportLeads, crmRefreshExport } from './export-api';
export { crmImportLeads, uiPreviewImport } from './import-api';
export {
  crmCancelJob,
  crmGetJob,
  crmListJobs,
  crmResumeJob,
  uiContinueJob,
  uiResumeJob,
} from './jobs-api';
export {
  crmLeadActions,
  crmRevertLeadActions,
  uiLastLeadActionsRun,
  uiLeadActionsPreview,
  uiLeadActionsSetup,
} from './lead-actions-api';
export { uiLeadActionsColumns } from './lead-actions-ui-api';
export { onInstall, onOpen } from './menu';
export { crmPushChanges, crmRevertPush } from './push-api';
export { uiPushPreview, uiPushRuns, uiPushSetup } from './push-ui-api';
export { refreshFormulas } from './refresh-formulas';
export { crmPipelineReport, showPipelineReport } from './reports-api';
export { crmListSchedules, crmRunJobs, crmSchedule, crmUnschedule } from './schedule-api';
export { crmSendTemplate, uiPreviewSend } from './send-api';
export { crmAllowFormulas, crmConfigure, uiGetSettings } from './settings-api';
export { uiActivateSheet } from './sheet-api';
export {
  showActionsSidebar,
  showExportSidebar,
  showHelpSidebar,
  showImportSidebar,
  showJobsSidebar,
  showPushSidebar,
  showSendSidebar,
  showSettingsSidebar,
} from './sidebars';
export { uiListColumns, uiListSheets, uiListTemplates, uiPauseJob } from './ui-api';
export { uiCall } from './ui-call';
