import { translator } from '../i18n';
import type { JobRecord } from './record';

/**
 * The engine's guard against a job that goes on without progress (issue 30): a step that
 * says there is more work but leaves the record as it found it, or a slice whose steps all
 * yield (a batch that spent its requests and sent nothing), must never loop, inside a slice or
 * from one execution to the next, spending the CRM's rate limit and trigger runtime for ever.
 */

/** Steps in a row that leave a record as they found it before the slice leaves the job. */
export const IDLE_STEPS_PER_SLICE = 3;
/**
 * How long a job may go without progress, slice after slice, before it pauses and says so:
 * fifteen of the CRM's minutes (short waits for slots, e.g. another person's requests on the
 * same key, end long before).
 */
export const IDLE_PAUSE_MS = 15 * 60_000;
/** When a slice left for want of progress, the next try: after the CRM's minute. */
export const IDLE_RETRY_MS = 60_000;

/**
 * What a step that makes progress changes: the rows done, their counts, the cursor, or the
 * job's end (a queued job turning running is not progress).
 */
export function progressOf(job: JobRecord): string {
  return JSON.stringify([job.state === 'done', job.done, job.total, job.counts, job.cursor]);
}

/**
 * The record after a slice that made no progress on it: idle since its first such slice
 * (saying so when `say`: a yield's own wait, e.g. for another person's requests on the key,
 * keeps its words), or, IDLE_PAUSE_MS later, paused with words that say why (resuming starts
 * again).
 */
export function idleSlice(job: JobRecord, now: number, say: boolean): JobRecord {
  const since = job.idleSince ?? now;
  const t = translator(job.locale ?? 'en');
  if (now - since < IDLE_PAUSE_MS) {
    return {
      ...job,
      idleSince: since,
      updatedAt: now,
      ...(say ? { message: t('jobs.noProgress') } : {}),
    };
  }
  const { idleSince: _dropped, ...rest } = job;
  return {
    ...rest,
    state: 'paused',
    updatedAt: now,
    message: t('jobs.pause.noProgress', { minutes: Math.round((now - since) / 60_000) }),
  };
}
