import { asPlatformQuotaError } from '../api/platform-error';
import { LEAD_ACTIONS_KIND, REVERT_KIND } from '../core/actions/job';
import { codedError } from '../core/errors';
import { EXPORT_JOB_KIND } from '../core/export/job/job';
import { translator } from '../core/i18n';
import { IMPORT_JOB_KIND } from '../core/import/job/job';
import {
  BOUND_TRIGGER_DELAY_MS,
  BUSY_POLL_MS,
  cancelJob,
  continuationPlan,
  createJob,
  DEFAULT_BUDGET_MS,
  type Driver,
  type EngineDeps,
  everyJob,
  getJob,
  isClearedBy,
  isPending,
  isPreviewOptions,
  type JobRecord,
  type JobSummary,
  messageOf,
  type NewJob,
  needsWork,
  pauseJob,
  resumeJob,
  runSlice,
  type SlicePacing,
  toSummary,
} from '../core/jobs';
import { oneOffChainDues } from '../core/jobs/continuation';
import { checkNoOtherJobOnSheet } from '../core/jobs/row-job';
import { hasPersonWords, personMessage } from '../core/person-message';
import { PUSH_KIND, PUSH_REVERT_KIND } from '../core/push/job';
import { SEND_JOB_KIND } from '../core/send/job';
import type { Settings } from '../core/settings/settings';
import { type ConsentGap, consentGap, consentParams, requireConsent } from '../gas/consent';
import { currentLocale } from '../gas/locale';
import {
  ensureHourlyTrigger,
  ensureOneOffChain,
  ensureOneOffTrigger,
  lateOf,
  noteUnfiredTriggers,
  pendingChainTarget,
  pendingOneOffAt,
  recordLateness,
  removeHourlyTrigger,
  removeOneOffTrigger,
} from '../gas/triggers';
import {
  currentSpreadsheet,
  EXECUTION_STARTED_AT,
  engineDeps,
  executionOverAt,
  jobMeta,
  loadSettings,
  ownerOf,
  pacerFor,
  personName,
  personViewStore,
  spreadsheetDataStore,
  startLock,
} from './context';
import { PUBLISHED_ADDON } from './deployment';
import { jobHandlers } from './job-handlers';
import { makeRoomForJob } from './job-store-budget';
import { loadSchedules, ownsSchedule } from './schedule-store';
import { releaseCancelledSends } from './send-cancel';

/**
 * A bound script's trigger execution waits at most this long for a batch's slots: a longer wait
 * ends the execution and its continuation is armed around when they free (oneOffChainDues),
 * since trigger runtime (90 min a day for a consumer account) is the scarcest quota
 * (https://developers.google.com/apps-script/guides/services/quotas). The chain's triggers come
 * early on purpose, so the one that arrives within this long of the slots sleeps until then:
 * 20 s traded about 1.5 requests a minute for half a minute of runtime per 1,000 rows on the
 * bench. Once the chain learnt lateness from its unfired triggers too (latenessQuantiles), more
 * of them came early and slept: 16 s kept a slow CRM's send within 3 trigger minutes per 1,000
 * rows (3.4 at 20 s). An open sidebar may wait as long as its slice allows.
 */
export const TRIGGER_MAX_WAIT_MS = 16_000;
/**
 * A trigger execution starts its work only when this many request slots are free within
 * TRIGGER_MAX_WAIT_MS (a send batch's worth): slots that free one by one would keep it running
 * (and spending trigger runtime) at the pace of the previous minute, whereas a budget of 60
 * taken in a burst costs seconds of runtime a minute.
 */
export const TRIGGER_BATCH_SLOTS = 10;
/**
 * Once a trigger execution has worked, it goes on only while the next batch's slots free within
 * this long: a burst's slots free as fast as the previous burst took them, a steady trickle
 * (one a second) does not, and the execution ends instead of pacing it (see SlicePacing). As long
 * as the first wait: an execution whose first step took a slot alone (a send's opt-out refresh)
 * sleeps to its batch, whereas ending armed a chain due too soon for its early triggers, which
 * then came a minute late (5 s here: a slow CRM's send at 51 requests a minute, 54 at 16 s).
 */
