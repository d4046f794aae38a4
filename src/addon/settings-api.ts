import type { Account } from '../api';
import { maskApiKey, parseSettingsInput } from '../core/settings/settings';
import { clientFor, loadSettings, saveSettings } from './context';

export interface ConfigureInput {
  apiKey?: string;
  baseUrl?: string;
  defaultCountry?: string;
}

/**
 * Checks the key with GET /account, then stores the settings for this user.
 * Returns `{account}`. Nothing is stored when the check fails.
 */
export function crmConfigure(options: ConfigureInput): { account: Account } {
  const settings = parseSettingsInput(options, {
    baseUrl: CRM_DEFAULT_BASE_URL,
    previous: loadSettings(),
  });
  const account = clientFor(settings).account.get();
  saveSettings(settings);
  return { account };
}

/** What the settings sidebar shows: never the key itself. */
export function uiGetSettings(): {
  configured: boolean;
  apiKeyMasked: string;
  baseUrl: string;
  defaultCountry: string;
} {
  const settings = loadSettings();
  return {
    configured: settings !== null,
    apiKeyMasked: settings ? maskApiKey(settings.apiKey) : '',
    baseUrl: settings?.baseUrl ?? CRM_DEFAULT_BASE_URL,
    defaultCountry: settings?.defaultCountry ?? 'BR',
  };
}
