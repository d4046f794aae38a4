import { type Account, RateLimitError } from '../api';
import { codedError } from '../core/errors';
import { maskApiKey, parseSettingsInput } from '../core/settings/settings';
import { clientFor, loadSettings, pacerFor, saveSettings } from './context';

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
  saveSettings({ ...settings, accountId: account.id });
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
