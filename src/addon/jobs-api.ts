import {
  cancelJob,
  continuationPlan,
  DEFAULT_BUDGET_MS,
  type Driver,
  getJob,
  type JobSummary,
  listJobs,
  resumeJob,
  runSlice,
} from '../core/jobs';
import {
  ensureHourlyTrigger,
  ensureOneOffTrigger,
  removeHourlyTrigger,
  removeOneOffTrigger,
} from '../gas/triggers';
import { engineDeps } from './context';
import { PUBLISHED_ADDON } from './deployment';
import { jobHandlers } from './job-handlers';
import { loadSchedules } from './schedule-store';

/**
 * When this execution began: Apps Script runs top-level code afresh at the start of every
 * execution. The 6-minute limit is the execution's, yet one execution may drive several slices
 * (crmRunJobs starts each due schedule, then continues every job; a script may start an import
 * and then a send), so all of them share one budget counted from here.
 */
const EXECUTION_STARTED_AT = Date.now();

/** What is left of this execution's budget; at least 1 ms, which starts no step. */
function executionBudgetMs(now: number): number {
  return Math.max(1, EXECUTION_STARTED_AT + DEFAULT_BUDGET_MS - now);
}

export interface DriveResult {
  summaries: JobSummary[];
  /** For the sidebar: call again after this many ms; absent when nothing is left to do. */
  callAgainInMs?: number;
}

/**
 * Works pending jobs (or one job) for one slice, then makes sure someone continues: the
 * caller (sidebar) and, always, a time-driven trigger so that closing the sidebar never
 * strands a job.
 */
export function driveJobs(driver: Driver, jobId?: string): DriveResult {
  const deps = engineDeps();
  const slice = runSlice(deps, jobHandlers(), {
    budgetMs: executionBudgetMs(deps.clock.now()),
    ...(jobId === undefined ? {} : { jobId }),
  });
  const now = deps.clock.now();
  const anyPending = listJobs(deps).some(
    (job) => job.state === 'queued' || job.state === 'running',
  );
  const plan = continuationPlan({
    moreWork: slice.moreWork || anyPending,
    driver,
    publishedAddon: PUBLISHED_ADDON,
    now,
    busy: slice.busy,
    ...(slice.nextRunAt === undefined ? {} : { nextRunAt: slice.nextRunAt }),
  });
  if (plan.trigger === 'one-off' && plan.scheduleTriggerAt !== undefined) {
    ensureOneOffTrigger(plan.scheduleTriggerAt, now);
  } else if (plan.trigger === 'hourly') {
    ensureHourlyTrigger();
  } else if (!anyPending) {
    removeOneOffTrigger();
    // The hourly trigger also starts nightly schedules; it goes only when none is left.
    if (loadSchedules().length === 0) removeHourlyTrigger();
  }
  return {
    summaries: slice.summaries,
    ...(plan.callAgain ? { callAgainInMs: plan.callAgainInMs ?? 0 } : {}),
  };
}

/** Summary of one job: `{jobId, kind, state, total, done, counts, message}`. */
export function crmGetJob(jobId: string): JobSummary {
  return getJob(engineDeps(), requireJobId(jobId));
}

/** Summaries of this spreadsheet's jobs, newest first. */
export function crmListJobs(): JobSummary[] {
  return listJobs(engineDeps());
}

/** Cancels a job; rows already processed keep their status. */
export function crmCancelJob(jobId: string): JobSummary {
  return cancelJob(engineDeps(), requireJobId(jobId));
}

/** Resumes a paused job (for example after a new API key was saved) and works on it. */
export function crmResumeJob(jobId: string): JobSummary {
  const deps = engineDeps();
  resumeJob(deps, requireJobId(jobId));
  return driveJobs('direct', jobId).summaries[0] ?? getJob(deps, jobId);
}

/** google.script.run target of an open sidebar: one more slice of one job. */
export function uiContinueJob(jobId: string): DriveResult {
  return driveJobs('sidebar', requireJobId(jobId));
}

function requireJobId(jobId: unknown): string {
  if (typeof jobId !== 'string' || jobId.trim() === '') {
    throw new Error('Pass the jobId returned when the job started (see crmListJobs()).');
  }
  return jobId.trim();
}
