import type { JobSummary } from '../../core/jobs/record';
import { byId, h, showStatus, whileBusy } from '../shared/dom';
import { followUntilSettled } from '../shared/follow-job';
import { t, words } from '../shared/i18n';
import { jobServer } from '../shared/job-server';
import { createResultSlot } from '../shared/progress';
import { isFinishedState } from '../shared/progress-model';
import { fillRowsPicker, rowsOption } from '../shared/rows-picker';
import { callServer, errorText } from '../shared/server';
import {
  afterNotes,
  changingRows,
  confirmText,
  lastRunText,
  openingSheet,
  type PreviewMode,
  type PushForm,
  type PushOptions,
  type PushPreviewAnswer,
  pushOptionsOf,
  revertConfirmText,
  revertHint,
  samePushOptions,
} from './model';
import { renderPreview } from './preview-view';
import { pushServer } from './push-server';

/**
 * The Push changes sidebar (PRODUCT.md "Round trip"): an exported sheet, always a preview job
 * first (nothing changes in the CRM) shown by preview-view.ts, then Push after a confirmation;
 * Revert of a run the same way. Jobs are followed with the shared progress (pause, resume,
 * cancel), as in the Lead actions sidebar.
 */

const form: PushForm = { sheet: '', keepSheet: false };
const result = createResultSlot(jobServer, byId('progress'));

/**
 * The preview on show and what it was made for: Push sends exactly these options, Revert this
 * run id. Any change to the form forgets it, so nothing runs that was not previewed.
 */
let shown:
  | { mode: 'run'; options: PushOptions; preview: PushPreviewAnswer }
  | { mode: 'revert'; runId: string; preview: PushPreviewAnswer }
  | undefined;

/** A counter of form changes: a preview that ends after the form changed is not shown. */
let formVersion = 0;

function forgetPreview(): void {
  formVersion += 1;
  shown = undefined;
  byId('confirm').hidden = true;
  byId('preview-result').hidden = true;
  setNextStep('run', false);
  setNextStep('revert-run', false);
}

/** The next step (Push after a preview) is enabled and primary; Preview is primary until then. */
function setNextStep(id: 'run' | 'revert-run', enabled: boolean): void {
  const button = byId<HTMLButtonElement>(id);
  button.disabled = !enabled;
  button.classList.toggle('action', enabled);
  if (id === 'run') byId('preview').classList.toggle('action', !enabled);
}

// ---- the form ----------------------------------------------------------------------------

/** The exported sheets, the active one first chosen when it is one (issue 29.2). */
async function loadSheets(): Promise<void> {
  showStatus('status', t('ui.push.loading'));
  const setup = await callServer('uiPushSetup');
  showStatus('status', '');
  form.sheet = openingSheet(setup, form.sheet);
  byId<HTMLSelectElement>('sheet').replaceChildren(
    ...setup.sheets.map((name) =>
      h('option', { value: name, selected: name === form.sheet }, name),
    ),
  );
  byId('no-export').hidden = setup.sheets.length > 0;
  byId<HTMLButtonElement>('preview').disabled = setup.sheets.length === 0;
}

async function loadRuns(): Promise<void> {
  const runs =
    form.sheet === ''
      ? { runIds: [], lastRunId: null }
      : await callServer('uiPushRuns', form.sheet);
  byId('run-ids').replaceChildren(...runs.runIds.map((id) => h('option', { value: id })));
  byId('last-run').textContent = lastRunText(runs.lastRunId, t);
  const input = byId<HTMLInputElement>('run-id');
  // The last run is the one to revert unless the person typed another.
  if (input.value === '' || input.dataset.auto === '1') {
    input.value = runs.lastRunId ?? '';
    input.dataset.auto = '1';
  }
}

// ---- previews ----------------------------------------------------------------------------

/**
 * Starts a preview job (nothing changes in the CRM) and follows it; once it is done, hands what
 * uiPushPreview read of it to `show`, unless the form changed meanwhile.
 */
async function previewJob(
  start: () => Promise<JobSummary>,
  show: (preview: PushPreviewAnswer) => void,
): Promise<void> {
  result.clear();
  byId('after').hidden = true;
  forgetPreview();
  const version = formVersion;
  showStatus('status', t('ui.push.previewing'));
  await followUntilSettled(result, await start(), fail, async (end) => {
    if (version !== formVersion) return;
    if (end.state !== 'done') {
      const key = end.state === 'paused' ? 'ui.actions.previewPaused' : 'ui.actions.previewEnded';
      const state = t(`ui.progress.state.${end.state}`).toLowerCase();
      showStatus('status', t(key, { state }), 'error');
      return;
    }
    const preview = await callServer('uiPushPreview', end.jobId);
    if (version !== formVersion) return;
    result.clear();
    showStatus('status', '');
    show(preview);
  });
}

