import {
  cancelJob,
  continuationPlan,
  DEFAULT_BUDGET_MS,
  type Driver,
  getJob,
  isPending,
  type JobRecord,
  type JobSummary,
  listJobs,
  resumeJob,
  runSlice,
} from '../core/jobs';
import type { Settings } from '../core/settings/settings';
import {
  ensureHourlyTrigger,
  ensureOneOffTrigger,
  removeHourlyTrigger,
  removeOneOffTrigger,
} from '../gas/triggers';
import { engineDeps, loadSettings, ownerOf } from './context';
import { PUBLISHED_ADDON } from './deployment';
import { jobHandlers } from './job-handlers';
import { loadSchedules, ownsSchedule } from './schedule-store';

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
  const settings = loadSettings();
  const canRun = runnableBy(settings);
  const slice = runSlice(deps, jobHandlers(), {
    budgetMs: executionBudgetMs(deps.clock.now()),
    canRun,
    ...(jobId === undefined ? {} : { jobId }),
  });
  const now = deps.clock.now();
  // Only this user's jobs keep this user's triggers alive; others' are their owners' to drive.
  const anyPending = deps.store.list().some((job) => isPending(job.state) && canRun(job));
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
    const mine = settings ? loadSchedules().filter((s) => ownsSchedule(s, settings)) : [];
    if (mine.length === 0) removeHourlyTrigger();
  }
  return {
    summaries: slice.summaries,
    ...(plan.callAgain ? { callAgainInMs: plan.callAgainInMs ?? 0 } : {}),
  };
}

/**
 * A job runs only with the API key that started it: in a shared spreadsheet another editor's
 * trigger must never continue an import or a send with that editor's key (maybe another CRM
 * account). Jobs from before owners were recorded run with any key.
 */
function runnableBy(settings: Settings | null): (job: JobRecord) => boolean {
  const owner = settings ? ownerOf(settings) : null;
  return (job) => job.owner === undefined || job.owner === owner;
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
