import { describe, expect, it } from 'vitest';
import { parseInput } from '../../../../src/api/issues';
import { UpsertLeadInputSchema } from '../../../../src/api/schemas';
import {
  cancelJob,
  createJob,
  DEFAULT_BUDGET_MS,
  type EngineDeps,
  getJob,
  type JobHandler,
  listJobs,
  resumeJob,
  runSlice,
  type SliceResult,
} from '../../../../src/core/jobs/engine';
import { JobFailure, JobPause, JobYield } from '../../../../src/core/jobs/errors';
import { recordRowOutcome } from '../../../../src/core/jobs/record';
import { createJobStore } from '../../../../src/core/jobs/store';
import { readsAsEnglish } from '../../repo/english-scan';
import { MemoryKeyValueStore, SharedLock, SimClock, SimulatedKill, seededRandom } from './fakes';

interface RowCursor {
  next: number;
}

/**
 * A stand-in for a real job kind: each step handles one row of an external "sheet" (a Map
 * the checkpoint does not cover), spending `stepMs` on a simulated request. Like the real
 * handlers it reads the row's status cell first, so a step repeated after a kill does not
 * repeat the row's effect.
 */
function rowHandler(opts: {
  clock: SimClock;
  sheet: Map<number, string>;
  effects: Map<number, number>;
  stepMs?: number | ((row: number) => number);
  kind?: string;
  onStep?: (row: number, attempt: number) => void;
}): JobHandler & { attempts: number } {
  const handler = {
    kind: opts.kind ?? 'rows',
    statuses: ['OK', 'SKIPPED'],
    attempts: 0,
    step(job: Parameters<JobHandler['step']>[0]) {
      const cursor = job.cursor as RowCursor;
      const row = cursor.next;
      handler.attempts += 1;
      opts.onStep?.(row, handler.attempts);
      if (opts.sheet.get(row) !== 'OK') {
        const ms = typeof opts.stepMs === 'function' ? opts.stepMs(row) : (opts.stepMs ?? 1000);
        opts.clock.sleep(ms);
        opts.effects.set(row, (opts.effects.get(row) ?? 0) + 1);
        opts.sheet.set(row, 'OK');
      }
      recordRowOutcome(job, 'OK');
      cursor.next = row + 1;
      return cursor.next < job.total
        ? { status: 'more' as const }
        : { status: 'finished' as const };
    },
  };
  return handler;
}

function setup() {
  const clock = new SimClock();
  const kv = new MemoryKeyValueStore();
  const lock = new SharedLock(clock);
  const store = createJobStore(kv);
  const random = seededRandom(42);
  /** Each call is a fresh execution: its own lock handle over the same document lock. */
  const execution = (): EngineDeps => ({ store, clock, mutex: lock.handle() });
  const newRowsJob = (total: number, kind = 'rows') =>
    createJob(
      { store, clock },
      { kind, total, cursor: { next: 0 }, statuses: ['OK', 'SKIPPED'] },
      { random },
    );
  return { clock, kv, lock, store, execution, newRowsJob };
}

