import { messagesWithPrefix, translator } from '../core/i18n';
import type { MessageKey } from '../core/i18n/catalog/en';
import { formatLocaleOf, localizeSidebarHtml } from '../core/i18n/sidebar-page';
import { currentLocale } from '../gas/locale';

/**
 * Opens the sidebars. Each surface is one HTML file built from src/ui/ into dist/; it is
 * served in the person's language (core/i18n/sidebar-page.ts), and its google.script.run calls
 * land on uiCall (ui-call.ts).
 */
const SIDEBAR_TITLES = {
  Settings: 'menu.title.settings',
  Import: 'menu.title.import',
  Export: 'menu.title.export',
  Send: 'menu.title.send',
  Actions: 'menu.title.actions',
  Push: 'menu.title.push',
  Jobs: 'menu.title.jobs',
  Help: 'menu.title.help',
} as const satisfies Record<string, MessageKey>;

type SidebarName = keyof typeof SIDEBAR_TITLES;

/** The catalogue area a sidebar's script reads its words from. */
const SIDEBAR_MESSAGES_PREFIX = 'ui.';

function showSidebar(name: SidebarName): void {
  const lang = currentLocale();
  const t = translator(lang);
  const spreadsheet = SpreadsheetApp.getActive();
  const html = localizeSidebarHtml(HtmlService.createHtmlOutputFromFile(name).getContent(), t, {
    lang,
    formatLocale: formatLocaleOf(spreadsheet.getSpreadsheetLocale() ?? '', lang),
    timeZone: spreadsheet.getSpreadsheetTimeZone(),
    strings: messagesWithPrefix(lang, SIDEBAR_MESSAGES_PREFIX),
  });
  const output = HtmlService.createHtmlOutput(html).setTitle(t(SIDEBAR_TITLES[name]));
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
export function showActionsSidebar(): void {
  showSidebar('Actions');
}
export function showPushSidebar(): void {
  showSidebar('Push');
}
export function showJobsSidebar(): void {
  showSidebar('Jobs');
}
export function showHelpSidebar(): void {
  showSidebar('Help');
}
