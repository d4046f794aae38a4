import type { JobSummary } from '../../core/jobs/record';
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
