import { getJob, isPending, type JobSummary } from '../core/jobs';
import { engineDeps } from './context';

/** Small read-mostly helpers that only the sidebars call. */

export const PAUSED_FROM_SIDEBAR = 'Paused from the sidebar.';

/**
 * How long a pause waits for a slice in another execution (a trigger) to checkpoint. The
 * sidebar's own slice has already ended when it asks, so this only matters for triggers.
 */
const PAUSE_LOCK_WAIT_MS = 10_000;

/** The spreadsheet's sheet names, in tab order, and the active one (the pickers' default). */
export function uiListSheets(): { sheets: string[]; active: string } {
  const spreadsheet = SpreadsheetApp.getActive();
  return {
    sheets: spreadsheet.getSheets().map((sheet) => sheet.getName()),
    active: spreadsheet.getActiveSheet().getName(),
  };
}

/**
 * Pauses a queued or running job: drivers skip it until crmResumeJob. Taken under the job
 * lock so that a slice in progress cannot overwrite the pause with its next checkpoint.
 */
export function uiPauseJob(jobId: string): JobSummary {
  if (typeof jobId !== 'string' || jobId.trim() === '') {
    throw new Error('Pass the jobId of the job to pause (see crmListJobs()).');
  }
  const deps = engineDeps();
  const id = jobId.trim();
  if (!deps.mutex.tryLock(PAUSE_LOCK_WAIT_MS)) {
    throw new Error(
      'Another execution is working on this job right now; press Pause again in a minute, or Cancel it.',
    );
  }
  try {
    const job = deps.store.get(id);
    if (job && isPending(job.state)) {
      deps.store.save({
        ...job,
        state: 'paused',
        updatedAt: deps.clock.now(),
        message: PAUSED_FROM_SIDEBAR,
      });
    }
  } finally {
    deps.mutex.release();
  }
  return getJob(deps, id);
}
