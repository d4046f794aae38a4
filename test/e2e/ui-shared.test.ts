import { setImmediate as settle } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { JobState, JobSummary } from '../../src/core/jobs/record';
import {
  createJobDriver,
  type JobServer,
  type SliceAnswer,
  type Timers,
} from '../../src/ui/shared/job-driver';
import {
  describeProgress,
  estimateRemainingMs,
  formatDuration,
} from '../../src/ui/shared/progress-model';
import { EN_WORDS, PT_WORDS } from './ui-words';

const GAVE_UP = 'Left to the trigger.';

function summary(overrides: Partial<JobSummary> = {}): JobSummary {
  return {
    jobId: 'job-1',
    kind: 'import',
    state: 'running',
    total: 100,
    done: 0,
    counts: {},
    message: '',
    ...overrides,
  };
}

describe('estimateRemainingMs', () => {
  it.each<{
    name: string;
    total: number;
    done: number;
    counts: Record<string, number>;
    expected: number | undefined;
  }>([
    { name: 'total unknown', total: 0, done: 0, counts: {}, expected: undefined },
    { name: '60 rows left, none done yet', total: 60, done: 0, counts: {}, expected: 60_000 },
    { name: '120 rows left', total: 150, done: 30, counts: { CREATED: 30 }, expected: 120_000 },
    {
      name: 'half the rows so far cost no request',
      total: 140,
      done: 20,
      counts: { CREATED: 10, INVALID: 6, DUPLICATE: 4 },
      expected: 60_000,
    },
    { name: 'finished', total: 10, done: 10, counts: { CREATED: 10 }, expected: 0 },
  ])('$name', ({ total, done, counts, expected }) => {
    expect(estimateRemainingMs({ total, done, counts })).toBe(expected);
  });

  it('scales with the rate', () => {
    expect(estimateRemainingMs({ total: 60, done: 0, counts: {} }, 30)).toBe(120_000);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, 'under a minute'],
    [59_999, 'under a minute'],
    [60_000, 'about 1 min'],
    [17 * 60_000, 'about 17 min'],
    [65 * 60_000, 'about 1 h 05 min'],
    [125 * 60_000, 'about 2 h 05 min'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatDuration(ms, EN_WORDS)).toBe(text);
  });
});

describe('describeProgress', () => {
  it.each<{ state: JobState; pause: boolean; resume: boolean; cancel: boolean }>([
    { state: 'queued', pause: true, resume: false, cancel: true },
    { state: 'running', pause: true, resume: false, cancel: true },
    { state: 'paused', pause: false, resume: true, cancel: true },
    { state: 'done', pause: false, resume: false, cancel: false },
    // A failed job holds its sheet until it is cancelled (issue 16.3).
    { state: 'failed', pause: false, resume: true, cancel: true },
    { state: 'cancelled', pause: false, resume: false, cancel: false },
  ])('$state: pause $pause, resume $resume, cancel $cancel', ({ state, pause, resume, cancel }) => {
    const model = describeProgress(summary({ state, done: 25 }), EN_WORDS);
    expect([model.canPause, model.canResume, model.canCancel]).toEqual([pause, resume, cancel]);
    expect(model.eta === '').toBe(!pause);
  });

  it('shows done / total, the percentage, the ETA and only non-zero counts, sorted', () => {
    const model = describeProgress(
      summary({ done: 30, total: 120, counts: { INVALID: 2, CREATED: 28, FAILED: 0 } }),
      EN_WORDS,
    );
    expect(model.numbers).toBe('30 / 120 rows');
    expect(model.percent).toBe(25);
    expect(model.counts).toEqual([
      ['CREATED', 28],
      ['INVALID', 2],
    ]);
    // 90 rows left, 28 of 30 so far cost a request: 84 requests, 84 s.
    expect(model.eta).toBe('about 1 min left at 60 requests per minute');
  });

  it('a published add-on says what closing the panel costs; a bound script needs not (issue 19)', () => {
    // 900 sends left: 15 minutes at 60 a minute; one 4.5-minute slice an hour with it closed.
    const left = { done: 100, total: 1000, counts: { SENT: 100 } };
    const published = describeProgress(
      summary({ ...left, unattendedRequestsPerHour: 270 }),
      EN_WORDS,
    );
    expect(published.eta).toBe(
      'With this panel closed, the rest takes about 3 h 20 min; keep it open to finish in about 15 min.',
    );
    expect(
      describeProgress(summary({ ...left, unattendedRequestsPerHour: 270 }), PT_WORDS).eta,
    ).toMatch(/^Com este painel fechado, o restante leva .*3 h 20 min; mantenha-o aberto/);
    const bound = describeProgress(
      summary({ ...left, unattendedRequestsPerHour: 52 * 60 }),
      EN_WORDS,
    );
    expect(bound.eta).toBe('about 15 min left at 60 requests per minute');
  });

  it('a finished job with no rows is complete; an unknown total shows rows done only', () => {
    expect(describeProgress(summary({ state: 'done', total: 0 }), EN_WORDS).percent).toBe(100);
    expect(describeProgress(summary({ total: 0, done: 7 }), EN_WORDS).numbers).toBe('7 rows');
  });

  it('speaks Portuguese and writes numbers as the spreadsheet does in pt-BR', () => {
    const model = describeProgress(
      summary({ state: 'running', done: 1000, total: 2500, counts: { CREATED: 1000 } }),
      PT_WORDS,
    );
    expect(model.stateLabel).toBe('Em andamento');
    expect(model.numbers).toBe('1.000 / 2.500 linhas');
    expect(model.eta).toBe('faltam cerca de 25 min a 60 requisições por minuto');
  });
});

