import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../../../../src/api/errors';
import { createJob, type JobHandler, runSlice } from '../../../../src/core/jobs/engine';
import { recordRowOutcome } from '../../../../src/core/jobs/record';
import { createJobStore } from '../../../../src/core/jobs/store';
import { createPacer } from '../../../../src/core/pacing/pacer';
import {
  backoffDelayMs,
  isRateLimited,
  PacerDeadlineError,
  retryWithBackoff,
  withRateLimitRetry,
} from '../../../../src/core/pacing/retry';
import {
  MemoryCache,
  MemoryKeyValueStore,
  SharedLock,
  SimClock,
  seededRandom,
} from '../jobs/fakes';

class FakeRateLimitError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Muitas requisições.');
  }
}

class FakeServerError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

function setup() {
  const clock = new SimClock();
  const cache = new MemoryCache(clock);
  const userLock = new SharedLock(clock);
  const pacer = createPacer(
    { cache, clock, mutex: userLock.handle() },
    { apiKey: 'crm_test_key_1234' },
  );
  return { clock, cache, userLock, pacer };
}

describe('isRateLimited', () => {
  it.each([
    [new RateLimitError('Muitas requisições.', { status: 429, retryAfterSeconds: 3 }), true],
    [new FakeRateLimitError(3), true],
    [{ retryAfterSeconds: 0 }, true],
    [{ retryAfterSeconds: '3' }, false],
    [new Error('x'), false],
    [null, false],
    ['429', false],
  ])('%o → %s', (error, expected) => {
    expect(isRateLimited(error)).toBe(expected);
  });
});

