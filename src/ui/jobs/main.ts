import type { JobSummary } from '../../core/jobs/record';
import { byId, h, showStatus, whileBusy } from '../shared/dom';
import { jobServer } from '../shared/job-server';
import { type TrackedJob, trackJob } from '../shared/progress';
import { isPendingState } from '../shared/progress-model';
import { callServer, errorText } from '../shared/server';

const LIST_REFRESH_MS = 3_000;
const tracked = new Map<string, TrackedJob>();
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function kindLabel(kind: string): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}

function card(summary: JobSummary, job: TrackedJob): HTMLElement {
  return h(
    'article',
    { class: 'job', 'data-job-id': summary.jobId },
    h('h2', {}, kindLabel(summary.kind), ' ', h('span', { class: 'job-meta' }, summary.jobId)),
    job.view.element,
  );
}

/** One driver at a time: the oldest pending job this sidebar is not driving yet. */
function driveNext(jobs: JobSummary[]): void {
  if ([...tracked.values()].some((job) => job.driver.driving)) return;
  const next = [...jobs].reverse().find((job) => isPendingState(job.state));
  if (next) tracked.get(next.jobId)?.driver.start();
}

function render(jobs: JobSummary[]): void {
  const list = byId('jobs');
  if (jobs.length === 0) {
    list.replaceChildren(
      h('p', { class: 'empty' }, 'No jobs yet. Start one from Import or Export.'),
    );
    return;
  }
  const cards = jobs.map((summary) => {
    let job = tracked.get(summary.jobId);
    if (!job) {
      job = trackJob(jobServer, summary, {
        drive: false,
        onUpdate: (next) => {
          if (!isPendingState(next.state)) scheduleRefresh(0);
        },
      });
      tracked.set(summary.jobId, job);
    } else if (!job.driver.driving) {
      job.view.update(summary);
    }
    return card(summary, job);
  });
  list.replaceChildren(...cards);
  driveNext(jobs);
}

async function refresh(): Promise<void> {
  try {
    const jobs = await callServer('crmListJobs');
    showStatus('status', '');
    render(jobs);
    const busy = jobs.some((job) => isPendingState(job.state));
    if (busy) scheduleRefresh(LIST_REFRESH_MS);
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

function scheduleRefresh(ms: number): void {
  if (refreshTimer !== undefined) clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    refreshTimer = undefined;
    void refresh();
  }, ms);
}

byId<HTMLButtonElement>('refresh').addEventListener('click', () => {
  void whileBusy(byId<HTMLButtonElement>('refresh'), refresh);
});
void refresh();
