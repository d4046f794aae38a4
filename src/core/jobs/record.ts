import * as z from 'zod/mini';

export const JOB_STATES = ['queued', 'running', 'paused', 'done', 'failed', 'cancelled'] as const;
export const JobStateSchema = z.enum(JOB_STATES);
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

/** Letters, digits, '-' and '_' only, so a job id can never collide with chunk key syntax. */
export const JobIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));

export const JobCountsSchema = z.record(z.string(), z.number());
export type JobCounts = z.infer<typeof JobCountsSchema>;

/** The public contract of PRODUCT.md: what crmGetJob / crmListJobs return. */
export const JobSummarySchema = z.object({
  jobId: JobIdSchema,
  kind: z.string(),
  state: JobStateSchema,
  total: z.number(),
  done: z.number(),
  counts: JobCountsSchema,
  message: z.string(),
});
export type JobSummary = z.infer<typeof JobSummarySchema>;

/**
 * What the store persists. `options` and `cursor` belong to the job's kind: its handler
 * validates them, the engine only carries them.
 */
export const JobRecordSchema = z.object({
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
});
export type JobRecord = z.infer<typeof JobRecordSchema>;

export function toSummary(job: JobRecord): JobSummary {
  return {
    jobId: job.jobId,
    kind: job.kind,
    state: job.state,
    total: job.total,
    done: job.done,
    counts: { ...job.counts },
    message: job.message,
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
