import type { ScheduleView } from '../../core/schedule/schedule';
import { byId, h, showStatus, whileBusy } from '../shared/dom';
import { t, words } from '../shared/i18n';
import { jobServer } from '../shared/job-server';
import { type TrackedJob, trackJob } from '../shared/progress';
import { isPendingState } from '../shared/progress-model';
import { describeSchedule } from '../shared/schedule-model';
import { callServer, errorText } from '../shared/server';
import { arrangeJobs, describeJob, type JobView, newestFirst } from './model';

const LIST_REFRESH_MS = 3_000;
const tracked = new Map<string, TrackedJob>();
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/** The sheet's name as a link: it brings that sheet to the front. */
function sheetLink(job: JobView, name: string): HTMLElement {
  const link = h('a', { href: '#', class: 'job-sheet', title: t('ui.jobs.openSheet') }, name);
  link.addEventListener('click', (event) => {
    event.preventDefault();
    callServer('uiActivateSheet', {
      name,
      ...(job.sheetId === undefined ? {} : { id: job.sheetId }),
    })
      .then(() => showStatus('status', ''))
      .catch((error) => showStatus('status', errorText(error), 'error'));
  });
  return link;
}

function card(summary: JobView, job: TrackedJob): HTMLElement {
  const model = describeJob(summary, words);
  return h(
    'article',
    { class: 'job', 'data-job-id': summary.jobId },
    h(
      'h2',
      { class: 'job-title' },
      h('span', { class: 'job-kind' }, model.kind),
      model.sheet === undefined ? null : ' · ',
      model.sheet === undefined ? null : sheetLink(summary, model.sheet),
    ),
    model.started === '' ? null : h('div', { class: 'job-meta job-started' }, model.started),
    model.updated === '' ? null : h('div', { class: 'job-meta job-updated' }, model.updated),
    job.view.element,
    model.failure === '' ? null : h('div', { class: 'status error job-failure' }, model.failure),
    h('div', { class: 'job-meta job-id' }, summary.jobId),
  );
}

/** One driver at a time: the oldest pending job this sidebar is not driving yet. */
function driveNext(jobs: JobView[]): void {
  if ([...tracked.values()].some((job) => job.driver.driving)) return;
  const next = [...jobs].reverse().find((job) => isPendingState(job.state));
  if (next) tracked.get(next.jobId)?.driver.start();
}

function cardsOf(jobs: JobView[]): HTMLElement[] {
  return jobs.map((summary) => {
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
}

/** The jobs newest first, the previews apart below them (issue 29.5). */
function render(list: JobView[]): void {
  const board = arrangeJobs(list);
  byId<HTMLButtonElement>('clear-finished').disabled = board.finished === 0;
  const box = byId('jobs');
  box.replaceChildren(
    ...(board.jobs.length === 0
      ? [h('p', { class: 'empty' }, t('ui.jobs.none'))]
      : cardsOf(board.jobs)),
  );
  byId('previews').replaceChildren(...cardsOf(board.previews));
  byId('previews-section').hidden = board.previews.length === 0;
  driveNext(newestFirst(list));
}

/** One nightly run: what, when next, how it last went, whose key, and a way to stop it. */
function scheduleCard(view: ScheduleView): HTMLElement {
  const lines = describeSchedule(view, words);
  const stop = h('button', { type: 'button', class: 'schedule-stop' }, t('ui.schedule.stop'));
  stop.addEventListener('click', () => {
    void whileBusy(stop, async () => {
      try {
        renderSchedules(await callServer('uiUnschedule', view.sheet));
        showStatus('status', t('ui.schedule.stopped', { sheet: view.sheet }), 'success');
      } catch (error) {
        showStatus('status', errorText(error), 'error');
      }
    });
  });
  return h(
    'article',
    { class: 'job schedule-card', 'data-schedule-sheet': view.sheet },
    h(
      'h2',
      { class: 'job-title' },
      h('span', { class: 'job-kind' }, lines.kind),
      ' · ',
      view.sheet,
    ),
    h('div', { class: 'job-meta schedule-every' }, lines.every),
    h('div', { class: 'job-meta schedule-next' }, lines.next),
    h(
      'div',
      { class: lines.lastFailed ? 'status error schedule-last' : 'job-meta schedule-last' },
      lines.last,
    ),
    h('div', { class: 'job-meta schedule-who' }, lines.who),
    stop,
  );
}

function renderSchedules(list: ScheduleView[]): void {
  byId('schedules').replaceChildren(
    ...(list.length === 0
      ? [h('p', { class: 'empty' }, t('ui.schedules.none'))]
      : list.map(scheduleCard)),
  );
}

async function refreshSchedules(): Promise<void> {
  try {
    renderSchedules(await callServer('uiListSchedules'));
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

async function refresh(): Promise<void> {
  try {
    const jobs: JobView[] = await callServer('uiListJobs');
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
  void whileBusy(byId<HTMLButtonElement>('refresh'), () =>
    Promise.all([refresh(), refreshSchedules()]),
  );
});
const clearFinished = byId<HTMLButtonElement>('clear-finished');
clearFinished.addEventListener('click', () => {
  clearFinished.disabled = true;
  callServer('uiClearFinishedJobs')
    .then((jobs) => {
      render(jobs); // enables the button again only if a job finished meanwhile
      showStatus('status', t('ui.jobs.cleared'), 'success');
    })
    .catch((error) => {
      clearFinished.disabled = false;
      showStatus('status', errorText(error), 'error');
    });
});
void refreshSchedules();
void refresh();
