import { codedError } from '../errors';
import { translator } from '../i18n';
import type { Cache, Clock, KeyValueStore } from '../ports';
import {
  CHUNK_KEY_SEPARATOR,
  deleteChunkedJson,
  isChunkKey,
  readChunkedJson,
  writeChunkedJson,
} from './chunked-json';
import { prefixedStore, snapshotStore } from './kv';
import { isFinished, type JobRecord, JobRecordSchema } from './record';

/** Keys of job records: `crm.job.<jobId>` (chunks add `~<generation>.<n>`). */
export const JOB_KEY_PREFIX = 'crm.job.';
/**
 * A pause or cancel request lives under its own key, which only requestPause / requestCancel
 * write and the engine never overwrites, so a request issued while a slice checkpoints the same
 * job is never lost. A cancel stays until the job is deleted: a resume (or a checkpoint) that
 * read the job before the cancel and writes after it still reads `cancelled`. A pause stays
 * until the job is resumed.
 */
export const CONTROL_KEY_PREFIX = 'crm.jobctl.';
const CANCEL_VALUE = 'cancel';
const PAUSE_VALUE_PREFIX = 'pause:';
/** A pause a missing permission asked for: the first driver that finds it granted resumes it. */
const CONSENT_PAUSE_VALUE_PREFIX = 'pause+consent:';

/**
 * The job board: what every editor of the spreadsheet sees of a job (its record without options
 * and cursor), kept where all of them (and the owner's background drivers) can read it.
 */
export const BOARD_KEY_PREFIX = 'crm.jobboard.';
/** The board is a view: a running job refreshes it at most this often, besides every change of state. */
export const BOARD_REFRESH_MS = 15_000;
/** Board messages are cut here: the board lives in a small store (spreadsheet metadata). */
const BOARD_MESSAGE_CHARS = 500;

/**
 * Stored in English; each reader's summary says it in their language (i18n/retranslate.ts). A
 * function, so that loading the bundle builds no catalogue (issue 30).
 */
export function cancelledMessage(): string {
  return translator('en')('jobs.cancelled');
}

/** A pause or cancel asked for by someone while the job was pending. */
export type ControlRequest =
  | { kind: 'cancel' }
  | { kind: 'pause'; message: string; reason?: PauseReason };

/**
 * Why the add-on itself paused a job, where that pause ends without the person: `consent`, a
 * permission they had not granted (it resumes once they have). A pause without a reason (the
 * person's own, another editor's, a fix to make) waits for Resume.
 */
export type PauseReason = 'consent';

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
  /** Persists the job as given; pending requests show when it is read back (get, list, board). */
  save(job: JobRecord): JobRecord;
  delete(jobId: string): void;
  requestCancel(jobId: string): void;
  /** Asks a pending job to pause; `message` becomes its message once it has. */
  requestPause(jobId: string, message: string, reason?: PauseReason): void;
  /** The pending request for this job (see JobStoreOptions.signal for when it is read afresh). */
  controlRequest(jobId: string): ControlRequest | null;
  /**
   * The job as drivers should see it, from a record this execution just saved (the driver
   * holding the lease is its only writer): its pending request applied, without reading the
   * record again.
   */
  refresh(job: JobRecord): JobRecord;
  /** Drops a pause request (resume); a cancel is never withdrawn. */
  clearPauseRequest(jobId: string): void;
  /** Removes old finished jobs (and chunks no record points at); returns the ids removed. */
  prune(options: PruneOptions): string[];
  /**
   * Every job of the spreadsheet as its board shows it, whoever started it (without options
   * and cursor), with pending requests applied. Only this store's own jobs without a shared store.
   * `except`: jobs the caller has already read (its own records), whose entries are not read.
   */
  board(except?: ReadonlySet<string>): JobRecord[];
}

