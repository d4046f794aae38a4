import { CrmError } from '../../api/errors';
import { asPlatformQuotaError, type PlatformQuotaError } from '../../api/platform-error';
import { codedError } from '../errors';
import { translator } from '../i18n';
import { hasPersonWords, personMessage } from '../person-message';
import type { Clock, Mutex } from '../ports';
import { checkpointOf, type JobYield, jobControlOf, messageOf } from './errors';
import { IDLE_RETRY_MS, IDLE_STEPS_PER_SLICE, idleSlice, progressOf } from './idle';
import { utf8Bytes } from './kv';
import { type PlatformWait, platformWait } from './platform-wait';
import {
  copyRecord,
  isFinished,
  isPending,
  isSettlingCancel,
  JobIdSchema,
  type JobRecord,
  type JobSummary,
  needsWork,
  type SummaryViewer,
  toSummary,
} from './record';
import { cancelledMessage, type JobStore, type PauseReason } from './store';

/**
 * Apps Script kills an execution at 6 minutes. 4.5 minutes of work leaves over a minute for
 * the step in flight, the checkpoint, and whatever the driver does after the slice.
 */
export const DEFAULT_BUDGET_MS = 270_000;
/** Long enough for LockService to hand over between two back-to-back executions. */
export const DEFAULT_LOCK_TIMEOUT_MS = 500;
/** Assumed cost of a step before this slice has timed one (about one API request). */
export const DEFAULT_INITIAL_STEP_ESTIMATE_MS = 2_000;

export interface StepContext {
  /**
   * Wait through this clock (or build the pacer over it) so that time spent waiting for a
   * rate-limit slot is not mistaken for the cost of a step.
   */
  clock: Clock;
  /** When the slice's budget ends (epoch ms); the step's work must be over by then. */
  deadline: number;
  /**
   * The latest instant (epoch ms) at which the step can begin its request and still end
   * before the deadline. Give it to `pacer.acquire({ deadline })`.
   */
  latestStartAt: number;
  /** The engine's estimate of one step's cost (ms). */
  estimateMs?: number;
  /**
   * Whether a pause or cancel was asked for since the step began (one Properties read): call
   * it between batches and, when true, stop at once with what is done checkpointed (return
   * `more`); the engine then applies the request. Optional so that tests may build a context
   * without it: call it as `ctx.stopRequested?.()`.
   */
  stopRequested?(): boolean;
}

/**
 * - `more`: one unit of work is done and more remains.
 * - `finished`: the last unit is done; the job becomes `done`.
 * - `wait`: nothing was done (any change to the job is dropped); try again after `notBefore`.
 */
export type StepResult =
  | { status: 'more' }
  | { status: 'finished' }
  | { status: 'wait'; notBefore?: number };

export interface JobHandler {
  kind: string;
  /** Row statuses of this kind; a new job starts with each of them at 0 in `counts`. */
  statuses?: readonly string[];
  /**
   * Does one unit of work (ideally at most one API request) and records its effect on the
   * `job` it is given: a copy the engine checkpoints after the step returns, and drops when
   * the step throws. Throw JobPause / JobFailure / JobYield to stop the job; anything else
   * thrown fails the job with that error's message.
   *
   * A job started with `settleOnCancel` is also stepped once cancelled (its state then says
   * `cancelled`), until a step returns `finished`: such a step sends nothing new; it reads back
   * what may have left and says on each row what happened (isSettlingCancel).
   */
  step(job: JobRecord, ctx: StepContext): StepResult;
}

export interface EngineDeps {
  store: JobStore;
  clock: Clock;
  /** The lock every driver takes before working jobs (the document lock in Apps Script). */
  mutex: Mutex;
  /** Who reads the summaries this returns ("you" for the person who started a job). */
  viewer?: SummaryViewer;
}

export interface SliceOptions {
  budgetMs?: number;
  /** Jobs this driver may work (e.g. only those started with its API key); others are left pending. */
  canRun?: (job: JobRecord) => boolean;
  /** Work only this job; otherwise every pending job, oldest first. */
  jobId?: string;
  lockTimeoutMs?: number;
  initialStepEstimateMs?: number;
  /**
   * A driver that must not sleep long (a bound script's trigger: its runtime is the scarcest
   * daily quota) gives the longest it may wait for the rate limit and how to read when the
   * next request slot frees (the pacer's nextSlotAt). Before each step, when that slot is
   * further away than `maxWaitMs`, the slice ends with `nextRunAt` at the slot, and the driver
   * schedules its continuation then. Handlers need no change: a step starts only when its
   * first request can go out within a few seconds. Absent: steps wait in the pacer as long as
   * the slice allows (an open sidebar, whose waiting costs no trigger runtime).
   */
  pacing?: SlicePacing;
}

