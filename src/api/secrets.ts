import { InvalidInputError } from './errors';

/** `crm_…abcd`: enough to recognise a key, never enough to use it. */
export function maskApiKey(apiKey: string): string {
  const tail = apiKey.length > 12 ? apiKey.slice(-4) : '';
  return `crm_…${tail}`;
}

/** Replaces every occurrence of the key in a text by its mask. */
export function redactApiKey(text: string, apiKey: string): string {
  return apiKey !== '' && text.includes(apiKey)
    ? text.split(apiKey).join(maskApiKey(apiKey))
    : text;
}

/**
 * Whether typed text may be (or hold) an API key: anything with `crm_` in any case (a country
 * field upper-cases it), or one long unbroken token such as a key without its prefix. Messages
 * never repeat such text.
 */
export function looksLikeSecret(text: string): boolean {
  return /crm_/i.test(text) || /^[A-Za-z0-9_-]{16,}$/.test(text.trim());
}

/** Checks a key's form; the messages never repeat the key. */
export function checkApiKey(apiKey: unknown): string {
  if (typeof apiKey !== 'string' || apiKey === '') {
    throw new InvalidInputError(
      'apiKey is missing: create one in the CRM under Settings › API keys.',
      'apiKeyMissing',
    );
  }
  if (/\s/.test(apiKey)) {
    throw new InvalidInputError(
      'apiKey contains spaces or line breaks: paste the key alone.',
      'apiKeyFormat',
    );
  }
  if (!apiKey.startsWith('crm_') || apiKey.length <= 'crm_'.length) {
    throw new InvalidInputError(
      'apiKey does not look like a CRM key: keys start with crm_ (copy it from Settings › API keys).',
      'apiKeyFormat',
    );
  }
  return apiKey;
}
