import type { CrmApi, CrmClient, Settled } from '../../api';
import { AuthError, CrmError, ForbiddenError, isRetryable, NetworkError } from '../../api/errors';
import { codedError } from '../errors';
import { type Translate, translator } from '../i18n';
import {
  backoffDelayMs,
  isRateLimited,
  type PaceGrant,
  type Pacer,
  retryWithBackoff,
  withRateLimitRetry,
} from '../pacing';
import type { Clock } from '../ports';
import type { StepContext } from './engine';
import { JobPause, JobYield, jobControlOf, messageOf } from './errors';

/**
 * Yields are never shown (they only say when to go on) and are kept in English, as catalogue
 * sentences so that any that got stored would read in each person's language (retranslate).
 */
const EN = translator('en');

/** Calls of a request in all when the CRM answers 5xx or the network fails (first included). */
export const BACKOFF_ATTEMPTS = 3;
export const BACKOFF_BASE_MS = 2_000;

export interface PacedCallOptions {
  pacer: Pacer;
  clock: Clock;
  /** No request starts after this instant (the step's latestStartAt). */
  latestStartAt?: number;
  /** No back-off wait runs past this instant (the step's deadline). */
  deadline?: number;
  random?: () => number;
  /**
   * Whether a pause or cancel was asked for (StepContext.stopRequested). pacedAll looks right
   * before every round leaves, so a stop reaches the job before its next request.
   */
  stopRequested?: () => boolean;
}

/**
 * One CRM request under the shared pacer: a 429 waits its Retry-After and sends the same
 * request again; 5xx and network errors are retried with back-off, then thrown. When the
 * rate limit or a back-off wait will not fit before the slice ends, a JobYield says when to
 * go on, so the request is retried by the next slice rather than given up.
 */
export function pacedCall<T>(fn: () => T, options: PacedCallOptions): T {
  const { pacer, clock } = options;
  let attempts = 0;
  try {
    return retryWithBackoff(
      () => {
        attempts += 1;
        return withRateLimitRetry(pacer, fn, { deadline: options.latestStartAt });
      },
      {
        clock,
        // 429s are withRateLimitRetry's: it waits exactly Retry-After, back-off would not.
        isRetryable: (error) => isRetryable(error) && !isRateLimited(error),
        attempts: BACKOFF_ATTEMPTS,
        baseMs: BACKOFF_BASE_MS,
        ...(options.deadline === undefined ? {} : { deadline: options.deadline }),
        ...(options.random ? { random: options.random } : {}),
      },
    );
  } catch (error) {
    if (isRateLimited(error)) {
      throw new JobYield(EN('jobs.yield.noSlot'), pacer.nextSlotAt());
    }
    if (isRetryable(error) && attempts < BACKOFF_ATTEMPTS) {
      // retryWithBackoff gave up only because the next wait would cross the deadline.
      throw new JobYield(EN('jobs.yield.retryLater'), clock.now() + BACKOFF_BASE_MS);
    }
    throw error;
  }
}

/** 429s one request of a batch may get before it is given up (the pacer keeps the wait shared). */
export const BATCH_RATE_LIMIT_ATTEMPTS = 5;

/**
 * Requests that are safe to repeat (GET pages, lookups, upserts) in parallel batches under the
 * shared pacer: each round takes as many rate-limit slots as are free (at most one per call
 * still to make) and sends that many calls at once with `client.all`. A 429 refuses only its
 * own request, which goes again after Retry-After (told to the pacer, so every execution on the
 * key waits); a 5xx or network failure goes again after a back-off, BACKOFF_ATTEMPTS calls in
 * all. Returns one outcome per call, in order. A call that could not be made before the step's
 * time ran out settles as a JobYield (`jobControlOf(error) === 'yield'`, with `notBefore`):
 * nothing was done for it, and it belongs to the next step.
 * Never use this for sends: a send that failed may still have been delivered.
 */