describe('runSlice', () => {
  it('runs a 1,000-step job across slices, each inside its budget, checkpointing every step', () => {
    const { clock, kv, execution, newRowsJob, store } = setup();
    const sheet = new Map<number, string>();
    const effects = new Map<number, number>();
    const handler = rowHandler({ clock, sheet, effects, stepMs: 1000 });
    const job = newRowsJob(1000);
    const writesBefore = kv.writes;
    const slices: SliceResult[] = [];
    for (let guard = 0; guard < 20; guard++) {
      const start = clock.peek();
      const result = runSlice(execution(), [handler]);
      expect(clock.peek() - start).toBeLessThanOrEqual(DEFAULT_BUDGET_MS);
      slices.push(result);
      if (!result.moreWork) break;
    }
    expect(slices.map((s) => s.stepsRun)).toEqual([269, 269, 269, 193]);
    expect(slices.map((s) => s.moreWork)).toEqual([true, true, true, false]);
    expect(store.get(job.jobId)).toMatchObject({
      state: 'done',
      done: 1000,
      counts: { OK: 1000, SKIPPED: 0 },
    });
    expect(kv.writes - writesBefore).toBeGreaterThanOrEqual(1000);
    expect([...effects.values()].every((n) => n === 1)).toBe(true);
    expect(effects.size).toBe(1000);
  });

  it('loses and repeats nothing when killed at arbitrary clock calls and writes', () => {
    const { clock, kv, execution, newRowsJob, store } = setup();
    const sheet = new Map<number, string>();
    const effects = new Map<number, number>();
    const handler = rowHandler({
      clock,
      sheet,
      effects,
      stepMs: (row) => 400 + (row % 7) * 150,
    });
    const job = newRowsJob(1000);
    const random = seededRandom(7);
    let kills = 0;
    let ticksUntilKill = 0;
    const armKill = () => {
      ticksUntilKill = 1 + Math.floor(random() * 300);
    };
    // After a kill the execution is gone: nothing it tries later (the engine's own error
    // handling included) may touch the clock or the store.
    let dead = false;
    const tick = (where: string) => {
      if (dead) throw new SimulatedKill(`${where} after death`);
      ticksUntilKill -= 1;
      if (ticksUntilKill === 0) {
        dead = true;
        kills += 1;
        armKill();
        throw new SimulatedKill(where);
      }
    };
    armKill();
    clock.onTick = (what) => tick(what);
    kv.beforeWrite = (key) => tick(`write ${key}`);
    let executions = 0;
    while (store.get(job.jobId)?.state !== 'done') {
      executions += 1;
      dead = false;
      expect(executions).toBeLessThan(500);
      try {
        runSlice(execution(), [handler]);
      } catch (error) {
        expect(error).toBeInstanceOf(SimulatedKill);
      }
    }
    clock.onTick = null;
    kv.beforeWrite = null;
    const final = store.get(job.jobId);
    expect(kills).toBeGreaterThan(20);
    expect(final).toMatchObject({ state: 'done', done: 1000, counts: { OK: 1000 } });
    expect(effects.size).toBe(1000);
    expect([...effects.values()].every((n) => n === 1)).toBe(true);
    // Only the step in flight at a kill can run twice, so re-runs never exceed the kills.
    expect(handler.attempts - 1000).toBeLessThanOrEqual(kills);
  });

  it('returns busy and does nothing while another driver holds the lock', () => {
    const { clock, execution, newRowsJob, store } = setup();
    const sheet = new Map<number, string>();
    const effects = new Map<number, number>();
    const job = newRowsJob(20);
    let nested: SliceResult | undefined;
    const handler = rowHandler({
      clock,
      sheet,
      effects,
      onStep: (row) => {
        // A trigger fires while the sidebar's slice is at row 5.
        if (row === 5) nested = runSlice(execution(), [handler]);
      },
    });
    const outer = runSlice(execution(), [handler]);
    expect(nested).toMatchObject({ busy: true, stepsRun: 0, moreWork: true });
    expect(nested?.summaries[0]).toMatchObject({ jobId: job.jobId, done: 5 });
    expect(outer).toMatchObject({ busy: false, stepsRun: 20, moreWork: false });
    expect(handler.attempts).toBe(20);
    expect(store.get(job.jobId)?.done).toBe(20);
  });

  it('stops at the next step when the job is cancelled mid-slice by another execution', () => {
    const { clock, execution, newRowsJob, store } = setup();
    const job = newRowsJob(100);
    let cancelSummary: ReturnType<typeof cancelJob> | undefined;
    const handler = rowHandler({
      clock,
      sheet: new Map(),
      effects: new Map(),
      onStep: (row) => {
        if (row === 10) cancelSummary = cancelJob(execution(), job.jobId);
      },
    });
    const result = runSlice(execution(), [handler]);
    expect(cancelSummary?.state).toBe('cancelled');
    expect(result).toMatchObject({ stepsRun: 11, moreWork: false });
    expect(store.get(job.jobId)).toMatchObject({ state: 'cancelled', done: 11 });
    expect(runSlice(execution(), [handler]).stepsRun).toBe(0);
  });

  it('tells a running step that a cancel was asked for since it began (stopRequested)', () => {
    const { execution, newRowsJob } = setup();
    const job = newRowsJob(3);
    const seen: boolean[] = [];
    const handler: JobHandler = {
      kind: 'rows',
      step(_job, ctx) {
        seen.push(ctx.stopRequested?.() ?? false);
        cancelJob(execution(), job.jobId);
        seen.push(ctx.stopRequested?.() ?? false);
        return { status: 'wait' };
      },
    };
    runSlice(execution(), [handler]);
    expect(seen).toEqual([false, true]);
  });

  it('cancels an idle job at once and leaves finished jobs alone', () => {
    const { clock, execution, newRowsJob, store } = setup();
    const queued = newRowsJob(3);
    expect(cancelJob(execution(), queued.jobId).state).toBe('cancelled');
    expect(store.list().find((j) => j.jobId === queued.jobId)?.state).toBe('cancelled');
    const other = newRowsJob(2);
    runSlice(execution(), [rowHandler({ clock, sheet: new Map(), effects: new Map() })]);
    expect(cancelJob(execution(), other.jobId).state).toBe('done');
  });

  it('pauses on JobPause without losing the row, and finishes after resumeJob', () => {
    const { clock, execution, newRowsJob, store } = setup();
    const effects = new Map<number, number>();
    const job = newRowsJob(10);
    let keyRevoked = true;
    const handler = rowHandler({
      clock,
      sheet: new Map(),
      effects,
      onStep: (row) => {
        if (row === 4 && keyRevoked) {
          throw new JobPause('The API key was revoked; paste a new key in CRM > Settings.');
        }
      },
    });
    const first = runSlice(execution(), [handler]);
    expect(first).toMatchObject({ moreWork: false, stepsRun: 4 });
    expect(getJob(execution(), job.jobId)).toMatchObject({
      jobId: job.jobId,
      kind: 'rows',
      state: 'paused',
      total: 10,
      done: 4,
      counts: { OK: 4, SKIPPED: 0 },
      message: 'The API key was revoked; paste a new key in CRM > Settings.',
    });
    expect(runSlice(execution(), [handler]).stepsRun).toBe(0);
    keyRevoked = false;
    expect(resumeJob(execution(), job.jobId).state).toBe('queued');
    expect(runSlice(execution(), [handler]).stepsRun).toBe(6);
    expect(store.get(job.jobId)).toMatchObject({ state: 'done', done: 10 });
    expect([...effects.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it.each([
    ['JobFailure', () => new JobFailure('Plan lead limit reached; upgrade the plan.')],
    ['an unexpected error', () => new TypeError('cannot read properties of undefined')],
  ])('fails the job on %s and goes on to the next job', (_name, makeError) => {
    const { clock, execution, newRowsJob, store } = setup();
    const error = makeError();
    const failing = newRowsJob(5, 'failing');
    clock.advance(1);
    const healthy = newRowsJob(3);
    const failingHandler = rowHandler({
      clock,
      sheet: new Map(),
      effects: new Map(),
      kind: 'failing',
      onStep: (row) => {
        if (row === 2) throw error;
      },
    });
    const okHandler = rowHandler({ clock, sheet: new Map(), effects: new Map() });
    const result = runSlice(execution(), [failingHandler, okHandler]);
    expect(result.moreWork).toBe(false);
    expect(store.get(failing.jobId)).toMatchObject({
      state: 'failed',
      done: 2,
      message: error.message,
    });
    expect(store.get(healthy.jobId)).toMatchObject({ state: 'done', done: 3 });
  });

  it('fails a job whose kind has no handler', () => {
    const { execution, newRowsJob, store } = setup();
    const job = newRowsJob(3, 'from-the-future');
    runSlice(execution(), []);
    expect(store.get(job.jobId)).toMatchObject({
      state: 'failed',
      message: expect.stringMatching(/saved by another version of the add-on/),
    });
  });

  it('says a job of an unknown kind in the job’s language (issue 18.2)', () => {
    const { execution, newRowsJob, store } = setup();
    const job = newRowsJob(3, 'from-the-future');
    store.save({ ...job, locale: 'pt' });
    runSlice(execution(), []);
    expect(store.get(job.jobId)?.message).toBe(
      'Esta tarefa foi salva por outra versão do complemento e não pode continuar: comece de novo.',
    );
  });

  it('says an argument the client refused in the job’s language, not the client’s English', () => {
    const { execution, newRowsJob, store } = setup();
    const job = newRowsJob(3, 'failing');
    store.save({ ...job, locale: 'pt' });
    const handler = rowHandler({
      clock: new SimClock(),
      sheet: new Map(),
      effects: new Map(),
      kind: 'failing',
      onStep: () => {
        parseInput(UpsertLeadInputSchema, { email: 'a@b.co', value: 'muito' }, 'leads.upsert');
      },
    });
    runSlice(execution(), [handler]);
    const message = store.get(job.jobId)?.message ?? '';
    expect(message).toContain('value: esperava um número, veio "muito"');
    expect(readsAsEnglish(message.replace(/"[^"]*"/g, ''))).toBe(false);
  });

  it.each([
    ['a wait result', 'wait'],
    ['a JobYield', 'yield'],
  ])('ends the job turn on %s, dropping the draft and reporting nextRunAt', (_name, how) => {
    const { clock, execution, newRowsJob, store } = setup();
    const job = newRowsJob(5);
    const notBefore = clock.peek() + 42_000;
    const handler: JobHandler = {
      kind: 'rows',
      step(draft) {
        recordRowOutcome(draft, 'OK');
        if (how === 'wait') return { status: 'wait', notBefore };
        throw new JobYield('rate limit', notBefore);
      },
    };
    const result = runSlice(execution(), [handler]);
    expect(result).toMatchObject({ moreWork: true, nextRunAt: notBefore, stepsRun: 0 });
    expect(store.get(job.jobId)).toMatchObject({ state: 'queued', done: 0 });
  });

  it('does not count time slept through ctx.clock as step cost, so the budget is used fully', () => {
    const { clock, execution, newRowsJob } = setup();
    newRowsJob(1000);
    let steps = 0;
    const handler: JobHandler = {
      kind: 'rows',
      step(draft, ctx) {
        steps += 1;
        // Every 20th row waits 30 s for the pacer, then a 500 ms request.
        if (steps % 20 === 0 && clock.peek() + 30_500 <= ctx.deadline) ctx.clock.sleep(30_000);
        clock.sleep(500);
        recordRowOutcome(draft, 'OK');
        return { status: 'more' };
      },
    };
    const start = clock.peek();
    runSlice(execution(), [handler], { budgetMs: 270_000 });
    const used = clock.peek() - start;
    expect(used).toBeLessThanOrEqual(270_000);
    expect(used).toBeGreaterThan(270_000 - 2_000);
  });

  it('works only the given job when jobId is passed, and explains an unknown id', () => {
    const { clock, execution, newRowsJob, store } = setup();
    const first = newRowsJob(3);
    const second = newRowsJob(3);
    const handler = rowHandler({ clock, sheet: new Map(), effects: new Map() });
    const result = runSlice(execution(), [handler], { jobId: second.jobId });
    expect(result.summaries.map((s) => s.jobId)).toEqual([second.jobId]);
    expect(store.get(first.jobId)?.state).toBe('queued');
    expect(() => runSlice(execution(), [handler], { jobId: 'nope' })).toThrow(
      /No job has the id "nope"; call crmListJobs\(\)/,
    );
  });

  it.each([0, -1, Number.NaN])('refuses budgetMs %s', (budgetMs) => {
    const { execution } = setup();
    expect(() => runSlice(execution(), [], { budgetMs })).toThrow(/budgetMs must be a positive/);
  });

  it('refuses two handlers for one kind', () => {
    const { execution } = setup();
    const h: JobHandler = { kind: 'x', step: () => ({ status: 'finished' }) };
    expect(() => runSlice(execution(), [h, h])).toThrow(/Two job handlers .* "x"/);
  });
});

describe('job functions', () => {
  it('createJob starts queued with every status at 0 and a unique id; listJobs is newest first', () => {
    const { clock, execution, newRowsJob } = setup();
    const a = newRowsJob(4);
    clock.advance(1000);
    const b = newRowsJob(7);
    expect(a.jobId).not.toBe(b.jobId);
    expect(a.jobId).toMatch(/^job-[a-z0-9]+-[a-z0-9]{4}$/);
    expect(listJobs(execution())).toMatchObject([
      {
        jobId: b.jobId,
        kind: 'rows',
        state: 'queued',
        total: 7,
        done: 0,
        counts: { OK: 0, SKIPPED: 0 },
        message: '',
      },
      {
        jobId: a.jobId,
        kind: 'rows',
        state: 'queued',
        total: 4,
        done: 0,
        counts: { OK: 0, SKIPPED: 0 },
        message: '',
      },
    ]);
  });

  it('createJob prunes old finished jobs', () => {
    const { clock, execution, newRowsJob, store } = setup();
    const old = newRowsJob(1);
    runSlice(execution(), [rowHandler({ clock, sheet: new Map(), effects: new Map() })]);
    clock.advance(31 * 24 * 60 * 60 * 1000);
    newRowsJob(1);
    expect(store.get(old.jobId)).toBeNull();
  });

  it('createJob explains a random source that never yields a free id', () => {
    const { clock, store } = setup();
    const constant = () => 0.5;
    createJob({ store, clock }, { kind: 'rows' }, { random: constant });
    expect(() => createJob({ store, clock }, { kind: 'rows' }, { random: constant })).toThrow(
      /Could not pick a free job id/,
    );
  });

  it('resumeJob and getJob explain what is wrong', () => {
    const { execution, newRowsJob } = setup();
    const job = newRowsJob(1);
    expect(resumeJob(execution(), job.jobId).state).toBe('queued');
    cancelJob(execution(), job.jobId);
    expect(() => resumeJob(execution(), job.jobId)).toThrow(/is cancelled and cannot be resumed/);
    expect(() => getJob(execution(), 'missing')).toThrow(/No job has the id "missing"/);
  });
});

describe('runSlice with owners', () => {
  it('works only the jobs its driver may run, and refuses to continue another owner’s job', () => {
    const { clock, store, execution } = setup();
    const sheet = new Map<number, string>();
    const effects = new Map<number, number>();
    const handler = rowHandler({ clock, sheet, effects, stepMs: 10 });
    const mine = createJob(
      { store, clock },
      { kind: 'rows', total: 3, cursor: { next: 0 }, owner: 'ana' },
      { random: seededRandom(1) },
    );
    const theirs = createJob(
      { store, clock },
      { kind: 'rows', total: 3, cursor: { next: 100 }, owner: 'bia' },
      { random: seededRandom(2) },
    );
    const canRun = (job: { owner?: string }) => job.owner === 'ana';
    const result = runSlice(execution(), [handler], { canRun });
    expect(result.summaries.map((s) => s.jobId)).toEqual([mine.jobId]);
    expect(store.get(mine.jobId)?.state).toBe('done');
    expect(store.get(theirs.jobId)?.state).toBe('queued');
    expect([...effects.keys()].every((row) => row < 100)).toBe(true);
    expect(() => runSlice(execution(), [handler], { canRun, jobId: theirs.jobId })).toThrow(
      /started with another API key/,
    );
    expect(store.get(theirs.jobId)?.owner).toBe('bia');
  });
});
