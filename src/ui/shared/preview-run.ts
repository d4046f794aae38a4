import type { JobSummary } from '../../core/jobs/record';
import { byId, showStatus, whileBusy } from './dom';
import { followUntilSettled } from './follow-job';
import { t } from './i18n';
import { jobServer } from './job-server';
import { createResultSlot, type ResultSlot } from './progress';
import { isFinishedState } from './progress-model';
import { errorText } from './server';

/**
 * The flow the Push changes and Lead actions sidebars share (PRODUCT.md: a preview job first,
 * nothing changes in the CRM; then the run after a confirmation; Revert of a run the same way),
 * on the markup they share: #preview / #run, shared/revert.html, #status, #preview-result,
 * #confirm, #progress and #after. What a preview is made of, how it is drawn and what a run
 * sends stay in each sidebar.
 */

/** The preview on show and what it was made for: Run sends these options, Revert this run. */
export type Shown<Options, Preview> =
  | { mode: 'run'; options: Options; preview: Preview }
  | { mode: 'revert'; runId: string; preview: Preview };

/** A failed call, said on the status line. */
export const fail = (error: unknown): void => showStatus('status', errorText(error), 'error');

export interface PreviewRunOptions<Preview> {
  /** The status line while a preview job runs. */
  previewing: string;
  /** Reads what a finished preview job found. */
  read: (jobId: string) => Promise<Preview>;
}

/** Run's check that the form still says what the preview on show was made of. */
export interface RunCheck<Options, Current> {
  /** The form's options now; a form that no longer reads is never the same. */
  current: () => Current;
  same: (shown: Options, current: Current | undefined) => boolean;
  /** Said when the form changed since the preview. */
  stale: string;
  /** The confirmation, once the form is still the preview's. */
  confirm: () => void;
}

export interface PreviewRunHandlers<Options, Current> {
  /** The form's id: submitting it previews a run. */
  formId: string;
  preview: () => Promise<void>;
  revertPreview: () => Promise<void>;
  run: RunCheck<Options, Current>;
  revertRun: () => void;
  /** The confirmation's button. */
  confirmed: () => Promise<void>;
}

export interface PreviewRun<Options, Preview> {
  readonly result: ResultSlot;
  /** The preview on show, if any. */
  shown(): Shown<Options, Preview> | undefined;
  setShown(shown: Shown<Options, Preview>): void;
  /** Any change to the form forgets the preview, so nothing runs that was not previewed. */
  forget(): void;
  /** The next step (Run after a preview) is enabled and primary; Preview is primary until then. */
  setNextStep(id: 'run' | 'revert-run', enabled: boolean): void;
  /**
   * Starts a preview job (nothing changes in the CRM) and follows it; once it is done, hands
   * what it found to `show` (the status line empty by then), unless the form changed meanwhile.
   */
  previewJob(start: () => Promise<JobSummary>, show: (preview: Preview) => void): Promise<void>;
  /** The run id typed to revert, trimmed; none says `needRun` on the status line. */
  runIdToRevert(needRun: string): string | undefined;
  /** Offers a sheet's last run to revert, unless the person typed another. */
  offerRun(runId: string): void;
  /** Shows the confirmation with its question and its button's words. */
  openConfirm(text: string, button: string): void;
  /**
   * Starts the confirmed run or revert and follows it; `finished` is told once it is over (a
   * paused job is not: what needs a person is said once it is).
   */
  startConfirmed(
    start: (current: Shown<Options, Preview>) => Promise<JobSummary>,
    finished: (end: JobSummary, current: Shown<Options, Preview>) => Promise<void>,
  ): Promise<void>;
  /** What a finished job leaves for the person (#after); none hides it. */
  showAfter(notes: readonly string[]): void;
  /** The buttons both sidebars have, wired to the sidebar's own steps. */
  wire<Current>(handlers: PreviewRunHandlers<Options, Current>): void;
}

