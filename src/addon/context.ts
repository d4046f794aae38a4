import { type CrmClient, createCrmClient } from '../api';
import { codedError } from '../core/errors';
import { createJobStore, type EngineDeps } from '../core/jobs';
import { createPacer, hashApiKey, type Pacer } from '../core/pacing';
import { DEFAULT_COUNTRY, type Settings, SettingsSchema } from '../core/settings/settings';
import { appsScriptClock, cacheAdapter, lockAdapter, propertiesStore } from '../gas/services';
import { createUrlFetchTransport } from '../gas/url-fetch-transport';
import { surfaceDeprecation } from './notices';

/**
 * Builds what entry points need from Apps Script services, fresh for every execution
 * (Apps Script keeps no globals between executions).
 */
const SETTINGS_KEY = 'crm.settings';

/** The API key belongs to a person, so settings live in the user's properties. */
export function loadSettings(): Settings | null {
  const raw = PropertiesService.getUserProperties().getProperty(SETTINGS_KEY);
  if (!raw) return null;
  try {
    const parsed = SettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveSettings(settings: Settings): void {
  PropertiesService.getUserProperties().setProperty(SETTINGS_KEY, JSON.stringify(settings));
}

export function requireSettings(): Settings {
  const settings = loadSettings();
  if (!settings) {
    throw codedError(
      'No CRM API key is set: open CRM → Settings, or call crmConfigure({apiKey: "crm_…"}) first.',
      'noSettings',
    );
  }
  return { ...settings, defaultCountry: settings.defaultCountry || DEFAULT_COUNTRY };
}

export function clientFor(settings: Settings): CrmClient {
  return createCrmClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    transport: createUrlFetchTransport(),
    onResponse: surfaceDeprecation,
  });
}

/**
 * Who a job or schedule belongs to: the CRM account behind the key, so that a new key for the
 * same account (after a revoked one) continues it and another account's key never does.
 * Hashed: document properties, which every editor can read, never hold the key.
 */
export function ownerOf(settings: Settings): string {
  const account =
    settings.accountId === undefined ? `key ${settings.apiKey}` : `account ${settings.accountId}`;
  return hashApiKey(`${settings.baseUrl} ${account}`);
}

/** One pacer per API key for every document and execution of this user. */
export function pacerFor(settings: Settings, clock = appsScriptClock): Pacer {
  return createPacer(
    {
      cache: cacheAdapter(CacheService.getUserCache()),
      mutex: lockAdapter(LockService.getUserLock()),
      clock,
    },
    { apiKey: settings.apiKey },
  );
}

/** Jobs belong to the spreadsheet: its properties hold them and its lock serialises drivers. */
export function engineDeps(): EngineDeps {
  return {
    store: createJobStore(propertiesStore(PropertiesService.getDocumentProperties())),
    clock: appsScriptClock,
    mutex: lockAdapter(LockService.getDocumentLock()),
  };
}

export function spreadsheetTimeZone(): string {
  return SpreadsheetApp.getActive().getSpreadsheetTimeZone();
}
