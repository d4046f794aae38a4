import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../../../src/api/errors';
import { PlatformQuotaError } from '../../../../src/api/platform-error';
import {
  cancelJob,
  createJob,
  type EngineDeps,
  getJob,
  type JobHandler,
  MAX_JOB_OPTIONS_BYTES,
  pauseJob,
  resumeJob,
  runSlice,
  type StepContext,
} from '../../../../src/core/jobs/engine';
import { recordRowOutcome } from '../../../../src/core/jobs/record';
import { createJobStore } from '../../../../src/core/jobs/store';
import { MemoryKeyValueStore, SharedLock, SimClock, seededRandom } from './fakes';

/**
 * A handler that works its rows in batches of `batch` requests per step, asking
 * ctx.stopRequested() before each batch as the send and import handlers do.
 */
function batchHandler(opts: {
  clock: SimClock;
  batch: number;
  requests: number[];
  beforeRequest?: (row: number) => void;
  onStep?: (ctx: StepContext) => void;
}): JobHandler {
  return {
    kind: 'rows',
    step(job, ctx) {
      opts.onStep?.(ctx);
      const cursor = job.cursor as { next: number };
      for (let i = 0; i < opts.batch && cursor.next < job.total; i++) {
        if (i > 0 && ctx.stopRequested?.()) return { status: 'more' };
        opts.beforeRequest?.(cursor.next);
        opts.clock.sleep(1000);
        opts.requests.push(cursor.next);
        recordRowOutcome(job, 'OK');
        cursor.next += 1;
      }
      return cursor.next < job.total ? { status: 'more' } : { status: 'finished' };
    },
  };
}

function setup(total = 20) {
  const clock = new SimClock();
  const store = createJobStore(new MemoryKeyValueStore());
  const lock = new SharedLock(clock);
  const execution = (): EngineDeps => ({ store, clock, mutex: lock.handle() });
  const job = createJob(
    { store, clock },
    { kind: 'rows', total, cursor: { next: 0 } },
    { random: seededRandom(7) },
  );
  return { clock, store, execution, job };
}

describe('pause and cancel reach a running job before its next request', () => {
  it.each([
    ['pause', 'paused'],
    ['cancel', 'cancelled'],
  ] as const)(
    'a %s asked mid-batch by another execution stops the batch: 0 more requests',
    (what, state) => {
      for (let at = 0; at < 12; at++) {
        const { clock, store, execution, job } = setup();
        const requests: number[] = [];
        let requestedAfter: number | undefined;
        const handler = batchHandler({
          clock,
          batch: 10,
          requests,
          beforeRequest: (row) => {
            if (row !== at || requestedAfter !== undefined) return;
            // Another execution (the sidebar) asks while this slice holds the lock.
            requestedAfter = requests.length;
            const other = execution();
            const summary =
              what === 'pause'
                ? pauseJob(other, job.jobId, 'Paused.')
                : cancelJob(other, job.jobId);
            expect(summary.state).toBe(state);
          },
        });
        runSlice(execution(), [handler]);
        // The row whose request was already on its way goes out; none after it.
        expect(requests.length - (requestedAfter ?? 0)).toBe(1);
        expect(store.get(job.jobId)).toMatchObject({ state, done: requests.length });
      }
    },
  );

  it('a pause applies at once to an idle job, and a resume clears it', () => {
    const { clock, execution, job } = setup(3);
    expect(pauseJob(execution(), job.jobId, 'Paused from the sidebar.')).toMatchObject({
      state: 'paused',
      message: 'Paused from the sidebar.',
    });
    expect(resumeJob(execution(), job.jobId).state).toBe('queued');
    const requests: number[] = [];
    runSlice(execution(), [batchHandler({ clock, batch: 10, requests })]);
    expect(getJob(execution(), job.jobId).state).toBe('done');
    expect(requests).toEqual([0, 1, 2]);
  });

  it('a cancel sent right after a resume is never lost, whatever the order they land in', () => {
    // resumeJob reads the job, then the cancel lands, then resumeJob writes: still cancelled.
    const { store, execution, job, clock } = setup(3);
    pauseJob(execution(), job.jobId, 'Paused.');
    const stale = store.get(job.jobId);
    cancelJob(execution(), job.jobId);
    if (stale) store.save({ ...stale, state: 'queued', updatedAt: clock.now() });
    expect(getJob(execution(), job.jobId).state).toBe('cancelled');
    expect(() => resumeJob(execution(), job.jobId)).toThrow(/cancelled and cannot be resumed/);
  });
});

