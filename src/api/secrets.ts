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

/** Checks a key's form; the messages never repeat the key. */
export function checkApiKey(apiKey: unknown): string {
  if (typeof apiKey !== 'string' || apiKey === '') {
    throw new InvalidInputError(
      'apiKey is missing: create one in the CRM under Settings › API keys.',
    );
  }
  if (/\s/.test(apiKey)) {
    throw new InvalidInputError('apiKey contains spaces or line breaks: paste the key alone.');
  }
  if (!apiKey.startsWith('crm_') || apiKey.length <= 'crm_'.length) {
    throw new InvalidInputError(
      'apiKey does not look like a CRM key: keys start with crm_ (copy it from Settings › API keys).',
    );
  }
  return apiKey;
}
