import type { ResponseInfo } from '../api';

/**
 * Deprecation / Sunset headers are surfaced to the user once per route and announcement:
 * remembered in the user's properties, shown as a toast and logged. In contexts that can
 * neither write properties nor show UI (custom functions) this stays silent.
 */
const SEEN_KEY = 'crm.notices.seen';
const MAX_REMEMBERED = 50;

export function noticeMessage(info: ResponseInfo): string | null {
  const { deprecation, sunset } = info.headers;
  if (deprecation === undefined && sunset === undefined) return null;
  const parts = [`The CRM marked ${info.method} ${info.endpoint} as deprecated`];
  if (sunset) parts.push(`; it stops working on ${sunset}`);
  if (info.headers.link) parts.push(` (see ${info.headers.link})`);
  return `${parts.join('')}. Update CRM Sheets when a new version is available.`;
}

export function surfaceDeprecation(info: ResponseInfo): void {
  const message = noticeMessage(info);
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
    SpreadsheetApp.getActive().toast(message, 'CRM API notice', 15);
  } catch {
    // Read-only context (custom function): the next interactive run will show it.
  }
}
