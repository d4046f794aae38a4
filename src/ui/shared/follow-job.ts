import type { JobSummary } from '../../core/jobs/record';
import type { ResultSlot } from './progress';
import { isPendingState } from './progress-model';

/**
 * Following a job in a result slot until it stops, for the sidebars that preview then run (Lead
 * actions, Push changes): `settled` is called each time the job stops — paused (a person may
 * resume it, and it is still followed), then done, failed or cancelled.
 */
export function follow(
  result: ResultSlot,
  summary: JobSummary,
  settled: (summary: JobSummary) => void,
): void {
  if (!isPendingState(summary.state)) {
    result.showJob(summary, { drive: false });
    settled(summary);
    return;
  }
  let last: string = summary.state;
  result.showJob(summary, {
    drive: true,
    onUpdate: (next) => {
      if (next.state !== last && !isPendingState(next.state)) settled(next);
      last = next.state;
    },
  });
}

/**
 * Follows a job; resolves the first time it stops, then `settled` goes on being told. A failure
 * of `settled` goes to `failed` (the sidebar's status line) and still resolves.
 */
export function followUntilSettled(
  result: ResultSlot,
  summary: JobSummary,
  failed: (error: unknown) => void,
  settled: (summary: JobSummary) => Promise<void>,
): Promise<void> {
  return new Promise((resolve) => {
    follow(result, summary, (next) => {
      settled(next).then(resolve, (error) => {
        failed(error);
        resolve();
      });
    });
  });
}
