import type { JobSummary } from '../../core/jobs/record';
import { h } from './dom';
import { createJobDriver, type JobDriver, type JobServer } from './job-driver';
import { describeProgress } from './progress-model';
import { errorText } from './server';

export interface ProgressView {
  readonly element: HTMLElement;
  update(summary: JobSummary): void;
  showError(text: string): void;
}

export interface ProgressActions {
  onPause(): void;
  onResume(): void;
  onCancel(): void;
}

/** Done / total, a bar, the ETA at the rate limit, counts per status, and the job's buttons. */
export function createProgressView(actions: ProgressActions): ProgressView {
  const state = h('span', { class: 'progress-state' });
  const numbers = h('span', { class: 'progress-numbers' });
  const fill = h('div', { class: 'progress-fill' });
  const bar = h(
    'div',
    { class: 'progress-bar', role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': '100' },
    fill,
  );
  const eta = h('div', { class: 'progress-eta' });
  const counts = h('ul', { class: 'progress-counts' });
  const message = h('div', { class: 'progress-message' });
  const error = h('div', { class: 'status error', hidden: true });
  const pause = h('button', { type: 'button', class: 'pause' }, 'Pause');
  const resume = h('button', { type: 'button', class: 'resume action' }, 'Resume');
  const cancel = h('button', { type: 'button', class: 'cancel' }, 'Cancel');
  pause.addEventListener('click', actions.onPause);
  resume.addEventListener('click', actions.onResume);
  cancel.addEventListener('click', actions.onCancel);
  const element = h(
    'section',
    { class: 'progress' },
    h('div', { class: 'progress-head' }, state, numbers),
    bar,
    eta,
    counts,
    message,
    error,
    h('div', { class: 'buttons' }, pause, resume, cancel),
  );

  return {
    element,
    update(summary) {
      const model = describeProgress(summary);
      element.dataset.state = summary.state;
      element.dataset.jobId = summary.jobId;
      state.textContent = model.stateLabel;
      numbers.textContent = model.numbers;
      fill.style.width = `${model.percent}%`;
      bar.setAttribute('aria-valuenow', String(model.percent));
      eta.textContent = model.eta;
      eta.hidden = model.eta === '';
      counts.replaceChildren(
        ...model.counts.map(([status, count]) =>
          h('li', { 'data-status': status }, h('b', {}, String(count)), ` ${status}`),
        ),
      );
      message.textContent = model.message;
      message.hidden = model.message === '';
      pause.hidden = !model.canPause;
      resume.hidden = !model.canResume;
      cancel.hidden = !model.canCancel;
      error.hidden = true;
    },
    showError(text) {
      error.textContent = text;
      error.hidden = text === '';
    },
  };
}

export interface TrackedJob {
  readonly view: ProgressView;
  readonly driver: JobDriver;
}

/** A progress view wired to a driver: the buttons pause, resume and cancel the job. */
export function trackJob(
  server: JobServer,
  summary: JobSummary,
  options: { drive: boolean; onUpdate?: (summary: JobSummary) => void },
): TrackedJob {
  let driver: JobDriver | undefined;
  const act = (work: (d: JobDriver) => Promise<unknown>) => () => {
    if (driver) work(driver).catch((error) => view.showError(errorText(error)));
  };
  const view = createProgressView({
    onPause: act((d) => d.pause()),
    onResume: act((d) => d.resume()),
    onCancel: act((d) => d.cancel()),
  });
  driver = createJobDriver(server, summary.jobId, {
    onUpdate: (next) => {
      view.update(next);
      options.onUpdate?.(next);
    },
    onError: (error) => view.showError(errorText(error)),
  });
  view.update(summary);
  if (options.drive && (summary.state === 'queued' || summary.state === 'running')) driver.start();
  return { view, driver };
}

/** Follows a job in `container`, replacing what it showed, and brings the progress into view. */
export function showJobProgress(
  server: JobServer,
  container: HTMLElement,
  summary: JobSummary,
  options: { drive: boolean; onUpdate?: (summary: JobSummary) => void },
): TrackedJob {
  const tracked = trackJob(server, summary, options);
  container.replaceChildren(tracked.view.element);
  tracked.view.element.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  return tracked;
}
