import { type Locale, localeOf } from '../core/i18n';

/**
 * The language to speak to whoever runs this execution: the user's locale when Apps Script
 * tells it, else the spreadsheet's (a trigger may run with no active user locale, and an
 * add-on trigger may have no active spreadsheet either; then English).
 * https://developers.google.com/apps-script/reference/base/session#getActiveUserLocale()
 * https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet#getSpreadsheetLocale()
 */
export function currentLocale(): Locale {
  let tag = '';
  try {
    tag = Session.getActiveUserLocale() || '';
  } catch {
    // Not available in this context: fall back to the spreadsheet's locale.
  }
  if (!tag) {
    try {
      tag = SpreadsheetApp.getActive()?.getSpreadsheetLocale() ?? '';
    } catch {
      tag = '';
    }
  }
  return localeOf(tag);
}
