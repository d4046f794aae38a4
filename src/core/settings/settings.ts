import { isSupportedCountry } from 'libphonenumber-js/min';
import * as z from 'zod/mini';
import { type BaseUrlProblem, checkBaseUrl, shownInput } from '../../api';
import { type MessageKey, type MessageParams, type Translate, translator } from '../i18n';

/** What crmConfigure stores: per user, since an API key belongs to a person. */
export const SettingsSchema = z.object({
  apiKey: z.string(),
  baseUrl: z.string(),
  defaultCountry: z.string(),
  /** The CRM account the key belongs to, from GET /account when the key was checked. */
  accountId: z.optional(z.number()),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const DEFAULT_COUNTRY = 'BR';

/** A typed value longer than this is never repeated in a country message (it is no code). */
const SHOWN_COUNTRY_MAX_CHARS = 3;

const BASE_URL_MESSAGES: Readonly<Record<BaseUrlProblem, MessageKey>> = {
  missing: 'settings.baseUrl.missing',
  notUrl: 'settings.baseUrl.notUrl',
  scheme: 'settings.baseUrl.scheme',
  credentials: 'settings.baseUrl.credentials',
  query: 'settings.baseUrl.query',
  plainHttp: 'settings.baseUrl.plainHttp',
  path: 'settings.baseUrl.path',
};

/**
 * Validates user input for crmConfigure; every message says what to fix, in the language of `t`
 * (English for the Apps Script API, the user's for the sidebar), and never repeats typed text
 * that looks like a key.
 *
 * The saved key is reused only while the base URL stays the one it was saved for: a key is a
 * secret of one CRM, and sending it to a new address on someone's say-so would hand it over.
 */
export function parseSettingsInput(
  input: unknown,
  defaults: { baseUrl: string; previous?: Settings | null },
  t: Translate = translator('en'),
): Settings {
  const fail = (key: MessageKey, params?: MessageParams) => refuse(t, key, params);
  const got = (value: string | null): string =>
    value === null ? '' : t('settings.got', { value });
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return refuse(t, 'settings.notAnObject');
  }
  const raw = input as Record<string, unknown>;
  const previous = defaults.previous ?? null;

  const baseUrlInput = raw.baseUrl ?? previous?.baseUrl ?? defaults.baseUrl;
  const checked = checkBaseUrl(baseUrlInput);
  if (!checked.ok) {
    return refuse(t, BASE_URL_MESSAGES[checked.problem], { got: got(shownInput(baseUrlInput)) });
  }
  const baseUrl = checked.url;

  const typedKey = raw.apiKey === undefined || raw.apiKey === null ? '' : String(raw.apiKey).trim();
  let apiKey = typedKey;
  if (apiKey === '' && previous) {
    if (previous.baseUrl !== baseUrl) fail('settings.keyForNewBaseUrl');
    apiKey = previous.apiKey;
  }
  if (!apiKey) fail('settings.keyMissing');
  if (!/^crm_[A-Za-z0-9_-]+$/.test(apiKey))
    fail('settings.keyForm', { masked: maskApiKey(apiKey) });

  const countryInput = raw.defaultCountry ?? previous?.defaultCountry ?? DEFAULT_COUNTRY;
  const defaultCountry = String(countryInput).trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(defaultCountry) || !isSupportedCountry(defaultCountry)) {
    const shown = shownInput(String(countryInput));
    fail('settings.countryUnknown', {
      got: got(
        shown !== null && shown.length <= SHOWN_COUNTRY_MAX_CHARS ? shown.toUpperCase() : null,
      ),
    });
  }
  return { apiKey, baseUrl, defaultCountry };
}

function refuse(t: Translate, key: MessageKey, params?: MessageParams): never {
  throw new Error(t(key, params));
}

/** The only form in which a key is ever shown: `crm_…abcd`. */
export function maskApiKey(apiKey: string): string {
  if (apiKey.length <= 8) return 'crm_…';
  return `crm_…${apiKey.slice(-4)}`;
}
