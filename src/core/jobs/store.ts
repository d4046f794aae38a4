import type { KeyValueStore } from '../ports';
import { deleteChunkedJson, isChunkKey, readChunkedJson, writeChunkedJson } from './chunked-json';
import { isFinished, type JobRecord, JobRecordSchema } from './record';

/** Keys of job records: `crm.job.<jobId>` (chunks add `~<generation>.<n>`). */
export const JOB_KEY_PREFIX = 'crm.job.';
/**
 * A cancel request lives under its own key, which only cancelJob writes and the engine never
 * overwrites, so a cancel issued while a slice checkpoints the same job is never lost.
 */
export const CANCEL_KEY_PREFIX = 'crm.jobcancel.';

export const CANCELLED_MESSAGE = 'Cancelled; rows already processed keep their status.';

export interface PruneOptions {
  now: number;
  /** Finished jobs last updated longer ago than this are removed. */
  maxAgeDays: number;
  /** At most this many finished jobs are kept (the newest). */
  keepAtMost: number;
}

export interface JobStore {
  /** Every readable job, oldest first. Unreadable records are skipped, not fatal. */
  list(): JobRecord[];
  /** The job as drivers should see it (a pending cancel request shows as `cancelled`). */
  get(jobId: string): JobRecord | null;
  /** Persists the job and returns what was stored: a pending cancel request wins over a non-final state. */
  save(job: JobRecord): JobRecord;
  delete(jobId: string): void;
  requestCancel(jobId: string): void;
  /** Removes old finished jobs; returns the ids removed. */
  prune(options: PruneOptions): string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function applyCancelRequest(job: JobRecord): JobRecord {
  if (isFinished(job.state)) return job;
  return { ...job, state: 'cancelled', message: CANCELLED_MESSAGE };
}

export function createJobStore(kv: KeyValueStore): JobStore {
  const recordKey = (jobId: string) => `${JOB_KEY_PREFIX}${jobId}`;
  const cancelKey = (jobId: string) => `${CANCEL_KEY_PREFIX}${jobId}`;
  const cancelRequested = (jobId: string) => kv.get(cancelKey(jobId)) !== null;

  function readRaw(jobId: string): JobRecord | null {
    const value = readChunkedJson(kv, recordKey(jobId));
    if (value === null) return null;
    const parsed = JobRecordSchema.safeParse(value);
    if (!parsed.success) {
      throw new Error(
        `Job ${jobId} is stored in a shape this version cannot read; delete it from the Jobs sidebar.`,
      );
    }
    return parsed.data;
  }

  function get(jobId: string): JobRecord | null {
    const job = readRaw(jobId);
    if (job === null) return null;
    return cancelRequested(jobId) ? applyCancelRequest(job) : job;
  }

  function list(): JobRecord[] {
    const jobs: JobRecord[] = [];
    for (const key of kv.keys()) {
      if (!key.startsWith(JOB_KEY_PREFIX) || isChunkKey(key)) continue;
      try {
        const job = get(key.slice(JOB_KEY_PREFIX.length));
        if (job) jobs.push(job);
      } catch {
        // One damaged record must not hide every other job from the sidebar.
      }
    }
    return jobs.sort((a, b) => a.createdAt - b.createdAt || (a.jobId < b.jobId ? -1 : 1));
  }

  function save(job: JobRecord): JobRecord {
    const parsed = JobRecordSchema.safeParse(job);
    if (!parsed.success) {
      throw new Error(`Job ${String(job.jobId)} cannot be saved: ${parsed.error.message}`);
    }
    const pendingCancel = cancelRequested(job.jobId);
    const stored = pendingCancel ? applyCancelRequest(parsed.data) : parsed.data;
    writeChunkedJson(kv, recordKey(job.jobId), stored);
    // The request has done its work once a final state is on disk.
    if (pendingCancel && isFinished(stored.state)) kv.delete(cancelKey(job.jobId));
    return stored;
  }

  function remove(jobId: string): void {
    deleteChunkedJson(kv, recordKey(jobId));
    kv.delete(cancelKey(jobId));
  }

  function prune({ now, maxAgeDays, keepAtMost }: PruneOptions): string[] {
    const finished = list()
      .filter((job) => isFinished(job.state))
      .sort((a, b) => b.updatedAt - a.updatedAt);
    const removed: string[] = [];
    finished.forEach((job, rank) => {
      const tooOld = now - job.updatedAt > maxAgeDays * DAY_MS;
      if (tooOld || rank >= keepAtMost) {
        remove(job.jobId);
        removed.push(job.jobId);
      }
    });
    return removed;
  }

  return {
    list,
    get,
    save,
    delete: remove,
    requestCancel: (jobId) => kv.set(cancelKey(jobId), '1'),
    prune,
  };
}
