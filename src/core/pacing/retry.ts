import { codedError } from '../errors';
import { translator } from '../i18n';
import type { Clock } from '../ports';
import type { Pacer } from './pacer';

/**
 * Thrown when the pacer's next slot comes after the caller's deadline. It carries the job
 * engine's `yield` tag (duck-typed, so pacing does not depend on jobs): the step did nothing
 * and the job continues at `notBefore`.
 */
export class PacerDeadlineError extends Error {
  readonly jobControl = 'yield' as const;
  constructor(readonly notBefore: number) {
    // Never shown (a yield only says when to go on); a catalogue sentence all the same.
    super(translator('en')('jobs.yield.noSlot'));
    this.name = 'PacerDeadlineError';
  }
}

/** A 429 as the API layer reports it: anything with a numeric `retryAfterSeconds`. */
export interface RateLimitedLike {
  retryAfterSeconds: number;
}

export function isRateLimited(error: unknown): error is RateLimitedLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { retryAfterSeconds?: unknown }).retryAfterSeconds === 'number'
  );
}

export interface RateLimitRetryOptions {
  /** Calls of fn in all, the first included. */
  maxAttempts?: number;
  /** Passed to pacer.acquire: past it, PacerDeadlineError is thrown instead of waiting. */
  deadline?: number;
  onRetry?: (info: { attempt: number; retryAfterSeconds: number; error: unknown }) => void;
}

/**
 * Spends one pacer slot per call of fn, counted until its answer (see Pacer.answered). On a 429 it tells the pacer (so every execution
 * using the key holds back until Retry-After) and calls the SAME fn again.
 */
export function withRateLimitRetry<T>(
  pacer: Pacer,
  fn: () => T,
  options: RateLimitRetryOptions = {},
): T {
  const maxAttempts = options.maxAttempts ?? 5;
  if (!(Number.isInteger(maxAttempts) && maxAttempts >= 1)) {
    throw codedError(
      `maxAttempts must be a whole number of at least 1 (got ${maxAttempts}).`,
      'bug',
    );
  }
  for (let attempt = 1; ; attempt++) {
    const grant = pacer.acquireUpTo(1, { deadline: options.deadline });
    if (grant.count === 0) throw new PacerDeadlineError(pacer.nextSlotAt());
    try {
      const value = fn();
      pacer.answered(grant);
      return value;
    } catch (error) {
      pacer.answered(grant);
      if (!isRateLimited(error)) throw error;
      pacer.reportRateLimited(error.retryAfterSeconds);
      if (attempt >= maxAttempts) throw error;
      options.onRetry?.({ attempt, retryAfterSeconds: error.retryAfterSeconds, error });
    }
  }
}

export interface BackoffOptions {
  clock: Clock;
  /** Which errors are worth another try (5xx, network). Others are thrown at once. */
  isRetryable: (error: unknown) => boolean;
  /** Calls of fn in all, the first included. */
  attempts?: number;
  /** The first wait; each later wait doubles. */
  baseMs?: number;
  /** In [0, 1); pass a seeded function in tests. */
  random?: () => number;
  /** Rather than sleep past this instant, the last error is thrown. */
  deadline?: number;
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

/** "Equal jitter": half the exponential delay is fixed, half is random, so callers spread out. */
export function backoffDelayMs(attempt: number, baseMs: number, random: () => number): number {
  const exponential = baseMs * 2 ** (attempt - 1);
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

export function retryWithBackoff<T>(fn: () => T, options: BackoffOptions): T {
  const { clock, isRetryable, deadline, onRetry } = options;
  const attempts = options.attempts ?? 3;
  const baseMs = options.baseMs ?? 2000;
  const random = options.random ?? Math.random;
  if (!(Number.isInteger(attempts) && attempts >= 1)) {
    throw codedError(`attempts must be a whole number of at least 1 (got ${attempts}).`, 'bug');
  }
  if (!(baseMs >= 0)) throw codedError(`baseMs must be 0 or more (got ${baseMs}).`, 'bug');
  for (let attempt = 1; ; attempt++) {
    try {
      return fn();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      const delayMs = backoffDelayMs(attempt, baseMs, random);
      if (deadline !== undefined && clock.now() + delayMs > deadline) throw error;
      onRetry?.({ attempt, delayMs, error });
      clock.sleep(delayMs);
    }
  }
}