export interface SlicePacing {
  /** The longest the slice's first step may wait for its slots. */
  maxWaitMs: number;
  /**
   * The longest a later step may wait (default `maxWaitMs`). Shorter than the first step's
   * wait, it ends a slice whose slots free one by one at a steady pace (which would keep an
   * execution running, and spending runtime, for as long as the job lasts) once its burst is
   * over; the next execution then finds a whole burst's worth free.
   */
  continueWaitMs?: number;
  /** When the slots of the next batch are free (epoch ms). */
  nextSlotAt(): number;
}

export interface SliceResult {
  /** Another driver holds the lock; nothing was done. */
  busy: boolean;
  /** The jobs in this slice's scope (the given job, or every job that was pending). */
  summaries: JobSummary[];
  /** Work remains in this slice's scope: the driver should arrange a continuation. */
  moreWork: boolean;
  /** When continuing is first useful (epoch ms), if a step had to wait (e.g. for the pacer). */
  nextRunAt?: number;
  /** Steps completed and checkpointed in this slice. */
  stepsRun: number;
}

function handlerMap(handlers: readonly JobHandler[]): Map<string, JobHandler> {
  const byKind = new Map<string, JobHandler>();
  for (const handler of handlers) {
    if (byKind.has(handler.kind)) {
      throw new Error(`Two job handlers are registered for kind "${handler.kind}"; keep one.`);
    }
    byKind.set(handler.kind, handler);
  }
  return byKind;
}

function earlier(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

/**
 * A failed step's message, shown as it is in the Jobs sidebar: a CRM failure or an error with
 * a code (or an argument refused with its issues) is said in the job's language (person-message.ts; the words are one catalogue
 * sentence, so each reader gets their own); any other error's message is kept (a handler's
 * JobFailure/JobPause is already in the job's language).
 */
function failureWords(error: unknown, job: JobRecord): string {
  if (jobControlOf(error) === null && hasPersonWords(error)) {
    return personMessage(error, translator(job.locale ?? 'en'));
  }
  return messageOf(error);
}

function requireJob(store: JobStore, jobId: string): JobRecord {
  const job = store.get(jobId);
  if (!job) {
    throw codedError(
      `No job has the id "${jobId}"; call crmListJobs() to see this sheet's jobs.`,
      'jobNotFound',
    );
  }
  return job;
}

/** A clock that also tells how long the step slept, so waits do not inflate the step estimate. */
function sleepMeasuringClock(clock: Clock): { clock: Clock; sleptMs: () => number } {
  let slept = 0;
  return {
    clock: {
      now: () => clock.now(),
      sleep: (ms) => {
        const before = clock.now();
        clock.sleep(ms);
        slept += clock.now() - before;
      },
    },
    sleptMs: () => slept,
  };
}

/**
 * Keeps a job that met a platform limit pending (`waitingUntil` tells when it goes on), or
 * pauses it when only a person can fix the cause (the allow-list). Its message says which.
 */
function waitForPlatform(
  store: JobStore,
  job: JobRecord,
  error: PlatformQuotaError,
  now: number,
): PlatformWait {
  const wait = platformWait(error, now, job.locale);
  const waiting: JobRecord = { ...job, updatedAt: now, message: wait.message };
  if (wait.until === undefined && isSettlingCancel(job)) {
    // A cancelled job is never paused: what it could not read back stays as its record says.
    delete waiting.settleOnCancel;
  } else if (wait.until === undefined) waiting.state = 'paused';
  else waiting.waitingUntil = wait.until;
  try {
    store.save(waiting);
  } catch {
    // A full store cannot take the message either; the next slice meets the limit again.
  }
  return wait;
}

/**
 * Apps Script service errors that say nothing about the job: Sheets (or another service)
 * failing for a moment. Their wording, as Apps Script words them; the CRM's answers never
 * count, whatever their words (they are CrmErrors, handled by the steps).
 */
const TRANSIENT_SERVICE_ERRORS = [
  /Service Spreadsheets (?:timed out|failed)/i,
  /\bService error\b/i,
  /server error occurred\. Please wait a bit and try again/i,
  /\bInternal error\b/i,
];
/** Transient service errors in a row a job rides out before it fails with the last one. */
export const TRANSIENT_ATTEMPTS = 3;
export const TRANSIENT_RETRY_BASE_MS = 2_000;

export function isTransientServiceError(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof CrmError) return false;
  return TRANSIENT_SERVICE_ERRORS.some((pattern) => pattern.test(error.message));
}

