// Every global the add-on exposes is exported here; scripts/build.ts turns each export into a
// top-level Apps Script function (keeping its JSDoc, which Sheets shows for custom functions).
export { crmExportLeads } from './export-api';
export { crmImportLeads, uiPreviewImport } from './import-api';
export {
  crmCancelJob,
  crmGetJob,
  crmListJobs,
  crmResumeJob,
  crmRunJobs,
  uiContinueJob,
} from './jobs-api';
export { onInstall, onOpen } from './menu';
export { crmConfigure, uiGetSettings } from './settings-api';
export {
  showExportSidebar,
  showHelpSidebar,
  showImportSidebar,
  showJobsSidebar,
  showSettingsSidebar,
} from './sidebars';
export { uiListSheets, uiPauseJob } from './ui-api';