describe('platform limits make a job wait, never fail', () => {
  it.each([
    ['Service invoked too many times for one day: urlfetch.', 24 * 3_600_000],
    ['Service using too much computer time for one day', 24 * 3_600_000],
    [
      'Service invoked too many times in a short time: properties. Try Utilities.sleep(1000)',
      60_000,
    ],
  ])('"%s": the job stays pending and goes on after the wait', (text, waitMs) => {
    const { clock, store, execution, job } = setup(5);
    const requests: number[] = [];
    let refuse = true;
    const handler = batchHandler({
      clock,
      batch: 1,
      requests,
      beforeRequest: (row) => {
        if (row === 2 && refuse) throw new Error(text);
      },
    });
    const first = runSlice(execution(), [handler]);
    const waiting = store.get(job.jobId);
    expect(waiting).toMatchObject({ state: 'running', done: 2 });
    expect(waiting?.waitingUntil).toBe(clock.peek() + waitMs);
    expect(waiting?.message).toMatch(/goes on by itself/);
    expect(first).toMatchObject({ moreWork: true, nextRunAt: clock.peek() + waitMs });
    refuse = false;
    expect(runSlice(execution(), [handler]).stepsRun).toBe(0);
    clock.advance(waitMs);
    runSlice(execution(), [handler]);
    expect(store.get(job.jobId)).toMatchObject({ state: 'done', done: 5 });
    expect(store.get(job.jobId)?.waitingUntil).toBeUndefined();
    expect(requests).toEqual([0, 1, 2, 3, 4]);
  });

  it('an allow-list refusal pauses the job with the fix; resuming goes on', () => {
    const { clock, store, execution, job } = setup(3);
    const requests: number[] = [];
    let refuse = true;
    const handler = batchHandler({
      clock,
      batch: 1,
      requests,
      beforeRequest: () => {
        if (refuse) throw new PlatformQuotaError('allowlist', 'URL not in urlFetchWhitelist');
      },
    });
    runSlice(execution(), [handler]);
    expect(store.get(job.jobId)).toMatchObject({ state: 'paused', done: 0 });
    expect(store.get(job.jobId)?.message).toMatch(/allow-list/);
    refuse = false;
    resumeJob(execution(), job.jobId);
    runSlice(execution(), [handler]);
    expect(store.get(job.jobId)).toMatchObject({ state: 'done', done: 3 });
  });

  it('a CRM failure that fails a job is said in the job’s language (issue 18.2; failed before)', () => {
    const { clock, store, execution, job } = setup(3);
    store.save({ ...job, locale: 'pt' });
    const handler = batchHandler({
      clock,
      batch: 1,
      requests: [],
      beforeRequest: () => {
        throw new NetworkError('Could not reach the CRM (POST /leads): timeout', { status: 0 });
      },
    });
    runSlice(execution(), [handler]);
    const failed = store.get(job.jobId);
    expect(failed?.state).toBe('failed');
    expect(failed?.message).toMatch(/^Não foi possível falar com o CRM/);
    expect(failed?.message).not.toMatch(/Could not reach/);
  });

  it('a failed job can be resumed, keeping its last failure for the summary', () => {
    const { clock, store, execution, job } = setup(3);
    let fail = true;
    const handler = batchHandler({
      clock,
      batch: 1,
      requests: [],
      beforeRequest: (row) => {
        if (row === 1 && fail) throw new Error('boom');
      },
    });
    runSlice(execution(), [handler]);
    expect(getJob(execution(), job.jobId)).toMatchObject({ state: 'failed', lastFailure: 'boom' });
    fail = false;
    resumeJob(execution(), job.jobId);
    runSlice(execution(), [handler]);
    expect(getJob(execution(), job.jobId)).toMatchObject({
      state: 'done',
      done: 3,
      lastFailure: 'boom',
    });
    expect(store.get(job.jobId)?.state).toBe('done');
  });
});

describe('a driver that must not sleep', () => {
  it('ends the slice at the next free slot instead of waiting more than maxWaitMs for it', () => {
    const { clock, store, execution, job } = setup(6);
    const requests: number[] = [];
    // Two requests a minute: the third waits 60 s for its slot.
    const sent: number[] = [];
    const waits: number[] = [];
    const nextSlotAt = () =>
      sent.length < 2 ? clock.peek() : (sent[sent.length - 2] ?? 0) + 60_000;
    const handler = batchHandler({
      clock,
      batch: 1,
      requests,
      beforeRequest: () => {
        const slot = nextSlotAt();
        if (slot > clock.peek()) {
          waits.push(slot - clock.peek());
          clock.sleep(slot - clock.peek());
        }
        sent.push(clock.peek());
      },
    });
    const slice = runSlice(execution(), [handler], { pacing: { maxWaitMs: 5_000, nextSlotAt } });
    expect(requests).toEqual([0, 1]);
    expect(waits).toEqual([]);
    expect(slice).toMatchObject({ moreWork: true, nextRunAt: (sent[0] ?? 0) + 60_000 });
    // Without the limit (an open sidebar) the slice waits in the pacer and goes on.
    runSlice(execution(), [handler]);
    expect(store.get(job.jobId)).toMatchObject({ state: 'done', done: 6 });
    expect(waits.length).toBeGreaterThan(0);
  });
});