export const TRIGGER_CONTINUE_WAIT_MS = 16_000;
/** How long a start waits for another start of the same spreadsheet (never a slice) to finish. */
const START_LOCK_WAIT_MS = 10_000;

/**
 * What is left of this execution's budget; at least 1 ms, which starts no step. The 6-minute
 * limit is the execution's, yet one execution may drive several slices (crmRunJobs starts each
 * due schedule, then continues every job; a script may start an import and then a send), so
 * all of them share one budget counted from its start.
 */
function executionBudgetMs(now: number): number {
  return Math.max(1, EXECUTION_STARTED_AT + DEFAULT_BUDGET_MS - now);
}

export interface DriveResult {
  summaries: JobSummary[];
  /** For the sidebar: call again after this many ms; absent when nothing is left to do. */
  callAgainInMs?: number;
}

/**
 * Makes sure a trigger will run crmRunJobs after this execution, before any work starts: an
 * execution killed at any instant (at 6 minutes, or by a failure) then still has a successor.
 * A bound script's fallback fires just after this execution's hard limit; every slice that ends
 * normally re-arms it for when continuing is useful, or removes it when nothing is left.
 */
function armDriver(now: number): void {
  const spreadsheet = currentSpreadsheet();
  // The hourly trigger is the backstop in both deployments: a bound script's one-off trigger is
  // spent once it fires, and an execution it started may die before re-arming it.
  ensureHourlyTrigger(spreadsheet);
  if (!PUBLISHED_ADDON && pendingOneOffAt(spreadsheet, now) === undefined) {
    // After this execution's end, when its lease (if it dies holding one) has run out.
    ensureOneOffTrigger(spreadsheet, executionOverAt() + BOUND_TRIGGER_DELAY_MS, now);
  }
}

/**
 * A background run (a trigger: nobody watches, and add-on triggers send no failure e-mails)
 * that failed outside any job step leaves its reason on this person's pending jobs, where the
 * Jobs sidebar shows it (`lastFailure`). Best effort: the store may be what failed.
 */
export function recordBackgroundFailure(error: unknown): void {
  try {
    const deps = engineDeps();
    for (const job of deps.store.list()) {
      if (!isPending(job.state)) continue;
      const t = translator(job.locale ?? 'en');
      // A CRM failure or a coded error in the job's language; anything else as it was thrown.
      const words = hasPersonWords(error) ? personMessage(error, t) : messageOf(error);
      const reason = t('jobs.backgroundFailure', { reason: words });
      deps.store.save({ ...job, lastFailure: reason });
    }
  } catch {
    // Nothing more can be recorded; the execution's own log keeps the error.
  }
}

/**
 * Set (in this person's own store for the spreadsheet) while a job of theirs may be paused for
 * consent, so that every sidebar call need not read their jobs to know there is none.
 */
const CONSENT_PAUSED_KEY = 'consentPaused';

/**
 * A background run that found a permission of the manifest not granted: each of this person's
 * pending jobs pauses with what to allow and the authorisation link, in the job's language,
 * and nothing is sent. The first sidebar call or trigger that finds the permission granted
 * resumes it where it stopped (resumeJobsPausedForConsent).
 */
export function pauseJobsForConsent(gap: ConsentGap): JobSummary[] {
  const deps = engineDeps();
  const pending = deps.store.list().filter((job) => isPending(job.state));
  if (pending.length > 0) {
    try {
      spreadsheetDataStore().set(CONSENT_PAUSED_KEY, '1');
    } catch {
      // A full store: the jobs still pause; Resume in Jobs continues them.
    }
  }
  for (const job of pending) {
    const t = translator(job.locale ?? 'en');
    pauseJob(deps, job.jobId, t('jobs.pause.consentMissing', consentParams(gap, t)), 'consent');
  }
  return deps.store.list().map((job) => toSummary(job, deps.viewer));
}

