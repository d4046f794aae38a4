import type { JobSummary } from '../../core/jobs/record';
import { isFinishedState } from '../shared/progress-model';
import type { UiKey, Words } from '../shared/words';

/**
 * What the Jobs sidebar says about each job beyond its progress. The fields past the
 * PRODUCT.md summary (sheet, who, when, last failure) come from newer servers; each line is
 * shown only when its field is there.
 */
export type JobView = JobSummary &
  Partial<{
    sheetId: number;
    sheetName: string;
    startedBy: string;
    createdAt: number;
    updatedAt: number;
    lastFailure: string;
  }>;

const KIND_LABELS: Readonly<Record<string, UiKey>> = {
  import: 'ui.jobs.kind.import',
  export: 'ui.jobs.kind.export',
  send: 'ui.jobs.kind.send',
  leadActions: 'ui.jobs.kind.leadActions',
  leadActionsRevert: 'ui.jobs.kind.leadActionsRevert',
  push: 'ui.jobs.kind.push',
  pushRevert: 'ui.jobs.kind.pushRevert',
};

export interface JobCardModel {
  /** "Import", "Exportação"…; an unknown kind as it is. */
  kind: string;
  sheet: string | undefined;
  /** "Started by you · 23/11/2026 14:05", or what is known of it. */
  started: string;
  /** "Last change 23/11/2026 14:10", empty when unknown. */
  updated: string;
  /** The last failure, already in words; empty when none. */
  failure: string;
}

export function describeJob(job: JobView, { t, dateTime }: Words): JobCardModel {
  const label = KIND_LABELS[job.kind];
  const when = job.createdAt === undefined ? '' : dateTime(job.createdAt);
  const started =
    job.startedBy !== undefined && when !== ''
      ? t('ui.jobs.startedByAt', { who: job.startedBy, when })
      : job.startedBy !== undefined
        ? t('ui.jobs.startedBy', { who: job.startedBy })
        : when !== ''
          ? t('ui.jobs.startedAt', { when })
          : '';
  const updated =
    job.updatedAt !== undefined && job.updatedAt !== job.createdAt
      ? t('ui.jobs.updatedAt', { when: dateTime(job.updatedAt) })
      : '';
  const failure =
    job.lastFailure !== undefined &&
    job.lastFailure.trim() !== '' &&
    job.lastFailure !== job.message
      ? t('ui.jobs.lastFailure', { failure: job.lastFailure })
      : '';
  return { kind: label ? t(label) : job.kind, sheet: job.sheetName, started, updated, failure };
}

/** Newest first, by when each started; jobs without a start time keep the server's order. */
export function newestFirst<T extends JobView>(jobs: readonly T[]): T[] {
  return jobs
    .map((job, index) => ({ job, index }))
    .sort((a, b) => {
      const at = a.job.createdAt;
      const bt = b.job.createdAt;
      if (at === undefined || bt === undefined || at === bt) return a.index - b.index;
      return bt - at;
    })
    .map(({ job }) => job);
}

/** What the Jobs sidebar lists, in its order (issue 29.5). */
export interface JobsBoard<T extends JobView> {
  /** Imports, exports, sends and lead actions that act, newest first. */
  jobs: T[];
  /** Previews (dry runs), apart: they change nothing and would bury the jobs that do. */
  previews: T[];
  /** How many finished jobs "Clear finished" would take off the list. */
  finished: number;
}

/**
 * The sections of the Jobs sidebar, top to bottom: the nightly runs first (a few short cards,
 * never below a long list of jobs), then the jobs, then the previews.
 */
export const JOBS_SECTIONS = ['schedules', 'jobs', 'previews'] as const;

export function arrangeJobs<T extends JobView>(list: readonly T[]): JobsBoard<T> {
  const sorted = newestFirst(list);
  return {
    jobs: sorted.filter((job) => job.preview !== true),
    previews: sorted.filter((job) => job.preview === true),
    finished: list.filter((job) => isFinishedState(job.state)).length,
  };
}
