import { ProviderError } from '../../api/errors';

/**
 * What a 502 `Falha ao enviar:` / `Provedor retornou erro:` means for the row and the job, read
 * from the WhatsApp provider's own error code, which the CRM passes on in `raw`
 * (crm-api-v1.md, Errors: "`raw` carries the provider's original error"). The codes are the
 * WhatsApp Cloud API's:
 * https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes
 *
 * Can a retry send twice? A 502 whose `raw` carries a provider code is the provider's answer to
 * that very request: an error instead of a message id, so the provider did not take the message
 * (the sandbox refuses it the same way: the conversation opens, no message is added). So:
 * - `transient`: retrying cannot double-send; the row goes back to QUEUED and is sent again later
 *   in the same job, paced, at most TRANSIENT_RETRIES times, then FAILED.
 * - `lead`: the provider will refuse this lead (or this row's content) again: FAILED with the
 *   reason in words and the CRM's own text; a new send job tries the row again.
 * - `systemic`: the provider refuses every row for one reason (template, account, number,
 *   credentials): nothing was sent; the rows go back to QUEUED and the job pauses with the fix.
 * A 502 with one of the prefixes but no readable code, or a code not in this table, is FAILED
 * and not retried: the row may not be resent without a person deciding (an unknown failure is
 * not known to be a refusal). A 502 without either prefix, or any other 5xx, does not say the
 * provider refused: it may hide a delivered message, so the row is UNCERTAIN (see outcome.ts).
 */
export type ProviderFailureClass = 'transient' | 'lead' | 'systemic';

/** Why a provider failure happened, in the words the catalogue has for it (`send.provider.<reason>`). */
export type ProviderReason =
  | 'generic'
  | 'unavailable'
  | 'throughput'
  | 'pairRate'
  | 'undeliverable'
  | 'optedOut'
  | 'notDelivered'
  | 'parameter'
  | 'media'
  | 'templatePaused'
  | 'templateDisabled'
  | 'templateMissing'
  | 'templateChanged'
  | 'accountLocked'
  | 'payment'
  | 'credentials'
  | 'numberNotRegistered'
  | 'permission';

export interface ProviderFailureRule {
  class: ProviderFailureClass;
  reason: ProviderReason;
  /** For `transient`: the wait before the first retry (doubled at each retry). */
  retryAfterMs?: number;
}

/** Retries of a row after transient provider failures, in one job (then FAILED). */
export const TRANSIENT_RETRIES = 3;
const GENERIC_RETRY_MS = 30_000;
/** The provider's own rate limits clear over about a minute. */
const RATE_RETRY_MS = 60_000;
/** Consecutive systemic refusals after which the job pauses. */
export const SYSTEMIC_REFUSALS_TO_PAUSE = 3;

const transient = (
  reason: ProviderReason,
  retryAfterMs = GENERIC_RETRY_MS,
): ProviderFailureRule => ({
  class: 'transient',
  reason,
  retryAfterMs,
});
const lead = (reason: ProviderReason): ProviderFailureRule => ({ class: 'lead', reason });
const systemic = (reason: ProviderReason): ProviderFailureRule => ({ class: 'systemic', reason });

/** The table: provider code → class and reason. */
export const PROVIDER_CODES: Readonly<Record<number, ProviderFailureRule>> = {
  // Temporary on the provider's side.
  1: transient('generic'),
  2: transient('unavailable'),
  131000: transient('generic'),
  131016: transient('unavailable'),
  133004: transient('unavailable'),
  131057: transient('unavailable'),
  // The provider's rate limits: the same request succeeds later.
  4: transient('throughput', RATE_RETRY_MS),
  80007: transient('throughput', RATE_RETRY_MS),
  130429: transient('throughput', RATE_RETRY_MS),
  131056: transient('pairRate', RATE_RETRY_MS),
  // This lead (or this row's content) will be refused again.
  131026: lead('undeliverable'),
  131021: lead('undeliverable'),
  130472: lead('undeliverable'),
  131050: lead('optedOut'),
  131049: lead('notDelivered'),
  131008: lead('parameter'),
  131009: lead('parameter'),
  132005: lead('parameter'),
  132007: lead('parameter'),
  132012: lead('parameter'),
  132018: lead('parameter'),
  131052: lead('media'),
  131053: lead('media'),
  // Every row will be refused until someone fixes the template, the account or the number.
  132015: systemic('templatePaused'),
  132016: systemic('templateDisabled'),
  132001: systemic('templateMissing'),
  132000: systemic('templateChanged'),
  131031: systemic('accountLocked'),
  368: systemic('accountLocked'),
  131042: systemic('payment'),
  190: systemic('credentials'),
  133010: systemic('numberNotRegistered'),
  131045: systemic('numberNotRegistered'),
  3: systemic('permission'),
  10: systemic('permission'),
};

const PROVIDER_PREFIX = /^(Falha ao enviar:|Provedor retornou erro:)/;

/** The provider's code in `raw`: `{error: {code}}` as the Cloud API answers, or `{code}`. */
export function providerCode(raw: unknown): number | undefined {
  const read = (value: unknown): number | undefined => {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
    return undefined;
  };
  if (typeof raw === 'string') {
    try {
      return providerCode(JSON.parse(raw));
    } catch {
      return undefined;
    }
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const record = raw as { error?: unknown; code?: unknown };
  if (typeof record.error === 'object' && record.error !== null) {
    const code = read((record.error as { code?: unknown }).code);
    if (code !== undefined) return code;
  }
  return read(record.code);
}

export type ProviderFailure =
  /** A refusal the table knows. */
  | ({ kind: 'known'; code: number } & ProviderFailureRule)
  /** A provider refusal (the prefix) without a code the table knows: FAILED, not retried. */
  | { kind: 'unknown'; code: number | undefined };

/** The failure a 502 from the provider stands for; undefined when the error is not one. */
export function classifyProviderFailure(error: unknown): ProviderFailure | undefined {
  if (!(error instanceof ProviderError) || !PROVIDER_PREFIX.test(error.message.trim())) {
    return undefined;
  }
  const code = providerCode(error.raw);
  const rule = code === undefined ? undefined : PROVIDER_CODES[code];
  if (code === undefined || !rule) return { kind: 'unknown', code };
  return { kind: 'known', code, ...rule };
}

/** The wait before retry number `attempt` (1-based) of a transient failure. */
export function transientRetryDelayMs(rule: ProviderFailureRule, attempt: number): number {
  return (rule.retryAfterMs ?? GENERIC_RETRY_MS) * 2 ** Math.max(0, attempt - 1);
}