export interface JobStoreOptions {
  /**
   * Where pause and cancel requests and the board live: a store every editor of the spreadsheet
   * can write, and the owner's drivers read with or without an active document (the records
   * themselves stay in `kv`, the owner's own). Default: `kv`.
   */
  shared?: KeyValueStore;
  /**
   * A cheap flag beside each request, in a cache every editor's executions reach (the script
   * cache): a running job reads the shared store (three Sheets calls in developer metadata)
   * only when the flag says a request came, or CONTROL_RECHECK_MS after its last read, in case
   * the cache lost the flag (it keeps nothing for certain). Issue 19: those reads were a third
   * of a send's Sheets calls.
   */
  signal?: { cache: Cache; clock: Clock };
}

/** The longest a running job goes without reading its requests from the shared store. */
export const CONTROL_RECHECK_MS = 30_000;
const SIGNAL_PREFIX = 'crm.jobsig.';
const SIGNAL_TTL_SECONDS = 6 * 60 * 60;

const DAY_MS = 24 * 60 * 60 * 1000;

function applyRequest(job: JobRecord, request: ControlRequest | null): JobRecord {
  if (request === null) return job;
  // A failed job holds its sheet until it is cancelled (row-job holdsSheet): a cancel applies.
  if (request.kind === 'cancel' && job.state === 'failed') {
    return { ...job, state: 'cancelled', message: cancelledMessage() };
  }
  if (isFinished(job.state)) return job;
  if (request.kind === 'cancel') return { ...job, state: 'cancelled', message: cancelledMessage() };
  if (job.state === 'paused') return job;
  return { ...job, state: 'paused', message: request.message };
}

/**
 * Whether a request can change how the job reads (applyRequest): a done or cancelled job stays
 * as it is, so reading its request (a cache read, and now and then three Sheets calls) is
 * skipped; every kept job would otherwise cost that at each listing.
 */
function takesRequest(job: JobRecord): boolean {
  return !isFinished(job.state) || job.state === 'failed';
}

function parseRequest(raw: string | null): ControlRequest | null {
  if (raw === null) return null;
  if (raw.startsWith(CONSENT_PAUSE_VALUE_PREFIX)) {
    const message = raw.slice(CONSENT_PAUSE_VALUE_PREFIX.length);
    return { kind: 'pause', message, reason: 'consent' };
  }
  if (raw.startsWith(PAUSE_VALUE_PREFIX)) {
    return { kind: 'pause', message: raw.slice(PAUSE_VALUE_PREFIX.length) };
  }
  // Anything else is a cancel: the safe reading.
  return { kind: 'cancel' };
}

function boardEntry(job: JobRecord): JobRecord {
  return {
    ...job,
    options: null,
    cursor: null,
    message: job.message.slice(0, BOARD_MESSAGE_CHARS),
    ...(job.lastFailure === undefined
      ? {}
      : { lastFailure: job.lastFailure.slice(0, BOARD_MESSAGE_CHARS) }),
  };
}

