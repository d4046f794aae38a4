import type { JobState, JobSummary } from '../../core/jobs/record';
import type { UiKey, Words } from './words';

/** PRODUCT.md: every request made with one API key stays within 60 per 60 s. */
export const REQUESTS_PER_MINUTE = 60;

/**
 * Row statuses that cost no request (dry-run VALID, INVALID, DUPLICATE, UNCHANGED, SKIPPED; a
 * lead action's NO_CHANGE, NOT_FOUND, and a revert's CHANGED_SINCE and NOT_REVERSIBLE): the share
 * of such rows so far shortens the estimate for the rows left.
 */
const FREE_STATUSES: readonly string[] = [
  'VALID',
  'INVALID',
  'DUPLICATE',
  'UNCHANGED',
  'SKIPPED',
  'NO_CHANGE',
  'NOT_FOUND',
  'CHANGED_SINCE',
  'NOT_REVERSIBLE',
];

const STATE_LABELS: Record<JobState, UiKey> = {
  queued: 'ui.progress.state.queued',
  running: 'ui.progress.state.running',
  paused: 'ui.progress.state.paused',
  done: 'ui.progress.state.done',
  failed: 'ui.progress.state.failed',
  cancelled: 'ui.progress.state.cancelled',
};

export function isPendingState(state: JobState): boolean {
  return state === 'queued' || state === 'running';
}

export function isFinishedState(state: JobState): boolean {
  return state === 'done' || state === 'failed' || state === 'cancelled';
}

/**
 * Milliseconds left at the rate limit, or undefined when the total is not known yet. Rows left
 * are assumed to need requests in the same share as the rows done so far (all of them at first).
 */
export function estimateRemainingMs(
  summary: Pick<JobSummary, 'total' | 'done' | 'counts'>,
  requestsPerMinute = REQUESTS_PER_MINUTE,
): number | undefined {
  if (!(summary.total > 0) || !(requestsPerMinute > 0)) return undefined;
  const remaining = Math.max(0, summary.total - summary.done);
  const free = FREE_STATUSES.reduce((sum, status) => sum + (summary.counts[status] ?? 0), 0);
  const paidShare = summary.done > 0 ? Math.max(0, summary.done - free) / summary.done : 1;
  return Math.round(((remaining * paidShare) / requestsPerMinute) * 60_000);
}

/** "under a minute", "about 3 min", "about 1 h 05 min". */
export function formatDuration(ms: number, { t }: Pick<Words, 't'>): string {
  if (ms < 60_000) return t('ui.progress.underMinute');
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return t('ui.progress.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  return t('ui.progress.hours', { hours, minutes: String(minutes % 60).padStart(2, '0') });
}

/**
 * With no sidebar open a job goes at its deployment's unattended rate (a published add-on: one
 * slice an hour); when that is much slower than the open panel, the ETA says both, before the
 * person closes it.
 */
function etaLine(summary: JobSummary, remainingMs: number | undefined, words: Words): string {
  const { t } = words;
  if (remainingMs === undefined) return '';
  const perHour = summary.unattendedRequestsPerHour;
  const closedMs =
    perHour !== undefined && perHour > 0 ? estimateRemainingMs(summary, perHour / 60) : undefined;
  // The slower rate counts only when it changes the answer (a chain at 52 a minute does not).
  if (closedMs !== undefined && closedMs > remainingMs * 1.5 && closedMs - remainingMs > 60_000) {
    return t('ui.progress.etaClosed', {
      closed: formatDuration(closedMs, words),
      open: formatDuration(remainingMs, words),
    });
  }
  return t('ui.progress.eta', {
    duration: formatDuration(remainingMs, words),
    rate: REQUESTS_PER_MINUTE,
  });
}

export interface ProgressModel {
  stateLabel: string;
  /** 0–100; a finished job with no rows shows 100. */
  percent: number;
  /** "12 / 30 rows", or "12 rows" while the total is unknown. */
  numbers: string;
  /** The ETA line, empty when the job is not pending. */
  eta: string;
  /** Non-zero counts, e.g. [["CREATED", 10], ["INVALID", 2]]. */
  counts: Array<[string, number]>;
  message: string;
  canPause: boolean;
  canResume: boolean;
  canCancel: boolean;
}

export function describeProgress(summary: JobSummary, words: Words): ProgressModel {
  const { t, number } = words;
  const { state, total, done } = summary;
  const pending = isPendingState(state);
  const percent =
    total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : state === 'done' ? 100 : 0;
  const remainingMs = pending ? estimateRemainingMs(summary) : undefined;
  return {
    stateLabel: t(STATE_LABELS[state]),
    percent,
    numbers:
      total > 0
        ? t('ui.progress.doneOfTotal', { done: number(done), total: number(total) })
        : t(done === 1 ? 'ui.progress.oneRow' : 'ui.progress.rows', { done: number(done) }),
    eta: etaLine(summary, remainingMs, words),
    counts: Object.entries(summary.counts)
      .filter(([, count]) => count > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    message: summary.message,
    canPause: pending,
    // A failed job may be resumed too: it goes on with the rows it did not finish.
    canResume: state === 'paused' || state === 'failed',
    // A failed job holds its sheet until it is cancelled (issue 16.3): Cancel frees it.
    canCancel: !isFinishedState(state) || state === 'failed',
  };
}