/**
 * Once the person has granted what was missing, their jobs paused for it go on by themselves:
 * only those (a pause of their own or another editor's stays until Resume), and only when no
 * other job now holds the sheet (then the job stays paused, its message naming the permission,
 * and Resume says which job holds it). `granted`: the caller has just checked consent. Arms the
 * triggers that continue them.
 */
export function resumeJobsPausedForConsent(granted: boolean): void {
  try {
    resumeConsentPaused(granted);
  } catch {
    // Best effort: the call the person made goes on; the next one (or a trigger) tries again.
  }
}

function resumeConsentPaused(granted: boolean): void {
  const flags = spreadsheetDataStore();
  if (flags.get(CONSENT_PAUSED_KEY) === null) return;
  if (!granted && consentGap()) return;
  const deps = engineDeps();
  let resumed = false;
  for (const job of deps.store.list()) {
    if (job.state !== 'paused') continue;
    const request = deps.store.controlRequest(job.jobId);
    if (request?.kind !== 'pause' || request.reason !== 'consent') continue;
    try {
      resumeOwnJob(deps, job);
      resumed = true;
    } catch {
      // Another job holds its sheet, or a start holds the lock: Resume in Jobs says which.
    }
  }
  flags.delete(CONSENT_PAUSED_KEY);
  if (resumed) armDriver(deps.clock.now());
}

/**
 * Works this person's pending jobs (or one job) for one slice, then makes sure someone
 * continues: the caller (sidebar) and, always, a time-driven trigger so that closing the
 * sidebar never strands a job.
 */
export function driveJobs(driver: Driver, jobId?: string): DriveResult {
  const deps = engineDeps();
  noteTriggerLateness();
  if (jobId !== undefined && !deps.store.get(jobId)) return watchOthersJob(deps, jobId);
  const settings = loadSettings();
  const canRun = runnableBy(settings);
  const pendingIn = (jobs: readonly JobRecord[]) =>
    jobs.some((job) => needsWork(job) && canRun(job));
  // One read of the jobs for both: the jobs paused here are exactly those canRun refuses.
  const jobsAtStart = deps.store.list();
  pauseJobsOfAnotherAccount(deps, settings, jobsAtStart);
  if (pendingIn(jobsAtStart)) armDriver(deps.clock.now());
  const slice = runSlice(deps, jobHandlers(), {
    budgetMs: executionBudgetMs(deps.clock.now()),
    canRun,
    ...(jobId === undefined ? {} : { jobId }),
    ...(driver === 'trigger' && !PUBLISHED_ADDON && settings
      ? { pacing: triggerPacing(settings) }
      : {}),
  });
  const jobsAfter = releaseCancelledSends(deps);
  const now = deps.clock.now();
  const pending = pendingIn(jobsAfter);
  // Another execution of this person holds the lease: go on when it must have let go.
  const nextRunAt = slice.busy ? deps.mutex.heldUntil() : slice.nextRunAt;
  const plan = continuationPlan({
    moreWork: slice.moreWork || pending,
    driver,
    publishedAddon: PUBLISHED_ADDON,
    now,
    busy: slice.busy,
    ...(nextRunAt === undefined ? {} : { nextRunAt }),
  });
  const spreadsheet = currentSpreadsheet();
  if (plan.trigger === 'one-off' && plan.scheduleTriggerAt !== undefined) {
    armContinuation(spreadsheet, driver, slice, plan.scheduleTriggerAt, now);
  } else if (plan.trigger === 'hourly') {
    ensureHourlyTrigger(spreadsheet);
  } else if (!pending) {
    removeOneOffTrigger(spreadsheet);
    // The hourly trigger also starts nightly schedules; it goes only when none is left.
    const mine = settings ? loadSchedules().filter((s) => ownsSchedule(s, settings)) : [];
    if (mine.length === 0) removeHourlyTrigger(spreadsheet);
  }
  return {
    summaries: slice.summaries,
    ...(plan.callAgain ? { callAgainInMs: plan.callAgainInMs ?? 0 } : {}),
  };
}