/** Timers that fire only when the test says so, in order of due time. */
function manualTimers(): Timers & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let seq = 0;
  const queue: Array<{ id: number; at: number; callback: () => void }> = [];
  return {
    setTimeout(callback, ms) {
      const id = ++seq;
      queue.push({ id, at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      const index = queue.findIndex((t) => t.id === handle);
      if (index >= 0) queue.splice(index, 1);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        queue.sort((a, b) => a.at - b.at || a.id - b.id);
        const next = queue[0];
        if (!next || next.at > until) break;
        queue.shift();
        now = next.at;
        next.callback();
      }
      now = until;
    },
    pending: () => queue.length,
  };
}

/**
 * A server over one in-memory job: each slice does `rowsPerSlice` rows. Slices can be held
 * open to stand for a long execution.
 */
function fakeServer(total: number, rowsPerSlice: number) {
  const job = summary({ total, state: 'queued' });
  const calls: string[] = [];
  let hold: Promise<void> | undefined;
  let failSlices = 0;
  const snapshot = (): JobSummary => ({ ...job, counts: { ...job.counts } });
  const server: JobServer = {
    async continueJob(): Promise<SliceAnswer> {
      calls.push('continue');
      if (hold) await hold;
      if (failSlices > 0) {
        failSlices -= 1;
        throw new Error('Exceeded maximum execution time');
      }
      if (job.state === 'queued' || job.state === 'running') {
        job.done = Math.min(total, job.done + rowsPerSlice);
        job.counts.CREATED = job.done;
        job.state = job.done === total ? 'done' : 'running';
      }
      const more = !['done', 'failed', 'cancelled', 'paused'].includes(job.state);
      return { summaries: [snapshot()], ...(more ? { callAgainInMs: 0 } : {}) };
    },
    async getJob() {
      calls.push('get');
      return snapshot();
    },
    async pauseJob() {
      calls.push('pause');
      if (job.state === 'running' || job.state === 'queued') job.state = 'paused';
      return snapshot();
    },
    async cancelJob() {
      calls.push('cancel');
      job.state = 'cancelled';
      return snapshot();
    },
    async resumeJob() {
      calls.push('resume');
      if (job.state === 'paused') job.state = 'queued';
      return snapshot();
    },
  };
  return {
    server,
    job,
    calls,
    holdSlices() {
      let release = () => {};
      hold = new Promise<void>((resolve) => {
        release = () => {
          hold = undefined;
          resolve();
        };
      });
      return release;
    },
    failNextSlices(n: number) {
      failSlices = n;
    },
  };
}

async function run(timers: ReturnType<typeof manualTimers>, steps = 20): Promise<void> {
  for (let i = 0; i < steps; i++) {
    await settle();
    timers.advance(0);
  }
}

