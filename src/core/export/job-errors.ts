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
} from '../../api';
import { JobFailure, JobPause, JobYield, jobControlOf, type StepContext } from '../jobs';
import { type Pacer, retryWithBackoff, withRateLimitRetry } from '../pacing';

export interface PacedRequestOptions {
  /** What is being fetched, for messages ("page 3 of the lead list"). */
  what: string;
  /** Seeded in tests. */
  random?: () => number;
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
    throw jobErrorFor(error, pacer, options.what);
  }
}

/** A request's failure → what the job does about it (pause, fail, yield), or the error itself. */
export function jobErrorFor(error: unknown, pacer: Pacer, what: string): unknown {
  if (jobControlOf(error) !== null) return error;
  if (error instanceof RateLimitError) {
    return new JobYield(
      'The CRM rate limit is reached; the export continues when requests are allowed again.',
      pacer.nextSlotAt(),
    );
  }
  if (error instanceof AuthError) {
    return new JobPause(
      `The CRM refused the API key (${error.message}). Open CRM → Settings, save a valid key, then resume the job.`,
    );
  }
  if (error instanceof ForbiddenError) {
    if (error.accountInactive) {
      return new JobPause(
        `The CRM account is suspended (${error.message}). Reactivate it with the CRM's support, then resume the job.`,
      );
    }
    const scope = error.requiredPermission ?? 'leads:read';
    return new JobPause(
      `The API key lacks the scope ${scope} (${error.message}). Create a key with that scope in the CRM's settings, save it in CRM → Settings, then resume the job.`,
    );
  }
  if (error instanceof ValidationError) {
    return new JobFailure(`The CRM refused ${what}: ${error.detail}`);
  }
  if (error instanceof CrmError) {
    const retried = isRetryable(error) ? ' after 3 attempts' : '';
    return new JobFailure(`Could not read ${what}${retried}: ${error.detail}`);
  }
  return error;
}
