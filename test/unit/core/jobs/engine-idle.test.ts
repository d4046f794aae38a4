import { describe, expect, it } from 'vitest';
import {
  createJob,
  type JobHandler,
  resumeJob,
  runSlice,
  type StepResult,
} from '../../../../src/core/jobs/engine';
import { JobYield } from '../../../../src/core/jobs/errors';
import { IDLE_PAUSE_MS, IDLE_RETRY_MS, IDLE_STEPS_PER_SLICE } from '../../../../src/core/jobs/idle';
import { recordRowOutcome } from '../../../../src/core/jobs/record';
import { createJobStore } from '../../../../src/core/jobs/store';
import { MemoryKeyValueStore, SharedLock, SimClock, seededRandom } from './fakes';

/**
 * A step that says there is more work yet changes nothing must never loop (issue 30: an import
 * batch of 60 whose searches spent the minute's requests yielded in every execution, and a
 * step that returns 'more' without progress spun inside runSlice with no clock advance).
 * Before the guard, the first case here looped until the handler's own fuse (1,000 steps).
 */
const FUSE = 1_000;

function setup(step: (job: Parameters<JobHandler['step']>[0]) => StepResult) {
  const clock = new SimClock();
  const store = createJobStore(new MemoryKeyValueStore());
  const lock = new SharedLock(clock);
  let calls = 0;
  const handler: JobHandler = {
    kind: 'rows',
    statuses: ['OK'],
    step(job) {
      calls += 1;
      if (calls > FUSE) throw new Error(`spun: ${calls} steps`);
      return step(job);
    },
  };
  const job = createJob(
    { store, clock },
    { kind: 'rows', total: 5, cursor: { next: 0 }, statuses: ['OK'] },
    { random: seededRandom(1) },
  );
  // A Portuguese person's job: its words are in Portuguese.
  store.save({ ...job, locale: 'pt' });
  const slice = () =>
    runSlice({ store, clock, mutex: lock.handle() }, [handler], { jobId: job.jobId });
  return { clock, store, job, slice, calls: () => calls };
}

describe('engine: a job that makes no progress never loops', () => {
  it('steps that change nothing end the slice, which says why; fifteen minutes of such slices pause it', () => {
    const { clock, store, job, slice, calls } = setup(() => ({ status: 'more' }));
    const first = slice();
    expect(calls()).toBe(IDLE_STEPS_PER_SLICE);
    expect(first.moreWork).toBe(true);
    expect(first.nextRunAt).toBe(clock.peek() + IDLE_RETRY_MS);
    expect(store.get(job.jobId)?.message).toBe(
      'Esta execução não avançou nas linhas; a tarefa tenta de novo em um minuto.',
    );
    const slices = IDLE_PAUSE_MS / IDLE_RETRY_MS;
    for (let i = 0; i < slices; i++) {
      clock.advance(IDLE_RETRY_MS);
      slice();
    }
    const paused = store.get(job.jobId);
    expect(paused?.state).toBe('paused');
    expect(paused?.message).toMatch(/^Pausada: por 15 minutos a tarefa não avançou nas linhas/);
    // Paused, it spends nothing more until the person resumes it.
    expect(slice().stepsRun).toBe(0);
    expect(calls()).toBe((slices + 1) * IDLE_STEPS_PER_SLICE);
    resumeJob({ store, clock }, job.jobId);
    expect(store.get(job.jobId)?.idleSince).toBeUndefined();
  });

  it('executions whose every step yields pause after fifteen minutes; progress starts the count again', () => {
    let rowsToDo = 0;
    const { clock, store, job, slice } = setup((record) => {
      const cursor = record.cursor as { next: number };
      if (rowsToDo > 0) {
        rowsToDo -= 1;
        clock.sleep(1_000);
        recordRowOutcome(record, 'OK');
        cursor.next += 1;
        return { status: 'more' };
      }
      throw new JobYield('waiting', clock.peek() + 60_000);
    });
    const started = clock.peek();
    for (let i = 0; i < 14; i++) {
      const result = slice();
      expect(result.moreWork).toBe(true);
      clock.advance(60_000);
    }
    expect(store.get(job.jobId)?.idleSince).toBe(started);
    expect(store.get(job.jobId)?.state).not.toBe('paused');
    // A yield keeps its own words: waiting on another person's requests is not a defect.
    expect(store.get(job.jobId)?.message).not.toMatch(/avançou/);
    rowsToDo = 1;
    slice();
    expect(store.get(job.jobId)?.idleSince).toBeUndefined();
    expect(store.get(job.jobId)?.done).toBeGreaterThan(0);
    for (let i = 0; i < 16; i++) {
      clock.advance(60_000);
      slice();
    }
    expect(store.get(job.jobId)?.state).toBe('paused');
  });
});
