import { byId, h, showStatus, whileBusy } from '../shared/dom';
import { t, words } from '../shared/i18n';
import { createPreviewRun, fail } from '../shared/preview-run';
import { fillRowsPicker, rowsOption } from '../shared/rows-picker';
import { callServer } from '../shared/server';
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
/** The preview on show: Push sends exactly its options, Revert its run id (preview-run.ts). */
const flow = createPreviewRun<PushOptions, PushPreviewAnswer>({
  previewing: t('ui.push.previewing'),
  read: (jobId) => callServer('uiPushPreview', jobId),
});
const forgetPreview = flow.forget;

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
  // The last run is the one to revert unless the person typed another.
  flow.offerRun(runs.lastRunId ?? '');
}

// ---- previews ----------------------------------------------------------------------------

async function runPreview(): Promise<void> {
  let options: PushOptions;
  try {
    options = pushOptionsOf(form, rowsOption('rows'), t);
  } catch (error) {
    fail(error);
    return;
  }
  await flow.previewJob(
    () => pushServer.push({ ...options, preview: true }),
    (preview) => {
      renderPreview(preview, 'run', {
        ...(options.onConflict === 'sheet' ? {} : { keepSheetAndPreview: keepSheetAndPreview }),
      });
      flow.setShown({ mode: 'run', options, preview });
      const some = changingRows(preview) > 0;
      if (!some) showStatus('status', t('ui.push.nothingToPush'), 'error');
      flow.setNextStep('run', some);
    },
  );
}

/** The conflicts' own button: the sheet's value wins, and a new preview says what that sends. */
function keepSheetAndPreview(): void {
  byId<HTMLInputElement>('keep-sheet').checked = true;
  form.keepSheet = true;
  forgetPreview();
  void whileBusy(byId<HTMLButtonElement>('preview'), runPreview);
}

async function runRevertPreview(): Promise<void> {
  const runId = flow.runIdToRevert(t('ui.push.revert.needRun'));
  if (runId === undefined) return;
  await flow.previewJob(
    () => pushServer.revert(runId, { preview: true }),
    (preview) => {
      renderPreview(preview, 'revert');
      flow.setShown({ mode: 'revert', runId, preview });
      const some = changingRows(preview) > 0;
      if (!some) showStatus('status', t('ui.push.revert.nothing'), 'error');
      flow.setNextStep('revert-run', some);
    },
  );
}

// ---- run and revert ----------------------------------------------------------------------

function askToConfirm(mode: PreviewMode): void {
  const shown = flow.shown();
  if (shown?.mode !== mode) {
    showStatus('status', t('ui.push.needPreview'), 'error');
    return;
  }
  flow.openConfirm(
    shown.mode === 'run'
      ? confirmText(shown.preview, shown.options, words)
      : revertConfirmText(shown.preview, words),
    t(mode === 'run' ? 'ui.push.runNow' : 'ui.push.revert.now'),
  );
}

function startConfirmed(): Promise<void> {
  return flow.startConfirmed(
    (current) =>
      current.mode === 'run'
        ? pushServer.push(current.options)
        : pushServer.revert(current.runId, {}),
    async (end, current) => {
      const notes = afterNotes(end.counts, words);
      const revert = current.mode === 'run' ? revertHint(end, t) : '';
      if (revert !== '') notes.push(revert);
      flow.showAfter(notes);
      // The run wrote its id in the sheet: Revert offers it from now on.
      await loadRuns();
    },
  );
}

// ---- wiring ------------------------------------------------------------------------------

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
flow.wire({
  formId: 'push-form',
  preview: runPreview,
  revertPreview: runRevertPreview,
  run: {
    current: () => pushOptionsOf(form, rowsOption('rows'), t),
    same: samePushOptions,
    stale: t('ui.push.stale'),
    confirm: () => askToConfirm('run'),
  },
  revertRun: () => askToConfirm('revert'),
  confirmed: startConfirmed,
});
void init();
