/**
 * One paced request of a job step, with the error policy of PRODUCT.md: 429 waits (through the
 * shared pacer) and retries; 5xx and network failures retry with back-off, then fail the job
 * with the provider's raw error; 401/403 pause the job with a message naming the fix.
 */
import {
  AuthError,
  CrmError,
  ForbiddenError,
  isRetryable,
  RateLimitError,
  ValidationError,
} from '../../../api';
import { type Translate, translator } from '../../i18n';
import { JobFailure, JobPause, JobYield, jobControlOf, type StepContext } from '../../jobs';
import { type Pacer, retryWithBackoff, withRateLimitRetry } from '../../pacing';
import { crmDetail } from '../../person-message';

export interface PacedRequestOptions {
  /** What is being fetched, for messages ("page 3 of the lead list"). */
  what: string;
  /** Seeded in tests. */
  random?: () => number;
  /** The job's language (default English). */
  t?: Translate;
}

export function fetchWithPacing<T>(
  pacer: Pacer,
  ctx: StepContext,
  request: () => T,
  options: PacedRequestOptions,
): T {
  try {
    return retryWithBackoff(
      () => withRateLimitRetry(pacer, request, { deadline: ctx.latestStartAt, maxAttempts: 3 }),
      {
        clock: ctx.clock,
        // 429s were retried through the pacer already; here only server and network failures.
        isRetryable: (error) => isRetryable(error) && !(error instanceof RateLimitError),
        attempts: 3,
        deadline: ctx.latestStartAt,
        ...(options.random ? { random: options.random } : {}),
      },
    );
  } catch (error) {
    throw jobErrorFor(error, pacer, options.what, options.t);
  }
}

/** A request's failure → what the job does about it (pause, fail, yield), or the error itself. */
export function jobErrorFor(
  error: unknown,
  pacer: Pacer,
  what: string,
  t: Translate = translator('en'),
): unknown {
  if (jobControlOf(error) !== null) return error;
  if (error instanceof RateLimitError) {
    return new JobYield(t('export.error.rateLimited'), pacer.nextSlotAt());
  }
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof AuthError) return new JobPause(t('export.error.keyRefused', { detail }));
  if (error instanceof ForbiddenError) {
    if (error.accountInactive) {
      return new JobPause(t('export.error.accountSuspended', { detail }));
    }
    const scope = error.requiredPermission ?? 'leads:read';
    return new JobPause(t('export.error.scope', { scope, detail }));
  }
  if (error instanceof ValidationError) {
    return new JobFailure(t('export.error.refused', { what, detail: crmDetail(error, t) }));
  }
  if (error instanceof CrmError) {
    const key = isRetryable(error) ? 'export.error.readFailedRetried' : 'export.error.readFailed';
    return new JobFailure(t(key, { what, detail: crmDetail(error, t) }));
  }
  return error;
}
