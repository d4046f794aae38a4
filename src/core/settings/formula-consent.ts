/**
 * Who may serve CRM_* formulas in a spreadsheet. Apps Script runs custom functions with the
 * spreadsheet OWNER's user properties whoever recalculates them ("getUserProperties() only gets
 * the properties of the spreadsheet owner",
 * https://developers.google.com/apps-script/guides/sheets/functions), so without a check every
 * editor could read the CRM with the owner's key by typing a formula.
 *
 * The proof of consent lives in the key holder's own user properties, which only they can write:
 * one entry per spreadsheet, holding a hash bound to that spreadsheet, the key and its base URL.
 * A custom function reads the owner's settings and the owner's entry; an editor who allows
 * formulas writes into their own properties, which formulas never read, so no editor can allow
 * the owner's key. A new key or base URL no longer matches the hash: it must be allowed again.
 */

import { hashApiKey } from '../pacing';
import type { KeyValueStore } from '../ports';
import type { Settings } from './settings';

const CONSENT_PREFIX = 'crm.formulas.allowed.';

export function consentKey(spreadsheetId: string): string {
  return `${CONSENT_PREFIX}${spreadsheetId}`;
}

/** Names the spreadsheet, the base URL and the key; nothing of the key can be read back from it. */
export function consentToken(settings: Settings, spreadsheetId: string): string {
  return hashApiKey(`formulas\n${spreadsheetId}\n${settings.baseUrl}\n${settings.apiKey}`);
}

/** Records (or withdraws) the consent of the holder of `settings` in their own `store`. */
export function setFormulaConsent(
  store: Pick<KeyValueStore, 'set' | 'delete'>,
  settings: Settings,
  spreadsheetId: string,
  allow: boolean,
): void {
  if (allow) store.set(consentKey(spreadsheetId), consentToken(settings, spreadsheetId));
  else store.delete(consentKey(spreadsheetId));
}

/** True when `store` holds consent for exactly this key and base URL in this spreadsheet. */
export function hasFormulaConsent(
  store: Pick<KeyValueStore, 'get'>,
  settings: Settings | null,
  spreadsheetId: string,
): boolean {
  if (settings === null || spreadsheetId === '') return false;
  return store.get(consentKey(spreadsheetId)) === consentToken(settings, spreadsheetId);
}
