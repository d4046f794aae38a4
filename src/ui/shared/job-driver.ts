import type { JobSummary } from '../../core/jobs/record';
import { isPendingState } from './progress-model';

/** One slice's answer from uiContinueJob: `callAgainInMs` is absent when nothing is left. */
export interface SliceAnswer {
  summaries: JobSummary[];
  callAgainInMs?: number;
}

/** The server calls a driver needs; server-api.ts binds them to google.script.run. */
export interface JobServer {
  continueJob(jobId: string): Promise<SliceAnswer>;
  getJob(jobId: string): Promise<JobSummary>;
  pauseJob(jobId: string): Promise<JobSummary>;
  cancelJob(jobId: string): Promise<JobSummary>;
  resumeJob(jobId: string): Promise<JobSummary>;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface DriverOptions {
  onUpdate(summary: JobSummary): void;
  /** A call failed; the driver keeps going where that makes sense. */
  onError(error: Error): void;
  /** How often progress is read while a slice runs (default 2 s). */
  pollMs?: number;
  /** Told through onError when the sidebar stops driving after repeated failures. */
  gaveUpMessage: string;
  /** Slices that fail in a row before the sidebar stops driving (the trigger finishes the job). */
  maxSliceFailures?: number;
  timers?: Timers;
}

export interface JobDriver {
  readonly jobId: string;
  /** True while this sidebar calls uiContinueJob for the job. */
  readonly driving: boolean;
  start(): void;
  /** Stops driving and pauses the job (a slice in flight stops before its next request). */
  pause(): Promise<JobSummary>;
  cancel(): Promise<JobSummary>;
  /** Puts a paused job back in the queue and drives it again. */
  resume(): Promise<JobSummary>;
  /** Stops driving and polling without touching the job (it continues by trigger). */
  stop(): void;
}

const DEFAULT_POLL_MS = 2_000;
const SLICE_RETRY_MS = 5_000;

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The sidebar as a job driver (PRODUCT.md "Who drives a long job"): it calls uiContinueJob
 * again each time a slice ends, and meanwhile reads progress every few seconds, since
 * google.script.run calls run concurrently. Closing the sidebar simply stops this loop;
 * the job's trigger then finishes it.
 */
export function createJobDriver(
  server: JobServer,
  jobId: string,
  options: DriverOptions,
): JobDriver {
  const timers = options.timers ?? defaultTimers;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const maxSliceFailures = options.maxSliceFailures ?? 3;
  let driving = false;
  let stopped = false;
  let sliceTimer: unknown;
  let pollTimer: unknown;
  let sliceFailures = 0;
  let last: JobSummary | undefined;
  /**
   * Pause, resume and cancel reach the server one after another, in the order they were
   * clicked, and only the answer to the latest click is acted on: a Cancel clicked while a
   * Resume was on its way is never undone by the Resume's answer starting the driver again.
   */
  let controls: Promise<unknown> = Promise.resolve();
  let latestControl = 0;

  /**
   * Polls and slices answer out of order; a pending summary with fewer rows done than one
   * already shown is older news. Pause, cancel and resume answers always apply.
   */
  const show = (summary: JobSummary, force = false) => {
    const stale =
      !force &&
      last !== undefined &&
      isPendingState(summary.state) &&
      (!isPendingState(last.state) || summary.done < last.done);
    if (stale) return;
    last = summary;
    options.onUpdate(summary);
    if (!isPendingState(summary.state)) stopDriving();
  };

  const clearTimers = () => {
    if (sliceTimer !== undefined) timers.clearTimeout(sliceTimer);
    if (pollTimer !== undefined) timers.clearTimeout(pollTimer);
    sliceTimer = undefined;
    pollTimer = undefined;
  };

  function stopDriving(): void {
    driving = false;
    clearTimers();
  }

  const schedulePoll = () => {
    if (pollTimer !== undefined || !driving) return;
    pollTimer = timers.setTimeout(() => {
      pollTimer = undefined;
      if (!driving) return;
      server.getJob(jobId).then(
        (summary) => {
          if (driving) show(summary);
          schedulePoll();
        },
        (error) => {
          options.onError(asError(error));
          schedulePoll();
        },
      );
    }, pollMs);
  };

  const runSlice = () => {
    sliceTimer = undefined;
    if (!driving) return;
    server.continueJob(jobId).then(
      (answer) => {
        sliceFailures = 0;
        const mine = answer.summaries.find((summary) => summary.jobId === jobId);
        if (mine && !stopped) show(mine);
        if (!driving) return;
        if (answer.callAgainInMs === undefined) {
          // Nothing left for this driver: read the final state once and stop.
          stopDriving();
          if (!mine) server.getJob(jobId).then((summary) => show(summary, true), reportError);
          return;
        }
        sliceTimer = timers.setTimeout(runSlice, Math.max(0, answer.callAgainInMs));
      },
      (error) => {
        reportError(error);
        sliceFailures += 1;
        if (!driving) return;
        if (sliceFailures >= maxSliceFailures) {
          stopDriving();
          options.onError(new Error(options.gaveUpMessage));
          return;
        }
        sliceTimer = timers.setTimeout(runSlice, SLICE_RETRY_MS);
      },
    );
  };

  function reportError(error: unknown): void {
    options.onError(asError(error));
  }

  /** Sends one control call after the ones clicked before it; `then` runs only if it is the latest. */
  const control = (
    send: () => Promise<JobSummary>,
    then?: (summary: JobSummary) => void,
  ): Promise<JobSummary> => {
    const mine = ++latestControl;
    const sent = controls.then(send);
    controls = sent.catch(() => undefined);
    return sent.then((summary) => {
      if (mine === latestControl) {
        show(summary, true);
        then?.(summary);
      }
      return summary;
    });
  };

  const start = () => {
    if (driving) return;
    stopped = false;
    driving = true;
    sliceFailures = 0;
    runSlice();
    schedulePoll();
  };

  return {
    jobId,
    get driving() {
      return driving;
    },
    start,
    pause() {
      // The server stops the slice in flight before its next request; no need to wait for it.
      stopDriving();
      return control(() => server.pauseJob(jobId));
    },
    cancel() {
      stopDriving();
      return control(() => server.cancelJob(jobId));
    },
    resume() {
      return control(
        () => server.resumeJob(jobId),
        (summary) => {
          if (isPendingState(summary.state)) start();
        },
      );
    },
    stop() {
      stopped = true;
      stopDriving();
    },
  };
}