describe('createJobDriver', () => {
  it('calls uiContinueJob again after each slice until nothing is left, then stops', async () => {
    const fake = fakeServer(100, 30);
    const timers = manualTimers();
    const updates: JobSummary[] = [];
    const driver = createJobDriver(fake.server, 'job-1', {
      gaveUpMessage: GAVE_UP,
      onUpdate: (s) => updates.push(s),
      onError: (e) => {
        throw e;
      },
      timers,
    });
    driver.start();
    await run(timers);
    expect(fake.calls.filter((c) => c === 'continue')).toHaveLength(4);
    expect(updates.map((s) => s.done)).toEqual([30, 60, 90, 100]);
    expect(updates.at(-1)?.state).toBe('done');
    expect(driver.driving).toBe(false);
    expect(timers.pending()).toBe(0);
  });

  it('reads progress every pollMs while a slice runs, and ignores answers older than what it showed', async () => {
    const fake = fakeServer(100, 50);
    const timers = manualTimers();
    const updates: JobSummary[] = [];
    const driver = createJobDriver(fake.server, 'job-1', {
      gaveUpMessage: GAVE_UP,
      onUpdate: (s) => updates.push(s),
      onError: () => {},
      pollMs: 2_000,
      timers,
    });
    const release = fake.holdSlices();
    driver.start();
    await run(timers, 3);
    fake.job.done = 20; // the slice checkpoints rows while it runs
    timers.advance(2_000);
    await run(timers, 3);
    expect(updates.map((s) => s.done)).toEqual([20]);
    fake.job.done = 10; // an answer that reads as going backwards is older news
    timers.advance(2_000);
    await run(timers, 3);
    expect(updates.map((s) => s.done)).toEqual([20]);
    fake.job.done = 0;
    release();
    await run(timers);
    expect(updates.map((s) => s.done)).toEqual([20, 50, 100]);
  });

  it('pause is sent at once, while a slice is in flight, and no slice follows', async () => {
    const fake = fakeServer(100, 10);
    const timers = manualTimers();
    const updates: JobSummary[] = [];
    const driver = createJobDriver(fake.server, 'job-1', {
      gaveUpMessage: GAVE_UP,
      onUpdate: (s) => updates.push(s),
      onError: () => {},
      timers,
    });
    const release = fake.holdSlices();
    driver.start();
    await run(timers, 3);
    await expect(driver.pause()).resolves.toMatchObject({ state: 'paused', done: 0 });
    expect(fake.calls).toEqual(['continue', 'pause']);
    expect(updates.at(-1)?.state).toBe('paused');
    release();
    await run(timers);
    expect(fake.calls.filter((c) => c === 'continue')).toHaveLength(1);
    expect(updates.at(-1)?.state).toBe('paused');

    await driver.resume();
    await run(timers, 60);
    expect(updates.at(-1)).toMatchObject({ state: 'done', done: 100 });
  });

  it('a Cancel clicked right after Resume wins, whatever order the answers come back in', async () => {
    for (const resumeSlow of [false, true]) {
      const fake = fakeServer(100, 10);
      const timers = manualTimers();
      const updates: JobSummary[] = [];
      const driver = createJobDriver(fake.server, 'job-1', {
        onUpdate: (s) => updates.push(s),
        onError: () => {},
        gaveUpMessage: GAVE_UP,
        timers,
      });
      fake.job.state = 'paused';
      let releaseResume = () => {};
      const resumeServer = fake.server.resumeJob;
      if (resumeSlow) {
        fake.server.resumeJob = (id) =>
          new Promise<void>((resolve) => {
            releaseResume = resolve;
          }).then(() => resumeServer(id));
      }
      const resumed = driver.resume();
      const cancelled = driver.cancel();
      await run(timers, 3);
      releaseResume();
      await Promise.all([resumed, cancelled]);
      await run(timers, 40);
      expect(fake.calls.filter((c) => c !== 'get')).toEqual(['resume', 'cancel']);
      expect(fake.job.state).toBe('cancelled');
      expect(updates.at(-1)?.state).toBe('cancelled');
      expect(driver.driving).toBe(false);
    }
  });

  it('cancel stops driving at once', async () => {
    const fake = fakeServer(100, 10);
    const timers = manualTimers();
    const driver = createJobDriver(fake.server, 'job-1', {
      gaveUpMessage: GAVE_UP,
      onUpdate: () => {},
      onError: () => {},
      timers,
    });
    driver.start();
    await driver.cancel();
    await run(timers);
    expect(driver.driving).toBe(false);
    expect(fake.calls.filter((c) => c === 'continue')).toHaveLength(1);
    expect(fake.job.state).toBe('cancelled');
  });

  it('retries a failed slice, and after repeated failures leaves the job to its trigger', async () => {
    const fake = fakeServer(100, 10);
    const timers = manualTimers();
    const errors: string[] = [];
    const driver = createJobDriver(fake.server, 'job-1', {
      gaveUpMessage: GAVE_UP,
      onUpdate: () => {},
      onError: (e) => errors.push(e.message),
      maxSliceFailures: 3,
      timers,
    });
    fake.failNextSlices(1);
    driver.start();
    await run(timers, 3);
    timers.advance(5_000);
    await run(timers, 3);
    expect(errors).toEqual(['Exceeded maximum execution time']);
    expect(fake.job.done).toBeGreaterThan(0);

    driver.stop();
    const second = createJobDriver(fake.server, 'job-1', {
      gaveUpMessage: GAVE_UP,
      onUpdate: () => {},
      onError: (e) => errors.push(e.message),
      maxSliceFailures: 3,
      timers,
    });
    errors.length = 0;
    fake.failNextSlices(10);
    second.start();
    for (let i = 0; i < 4; i++) {
      await run(timers, 3);
      timers.advance(5_000);
    }
    expect(second.driving).toBe(false);
    expect(errors.at(-1)).toBe(GAVE_UP);
    expect(errors.filter((e) => e === 'Exceeded maximum execution time')).toHaveLength(3);
  });
});