export function createPreviewRun<Options, Preview>(
  options: PreviewRunOptions<Preview>,
): PreviewRun<Options, Preview> {
  const result = createResultSlot(jobServer, byId('progress'));
  let shown: Shown<Options, Preview> | undefined;
  /** A counter of form changes: a preview that ends after the form changed is not shown. */
  let formVersion = 0;

  function setNextStep(id: 'run' | 'revert-run', enabled: boolean): void {
    const button = byId<HTMLButtonElement>(id);
    button.disabled = !enabled;
    button.classList.toggle('action', enabled);
    if (id === 'run') byId('preview').classList.toggle('action', !enabled);
  }

  function forget(): void {
    formVersion += 1;
    shown = undefined;
    byId('confirm').hidden = true;
    byId('preview-result').hidden = true;
    setNextStep('run', false);
    setNextStep('revert-run', false);
  }

  async function previewJob(
    start: () => Promise<JobSummary>,
    show: (preview: Preview) => void,
  ): Promise<void> {
    result.clear();
    byId('after').hidden = true;
    forget();
    const version = formVersion;
    showStatus('status', options.previewing);
    try {
      await followUntilSettled(result, await start(), fail, settled(version, show));
    } catch (error) {
      fail(error);
    }
  }

  const settled =
    (version: number, show: (preview: Preview) => void) =>
    async (end: JobSummary): Promise<void> => {
      if (version !== formVersion) return;
      if (end.state !== 'done') {
        // The progress stays on show: its message says why the preview stopped. A paused
        // preview is shown when it is resumed and done.
        const key = end.state === 'paused' ? 'ui.actions.previewPaused' : 'ui.actions.previewEnded';
        const state = t(`ui.progress.state.${end.state}`).toLowerCase();
        showStatus('status', t(key, { state }), 'error');
        return;
      }
      const preview = await options.read(end.jobId);
      if (version !== formVersion) return;
      // The preview's own progress said "done": the preview itself is the result now.
      result.clear();
      showStatus('status', '');
      show(preview);
    };

  function runIdToRevert(needRun: string): string | undefined {
    const runId = byId<HTMLInputElement>('run-id').value.trim();
    if (runId !== '') return runId;
    showStatus('status', needRun, 'error');
    return undefined;
  }

  function offerRun(runId: string): void {
    const input = byId<HTMLInputElement>('run-id');
    if (input.value === '' || input.dataset.auto === '1') {
      input.value = runId;
      input.dataset.auto = '1';
    }
  }

  function openConfirm(text: string, button: string): void {
    byId('confirm-text').textContent = text;
    byId('confirm-run').textContent = button;
    byId('confirm').hidden = false;
    byId('confirm').scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }

  async function startConfirmed(
    start: (current: Shown<Options, Preview>) => Promise<JobSummary>,
    finished: (end: JobSummary, current: Shown<Options, Preview>) => Promise<void>,
  ): Promise<void> {
    const current = shown;
    if (!current) return;
    byId('confirm').hidden = true;
    showStatus('status', t('ui.actions.starting'));
    try {
      const summary = await start(current);
      // The preview spoke of what would change: from now on the progress tells.
      forget();
      showStatus('status', '');
      await followUntilSettled(result, summary, fail, async (end) => {
        if (!isFinishedState(end.state)) {
          byId('after').hidden = true;
          return;
        }
        await finished(end, current);
      });
    } catch (error) {
      fail(error);
    }
  }

  function showAfter(notes: readonly string[]): void {
    const after = byId('after');
    after.textContent = notes.join(' ');
    after.hidden = notes.length === 0;
  }

  function wire<Current>(handlers: PreviewRunHandlers<Options, Current>): void {
    byId<HTMLFormElement>(handlers.formId).addEventListener('submit', (event) => {
      event.preventDefault();
      void whileBusy(byId<HTMLButtonElement>('preview'), handlers.preview);
    });
    byId<HTMLButtonElement>('run').addEventListener('click', () => {
      // Run acts only on the options the shown preview was made of.
      const { run } = handlers;
      let current: Current | undefined;
      try {
        current = run.current();
      } catch {
        current = undefined;
      }
      if (shown?.mode !== 'run' || !run.same(shown.options, current)) {
        forget();
        showStatus('status', run.stale, 'error');
        return;
      }
      run.confirm();
    });
    byId<HTMLButtonElement>('revert-preview').addEventListener('click', () => {
      void whileBusy(byId<HTMLButtonElement>('revert-preview'), handlers.revertPreview);
    });
    byId<HTMLButtonElement>('revert-run').addEventListener('click', handlers.revertRun);
    byId<HTMLInputElement>('run-id').addEventListener('input', (event) => {
      (event.target as HTMLInputElement).dataset.auto = '0';
      if (shown?.mode === 'revert') forget();
    });
    byId<HTMLButtonElement>('confirm-run').addEventListener('click', () => {
      void whileBusy(byId<HTMLButtonElement>('confirm-run'), handlers.confirmed);
    });
    byId<HTMLButtonElement>('confirm-back').addEventListener('click', () => {
      byId('confirm').hidden = true;
    });
  }

  return {
    result,
    shown: () => shown,
    setShown: (next) => {
      shown = next;
    },
    forget,
    setNextStep,
    previewJob,
    runIdToRevert,
    offerRun,
    openConfirm,
    startConfirmed,
    showAfter,
    wire,
  };
}
