import { PUBLISHED_ADDON } from './deployment';

/**
 * The CRM menu. A published add-on's items live under Extensions (createAddonMenu);
 * a bound script gets its own top-level "CRM" menu.
 */
export function onOpen(_event?: unknown): void {
  const ui = SpreadsheetApp.getUi();
  const menu = PUBLISHED_ADDON ? ui.createAddonMenu() : ui.createMenu('CRM');
  menu
    .addItem('Settings', 'showSettingsSidebar')
    .addItem('Import leads', 'showImportSidebar')
    .addItem('Export leads', 'showExportSidebar')
    .addItem('Send template', 'showSendSidebar')
    .addItem('Jobs', 'showJobsSidebar')
    .addItem('Refresh formulas', 'refreshFormulas')
    .addSeparator()
    .addItem('Help', 'showHelpSidebar')
    .addToUi();
}

/** Runs when the add-on is installed from the Marketplace, so the menu appears at once. */
export function onInstall(event?: unknown): void {
  onOpen(event);
}
