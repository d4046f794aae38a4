import { type Account, RateLimitError } from '../api';
import { codedError } from '../core/errors';
import { translator } from '../core/i18n';
import { hasFormulaConsent, setFormulaConsent } from '../core/settings/formula-consent';
import { optOutTagOf } from '../core/settings/opt-out';
import { maskApiKey, parseSettingsInput } from '../core/settings/settings';
import { propertiesStore } from '../gas/services';
import { activeSpreadsheet, clientFor, loadSettings, pacerFor, saveSettings } from './context';
import { optOutTagsHere } from './opt-out-tags';

/** How long crmConfigure may wait for a request slot before giving up. */
const MAX_WAIT_MS = 20_000;

function rateLimited(waitMs: number): Error {
  const seconds = Math.ceil(waitMs / 1000);
  return codedError(
    `This API key used its 60 requests of the last minute; try again in ${seconds} s.`,
    'settingsRateLimited',
    { seconds },
  );
}

export interface ConfigureInput {
  apiKey?: string;
  baseUrl?: string;
  defaultCountry?: string;
  /** The account's opt-out tag (default `optout`): no send or message reaches a lead with it. */
  optOutTag?: string;
}

/**
 * Checks the key with GET /account, then stores the settings for this user.
 * Returns `{account}`. Nothing is stored when the check fails. Without `apiKey` the saved key
 * is kept, but only for the base URL it was saved for: a new base URL needs the key again.
 */
export function crmConfigure(options: ConfigureInput): { account: Account } {
  const settings = parseSettingsInput(options, {
    baseUrl: CRM_DEFAULT_BASE_URL,
    previous: loadSettings(),
  });
  // The check spends the key's budget like any other request, so it goes through the pacer.
  const pacer = pacerFor(settings);
  if (!pacer.acquire({ deadline: Date.now() + MAX_WAIT_MS })) {
    throw rateLimited(pacer.waitMsIfAcquiredNow());
  }
  let account: Account;
  try {
    account = clientFor(settings).account.get();
  } catch (error) {
    if (error instanceof RateLimitError) {
      pacer.reportRateLimited(error.retryAfterSeconds);
      throw rateLimited(error.retryAfterSeconds * 1000);
    }
    throw error;
  }
  const save = () => saveSettings({ ...settings, accountId: account.id });
  // The tag counts for everyone's sends in this spreadsheet from now (opt-out-tags.ts): saved
  // under the list's lock, so a list that cannot be had or would be too long saves nothing.
  const spreadsheet = activeSpreadsheet();
  if (spreadsheet) optOutTagsHere(settings, spreadsheet, { save });
  else save();
  return { account };
}

/**
 * Lets the caller's saved key serve CRM_* formulas in this spreadsheet (`true`), or stops it
 * (`false`, at once: cached results included). Returns `{allowed}`.
 *
 * Formulas always run with the spreadsheet owner's settings, whoever recalculates them, so once
 * the owner allows it every editor can read what formulas return. The consent is kept in the
 * caller's own user properties, bound to this spreadsheet, the key and its base URL: a new key
 * or base URL must be allowed again, and an editor calling this never allows the owner's key.
 *
 * @param {boolean} allow true to allow CRM_* formulas with your key here, false to stop them.
 * @return {{allowed: boolean}} Whether your key now serves formulas in this spreadsheet.
 */
export function crmAllowFormulas(allow: boolean): { allowed: boolean } {
  if (typeof allow !== 'boolean') {
    throw codedError(
      'crmAllowFormulas needs true (allow CRM_* formulas here) or false (stop them).',
      'bug',
    );
  }
  const english = translator('en');
  const spreadsheet = SpreadsheetApp.getActive();
  if (!spreadsheet) throw codedError(english('settings.formulasNoSpreadsheet'), 'noSpreadsheet');
  const store = propertiesStore(PropertiesService.getUserProperties());
  const settings = loadSettings();
  if (allow && settings === null) {
    throw codedError(english('settings.formulasNeedKey'), 'noSettings');
  }
  if (settings === null) return { allowed: false };
  const spreadsheetId = spreadsheet.getId();
  setFormulaConsent(store, settings, spreadsheetId, allow);
  return { allowed: hasFormulaConsent(store, settings, spreadsheetId) };
}

/** What the settings sidebar shows: never the key itself. */
export function uiGetSettings(): {
  configured: boolean;
  apiKeyMasked: string;
  baseUrl: string;
  defaultCountry: string;
  /** The opt-out tag in force (settings/opt-out.ts). */
  optOutTag: string;
  /** Whether this user's key serves CRM_* formulas in this spreadsheet. */
  formulasAllowed: boolean;
} {
  const settings = loadSettings();
  const spreadsheet = SpreadsheetApp.getActive();
  return {
    configured: settings !== null,
    apiKeyMasked: settings ? maskApiKey(settings.apiKey) : '',
    baseUrl: settings?.baseUrl ?? CRM_DEFAULT_BASE_URL,
    defaultCountry: settings?.defaultCountry ?? 'BR',
    optOutTag: optOutTagOf(settings),
    formulasAllowed:
      spreadsheet !== null &&
      hasFormulaConsent(
        propertiesStore(PropertiesService.getUserProperties()),
        settings,
        spreadsheet.getId(),
      ),
  };
}
