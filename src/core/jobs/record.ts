import * as z from 'zod/mini';
import { lazySchema } from '../../api/schemas/lazy';
import { type Locale, translator } from '../i18n';
import { retranslate } from '../i18n/retranslate';

export const JOB_STATES = ['queued', 'running', 'paused', 'done', 'failed', 'cancelled'] as const;
export const JobStateSchema = lazySchema(() => z.enum(JOB_STATES));
export type JobState = z.infer<typeof JobStateSchema>;

/** States a job never leaves; only pruning removes such jobs. */
export const FINISHED_STATES: readonly JobState[] = ['done', 'failed', 'cancelled'];
/** States a driver continues on its next slice. */
export const PENDING_STATES: readonly JobState[] = ['queued', 'running'];

export function isFinished(state: JobState): boolean {
  return FINISHED_STATES.includes(state);
}

export function isPending(state: JobState): boolean {
  return PENDING_STATES.includes(state);
}

/**
 * A cancelled job that still reads back the rows whose requests may have left (PRODUCT.md: "A
 * cancel leaves no row unexplained"): its state says `cancelled` at once, but its owner's
 * drivers still work it, with reads only, until every such row says what happened.
 */
export function isSettlingCancel(job: Pick<JobRecord, 'state' | 'settleOnCancel'>): boolean {
  return job.state === 'cancelled' && job.settleOnCancel === true;
}

/** Whether a driver still has work for this job: pending, or settling after a cancel. */
export function needsWork(job: Pick<JobRecord, 'state' | 'settleOnCancel'>): boolean {
  return isPending(job.state) || isSettlingCancel(job);
}

/** Letters, digits, '-' and '_' only, so a job id can never collide with chunk key syntax. */
export const JobIdSchema = lazySchema(() => z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)));

export const JobCountsSchema = lazySchema(() => z.record(z.string(), z.number()));
export type JobCounts = z.infer<typeof JobCountsSchema>;

/** The public contract of PRODUCT.md: what crmGetJob / crmListJobs return. */
export const JobSummarySchema = lazySchema(() =>
  z.object({
    jobId: JobIdSchema,
    kind: z.string(),
    state: JobStateSchema,
    total: z.number(),
    done: z.number(),
    counts: JobCountsSchema,
    message: z.string(),
    // For the Jobs sidebar (additions to the PRODUCT.md contract, all optional):
    /** The sheet the job works on, when its kind has one. */
    sheetId: z.optional(z.number()),
    sheetName: z.optional(z.string()),
    /** Who started it, for people: "you", their e-mail when Apps Script gave it, or "another editor". Never a key. */
    startedBy: z.optional(z.string()),
    /** True when the person asking is the one who started it (only they can continue it). */
    startedByYou: z.optional(z.boolean()),
    createdAt: z.optional(z.number()),
    updatedAt: z.optional(z.number()),
    /** The last error that failed the job (kept after a resume). */
    lastFailure: z.optional(z.string()),
    /** A pending job waiting out a platform quota goes on by itself at this instant (epoch ms). */
    waitingUntil: z.optional(z.number()),
    /** Something to know about the job's start, e.g. old finished jobs removed to make room. */
    notice: z.optional(z.string()),
    /**
     * For a pending job: the requests an hour it makes with no sidebar open (the deployment's
     * triggers), so that an ETA can say what closing the panel costs.
     */
    unattendedRequestsPerHour: z.optional(z.number()),
    /** A preview (an import dry run, a lead actions preview): it changes nothing, Jobs lists it apart. */
    preview: z.optional(z.boolean()),
  }),
);
export type JobSummary = z.infer<typeof JobSummarySchema>;

/**
 * What the store persists. `options` and `cursor` belong to the job's kind: its handler
 * validates them, the engine only carries them.
 */