/** Two chain targets this close are one: the slots the chain was armed for have not moved. */
const SAME_TARGET_MS = 5_000;

/**
 * Arms what continues a bound script's job after this slice. The open sidebar (and a slice that
 * found another execution working) only keeps a fallback trigger. Otherwise a chain of one-off
 * triggers is armed around when the next batch's slots free (oneOffChainDues), unless this
 * execution is one of a chain that came too early for the slots it was armed for: the rest of
 * that chain is still armed, and re-arming would throw away its head start.
 */
function armContinuation(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  driver: Driver,
  slice: { busy: boolean; stepsRun: number; nextRunAt?: number },
  fallbackAt: number,
  now: number,
): void {
  if (driver === 'sidebar' || slice.busy) {
    if (driver === 'sidebar' || pendingOneOffAt(spreadsheet, now) === undefined) {
      ensureOneOffTrigger(spreadsheet, fallbackAt, now);
    }
    return;
  }
  const target = Math.max(now, slice.nextRunAt ?? now);
  const chainTarget = pendingChainTarget(spreadsheet, now);
  const sameChain =
    slice.stepsRun === 0 &&
    chainTarget !== undefined &&
    Math.abs(chainTarget - target) <= SAME_TARGET_MS;
  if (!sameChain) {
    // The old chain's triggers that never fired say how late they were at least, before it goes.
    const history = noteUnfiredTriggers(spreadsheet, now);
    ensureOneOffChain(spreadsheet, oneOffChainDues(target, now, history), now, target);
  }
}

let firedTriggerUid: string | undefined;

/** crmRunJobs tells which trigger started this execution (its `triggerUid`). */
export function noteFiredTrigger(triggerUid: string | undefined): void {
  firedTriggerUid = triggerUid;
}

/**
 * Adds how late the one-off trigger that started this execution fired to its history (once);
 * the next chain is armed from the history as it is then (noteUnfiredTriggers).
 */
function noteTriggerLateness(): void {
  const spreadsheet = currentSpreadsheet();
  const uid = firedTriggerUid;
  firedTriggerUid = undefined;
  const late = uid === undefined ? undefined : lateOf(spreadsheet, uid, EXECUTION_STARTED_AT);
  if (uid === undefined || late === undefined) return;
  try {
    recordLateness(spreadsheet, late, uid);
  } catch {
    // A full store: the chain is armed from what history there is.
  }
}

/** A trigger execution works only when a batch's worth of slots frees within a few seconds. */
function triggerPacing(settings: Settings): SlicePacing {
  const pacer = pacerFor(settings);
  return {
    maxWaitMs: TRIGGER_MAX_WAIT_MS,
    continueWaitMs: TRIGGER_CONTINUE_WAIT_MS,
    nextSlotAt: () => pacer.slotsFreeAt(TRIGGER_BATCH_SLOTS),
  };
}

/**
 * A job runs only with the key of the CRM account it started with: a new key of the same
 * account continues it.
 */
function runnableBy(settings: Settings | null): (job: JobRecord) => boolean {
  const owner = settings ? ownerOf(settings) : null;
  return (job) => job.owner === owner;
}

/**
 * This person's pending jobs that their saved key cannot run (it is of another CRM account)
 * pause with the fix, rather than stay pending with a trigger re-armed for nothing.
 */
function pauseJobsOfAnotherAccount(
  deps: EngineDeps,
  settings: Settings | null,
  jobs: readonly JobRecord[],
): void {
  if (!settings) return;
  const canRun = runnableBy(settings);
  for (const job of jobs) {
    if (isPending(job.state) && !canRun(job)) {
      pauseJob(deps, job.jobId, translator(job.locale ?? 'en')('jobs.otherAccountKey'));
    }
  }
}

/**
 * Another editor's job in an open sidebar: shown (from the board), never continued; the sidebar
 * keeps reading it while it is pending. Its starter's drivers continue it with their key.
 */
function watchOthersJob(deps: EngineDeps, jobId: string): DriveResult {
  const job = requireBoardJob(deps, jobId);
  const summary = toSummary(job, deps.viewer);
  return {
    summaries: [summary],
    ...(needsWork(job) ? { callAgainInMs: BUSY_POLL_MS } : {}),
  };
}