async function runPreview(): Promise<void> {
  let options: PushOptions;
  try {
    options = pushOptionsOf(form, rowsOption('rows'), t);
  } catch (error) {
    showStatus('status', errorText(error), 'error');
    return;
  }
  try {
    await previewJob(
      () => pushServer.push({ ...options, preview: true }),
      (preview) => {
        renderPreview(preview, 'run', {
          ...(options.onConflict === 'sheet' ? {} : { keepSheetAndPreview: keepSheetAndPreview }),
        });
        shown = { mode: 'run', options, preview };
        const some = changingRows(preview) > 0;
        if (!some) showStatus('status', t('ui.push.nothingToPush'), 'error');
        setNextStep('run', some);
      },
    );
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

/** The conflicts' own button: the sheet's value wins, and a new preview says what that sends. */
function keepSheetAndPreview(): void {
  byId<HTMLInputElement>('keep-sheet').checked = true;
  form.keepSheet = true;
  forgetPreview();
  void whileBusy(byId<HTMLButtonElement>('preview'), runPreview);
}

async function runRevertPreview(): Promise<void> {
  const runId = byId<HTMLInputElement>('run-id').value.trim();
  if (runId === '') {
    showStatus('status', t('ui.push.revert.needRun'), 'error');
    return;
  }
  try {
    await previewJob(
      () => pushServer.revert(runId, { preview: true }),
      (preview) => {
        renderPreview(preview, 'revert');
        shown = { mode: 'revert', runId, preview };
        const some = changingRows(preview) > 0;
        if (!some) showStatus('status', t('ui.push.revert.nothing'), 'error');
        setNextStep('revert-run', some);
      },
    );
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

// ---- run and revert ----------------------------------------------------------------------

function askToConfirm(mode: PreviewMode): void {
  if (shown?.mode !== mode) {
    showStatus('status', t('ui.push.needPreview'), 'error');
    return;
  }
  byId('confirm-text').textContent =
    shown.mode === 'run'
      ? confirmText(shown.preview, shown.options, words)
      : revertConfirmText(shown.preview, words);
  byId('confirm-run').textContent = t(mode === 'run' ? 'ui.push.runNow' : 'ui.push.revert.now');
  byId('confirm').hidden = false;
  byId('confirm').scrollIntoView({ behavior: 'smooth', block: 'nearest' });
}

function showAfterJob(summary: JobSummary, mode: PreviewMode): void {
  const notes = afterNotes(summary.counts, words);
  const revert = mode === 'run' ? revertHint(summary, t) : '';
  if (revert !== '') notes.push(revert);
  const after = byId('after');
  after.textContent = notes.join(' ');
  after.hidden = notes.length === 0;
}

async function startConfirmed(): Promise<void> {
  const current = shown;
  if (!current) return;
  byId('confirm').hidden = true;
  showStatus('status', t('ui.actions.starting'));
  try {
    const summary =
      current.mode === 'run'
        ? await pushServer.push(current.options)
        : await pushServer.revert(current.runId, {});
    // The preview spoke of what would change: from now on the progress tells.
    forgetPreview();
    showStatus('status', '');
    await followUntilSettled(result, summary, fail, async (end) => {
      if (!isFinishedState(end.state)) {
        byId('after').hidden = true;
        return;
      }
      showAfterJob(end, current.mode);
      // The run wrote its id in the sheet: Revert offers it from now on.
      await loadRuns();
    });
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

// ---- wiring ------------------------------------------------------------------------------

const fail = (error: unknown) => showStatus('status', errorText(error), 'error');

async function init(): Promise<void> {
  try {
    await loadSheets();
    void fillRowsPicker('rows', form.sheet);
    await loadRuns();
  } catch (error) {
    fail(error);
  }
}

byId<HTMLSelectElement>('sheet').addEventListener('change', (event) => {
  form.sheet = (event.target as HTMLSelectElement).value;
  forgetPreview();
  void fillRowsPicker('rows', form.sheet);
  loadRuns().catch(fail);
});
byId<HTMLSelectElement>('rows').addEventListener('change', () => forgetPreview());
// The selection and the filter change in the sheet, not here: counted again on coming back.
window.addEventListener('focus', () => void fillRowsPicker('rows', form.sheet));
byId<HTMLInputElement>('keep-sheet').addEventListener('change', (event) => {
  form.keepSheet = (event.target as HTMLInputElement).checked;
  forgetPreview();
});
byId<HTMLFormElement>('push-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void whileBusy(byId<HTMLButtonElement>('preview'), runPreview);
});
byId<HTMLButtonElement>('run').addEventListener('click', () => {
  // Push sends only what the shown preview was made of.
  let current: PushOptions | undefined;
  try {
    current = pushOptionsOf(form, rowsOption('rows'), t);
  } catch {
    current = undefined;
  }
  if (shown?.mode !== 'run' || !samePushOptions(shown.options, current)) {
    forgetPreview();
    showStatus('status', t('ui.push.stale'), 'error');
    return;
  }
  askToConfirm('run');
});
byId<HTMLButtonElement>('revert-preview').addEventListener('click', () => {
  void whileBusy(byId<HTMLButtonElement>('revert-preview'), runRevertPreview);
});
byId<HTMLButtonElement>('revert-run').addEventListener('click', () => askToConfirm('revert'));
byId<HTMLInputElement>('run-id').addEventListener('input', (event) => {
  (event.target as HTMLInputElement).dataset.auto = '0';
  if (shown?.mode === 'revert') forgetPreview();
});
byId<HTMLButtonElement>('confirm-run').addEventListener('click', () => {
  void whileBusy(byId<HTMLButtonElement>('confirm-run'), startConfirmed);
});
byId<HTMLButtonElement>('confirm-back').addEventListener('click', () => {
  byId('confirm').hidden = true;
});
void init();
