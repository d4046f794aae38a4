import { translator } from '../core/i18n';
import { currentLocale } from '../gas/locale';
import { PUBLISHED_ADDON } from './deployment';

/**
 * The CRM menu, in the person's language. A published add-on's items live under Extensions
 * (createAddonMenu); a bound script gets its own top-level "CRM" menu (the product's name,
 * the same in every language).
 */
export function onOpen(_event?: unknown): void {
  const t = translator(currentLocale());
  const ui = SpreadsheetApp.getUi();
  const menu = PUBLISHED_ADDON ? ui.createAddonMenu() : ui.createMenu('CRM');
  menu
    .addItem(t('menu.settings'), 'showSettingsSidebar')
    .addItem(t('menu.import'), 'showImportSidebar')
    .addItem(t('menu.export'), 'showExportSidebar')
    .addItem(t('menu.send'), 'showSendSidebar')
    .addItem(t('menu.actions'), 'showActionsSidebar')
    .addItem(t('menu.push'), 'showPushSidebar')
    .addItem(t('reports.menu'), 'showPipelineReport')
    .addItem(t('menu.jobs'), 'showJobsSidebar')
    .addItem(t('formulas.menuRefresh'), 'refreshFormulas')
    .addSeparator()
    .addItem(t('menu.help'), 'showHelpSidebar')
    .addToUi();
}

/** Runs when the add-on is installed from the Marketplace, so the menu appears at once. */
export function onInstall(event?: unknown): void {
  onOpen(event);
}
