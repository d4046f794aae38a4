import type { ResponseInfo } from '../api';
import { noticeMessage } from '../core/deprecation-notice';
import { translator } from '../core/i18n';
import { currentLocale } from '../gas/locale';

/**
 * Deprecation / Sunset headers are surfaced to the user once per route and announcement:
 * remembered in the user's properties, shown as a toast and logged. In contexts that can
 * neither write properties nor show UI (custom functions) this stays silent.
 */
const SEEN_KEY = 'crm.notices.seen';
const MAX_REMEMBERED = 50;

export function surfaceDeprecation(info: ResponseInfo): void {
  const message = noticeMessage(info, translator(currentLocale()));
  if (!message) return;
  const id = [
    info.method,
    info.endpoint,
    info.headers.deprecation ?? '',
    info.headers.sunset ?? '',
  ].join('|');
  try {
    const properties = PropertiesService.getUserProperties();
    const seen = JSON.parse(properties.getProperty(SEEN_KEY) ?? '[]') as string[];
    if (seen.includes(id)) return;
    properties.setProperty(SEEN_KEY, JSON.stringify([...seen, id].slice(-MAX_REMEMBERED)));
    console.warn(message);
    SpreadsheetApp.getActive().toast(message, 'CRM', 15);
  } catch {
    // Read-only context (custom function): the next interactive run will show it.
  }
}
