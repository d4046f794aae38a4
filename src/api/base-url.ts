import { InvalidInputError } from './errors';
import { looksLikeSecret } from './secrets';

/** Hosts where plain http:// is allowed: the local sandbox only (PRODUCT.md, Secrets). */
const LOCAL_HOSTS = ['localhost', '127.0.0.1'];
const EXAMPLE = 'https://crm.example.com/api/v1';

/** Why a base URL was refused; the settings sidebar words each in the user's language. */
export type BaseUrlProblem =
  | 'missing'
  | 'notUrl'
  | 'scheme'
  | 'credentials'
  | 'query'
  | 'plainHttp'
  | 'path';

export type BaseUrlCheck = { ok: true; url: string } | { ok: false; problem: BaseUrlProblem };

/**
 * Checks and normalises the CRM base URL: http(s) only, https unless the host is local, no
 * credentials, query or fragment, and a path ending in /api/v1 (a trailing slash is dropped).
 */
export function checkBaseUrl(raw: unknown): BaseUrlCheck {
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, problem: 'missing' };
  const text = raw.trim();
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]*)([^?#\s]*)([?#].*)?$/i.exec(text);
  if (!match) return { ok: false, problem: 'notUrl' };
  const scheme = (match[1] ?? '').toLowerCase();
  const authority = match[2] ?? '';
  const path = (match[3] ?? '').replace(/\/+$/, '');
  if (scheme !== 'https' && scheme !== 'http') return { ok: false, problem: 'scheme' };
  if (authority === '' || authority.includes('@')) return { ok: false, problem: 'credentials' };
  if (match[4]) return { ok: false, problem: 'query' };
  const host = (/^(\[[^\]]*\]|[^:]*)/.exec(authority)?.[1] ?? '').toLowerCase();
  if (scheme === 'http' && !LOCAL_HOSTS.includes(host)) return { ok: false, problem: 'plainHttp' };
  if (!path.endsWith('/api/v1')) return { ok: false, problem: 'path' };
  return { ok: true, url: `${scheme}://${authority.toLowerCase()}${path}` };
}

/**
 * Developer messages (English) for the Apps Script API and the typed client; the code names
 * the words a sidebar shows (the same as Settings says, core/settings/settings.ts).
 */
function problemError(problem: BaseUrlProblem, got: string): InvalidInputError {
  switch (problem) {
    case 'missing':
      return new InvalidInputError(
        `baseUrl is missing: give the CRM API address, e.g. ${EXAMPLE}.`,
        'baseUrlForm',
      );
    case 'notUrl':
      return new InvalidInputError(
        `baseUrl is not a URL${got}: write it like ${EXAMPLE}.`,
        'baseUrlForm',
      );
    case 'scheme':
      return new InvalidInputError(`baseUrl must start with https://${got}.`, 'baseUrlHttps');
    case 'credentials':
      return new InvalidInputError(
        `baseUrl needs a host name and no user name or password${got}, e.g. ${EXAMPLE}.`,
        'baseUrlForm',
      );
    case 'query':
      return new InvalidInputError(
        `baseUrl must not have a query string or #fragment${got}: end it at /api/v1.`,
        'baseUrlForm',
      );
    case 'plainHttp':
      return new InvalidInputError(
        `baseUrl must use https:// so the API key is never sent in clear; plain http:// is allowed only for localhost or 127.0.0.1${got}.`,
        'baseUrlHttps',
      );
    case 'path':
      return new InvalidInputError(
        `baseUrl must end in /api/v1, e.g. ${EXAMPLE}${got}.`,
        'baseUrlPath',
      );
  }
}

/**
 * What a refused value may be shown as in a message: nothing when it looks like a key (a key
 * pasted into the wrong field must not reach the sidebar or the execution log).
 */
export function shownInput(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  return text === '' || looksLikeSecret(text) ? null : text;
}

/** checkBaseUrl, throwing an InvalidInputError that names the fix. */
export function normalizeBaseUrl(raw: unknown): string {
  const checked = checkBaseUrl(raw);
  if (checked.ok) return checked.url;
  const shown = shownInput(raw);
  throw problemError(checked.problem, shown === null ? '' : ` (got "${shown}")`);
}