export function pacedAll<T>(
  client: Pick<CrmClient, 'all'>,
  calls: ReadonlyArray<(api: CrmApi) => T>,
  options: PacedCallOptions,
): Settled<T>[] {
  const { pacer, clock } = options;
  const random = options.random ?? Math.random;
  const results: (Settled<T> | undefined)[] = calls.map(() => undefined);
  const failures = calls.map(() => ({ rateLimited: 0, failed: 0 }));
  let pending = calls.map((_, index) => index);
  const alone = new Set<number>();
  while (pending.length > 0) {
    // A request that got no answer sinks its whole batch (fetchAll throws as one): after a
    // lost batch, its calls go one at a time, so one unreachable request fails only itself.
    const together = pending.filter((index) => !alone.has(index));
    const candidates = together.length > 0 ? together : pending.slice(0, 1);
    const grant = pacer.acquireUpTo(candidates.length, { deadline: options.latestStartAt });
    // Looked at right before every batch leaves: with the store's signal (JobStoreOptions) the
    // look is a cache read, so a pause that lands while the step read the sheet or took its
    // slots stops the batch too, not only one that lands while it waited.
    if (grant.count > 0 && options.stopRequested?.()) {
      pacer.answered(grant);
      const stop = new JobYield(EN('jobs.yield.stopAsked'));
      for (const index of pending) results[index] = { ok: false, error: stop };
      break;
    }
    if (grant.count === 0) {
      const later = new JobYield(EN('jobs.yield.noSlot'), pacer.nextSlotAt());
      for (const index of pending) results[index] = { ok: false, error: later };
      break;
    }
    const batch = candidates.slice(0, grant.count);
    const answers = client.all(batch.map((index) => calls[index] as (api: CrmApi) => T));
    pacer.answered(grant);
    const again: number[] = [];
    let backOffAttempt = 0;
    batch.forEach((index, position) => {
      const answer = answers[position] as Settled<T>;
      const count = failures[index] as { rateLimited: number; failed: number };
      if (!answer.ok && isRateLimited(answer.error)) {
        pacer.reportRateLimited(answer.error.retryAfterSeconds);
        count.rateLimited += 1;
        if (count.rateLimited < BATCH_RATE_LIMIT_ATTEMPTS) {
          again.push(index);
          return;
        }
      } else if (!answer.ok && isRetryable(answer.error)) {
        if (answer.error instanceof NetworkError && answer.error.batchLost && batch.length > 1) {
          alone.add(index);
        }
        count.failed += 1;
        if (count.failed < BACKOFF_ATTEMPTS) {
          again.push(index);
          backOffAttempt = Math.max(backOffAttempt, count.failed);
          return;
        }
      }
      results[index] = answer;
    });
    const sent = new Set(batch);
    pending = [...again, ...pending.filter((i) => !sent.has(i))];
    if (backOffAttempt > 0) {
      const delayMs = backoffDelayMs(backOffAttempt, BACKOFF_BASE_MS, random);
      if (options.deadline !== undefined && clock.now() + delayMs > options.deadline) {
        const later = new JobYield(EN('jobs.yield.retryLater'), clock.now() + delayMs);
        for (const index of pending) results[index] = { ok: false, error: later };
        break;
      }
      clock.sleep(delayMs);
    }
  }
  return results as Settled<T>[];
}

/**
 * The pause a 401 / 403 calls for, with the fix in words (the job's language `t`: the Jobs
 * sidebar shows the message as it is); undefined for other errors. Messages quote the CRM's own
 * message, never the key.
 */
export function pauseForAccessError(
  error: unknown,
  t: Translate = translator('en'),
): JobPause | undefined {
  if (error instanceof AuthError) {
    return new JobPause(t('jobs.pause.keyRefused', { message: error.message }));
  }
  if (error instanceof ForbiddenError) {
    if (error.accountInactive) {
      return new JobPause(t('jobs.pause.accountSuspended', { message: error.message }));
    }
    if (error.requiredPermission) {
      return new JobPause(
        t('jobs.pause.permission', {
          permission: error.requiredPermission,
          message: error.message,
        }),
      );
    }
    return new JobPause(t('jobs.pause.forbidden', { message: error.message }));
  }
  return undefined;
}

/** The paced-call options of a job step: no request starts, and no back-off wait runs, past its slice. */
export function stepPacing(
  pacer: Pacer,
  ctx: StepContext,
  random?: () => number,
): PacedCallOptions {
  return {
    pacer,
    clock: ctx.clock,
    latestStartAt: ctx.latestStartAt,
    deadline: ctx.deadline,
    ...(random ? { random } : {}),
    ...(ctx.stopRequested ? { stopRequested: () => ctx.stopRequested?.() === true } : {}),
  };
}

/** How long a request made before a job starts (checking its options) may wait for a rate-limit slot. */
export const START_WAIT_MS = 60_000;

/** The paced-call options of a request made before a job starts, in the caller's execution. */
export function startPacing(pacer: Pacer, clock: Clock): PacedCallOptions {
  return { pacer, clock, latestStartAt: clock.now() + START_WAIT_MS };
}

/**
 * What the caller of a job's start function sees when a request made before the job starts
 * fails: an Error that says what could not be done (`what`, e.g. "start the import") and the fix.
 * Errors that are not the CRM's (bugs) are returned unchanged.
 */
export function startFailure(error: unknown, what: string): unknown {
  const pause = pauseForAccessError(error);
  if (pause) {
    // No job exists yet, so there is nothing to resume.
    return withCause(
      `Could not ${what}: ${pause.message.replace(/,? then resume this job\.$/, '.')}`,
      error,
    );
  }
  const message = `Could not ${what}: ${messageOf(error)} Try again in a minute.`;
  if (error instanceof CrmError) return withCause(message, error);
  // No rate-limit slot before the wait ran out: a sidebar says so in the person's words.
  if (jobControlOf(error)) return codedError(message, 'crmRateLimitStart', undefined, error);
  return error;
}

/** The wrapped error stays reachable as `cause` (the CRM's answer, for a sidebar's words). */
function withCause(message: string, cause: unknown): Error {
  return Object.assign(new Error(message), { cause });
}

/**
 * Slots for a batch of `wanted` requests: what is free now, then the slots that free up within
 * `mergeMs`. Slots free up in the clumps they were taken in (a job's first batches are small);
 * without waiting for the rest, that pattern would repeat every minute as small batches, each
 * costing its own sheet reads and writes. The grants, each to be answered.
 */
export function acquireMerged(
  pacer: Pacer,
  wanted: number,
  options: { deadline: number; now: () => number; mergeMs: number },
): PaceGrant[] {
  const grants = [pacer.acquireUpTo(wanted, { deadline: options.deadline })];
  let count = grants[0]?.count ?? 0;
  while (count > 0 && count < wanted && pacer.nextSlotAt() - options.now() <= options.mergeMs) {
    const more = pacer.acquireUpTo(wanted - count, { deadline: options.deadline });
    if (more.count === 0) break;
    grants.push(more);
    count += more.count;
  }
  return grants;
}