export function createJobStore(kv: KeyValueStore, options: JobStoreOptions = {}): JobStore {
  const shared = options.shared ?? kv;
  const recordKey = (jobId: string) => `${JOB_KEY_PREFIX}${jobId}`;
  const controlKey = (jobId: string) => `${CONTROL_KEY_PREFIX}${jobId}`;
  const boardKey = (jobId: string) => `${BOARD_KEY_PREFIX}${jobId}`;
  const readRequest = (jobId: string) => parseRequest(shared.get(controlKey(jobId)));
  const signal = options.signal;
  /** When this execution last read each job's request from the shared store, and found none. */
  const noneSince = new Map<string, number>();

  function raiseSignal(jobId: string): void {
    try {
      // A value of its own (when, and a random tail), so that lowering a signal (below) can
      // tell it from one raised since.
      const value = `${signal?.clock.now() ?? 0}.${Math.random().toString(36).slice(2, 10)}`;
      signal?.cache.put(`${SIGNAL_PREFIX}${jobId}`, value, SIGNAL_TTL_SECONDS);
    } catch {
      // The request itself is in the shared store: the job reads it at its next full check.
    }
  }

  /** The signal's value; '' when the cache cannot be read (then the store is read). */
  function signalOf(jobId: string): string | null {
    try {
      return signal?.cache.get(`${SIGNAL_PREFIX}${jobId}`) ?? null;
    } catch {
      return '';
    }
  }

  /**
   * A signal whose request is gone (a Resume cleared the pause) is lowered, or every check of
   * the job would read the shared store for the signal's 6 hours (review 5: a resumed send
   * read developer metadata before every batch). Only if it is still the one read before the
   * store: one raised meanwhile stays; the gap between the two cache calls is covered by the
   * CONTROL_RECHECK_MS read.
   */
  function lowerSignal(jobId: string, seen: string): void {
    try {
      if (signal?.cache.get(`${SIGNAL_PREFIX}${jobId}`) === seen) {
        signal.cache.remove(`${SIGNAL_PREFIX}${jobId}`);
      }
    } catch {
      // It stays: the job reads the shared store more often than it needs to, nothing worse.
    }
  }

  /** The request for a running job: the shared store only when the signal says so, or now and then. */
  function controlRequest(jobId: string): ControlRequest | null {
    if (signal) {
      const since = noneSince.get(jobId);
      const now = signal.clock.now();
      const seen = signalOf(jobId);
      if (since !== undefined && now - since < CONTROL_RECHECK_MS && seen === null) {
        return null;
      }
      const request = readRequest(jobId);
      if (request === null) {
        noneSince.set(jobId, now);
        if (seen) lowerSignal(jobId, seen);
      } else noneSince.delete(jobId);
      return request;
    }
    return readRequest(jobId);
  }
  /** Records this execution wrote inline last (a later inline write needs no index read). */
  const writtenInline = new Set<string>();
  /** What this execution last put on the board, per job, so unchanged progress is not rewritten. */
  const published = new Map<
    string,
    { state: string; message: string; at: number; settling: boolean }
  >();

  function publish(job: JobRecord): void {
    if (shared === kv) return;
    const last = published.get(job.jobId);
    // A running job's message changes with every step (its counts): only a change of state
    // is written at once; progress at most every BOARD_REFRESH_MS (each write is a Sheets call).
    // A cancelled job that ends its settling is a change too: the board then frees its sheet.
    const settling = job.settleOnCancel === true;
    const changed = !last || last.state !== job.state || last.settling !== settling;
    if (!changed && job.updatedAt - last.at < BOARD_REFRESH_MS) return;
    try {
      shared.set(boardKey(job.jobId), JSON.stringify(boardEntry(job)));
      published.set(job.jobId, {
        state: job.state,
        message: job.message,
        at: job.updatedAt,
        settling,
      });
    } catch {
      // The board is a view for other editors: a refusal there never stops the job.
    }
  }

  function readRaw(jobId: string, from: KeyValueStore = kv): JobRecord | null {
    const value = readChunkedJson(from, recordKey(jobId));
    if (value === null) return null;
    const parsed = JobRecordSchema.safeParse(value);
    if (!parsed.success) {
      throw codedError(
        `Job ${jobId} is stored in a shape this version cannot read; delete it from the Jobs sidebar.`,
        'jobUnreadable',
      );
    }
    return parsed.data;
  }

  const withRequest = (job: JobRecord): JobRecord =>
    takesRequest(job) ? applyRequest(job, controlRequest(job.jobId)) : job;

  function get(jobId: string): JobRecord | null {
    const job = readRaw(jobId);
    return job === null ? null : withRequest(job);
  }

  function list(): JobRecord[] {
    const jobs: JobRecord[] = [];
    // Every record (and its chunks) in one read of the store, not a read per kept job.
    const records = snapshotStore(kv, (key) => key.startsWith(JOB_KEY_PREFIX));
    for (const key of records.keys()) {
      if (isChunkKey(key)) continue;
      try {
        const job = readRaw(key.slice(JOB_KEY_PREFIX.length), records);
        if (job) jobs.push(withRequest(job));
      } catch {
        // One damaged record must not hide every other job from the sidebar.
      }
    }
    return jobs.sort((a, b) => a.createdAt - b.createdAt || (a.jobId < b.jobId ? -1 : 1));
  }

  function save(job: JobRecord): JobRecord {
    const parsed = JobRecordSchema.safeParse(job);
    if (!parsed.success) {
      throw codedError(`Job ${String(job.jobId)} cannot be saved: ${parsed.error.message}`, 'bug');
    }
    // Requests are applied when the job is read (get, list, board), not here: a checkpoint
    // costs no read of the shared store, and a request that lands during a step still wins.
    const key = recordKey(job.jobId);
    const shape = writeChunkedJson(kv, key, parsed.data, undefined, writtenInline.has(key));
    if (shape === 'inline') writtenInline.add(key);
    else writtenInline.delete(key);
    publish(parsed.data);
    return parsed.data;
  }

  function remove(jobId: string): void {
    writtenInline.delete(recordKey(jobId));
    deleteChunkedJson(kv, recordKey(jobId));
    shared.delete(controlKey(jobId));
    if (shared !== kv) shared.delete(boardKey(jobId));
    published.delete(jobId);
  }

  /** Chunks whose record is gone (a write or delete killed half-way) only take room. */
  function sweepOrphanChunks(): void {
    const keys = kv.keys();
    const present = new Set(keys);
    for (const key of keys) {
      if (!key.startsWith(JOB_KEY_PREFIX) || !isChunkKey(key)) continue;
      const owner = key.slice(0, key.indexOf(CHUNK_KEY_SEPARATOR));
      if (!present.has(owner)) kv.delete(key);
    }
  }

  function board(except: ReadonlySet<string> = new Set()): JobRecord[] {
    if (shared === kv) return list().filter((job) => !except.has(job.jobId));
    const jobs: JobRecord[] = [];
    const wanted = (prefix: string) => (key: string) =>
      key.startsWith(prefix) && !except.has(key.slice(prefix.length));
    // Every entry and request in one listing of the shared store, not searches per job.
    const view = snapshotStore(
      shared,
      (key) => wanted(BOARD_KEY_PREFIX)(key) || wanted(CONTROL_KEY_PREFIX)(key),
    );
    const entries = prefixedStore(view, BOARD_KEY_PREFIX);
    for (const jobId of entries.keys()) {
      try {
        const parsed = JobRecordSchema.safeParse(JSON.parse(entries.get(jobId) ?? 'null'));
        if (!parsed.success) continue;
        const job = parsed.data;
        const request = takesRequest(job) ? parseRequest(view.get(controlKey(jobId))) : null;
        jobs.push(applyRequest(job, request));
      } catch {
        // A damaged board entry hides only itself.
      }
    }
    return jobs.sort((a, b) => a.createdAt - b.createdAt || (a.jobId < b.jobId ? -1 : 1));
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
    sweepOrphanChunks();
    return removed;
  }

  return {
    list,
    get,
    save,
    delete: remove,
    requestCancel: (jobId) => {
      shared.set(controlKey(jobId), CANCEL_VALUE);
      raiseSignal(jobId);
    },
    requestPause: (jobId, message, reason) => {
      // A cancel already asked for wins: never turn it back into a pause.
      if (readRequest(jobId)?.kind !== 'cancel') {
        const prefix = reason === 'consent' ? CONSENT_PAUSE_VALUE_PREFIX : PAUSE_VALUE_PREFIX;
        shared.set(controlKey(jobId), `${prefix}${message}`);
        raiseSignal(jobId);
      }
    },
    controlRequest,
    refresh: withRequest,
    clearPauseRequest: (jobId) => {
      if (readRequest(jobId)?.kind === 'pause') shared.delete(controlKey(jobId));
      // The signal stays until a check finds no request (lowerSignal).
    },
    board,
    prune,
  };
}

/**
 * Every job of the spreadsheet, whoever started it, oldest first: this person's from their own
 * records (fresher than their board entries, which are not read), the others' from the board.
 * Two reads of the stores whatever the number of kept jobs.
 */
export function everyJob(store: JobStore): JobRecord[] {
  const own = new Map(store.list().map((job) => [job.jobId, job]));
  const others = store.board(new Set(own.keys()));
  return [...others, ...own.values()].sort(
    (a, b) => a.createdAt - b.createdAt || (a.jobId < b.jobId ? -1 : 1),
  );
}
