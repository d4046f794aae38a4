import { CrmError } from './errors';
/**
 * Apps Script refusals that happen BEFORE a service does any work: quotas and the add-on's
 * URL allow-list. A UrlFetch call refused this way never left, so no row may be marked FAILED or
 * UNCERTAIN for it, and a job that meets one waits (or pauses, for the allow-list) instead of
 * failing. Quotas: https://developers.google.com/apps-script/guides/services/quotas
 * Allow-list: https://developers.google.com/apps-script/manifest/allowlist-url
 *
 * Recognised by the `platformLimit` tag or, for errors thrown straight by an Apps Script service
 * (SpreadsheetApp, PropertiesService…), by their documented wording.
 */
export type PlatformLimit =
  /** A per-day quota (UrlFetch calls, trigger or script runtime): try again the next day. */
  | 'daily'
  /** Too many calls in a short time, or at once: try again in a minute. */
  | 'burst'
  /** The Properties store is full: room must be made before anything else is saved. */
  | 'storage'
  /** The URL is not in the add-on's urlFetchWhitelist (or the domain's allow-list). */
  | 'allowlist';

export class PlatformQuotaError extends Error {
  readonly platformLimit: PlatformLimit;
  constructor(limit: PlatformLimit, message: string) {
    super(message);
    this.name = 'PlatformQuotaError';
    this.platformLimit = limit;
  }
}

/** Apps Script's wording, newest first; checked on the whole message, case-blind. */
const PATTERNS: readonly { limit: PlatformLimit; pattern: RegExp }[] = [
  { limit: 'daily', pattern: /too many times for one day/i },
  { limit: 'daily', pattern: /too much computer time for one day/i },
  { limit: 'daily', pattern: /bandwidth quota exceeded/i },
  { limit: 'storage', pattern: /exceeded the property storage quota/i },
  { limit: 'burst', pattern: /too many times in a short time/i },
  { limit: 'burst', pattern: /too many simultaneous invocations/i },
  { limit: 'burst', pattern: /service invoked too many times/i },
  { limit: 'allowlist', pattern: /urlFetchWhitelist|allowlist|not (?:permitted|whitelisted)/i },
];

const LIMITS: readonly string[] = ['daily', 'burst', 'storage', 'allowlist'];

/** The platform limit an error stands for, or undefined when it is anything else. */
export function platformLimitOf(error: unknown): PlatformLimit | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const tag = (error as { platformLimit?: unknown }).platformLimit;
  if (typeof tag === 'string' && LIMITS.includes(tag)) return tag as PlatformLimit;
  // The CRM's own answers (and the provider's text inside them) are never Apps Script's
  // refusals, whatever their words: a send the CRM may have taken must not pass for one that
  // never left.
  if (error instanceof CrmError) return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message !== 'string') return undefined;
  return PATTERNS.find((p) => p.pattern.test(message))?.limit;
}

/** The error as a PlatformQuotaError when it is a platform refusal; undefined otherwise. */
export function asPlatformQuotaError(error: unknown): PlatformQuotaError | undefined {
  const limit = platformLimitOf(error);
  if (limit === undefined) return undefined;
  if (error instanceof PlatformQuotaError) return error;
  return new PlatformQuotaError(limit, (error as { message: string }).message);
}