export const JobRecordSchema = lazySchema(() =>
  z.object({
    jobId: JobIdSchema,
    kind: z.string(),
    state: JobStateSchema,
    createdAt: z.number(),
    updatedAt: z.number(),
    total: z.number(),
    done: z.number(),
    counts: JobCountsSchema,
    message: z.string(),
    options: z.unknown(),
    cursor: z.unknown(),
    /**
     * Whose API key the job runs with (a hash, never the key). A job only ever runs with the key
     * that started it, whoever's trigger or sidebar happens to drive.
     */
    owner: z.optional(z.string()),
    /**
     * Who started it: a random id kept in that person's own user properties (never a key or an
     * e-mail). Only that person's drivers continue the job (issue 11.4).
     */
    person: z.optional(z.string()),
    /** Their e-mail, when Apps Script gave it at the start (it may not, e.g. for consumer accounts). */
    ownerName: z.optional(z.string()),
    /** The language of the person who started it: job messages and Detail cells use it. */
    locale: z.optional(z.enum(['en', 'pt'])),
    /** The spreadsheet it works on: background drivers open it by id (there may be no active one). */
    spreadsheetId: z.optional(z.string()),
    sheetId: z.optional(z.number()),
    sheetName: z.optional(z.string()),
    lastFailure: z.optional(z.string()),
    waitingUntil: z.optional(z.number()),
    notice: z.optional(z.string()),
    /** Transient Apps Script service errors in a row (a step that succeeds clears it). */
    transientFailures: z.optional(z.number()),
    /** When the slices that made no progress on the job began (jobs/idle.ts; progress clears it). */
    idleSince: z.optional(z.number()),
    /**
     * Set at the start for kinds whose requests must not be repeated (lead actions, the send):
     * once cancelled, the job still reads back what may have left before it is over
     * (isSettlingCancel); the engine drops it when that is done.
     */
    settleOnCancel: z.optional(z.boolean()),
    /** Set at the start of a preview (see isPreviewJob). */
    preview: z.optional(z.boolean()),
  }),
);
export type JobRecord = z.infer<typeof JobRecordSchema>;

/** Who reads a summary: "you" is said to the person who started the job, in their language. */
export interface SummaryViewer {
  person?: string;
  locale?: Locale;
  /** The deployment's rate with no sidebar open (see JobSummary.unattendedRequestsPerHour). */
  unattendedRequestsPerHour?: number;
}

/**
 * A job that only previews (an import dry run, a lead actions or revert preview): flagged when
 * it starts; older records tell it by their options, which the board does not carry.
 */
export function isPreviewJob(job: Pick<JobRecord, 'options' | 'preview'>): boolean {
  if (job.preview !== undefined) return job.preview;
  return isPreviewOptions(job.options);
}

/** The options of a preview job, whatever its kind (import `dryRun`, lead actions `mode`). */
export function isPreviewOptions(options: unknown): boolean {
  if (options === null || typeof options !== 'object') return false;
  const { dryRun, preview, mode } = options as Record<string, unknown>;
  return dryRun === true || preview === true || mode === 'preview' || mode === 'revertPreview';
}

/**
 * Whether a person's "Clear finished" (at `clearedAt`) hides the job from their Jobs list
 * (issue 29.5): finished before it, and not a cancel still reading back what left. Nothing is
 * deleted: a record may still serve a revert or the run after a preview, and other editors
 * keep their own view; pruning removes old records as before.
 */
export function isClearedBy(
  job: Pick<JobRecord, 'state' | 'settleOnCancel' | 'updatedAt'>,
  clearedAt: number | undefined,
): boolean {
  return (
    clearedAt !== undefined &&
    isFinished(job.state) &&
    !isSettlingCancel(job) &&
    job.updatedAt <= clearedAt
  );
}

export function toSummary(job: JobRecord, viewer: SummaryViewer = {}): JobSummary {
  const t = translator(viewer.locale ?? 'en');
  const mine = job.person !== undefined && job.person === viewer.person;
  // Messages were written in whoever drove the job's language: each reader gets their own.
  const said = (text: string) =>
    viewer.locale === undefined ? text : retranslate(text, viewer.locale);
  return {
    jobId: job.jobId,
    kind: job.kind,
    state: job.state,
    total: job.total,
    done: job.done,
    counts: { ...job.counts },
    message: said(job.message),
    ...(job.sheetId === undefined ? {} : { sheetId: job.sheetId }),
    ...(job.sheetName === undefined ? {} : { sheetName: job.sheetName }),
    startedBy: mine ? t('jobs.you') : job.ownerName || t('jobs.anotherEditor'),
    startedByYou: mine,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    ...(job.lastFailure === undefined ? {} : { lastFailure: said(job.lastFailure) }),
    ...(job.waitingUntil === undefined ? {} : { waitingUntil: job.waitingUntil }),
    ...(job.notice === undefined ? {} : { notice: said(job.notice) }),
    ...(isPreviewJob(job) ? { preview: true } : {}),
    ...(viewer.unattendedRequestsPerHour === undefined || !isPending(job.state)
      ? {}
      : { unattendedRequestsPerHour: viewer.unattendedRequestsPerHour }),
  };
}

/** Counts one finished row: `done` and the row's status go up together. */
export function recordRowOutcome(job: JobRecord, status: string): void {
  job.done += 1;
  job.counts[status] = (job.counts[status] ?? 0) + 1;
}

/** A deep copy through JSON: records are JSON by construction, and Apps Script lacks structuredClone. */
export function copyRecord(job: JobRecord): JobRecord {
  return JSON.parse(JSON.stringify(job)) as JobRecord;
}
