import { InvalidInputError } from './errors';

/** Hosts where plain http:// is allowed: the local sandbox only (PRODUCT.md, Secrets). */
const LOCAL_HOSTS = ['localhost', '127.0.0.1'];
const EXAMPLE = 'https://crm.example.com/api/v1';

/**
 * Checks and normalises the CRM base URL: http(s) only, https unless the host is local, no
 * credentials, query or fragment, and a path ending in /api/v1 (a trailing slash is dropped).
 */
export function normalizeBaseUrl(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw new InvalidInputError(`baseUrl is missing: give the CRM API address, e.g. ${EXAMPLE}.`);
  }
  const text = raw.trim();
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]*)([^?#\s]*)([?#].*)?$/i.exec(text);
  if (!match) {
    throw new InvalidInputError(`baseUrl "${text}" is not a URL: write it like ${EXAMPLE}.`);
  }
  const scheme = (match[1] ?? '').toLowerCase();
  const authority = match[2] ?? '';
  const path = (match[3] ?? '').replace(/\/+$/, '');
  if (scheme !== 'https' && scheme !== 'http') {
    throw new InvalidInputError(`baseUrl must start with https:// (got ${scheme}://).`);
  }
  if (authority === '' || authority.includes('@')) {
    throw new InvalidInputError(
      `baseUrl "${text}" needs a host name and no user name or password, e.g. ${EXAMPLE}.`,
    );
  }
  if (match[4]) {
    throw new InvalidInputError(
      `baseUrl "${text}" must not have a query string or #fragment: end it at /api/v1.`,
    );
  }
  const host = (/^(\[[^\]]*\]|[^:]*)/.exec(authority)?.[1] ?? '').toLowerCase();
  if (scheme === 'http' && !LOCAL_HOSTS.includes(host)) {
    throw new InvalidInputError(
      `baseUrl must use https:// so the API key is never sent in clear; plain http:// is allowed only for localhost or 127.0.0.1 (got ${text}).`,
    );
  }
  if (!path.endsWith('/api/v1')) {
    throw new InvalidInputError(`baseUrl must end in /api/v1, e.g. ${EXAMPLE} (got ${text}).`);
  }
  return `${scheme}://${authority.toLowerCase()}${path}`;
}
