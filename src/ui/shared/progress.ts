import type { JobSummary } from '../../core/jobs/record';
import { h } from './dom';
import { t, words } from './i18n';
import { createJobDriver, type JobDriver, type JobServer } from './job-driver';
import { describeProgress } from './progress-model';
import { errorText } from './server';
import { statusCount } from './status-chip';

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
  const pause = h('button', { type: 'button', class: 'pause' }, t('ui.progress.pause'));
  const resume = h('button', { type: 'button', class: 'resume action' }, t('ui.progress.resume'));
  const cancel = h('button', { type: 'button', class: 'cancel' }, t('ui.progress.cancel'));
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
      const model = describeProgress(summary, words);
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
          statusCount(status, words.number(count), summary.kind),
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
    gaveUpMessage: t('ui.progress.gaveUp'),
  });
  view.update(summary);
  if (options.drive && (summary.state === 'queued' || summary.state === 'running')) driver.start();
  return { view, driver };
}

/**
 * The one result a sidebar shows under its form. Starting anything (a preview, an import, a
 * send) clears it first: an error shown above the previous job's "Done · 1000 CREATED" panel
 * read as if the failed action had created those leads. A job still running when it is cleared
 * is no longer driven from here; its trigger finishes it and the Jobs sidebar shows it.
 */
export interface ResultSlot {
  /** Follows a job here, replacing what was shown, and brings the progress into view. */
  showJob(
    summary: JobSummary,
    options: { drive: boolean; onUpdate?: (summary: JobSummary) => void },
  ): TrackedJob;
  clear(): void;
}

export function createResultSlot(server: JobServer, container: HTMLElement): ResultSlot {
  let current: TrackedJob | undefined;
  const clear = () => {
    current?.driver.stop();
    current = undefined;
    container.replaceChildren();
  };
  return {
    showJob(summary, options) {
      clear();
      current = trackJob(server, summary, options);
      container.replaceChildren(current.view.element);
      current.view.element.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
      return current;
    },
    clear,
  };
}