/**
 * A job whose step met a transient service error (issue 16.3: one "Service Spreadsheets timed
 * out" failed a send) stays pending and tries again after a back-off, TRANSIENT_ATTEMPTS times
 * in a row at most: the fields to save, and when to go on. Undefined when it must fail.
 */
function transientRetry(
  job: JobRecord,
  error: unknown,
  now: number,
): { fields: Partial<JobRecord>; retryAt: number } | undefined {
  if (!isTransientServiceError(error)) return undefined;
  const failures = (job.transientFailures ?? 0) + 1;
  if (failures >= TRANSIENT_ATTEMPTS) return undefined;
  const retryAt = now + TRANSIENT_RETRY_BASE_MS * 2 ** (failures - 1);
  return { fields: { transientFailures: failures, updatedAt: now }, retryAt };
}

/**
 * Works pending jobs for at most `budgetMs`, one step at a time, checkpointing after every
 * step. Killing the execution at any instant loses nothing that was checkpointed; the step in
 * flight (if any) runs again on the next slice, so handlers make each step safe to repeat
 * (e.g. by reading the row's status cell first).
 */
export function runSlice(
  deps: EngineDeps,
  handlers: readonly JobHandler[],
  options: SliceOptions = {},
): SliceResult {
  const { store, clock, mutex } = deps;
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  if (!(budgetMs > 0)) {
    throw codedError(`budgetMs must be a positive number (got ${budgetMs}).`, 'bug');
  }
  const byKind = handlerMap(handlers);
  const sliceStart = clock.now();
  const deadline = sliceStart + budgetMs;

  const canRun = options.canRun ?? (() => true);
  const scopeIds = (): string[] =>
    options.jobId !== undefined
      ? [options.jobId]
      : store
          .list()
          .filter((job) => needsWork(job) && canRun(job))
          .map((job) => job.jobId);
  const recordsOf = (ids: readonly string[]): JobRecord[] =>
    ids.flatMap((id) => {
      const job = store.get(id);
      return job ? [job] : [];
    });
  const summariesOf = (ids: readonly string[]): JobSummary[] =>
    recordsOf(ids).map((job) => toSummary(job, deps.viewer));

  if (options.jobId !== undefined && !canRun(requireJob(store, options.jobId))) {
    throw codedError(
      `Job ${options.jobId} was started with another API key; only its owner can continue it (their trigger does).`,
      'notJobOwner',
    );
  }
  if (!mutex.tryLock(options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS)) {
    return { busy: true, summaries: summariesOf(scopeIds()), moreWork: true, stepsRun: 0 };
  }
  try {
    const ids = scopeIds();
    let estimateMs = options.initialStepEstimateMs ?? DEFAULT_INITIAL_STEP_ESTIMATE_MS;
    let nextRunAt: number | undefined;
    let stepsRun = 0;
    let outOfTime = false;
    let burstStarted = false;

    for (const jobId of ids) {
      if (outOfTime) break;
      const handler = byKind.get(requireJob(store, jobId).kind);
      let lastSaved: JobRecord | undefined;
      // Whether a step of this slice moved the job on, and how many in a row left it as it was.
      let progressed = false;
      let idleSteps = 0;
      for (;;) {
        // A cancel or pause may have arrived from another execution: the record this slice
        // saved last (it is the record's only writer while it holds the lease), with requests.
        const job = lastSaved ? store.refresh(lastSaved) : store.get(jobId);
        if (!job || !needsWork(job)) break;
        // Cancelled, it still reads back what may have left: its steps send nothing new.
        const settling = isSettlingCancel(job);
        if (job.waitingUntil !== undefined && job.waitingUntil > clock.now()) {
          // Waiting out a platform quota: trying sooner would only spend calls.
          nextRunAt = earlier(nextRunAt, job.waitingUntil);
          break;
        }
        if (!handler && settling) {
          store.save(settledCancel(job, clock.now()));
          break;
        }
        if (!handler) {
          store.save({
            ...job,
            state: 'failed',
            updatedAt: clock.now(),
            // Shown as it is in the Jobs sidebar: in the job's language.
            message: translator(job.locale ?? 'en')('messages.jobOutdated'),
          });
          break;
        }
        const stepStart = clock.now();
        if (stepStart + estimateMs > deadline) {
          outOfTime = true;
          break;
        }
        const slotAt = options.pacing?.nextSlotAt();
        // The first wait may be long (an execution that came early sleeps until its slots);
        // once the slice has had its slots, it goes on only while the next ones come at once.
        const maxWaitMs = options.pacing
          ? burstStarted
            ? (options.pacing.continueWaitMs ?? options.pacing.maxWaitMs)
            : options.pacing.maxWaitMs
          : undefined;
        if (slotAt !== undefined && maxWaitMs !== undefined && slotAt - stepStart > maxWaitMs) {
          nextRunAt = earlier(nextRunAt, slotAt);
          outOfTime = true;
          break;
        }
        const draft = copyRecord(job);
        if (!settling) draft.state = 'running';
        delete draft.waitingUntil;
        const measuring = sleepMeasuringClock(clock);
        let result: StepResult;
        try {
          // A paced slice's step may wait for slots about as long as the check above allowed,
          // besides its own work: a step that would sleep longer in the pacer (an import's
          // rounds at a steady trickle) hands its rest to the next execution instead.
          const latestStartAt =
            maxWaitMs === undefined
              ? deadline - estimateMs
              : Math.min(deadline - estimateMs, stepStart + maxWaitMs + estimateMs);
          result = handler.step(draft, {
            clock: measuring.clock,
            deadline,
            latestStartAt,
            estimateMs,
            // The cancel a settling job shows is the one it is settling: its reads go on.
            stopRequested: () => !settling && store.controlRequest(jobId) !== null,
          });
        } catch (error) {
          const control = jobControlOf(error);
          if (control === 'yield') {
            nextRunAt = earlier(nextRunAt, (error as JobYield).notBefore);
            // A slice whose every step yielded spent its requests on nothing it kept: counted,
            // so that executions that each do so end in a pause, not in a chain for ever.
            if (!progressed && !settling) store.save(idleSlice(job, clock.now(), false));
            break;
          }
          const platform = control === null ? asPlatformQuotaError(error) : undefined;
          if (settling && !platform && !isTransientServiceError(error)) {
            // Reads that cannot be made (a refused key): the rows stay as the record has them.
            store.save({
              ...settledCancel(job, clock.now()),
              lastFailure: failureWords(error, job),
            });
            break;
          }
          if (platform) {
            // A quota stops every job of this user alike: end the slice and wait it out.
            // A step that wrote its rows before the refusal hands its record over with it.
            const base = checkpointOf(error) ?? job;
            const wait = waitForPlatform(store, base, platform, clock.now());
            nextRunAt = earlier(nextRunAt, wait.until);
            outOfTime = true;
            break;
          }
          const transient = control === null ? transientRetry(job, error, clock.now()) : undefined;
          if (transient) {
            // Retried like a network error: the step runs again from its last checkpoint,
            // which a kill at the same instant would also have done.
            store.save({ ...(checkpointOf(error) ?? job), ...transient.fields });
            nextRunAt = earlier(nextRunAt, transient.retryAt);
            break;
          }
          const said = failureWords(error, job);
          store.save({
            ...job,
            state: control === 'pause' ? 'paused' : 'failed',
            updatedAt: clock.now(),
            message: said,
            ...(control === 'pause' ? {} : { lastFailure: said }),
          });
          break;
        }
        if (result.status === 'wait') {
          nextRunAt = earlier(nextRunAt, result.notBefore);
          break;
        }
        if (result.status === 'finished') draft.state = 'done';
        draft.updatedAt = clock.now();
        delete draft.transientFailures;
        const moved = progressOf(draft) !== progressOf(job);
        if (moved) delete draft.idleSince;
        // A settling step that ended the job (finished, or a pause or failure it could not get
        // past) leaves it cancelled and settled; otherwise it stays cancelled and settling.
        const saved = store.save(
          settling
            ? draft.state === 'cancelled' && result.status === 'more'
              ? { ...draft, message: cancelledMessage() }
              : settledCancel(draft, draft.updatedAt)
            : draft,
        );
        lastSaved = saved;
        stepsRun += 1;
        // A step that waited for slots, or found them free, began the slice's burst; a step
        // that made no request (a sheet read) before any slot was near did not.
        if (
          slotAt !== undefined &&
          (measuring.sleptMs() > 0 ||
            slotAt - stepStart <= (options.pacing?.continueWaitMs ?? Number.POSITIVE_INFINITY))
        ) {
          burstStarted = true;
        }
        const workMs = clock.now() - stepStart - measuring.sleptMs();
        estimateMs = Math.max(estimateMs, workMs);
        // A pause or cancel that landed during the step shows when the loop reads the job again.
        if (saved.state !== 'running' && !isSettlingCancel(saved)) break;
        if (moved) {
          progressed = true;
          idleSteps = 0;
        } else if (++idleSteps >= IDLE_STEPS_PER_SLICE) {
          // Steps that say there is more yet change nothing would loop here for ever (no
          // clock need move): the slice leaves the job and tries again after the CRM's minute.
          if (!progressed && !settling) store.save(idleSlice(saved, clock.now(), true));
          nextRunAt = earlier(nextRunAt, clock.now() + IDLE_RETRY_MS);
          break;
        }
      }
    }

    const records = recordsOf(options.jobId !== undefined ? [options.jobId] : ids);
    const summaries = records.map((job) => toSummary(job, deps.viewer));
    const moreWork = records.some(needsWork);
    return {
      busy: false,
      summaries,
      moreWork,
      ...(moreWork && nextRunAt !== undefined ? { nextRunAt } : {}),
      stepsRun,
    };
  } finally {
    mutex.release();
  }
}

