/**
 * Opens the sidebars. Each surface is one HTML file built from src/ui/ into dist/;
 * its google.script.run calls land on the ui* and crm* functions of src/addon.
 */
const SIDEBAR_TITLES = {
  Settings: 'CRM · Settings',
  Import: 'CRM · Import leads',
  Export: 'CRM · Export leads',
  Send: 'CRM · Send template',
  Jobs: 'CRM · Jobs',
  Help: 'CRM · Help',
} as const;

type SidebarName = keyof typeof SIDEBAR_TITLES;

function showSidebar(name: SidebarName): void {
  const output = HtmlService.createHtmlOutputFromFile(name).setTitle(SIDEBAR_TITLES[name]);
  SpreadsheetApp.getUi().showSidebar(output);
}

export function showSettingsSidebar(): void {
  showSidebar('Settings');
}
export function showImportSidebar(): void {
  showSidebar('Import');
}
export function showExportSidebar(): void {
  showSidebar('Export');
}
export function showSendSidebar(): void {
  showSidebar('Send');
}
export function showJobsSidebar(): void {
  showSidebar('Jobs');
}
export function showHelpSidebar(): void {
  showSidebar('Help');
}