/** A job as every editor sees it; the error names the way to find one. */
function requireBoardJob(deps: EngineDeps, jobId: string): JobRecord {
  const job = deps.store.board().find((j) => j.jobId === jobId);
  if (!job) {
    throw codedError(
      `No job has the id "${jobId}"; call crmListJobs() to see this sheet's jobs.`,
      'jobNotFound',
    );
  }
  return job;
}

/** Every job of the spreadsheet, whoever started it: this person's from their own records. */
function allJobs(deps: EngineDeps): JobRecord[] {
  return everyJob(deps.store);
}

export interface StartJobInput extends NewJob {
  /**
   * The sheet it works on (shown in the Jobs sidebar). With `jobName` ("Import", "Send"), only
   * one job of its kind may be pending or paused there.
   */
  sheet?: { id: number; name: string; jobName?: string };
}

/**
 * Whether a job start works on its job in the same execution. A sidebar's start of a run does
 * not (startedBySidebar): the sidebar drives the job with uiContinueJob the moment the start
 * answers, so the person sees its progress, Pause and Cancel from the first second instead of
 * "Starting…" for a whole first slice (up to 4.5 minutes, 270 requests at the CRM's rate) that
 * nothing could pause. A preview keeps its one-call answer: it is a read, and a short one shows
 * its result in one round trip. A script's call (PRODUCT.md "Who drives a long job", driver 3)
 * still works as far as its time allows.
 */
let startDrives = true;

/** Runs a sidebar's call: a run it starts is left queued for the sidebar to drive at once. */
export function startedBySidebar<T>(call: () => T): T {
  startDrives = false;
  try {
    return call();
  } finally {
    startDrives = true;
  }
}

/**
 * Creates a job and works on it in this execution as far as its time allows (see startDrives
 * for a sidebar's start). Atomic per sheet:
 * the "one job per sheet" check and the creation happen under the script lock, which no slice
 * ever holds (slices serialise on their starter's lease), so two starts at once give one job
 * and, for the other, an error that names it. The script lock is the one lock that exists in
 * every execution, with or without a document (the document lock does not exist without one),
 * and it is held only for a few reads and writes.
 * https://developers.google.com/apps-script/reference/lock/lock-service#getScriptLock()
 */
export function startJob(input: StartJobInput): JobSummary {
  // Before anything is created or armed: a missing permission is named, with its link.
  requireConsent(translator(currentLocale()));
  const deps = engineDeps();
  const lock = startLock();
  if (!lock.tryLock(START_LOCK_WAIT_MS)) {
    throw codedError(
      'Another job is being started right now; try again in a few seconds (crmListJobs() shows the jobs).',
      'startBusy',
    );
  }
  let job: JobRecord;
  try {
    const { sheet, ...newJob } = input;
    if (sheet?.jobName !== undefined) {
      checkNoOtherJobOnSheet(allJobs(deps), {
        kind: newJob.kind,
        jobName: sheet.jobName,
        sheetId: sheet.id,
        sheetName: sheet.name,
        ...sheetSharers(newJob.kind),
      });
    }
    const notice = makeRoomForJob(deps);
    armDriver(deps.clock.now());
    job = createJob(deps, {
      ...newJob,
      meta: {
        ...jobMeta(sheet ? { id: sheet.id, name: sheet.name } : undefined),
        ...(notice ? { notice } : {}),
        ...(isPreviewOptions(newJob.options) ? { preview: true } : {}),
      },
    });
  } finally {
    lock.release();
  }
  if (!startDrives && !isPreviewOptions(job.options)) return getJob(deps, job.jobId);
  return driveJobs('direct', job.jobId).summaries[0] ?? getJob(deps, job.jobId);
}

/** Summary of one job: `{jobId, kind, state, total, done, counts, message, …}`. */
export function crmGetJob(jobId: string): JobSummary {
  const deps = engineDeps();
  const id = requireJobId(jobId);
  const own = deps.store.get(id);
  return toSummary(own ?? requireBoardJob(deps, id), deps.viewer);
}