/**
 * A cancelled job whose reading back is over (or cannot go on): cancelled, and no longer worked.
 * A step may have left it any state: it was cancelled, whatever the step made of it.
 */
function settledCancel(job: JobRecord, now: number): JobRecord {
  const settled: JobRecord = {
    ...job,
    state: 'cancelled',
    message: cancelledMessage(),
    updatedAt: now,
  };
  delete settled.settleOnCancel;
  return settled;
}

/**
 * The stored options of one job at most (UTF-8 bytes): four Properties values. Larger options
 * (a mapping of thousands of columns, a pasted document as fixed text) are refused at the start
 * with this error, never left half-written in a store all jobs share.
 */
export const MAX_JOB_OPTIONS_BYTES = 32_000;

/** Who started a job and where it works, kept with it (see JobRecord). */
export type JobMeta = Pick<
  JobRecord,
  | 'person'
  | 'ownerName'
  | 'locale'
  | 'spreadsheetId'
  | 'sheetId'
  | 'sheetName'
  | 'notice'
  | 'preview'
>;

export interface NewJob {
  kind: string;
  meta?: JobMeta;
  /** Whose API key runs the job (see JobRecord.owner). */
  owner?: string;
  options?: unknown;
  cursor?: unknown;
  total?: number;
  message?: string;
  /** Row statuses to show at 0 from the start (usually the handler's `statuses`). */
  statuses?: readonly string[];
  /** Once cancelled, its handler still reads back what may have left (JobRecord.settleOnCancel). */
  settleOnCancel?: boolean;
}

