import type { KeyValueStore } from '../ports';
import { deleteChunkedJson, isChunkKey, readChunkedJson, writeChunkedJson } from './chunked-json';
import { isFinished, type JobRecord, JobRecordSchema } from './record';

/** Keys of job records: `crm.job.<jobId>` (chunks add `~<generation>.<n>`). */
export const JOB_KEY_PREFIX = 'crm.job.';
/**
 * A pause or cancel request lives under its own key, which only requestPause / requestCancel
 * write and the engine never overwrites, so a request issued while a slice checkpoints the same
 * job is never lost. A cancel stays until the job is deleted: a resume (or a checkpoint) that
 * read the job before the cancel and writes after it still ends `cancelled`. A pause is
 * cleared once `paused` is on disk, so that resuming is possible.
 */
export const CONTROL_KEY_PREFIX = 'crm.jobctl.';
const CANCEL_VALUE = 'cancel';
const PAUSE_VALUE_PREFIX = 'pause:';

export const CANCELLED_MESSAGE = 'Cancelled; rows already processed keep their status.';

/** A pause or cancel asked for by someone while the job was pending. */
export type ControlRequest = { kind: 'cancel' } | { kind: 'pause'; message: string };

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
  /** Asks a pending job to pause; `message` becomes its message once it has. */
  requestPause(jobId: string, message: string): void;
  /** The pending request for this job, read afresh (one Properties read). */
  controlRequest(jobId: string): ControlRequest | null;
  /** Drops a pause request (resume); a cancel is never withdrawn. */
  clearPauseRequest(jobId: string): void;
  /** Removes old finished jobs; returns the ids removed. */
  prune(options: PruneOptions): string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function applyRequest(job: JobRecord, request: ControlRequest | null): JobRecord {
  if (request === null || isFinished(job.state)) return job;
  if (request.kind === 'cancel') return { ...job, state: 'cancelled', message: CANCELLED_MESSAGE };
  if (job.state === 'paused') return job;
  return { ...job, state: 'paused', message: request.message };
}

function parseRequest(raw: string | null): ControlRequest | null {
  if (raw === null) return null;
  if (raw.startsWith(PAUSE_VALUE_PREFIX)) {
    return { kind: 'pause', message: raw.slice(PAUSE_VALUE_PREFIX.length) };
  }
  // Anything else (the old cancel marker '1' included) is a cancel: the safe reading.
  return { kind: 'cancel' };
}

export function createJobStore(kv: KeyValueStore): JobStore {
  const recordKey = (jobId: string) => `${JOB_KEY_PREFIX}${jobId}`;
  const controlKey = (jobId: string) => `${CONTROL_KEY_PREFIX}${jobId}`;
  const controlRequest = (jobId: string) => parseRequest(kv.get(controlKey(jobId)));

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
    return applyRequest(job, controlRequest(jobId));
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
    const request = controlRequest(job.jobId);
    const stored = applyRequest(parsed.data, request);
    writeChunkedJson(kv, recordKey(job.jobId), stored);
    // A pause has done its work once `paused` is on disk; a cancel stays (see CONTROL_KEY_PREFIX).
    if (request?.kind === 'pause' && stored.state !== 'queued' && stored.state !== 'running') {
      kv.delete(controlKey(job.jobId));
    }
    return stored;
  }

  function remove(jobId: string): void {
    deleteChunkedJson(kv, recordKey(jobId));
    kv.delete(controlKey(jobId));
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
    requestCancel: (jobId) => kv.set(controlKey(jobId), CANCEL_VALUE),
    requestPause: (jobId, message) => {
      // A cancel already asked for wins: never turn it back into a pause.
      if (controlRequest(jobId)?.kind !== 'cancel') {
        kv.set(controlKey(jobId), `${PAUSE_VALUE_PREFIX}${message}`);
      }
    },
    controlRequest,
    clearPauseRequest: (jobId) => {
      if (controlRequest(jobId)?.kind === 'pause') kv.delete(controlKey(jobId));
    },
    prune,
  };
}