describe('withRateLimitRetry', () => {
  it('reports each 429 to the pacer and retries the same call after Retry-After', () => {
    const { clock, pacer } = setup();
    const calledAt: number[] = [];
    const retries: number[] = [];
    const result = withRateLimitRetry(
      pacer,
      () => {
        calledAt.push(clock.peek());
        if (calledAt.length < 3) throw new FakeRateLimitError(5);
        return 'created';
      },
      { onRetry: ({ attempt }) => retries.push(attempt) },
    );
    expect(result).toBe('created');
    expect(retries).toEqual([1, 2]);
    expect((calledAt[1] ?? 0) - (calledAt[0] ?? 0)).toBeGreaterThanOrEqual(5_000);
    expect((calledAt[2] ?? 0) - (calledAt[1] ?? 0)).toBeGreaterThanOrEqual(5_000);
  });

  it('gives up after maxAttempts with the last 429, leaving the block in place', () => {
    const { pacer } = setup();
    let calls = 0;
    const fail = () => {
      calls += 1;
      throw new FakeRateLimitError(7);
    };
    expect(() => withRateLimitRetry(pacer, fail, { maxAttempts: 2 })).toThrow(FakeRateLimitError);
    expect(calls).toBe(2);
    expect(pacer.waitMsIfAcquiredNow()).toBeGreaterThanOrEqual(7_000);
  });

  it('passes other errors through at once', () => {
    const { pacer } = setup();
    let calls = 0;
    expect(() =>
      withRateLimitRetry(pacer, () => {
        calls += 1;
        throw new FakeServerError(502);
      }),
    ).toThrow('HTTP 502');
    expect(calls).toBe(1);
  });

  it('throws PacerDeadlineError (a job "yield") instead of waiting past the deadline', () => {
    const { clock, pacer } = setup();
    pacer.reportRateLimited(30);
    const now = clock.peek();
    let calls = 0;
    let thrown: unknown;
    try {
      withRateLimitRetry(pacer, () => calls++, { deadline: now + 10_000 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PacerDeadlineError);
    expect(thrown).toMatchObject({ jobControl: 'yield' });
    expect((thrown as PacerDeadlineError).notBefore).toBeGreaterThanOrEqual(now + 30_000);
    expect(calls).toBe(0);
    expect(clock.peek()).toBe(now);
  });

  it('refuses maxAttempts below 1', () => {
    const { pacer } = setup();
    expect(() => withRateLimitRetry(pacer, () => 1, { maxAttempts: 0 })).toThrow(
      /maxAttempts must be a whole number of at least 1/,
    );
  });
});

describe('retryWithBackoff', () => {
  it.each([
    [1, 2000, 0, 1000],
    [1, 2000, 0.5, 1500],
    [2, 2000, 0, 2000],
    [3, 2000, 0.999, 7996],
  ])('attempt %i, base %i, random %f → %i ms', (attempt, base, r, expected) => {
    expect(backoffDelayMs(attempt, base, () => r)).toBe(expected);
  });

  it('retries retryable errors with growing, jittered waits, then succeeds', () => {
    const clock = new SimClock();
    let calls = 0;
    const result = retryWithBackoff(
      () => {
        calls += 1;
        if (calls < 3) throw new FakeServerError(502);
        return 'ok';
      },
      { clock, isRetryable: (e) => e instanceof FakeServerError, random: seededRandom(5) },
    );
    expect(result).toBe('ok');
    expect(clock.sleeps).toHaveLength(2);
    const [first = 0, second = 0] = clock.sleeps;
    expect(first).toBeGreaterThanOrEqual(1000);
    expect(first).toBeLessThanOrEqual(2000);
    expect(second).toBeGreaterThanOrEqual(2000);
    expect(second).toBeLessThanOrEqual(4000);
  });

  it('throws the last error once attempts run out', () => {
    const clock = new SimClock();
    let calls = 0;
    const fail = () => {
      calls += 1;
      throw new FakeServerError(500 + calls);
    };
    expect(() =>
      retryWithBackoff(fail, { clock, isRetryable: () => true, random: () => 0 }),
    ).toThrow('HTTP 503');
    expect(calls).toBe(3);
  });

  it('does not retry what is not retryable, nor sleep past a deadline', () => {
    const clock = new SimClock();
    let calls = 0;
    const fail = () => {
      calls += 1;
      throw new FakeServerError(422);
    };
    expect(() => retryWithBackoff(fail, { clock, isRetryable: () => false })).toThrow('HTTP 422');
    expect(calls).toBe(1);
    expect(() =>
      retryWithBackoff(fail, {
        clock,
        isRetryable: () => true,
        random: () => 0,
        deadline: clock.peek() + 500,
      }),
    ).toThrow('HTTP 422');
    expect(calls).toBe(2);
    expect(clock.sleeps).toEqual([]);
  });

  it.each([
    [{ attempts: 0 }, /attempts must be a whole number/],
    [{ baseMs: -1 }, /baseMs must be 0 or more/],
  ])('refuses %j', (bad, message) => {
    const clock = new SimClock();
    expect(() => retryWithBackoff(() => 1, { clock, isRetryable: () => true, ...bad })).toThrow(
      message,
    );
  });
});

describe('engine and pacer together', () => {
  it('a 300-row job, one paced request per row, runs at the limit across slices without a 429', () => {
    const { clock, cache, userLock } = setup();
    const store = createJobStore(new MemoryKeyValueStore());
    const documentLock = new SharedLock(clock);
    const job = createJob(
      { store, clock },
      { kind: 'send', total: 300, cursor: { next: 0 } },
      { random: seededRandom(1) },
    );
    const sentAt: number[] = [];
    const latency = seededRandom(9);
    const handler: JobHandler = {
      kind: 'send',
      step(draft, ctx) {
        // A fresh pacer per step over the step's clock: pacer waits are not step cost.
        const pacer = createPacer(
          { cache, clock: ctx.clock, mutex: userLock.handle() },
          { apiKey: 'crm_test_key_1234' },
        );
        withRateLimitRetry(
          pacer,
          () => {
            sentAt.push(clock.peek());
            clock.advance(200 + Math.floor(latency() * 600));
          },
          { deadline: ctx.latestStartAt },
        );
        const cursor = draft.cursor as { next: number };
        cursor.next += 1;
        recordRowOutcome(draft, 'SENT');
        return cursor.next < draft.total ? { status: 'more' } : { status: 'finished' };
      },
    };
    const slices = [];
    for (let guard = 0; guard < 20; guard++) {
      const start = clock.peek();
      const result = runSlice({ store, clock, mutex: documentLock.handle() }, [handler], {
        budgetMs: 120_000,
      });
      expect(clock.peek() - start).toBeLessThanOrEqual(120_000);
      slices.push(result);
      if (!result.moreWork) break;
      // The sidebar calls again at once: a new execution.
      clock.advance(1_000);
    }
    expect(store.get(job.jobId)).toMatchObject({ state: 'done', done: 300 });
    expect(sentAt).toHaveLength(300);
    expect(slices.length).toBeGreaterThan(2);
    for (let i = 60; i < sentAt.length; i++) {
      expect((sentAt[i] ?? 0) - (sentAt[i - 60] ?? 0)).toBeGreaterThanOrEqual(60_000);
    }
    const minutes = ((sentAt[240] ?? 0) - (sentAt[0] ?? 0)) / 60_000;
    expect(240 / minutes).toBeGreaterThanOrEqual(58);
  });
});