export interface CreateJobOptions {
  /** Source of the random part of job ids; tests pass a seeded one. */
  random?: () => number;
  /** Pruning done on every create, so the 500 KB Properties store never fills with old jobs. */
  pruneAfterDays?: number;
  keepFinishedAtMost?: number;
}

/** Stores a new `queued` job and returns it; a driver then runs it with runSlice. */
export function createJob(
  deps: Pick<EngineDeps, 'store' | 'clock'>,
  input: NewJob,
  options: CreateJobOptions = {},
): JobRecord {
  const { store, clock } = deps;
  const random = options.random ?? Math.random;
  const now = clock.now();
  const optionBytes = utf8Bytes(JSON.stringify(input.options ?? null));
  if (optionBytes > MAX_JOB_OPTIONS_BYTES) {
    throw codedError(
      `The options of this ${input.kind} job take ${optionBytes} bytes once stored; at most ${MAX_JOB_OPTIONS_BYTES} fit. Shorten the fixed texts or the mapping, then start it again.`,
      'jobOptionsTooLarge',
      { bytes: optionBytes, max: MAX_JOB_OPTIONS_BYTES },
    );
  }
  store.prune({
    now,
    maxAgeDays: options.pruneAfterDays ?? 30,
    keepAtMost: options.keepFinishedAtMost ?? 50,
  });
  let jobId = '';
  for (let attempt = 0; attempt < 20; attempt++) {
    const suffix = Math.floor(random() * 36 ** 4)
      .toString(36)
      .padStart(4, '0');
    const candidate = `job-${now.toString(36)}-${suffix}`;
    if (!store.get(candidate)) {
      jobId = candidate;
      break;
    }
  }
  if (!JobIdSchema.safeParse(jobId).success) {
    throw codedError(
      'Could not pick a free job id; check that the random source is not constant.',
      'bug',
    );
  }
  const counts: Record<string, number> = {};
  for (const status of input.statuses ?? []) counts[status] = 0;
  return store.save({
    jobId,
    kind: input.kind,
    state: 'queued',
    createdAt: now,
    updatedAt: now,
    total: input.total ?? 0,
    done: 0,
    counts,
    message: input.message ?? '',
    options: input.options ?? null,
    cursor: input.cursor ?? null,
    ...(input.owner === undefined ? {} : { owner: input.owner }),
    ...(input.settleOnCancel ? { settleOnCancel: true } : {}),
    ...definedOnly(input.meta ?? {}),
  });
}

