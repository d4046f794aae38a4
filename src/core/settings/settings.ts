import { isSupportedCountry } from 'libphonenumber-js/min';
import * as z from 'zod/mini';
import { type BaseUrlProblem, checkBaseUrl, shownInput } from '../../api';
import { lazySchema } from '../../api/schemas/lazy';
import { codedError } from '../errors';
import { type MessageKey, type MessageParams, translator } from '../i18n';
import { DEFAULT_OPT_OUT_TAG, OPT_OUT_TAG_MAX_CHARS, optOutTagOf } from './opt-out';

/** What crmConfigure stores: per user, since an API key belongs to a person. */
export const SettingsSchema = lazySchema(() =>
  z.object({
    apiKey: z.string(),
    baseUrl: z.string(),
    defaultCountry: z.string(),
    /** The CRM account the key belongs to, from GET /account when the key was checked. */
    accountId: z.optional(z.number()),
    /** The account's "do not message" tag (opt-out.ts); left out, DEFAULT_OPT_OUT_TAG. */
    optOutTag: z.optional(z.string()),
  }),
);
export type Settings = z.infer<typeof SettingsSchema>;

export const DEFAULT_COUNTRY = 'BR';

/** A typed value longer than this is never repeated in a country message (it is no code). */
const SHOWN_COUNTRY_MAX_CHARS = 3;

/**
 * Each refusal: its developer message (English, `settings.*`) and the code whose words the
 * sidebar shows in the person's language (`ui.error.<code>`, core/person-message.ts).
 */
const BASE_URL_REFUSALS: Readonly<Record<BaseUrlProblem, [MessageKey, string]>> = {
  missing: ['settings.baseUrl.missing', 'baseUrlForm'],
  notUrl: ['settings.baseUrl.notUrl', 'baseUrlForm'],
  scheme: ['settings.baseUrl.scheme', 'baseUrlHttps'],
  credentials: ['settings.baseUrl.credentials', 'baseUrlForm'],
  query: ['settings.baseUrl.query', 'baseUrlForm'],
  plainHttp: ['settings.baseUrl.plainHttp', 'baseUrlHttps'],
  path: ['settings.baseUrl.path', 'baseUrlPath'],
};

const english = translator('en');

/**
 * Validates user input for crmConfigure; every message says what to fix and never repeats
 * typed text that looks like a key (a key pasted into the wrong field must not reach the
 * sidebar or the execution log). Errors carry a code (core/errors.ts) for the sidebar's words.
 *
 * The saved key is reused only while the base URL stays the one it was saved for: a key is a
 * secret of one CRM, and sending it to a new address on someone's say-so would hand it over.
 */
export function parseSettingsInput(
  input: unknown,
  defaults: { baseUrl: string; previous?: Settings | null },
): Settings {
  const got = (value: string | null): string =>
    value === null ? '' : english('settings.got', { value });
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new Error(english('settings.notAnObject'));
  }
  const raw = input as Record<string, unknown>;
  const previous = defaults.previous ?? null;

  const baseUrlInput = raw.baseUrl ?? previous?.baseUrl ?? defaults.baseUrl;
  const checked = checkBaseUrl(baseUrlInput);
  if (!checked.ok) {
    const [key, code] = BASE_URL_REFUSALS[checked.problem];
    return refuse(key, code, { got: got(shownInput(baseUrlInput)) });
  }
  const baseUrl = checked.url;

  const typedKey = raw.apiKey === undefined || raw.apiKey === null ? '' : String(raw.apiKey).trim();
  let apiKey = typedKey;
  if (apiKey === '' && previous) {
    if (previous.baseUrl !== baseUrl) refuse('settings.keyForNewBaseUrl', 'apiKeyForNewBaseUrl');
    apiKey = previous.apiKey;
  }
  if (!apiKey) refuse('settings.keyMissing', 'apiKeyMissing');
  if (!/^crm_[A-Za-z0-9_-]+$/.test(apiKey)) {
    refuse('settings.keyForm', 'apiKeyFormat', { masked: maskApiKey(apiKey) });
  }

  const countryInput = raw.defaultCountry ?? previous?.defaultCountry ?? DEFAULT_COUNTRY;
  const defaultCountry = String(countryInput).trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(defaultCountry) || !isSupportedCountry(defaultCountry)) {
    const shown = shownInput(String(countryInput));
    refuse('settings.countryUnknown', 'countryCode', {
      got: got(
        shown !== null && shown.length <= SHOWN_COUNTRY_MAX_CHARS ? shown.toUpperCase() : null,
      ),
    });
  }
  const optOutTag = parseOptOutTag(raw.optOutTag, previous);
  return { apiKey, baseUrl, defaultCountry, optOutTag };
}

/**
 * The opt-out tag typed (trimmed), else the one saved, else the default: a blank field means the
 * default, never "no opt-out" (no send may ever reach a lead that asked not to be messaged).
 */
function parseOptOutTag(input: unknown, previous: Settings | null): string {
  if (input !== undefined && input !== null && typeof input !== 'string') {
    refuse('settings.optOutTagForm', 'optOutTagForm', { max: OPT_OUT_TAG_MAX_CHARS });
  }
  const typed = typeof input === 'string' ? input.trim() : '';
  if (typed.length > OPT_OUT_TAG_MAX_CHARS) {
    refuse('settings.optOutTagForm', 'optOutTagForm', { max: OPT_OUT_TAG_MAX_CHARS });
  }
  if (typed !== '') return typed;
  return input === undefined || input === null ? optOutTagOf(previous) : DEFAULT_OPT_OUT_TAG;
}

/** Throws the English message of `key` with the sidebar's `code` (its words never echo input). */
function refuse(key: MessageKey, code: string, params?: MessageParams): never {
  throw codedError(english(key, params), code);
}

/** The only form in which a key is ever shown: `crm_…abcd`. */
export function maskApiKey(apiKey: string): string {
  if (apiKey.length <= 8) return 'crm_…';
  return `crm_…${apiKey.slice(-4)}`;
}
