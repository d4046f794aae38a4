import * as z from 'zod/mini';
import { codedError } from '../errors';

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

const LOCAL_HOSTS = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//i;

/** Validates user input for crmConfigure; every message says what to fix. */
export function parseSettingsInput(
  input: unknown,
  defaults: { baseUrl: string; previous?: Settings | null },
): Settings {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new Error(
      'crmConfigure needs an object such as {apiKey: "crm_…", baseUrl: "https://…/api/v1"}.',
    );
  }
  const raw = input as Record<string, unknown>;
  const apiKey = String(raw.apiKey ?? defaults.previous?.apiKey ?? '').trim();
  if (!apiKey)
    throw codedError(
      'apiKey is missing: paste the key created under Settings → API keys in the CRM.',
      'apiKeyMissing',
    );
  if (!/^crm_[A-Za-z0-9_-]+$/.test(apiKey)) {
    throw codedError(
      `apiKey must start with "crm_" and hold no spaces (got ${maskApiKey(apiKey)}).`,
      'apiKeyFormat',
    );
  }
  const baseUrl = normalizeBaseUrl(
    String(raw.baseUrl ?? defaults.previous?.baseUrl ?? defaults.baseUrl),
  );
  const defaultCountry = String(
    raw.defaultCountry ?? defaults.previous?.defaultCountry ?? DEFAULT_COUNTRY,
  )
    .trim()
    .toUpperCase();
  if (!/^[A-Z]{2}$/.test(defaultCountry)) {
    throw codedError(
      `defaultCountry must be a two-letter country code such as "BR" or "US" (got "${defaultCountry}").`,
      'countryCode',
    );
  }
  return { apiKey, baseUrl, defaultCountry };
}

/** https only, except plain http to the local sandbox; always ends in /api/v1 without a slash. */
export function normalizeBaseUrl(value: string): string {
  const url = value.trim().replace(/\/+$/, '');
  if (!/^https:\/\//i.test(url) && !LOCAL_HOSTS.test(`${url}/`)) {
    throw codedError(
      `baseUrl must start with https:// (plain http:// only for localhost); got "${url}".`,
      'baseUrlHttps',
    );
  }
  if (!/\/api\/v1$/.test(url)) {
    throw codedError(
      `baseUrl must end in /api/v1, for example https://crm.example.com/api/v1 (got "${url}").`,
      'baseUrlPath',
    );
  }
  return url;
}

/** The only form in which a key is ever shown: `crm_…abcd`. */
export function maskApiKey(apiKey: string): string {
  if (apiKey.length <= 8) return 'crm_…';
  return `crm_…${apiKey.slice(-4)}`;
}