/** The fields of `meta` that have a value (the record schema refuses explicit undefined). */
function definedOnly(meta: JobMeta): JobMeta {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(meta)) if (value !== undefined) out[key] = value;
  return out as JobMeta;
}

export function getJob(deps: Pick<EngineDeps, 'store' | 'viewer'>, jobId: string): JobSummary {
  return toSummary(requireJob(deps.store, jobId), deps.viewer);
}

/** Newest first, as the Jobs sidebar shows them. */
export function listJobs(deps: Pick<EngineDeps, 'store' | 'viewer'>): JobSummary[] {
  return deps.store
    .list()
    .reverse()
    .map((job) => toSummary(job, deps.viewer));
}

/**
 * Cancels at once when no slice is running; otherwise the running slice sees the request
 * before its next step. Either way the summary returned already says `cancelled`.
 */
export function cancelJob(deps: EngineDeps, jobId: string): JobSummary {
  const { store } = deps;
  const job = requireJob(store, jobId);
  // A failed job may still be resumed, so it holds its sheet until it is cancelled.
  if (isFinished(job.state) && job.state !== 'failed') return toSummary(job, deps.viewer);
  store.requestCancel(jobId);
  return settleRequest(deps, jobId);
}

/**
 * Asks a pending job to pause: at once when no slice is working it, else the running slice
 * stops before its next request (StepContext.stopRequested) or step. The summary returned
 * already says `paused`.
 */
export function pauseJob(
  deps: EngineDeps,
  jobId: string,
  message: string,
  reason?: PauseReason,
): JobSummary {
  const { store } = deps;
  const job = requireJob(store, jobId);
  if (!isPending(job.state)) return toSummary(job, deps.viewer);
  store.requestPause(jobId, message, reason);
  return settleRequest(deps, jobId);
}

/**
 * After a pause or cancel request: when no slice is working the job, its record takes the
 * request now; a running slice sees it before its next request or step. Either way the summary
 * returned already shows the new state (requests apply when a job is read).
 */
function settleRequest(deps: EngineDeps, jobId: string): JobSummary {
  const { store, mutex } = deps;
  if (mutex.tryLock(0)) {
    try {
      const current = store.get(jobId);
      if (current) store.save({ ...current, updatedAt: deps.clock.now() });
    } finally {
      mutex.release();
    }
  }
  return toSummary(requireJob(store, jobId), deps.viewer);
}

/**
 * Puts a paused job back in the queue (after the user fixed what its message named). A `failed`
 * job may be resumed too: the rows it finished keep their status and it goes on with the rest.
 */
export function resumeJob(
  deps: Pick<EngineDeps, 'store' | 'clock' | 'viewer'>,
  jobId: string,
  message = 'Resumed.',
): JobSummary {
  const { store, clock } = deps;
  const job = requireJob(store, jobId);
  if (isPending(job.state)) return toSummary(job, deps.viewer);
  if (job.state !== 'paused' && job.state !== 'failed') {
    throw codedError(
      `Job ${jobId} is ${job.state} and cannot be resumed; start a new job instead.`,
      'jobNotResumable',
    );
  }
  store.clearPauseRequest(jobId);
  const resumed: JobRecord = { ...job, state: 'queued', updatedAt: clock.now(), message };
  delete resumed.waitingUntil;
  return toSummary(store.save(resumed), deps.viewer);
}