describe('a trigger slice works in bursts', () => {
  it('sleeps up to maxWaitMs for its first slots, then ends once the next come only one by one', () => {
    const { clock, store, execution, job } = setup(40);
    // Slots free at a steady trickle, one every 4 s: the pace a slice that never ends would keep.
    const sent: number[] = [];
    const start = clock.peek();
    const nextSlotAt = () => Math.max(clock.peek(), start + 10_000 + sent.length * 4_000);
    const handler = {
      kind: 'rows',
      step(draft: { done: number; total: number }, ctx: StepContext) {
        const slot = nextSlotAt();
        if (slot > ctx.clock.now()) ctx.clock.sleep(slot - ctx.clock.now());
        sent.push(ctx.clock.now());
        ctx.clock.sleep(1_000);
        draft.done += 1;
        return { status: draft.done >= draft.total ? ('finished' as const) : ('more' as const) };
      },
    };
    const slice = runSlice(execution(), [handler as never], {
      pacing: { maxWaitMs: 12_000, continueWaitMs: 2_000, nextSlotAt },
    });
    // The first slot was 10 s away (within 12 s): the slice slept for it and sent; the next
    // was 3 s away, more than the 2 s a slice in its burst may wait, so it ended there.
    expect(sent).toEqual([start + 10_000]);
    expect(slice).toMatchObject({ moreWork: true, nextRunAt: start + 14_000 });
    expect(store.get(job.jobId)?.done).toBe(1);
  });

  it('a first step that waited for nothing (a sheet read) does not start the burst', () => {
    const { clock, execution, job, store } = setup(3);
    const start = clock.peek();
    const sent: number[] = [];
    let steps = 0;
    const nextSlotAt = () => Math.max(clock.peek(), start + 8_000);
    const handler = {
      kind: 'rows',
      step(draft: { done: number; total: number }) {
        steps += 1;
        if (steps === 1) return { status: 'more' as const }; // reads the sheet, no request
        const slot = nextSlotAt();
        if (slot > clock.peek()) clock.sleep(slot - clock.peek());
        sent.push(clock.peek());
        draft.done += 1;
        return draft.done >= draft.total
          ? { status: 'finished' as const }
          : { status: 'more' as const };
      },
    };
    runSlice(execution(), [handler as never], {
      pacing: { maxWaitMs: 12_000, continueWaitMs: 3_000, nextSlotAt },
    });
    expect(sent.length).toBe(3);
    expect(store.get(job.jobId)?.state).toBe('done');
  });
});

describe('the job store budget', () => {
  it('refuses options larger than MAX_JOB_OPTIONS_BYTES with a clear error, and stores nothing', () => {
    const clock = new SimClock();
    const kv = new MemoryKeyValueStore();
    const store = createJobStore(kv);
    expect(() =>
      createJob(
        { store, clock },
        { kind: 'send', options: { variables: { '1': 'é'.repeat(MAX_JOB_OPTIONS_BYTES / 2) } } },
      ),
    ).toThrow(/options of this send job take \d+ bytes once stored; at most 32000 fit/);
    expect(kv.keys()).toEqual([]);
  });
});

describe('a transient Apps Script service error (issue 16.3)', () => {
  const TIMED_OUT =
    'Exception: Service Spreadsheets timed out while accessing document with id 1AbC.';

  it('does not fail the job: it goes on from its last checkpoint after a back-off', () => {
    const { clock, store, execution, job } = setup(4);
    let thrown = 0;
    const handler = batchHandler({
      clock,
      batch: 1,
      requests: [],
      beforeRequest: (row) => {
        if (row === 2 && thrown < 2) {
          thrown += 1;
          throw new Error(TIMED_OUT);
        }
      },
    });
    const first = runSlice(execution(), [handler]);
    expect(store.get(job.jobId)).toMatchObject({ state: 'running', done: 2, transientFailures: 1 });
    expect(first.moreWork).toBe(true);
    expect(first.nextRunAt).toBe(clock.peek() + 2_000);
    runSlice(execution(), [handler]);
    expect(store.get(job.jobId)).toMatchObject({ state: 'running', transientFailures: 2 });
    runSlice(execution(), [handler]);
    const done = store.get(job.jobId);
    expect(done).toMatchObject({ state: 'done', done: 4 });
    expect(done?.transientFailures).toBeUndefined();
    expect(done?.lastFailure).toBeUndefined();
  });

  it('fails the job when it keeps happening, and never for other errors', () => {
    const { clock, store, execution, job } = setup(4);
    const handler = batchHandler({
      clock,
      batch: 1,
      requests: [],
      beforeRequest: () => {
        throw new Error('Service error: Spreadsheets');
      },
    });
    for (let i = 0; i < 3; i++) runSlice(execution(), [handler]);
    expect(store.get(job.jobId)).toMatchObject({
      state: 'failed',
      lastFailure: 'Service error: Spreadsheets',
    });
    const other = setup(2);
    runSlice(other.execution(), [
      batchHandler({
        clock: other.clock,
        batch: 1,
        requests: [],
        beforeRequest: () => {
          throw new Error('boom');
        },
      }),
    ]);
    expect(other.store.get(other.job.jobId)?.state).toBe('failed');
  });
});