/** Summaries of this spreadsheet's jobs, whoever started them, newest first. */
export function crmListJobs(): JobSummary[] {
  const deps = engineDeps();
  return allJobs(deps)
    .reverse()
    .map((job) => toSummary(job, deps.viewer));
}

/** When this person last cleared finished jobs from their Jobs list (epoch ms). */
const CLEARED_AT_KEY = 'jobsClearedAt';

function clearedAt(): number | undefined {
  const value = Number(personViewStore().get(CLEARED_AT_KEY) ?? Number.NaN);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The Jobs sidebar's list: crmListJobs without the finished jobs this person cleared (a
 * sidebar call: PRODUCT.md's API has no clear function, and crmListJobs keeps listing them).
 */
export function uiListJobs(): JobSummary[] {
  const deps = engineDeps();
  const since = clearedAt();
  return allJobs(deps)
    .reverse()
    .filter((job) => !isClearedBy(job, since))
    .map((job) => toSummary(job, deps.viewer));
}

/**
 * "Clear finished" in the Jobs sidebar (issue 29.5): the done, failed and cancelled jobs leave
 * this person's list; a pending, paused or still-settling one stays. Nothing is deleted (see
 * isClearedBy): no one's record, revert or preview is lost, and other editors' lists are theirs.
 */
export function uiClearFinishedJobs(): JobSummary[] {
  personViewStore().set(CLEARED_AT_KEY, String(engineDeps().clock.now()));
  return uiListJobs();
}

/**
 * Cancels a job, whoever started it; rows already processed keep their status. Never throws for
 * a full Properties store: the request lives in the spreadsheet's metadata, and the record
 * shows it as soon as it can be written.
 */
export function crmCancelJob(jobId: string): JobSummary {
  const deps = engineDeps();
  const id = requireJobId(jobId);
  if (!deps.store.get(id)) {
    requireBoardJob(deps, id);
    deps.store.requestCancel(id);
    return toSummary(requireBoardJob(deps, id), deps.viewer);
  }
  try {
    const summary = cancelJob(deps, id);
    releaseCancelledSends(deps);
    return summary;
  } catch (error) {
    if (asPlatformQuotaError(error)?.platformLimit !== 'storage') throw error;
    deps.store.requestCancel(id);
    return getJob(deps, id);
  }
}

/**
 * Pauses a queued or running job, whoever started it: at once when no slice works it, else the
 * slice stops before its next request. `message` is the job's message in its starter's language.
 */
export function pauseFromSidebar(jobId: string): JobSummary {
  const deps = engineDeps();
  const id = requireJobId(jobId);
  const own = deps.store.get(id);
  if (own) {
    return pauseJob(deps, id, translator(own.locale ?? 'en')('jobs.pausedFromSidebar'));
  }
  const job = requireBoardJob(deps, id);
  if (isPending(job.state)) {
    const t = translator(job.locale ?? 'en');
    deps.store.requestPause(
      id,
      t('jobs.pausedByOther', { who: personName() || t('jobs.anotherEditor') }),
    );
  }
  return toSummary(requireBoardJob(deps, id), deps.viewer);
}

/** Only the person who started a job continues it (with their key): others are told who can. */
function requireOwnJob(deps: EngineDeps, jobId: string): JobRecord {
  const own = deps.store.get(jobId);
  if (own) return own;
  const job = requireBoardJob(deps, jobId);
  throw codedError(
    `Job ${jobId} was started by ${toSummary(job, deps.viewer).startedBy}: only they can resume it (with their own CRM key). You can pause or cancel it.`,
    'notJobOwner',
  );
}

/** What a start calls a kind of job that may be only one on its sheet (see StartJobInput). */
/** Every kind that holds its sheet while it is not finished, with the name its refusal uses. */
const ONE_PER_SHEET: Readonly<Record<string, string>> = {
  [IMPORT_JOB_KIND]: 'Import',
  [SEND_JOB_KIND]: 'Send',
  [EXPORT_JOB_KIND]: 'Export',
  [LEAD_ACTIONS_KIND]: 'Lead actions',
  [REVERT_KIND]: 'Lead actions revert',
  [PUSH_KIND]: 'Push',
  [PUSH_REVERT_KIND]: 'Push revert',
};

/**
 * Kinds that share more of a sheet than their status columns, so that one of them excludes the
 * others on that sheet: an export (a sync, a replace, a refresh) and a push (or its revert)
 * each read and save the sheet's push memory (core/push/memory.ts, the hidden "CRM Push
 * Memory" sheet). Each person's jobs run under that person's own lock, so two people's slices
 * overlap, and a save of what one loaded before the other saved would bring back stale cells: a
 * later sync then keeps a CRM change from the sheet as "the person's change", and a later push
 * calls it a CONFLICT or sends the old value (test/e2e/push-sync-race.test.ts). The second job
 * is refused at its start, naming the one to let finish.
 */
const SHEET_SHARERS: readonly (readonly string[])[] = [
  [EXPORT_JOB_KIND, PUSH_KIND, PUSH_REVERT_KIND],
];

function sheetSharers(kind: string): {
  kinds?: readonly string[];
  nameOf: (kind: string) => string | undefined;
} {
  const kinds = SHEET_SHARERS.find((group) => group.includes(kind));
  return { ...(kinds ? { kinds } : {}), nameOf: (other) => ONE_PER_SHEET[other] };
}

/**
 * Resumes a job of yours under the start lock, checking "one job per sheet" as a start does:
 * two jobs on one sheet (another person's, started before a job held its sheet while it was
 * failed) would work the same rows, and a lead could be messaged twice (issue 16.3).
 */
function resumeOwnJob(deps: EngineDeps, job: JobRecord): JobSummary {
  requireConsent(translator(currentLocale()));
  const lock = startLock();
  if (!lock.tryLock(START_LOCK_WAIT_MS)) {
    throw codedError(
      'Another job is being started right now; try again in a few seconds (crmListJobs() shows the jobs).',
      'startBusy',
    );
  }
  try {
    const jobName = ONE_PER_SHEET[job.kind];
    const sheetId = job.sheetId ?? (job.options as { sheetId?: unknown } | null)?.sheetId;
    if (jobName !== undefined && typeof sheetId === 'number') {
      const target = {
        kind: job.kind,
        jobName,
        sheetId,
        sheetName: job.sheetName ?? '',
        ...sheetSharers(job.kind),
      };
      checkNoOtherJobOnSheet(allJobs(deps), target, job.jobId);
    }
    return resumeJob(deps, job.jobId, translator(job.locale ?? 'en')('jobs.resumed'));
  } finally {
    lock.release();
  }
}

/** Resumes a paused (or failed) job of yours, for example after a new API key was saved, and works on it. */
export function crmResumeJob(jobId: string): JobSummary {
  const deps = engineDeps();
  const id = requireJobId(jobId);
  resumeOwnJob(deps, requireOwnJob(deps, id));
  return driveJobs('direct', id).summaries[0] ?? getJob(deps, id);
}

/**
 * For the sidebar: resumes a job without working on it, so the answer comes at once (the
 * sidebar then drives it with uiContinueJob) and a Cancel clicked right after is not queued
 * behind a whole slice.
 */
export function uiResumeJob(jobId: string): JobSummary {
  const deps = engineDeps();
  const id = requireJobId(jobId);
  return resumeOwnJob(deps, requireOwnJob(deps, id));
}

/** google.script.run target of an open sidebar: one more slice of one job. */
export function uiContinueJob(jobId: string): DriveResult {
  return driveJobs('sidebar', requireJobId(jobId));
}

function requireJobId(jobId: unknown): string {
  if (typeof jobId !== 'string' || jobId.trim() === '') {
    throw codedError(
      'Pass the jobId returned when the job started (see crmListJobs()).',
      'jobIdMissing',
    );
  }
  return jobId.trim();
}
