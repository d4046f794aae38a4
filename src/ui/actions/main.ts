import type { JobSummary } from '../../core/jobs/record';
import { byId, h, showStatus } from '../shared/dom';
import { t, words } from '../shared/i18n';
import { createPreviewRun, fail } from '../shared/preview-run';
import { fillRowsPicker, rowsOption } from '../shared/rows-picker';
import { callServer } from '../shared/server';
import { fillSheetSelect, rememberLead } from '../shared/sheets';
import { type FormContext, renderActions, renderLead, renderParams } from './form-view';
import {
  type ActionName,
  type ActionOptions,
  actionOptionsOf,
  defaultLead,
  EMPTY_SETUP,
  isActionName,
  keepLead,
  leadFromOption,
  sameOptions,
} from './model';
import {
  afterNotes,
  changingRows,
  confirmText,
  deleteConfirmed,
  type PreviewAnswer,
  type RunInfo,
  revertConfirmText,
  revertHint,
  runText,
  typedCount,
} from './preview';
import { renderPreview } from './preview-view';

/**
 * The Lead actions sidebar: the form (form-view.ts), then always a preview job first (nothing
 * changes in the CRM) shown by preview-view.ts, then Run after a confirmation; Revert of a run
 * the same way. Jobs are followed with the shared progress (pause, resume, cancel).
 */

/**
 * The preview on show: Run acts on exactly its options, Revert on its run id (preview-run.ts).
 * The run's options name the rows the preview read.
 */
const flow = createPreviewRun<ActionOptions & { rows?: string }, PreviewAnswer>({
  previewing: t('ui.actions.previewing'),
  read: (jobId) => callServer('uiLeadActionsPreview', jobId),
});
const forgetPreview = flow.forget;

/** The form, the account's lists and the sheet's columns; form-view.ts draws from these. */
const ctx: FormContext = {
  form: {
    sheet: '',
    action: undefined,
    lead: { kind: 'match', matchBy: 'email_or_phone' },
    params: {},
  },
  setup: EMPTY_SETUP,
  columns: { headers: [], leadIdColumn: null },
  changed: () => forgetPreview(),
};
const { form } = ctx;
/** Once the person picks how leads are found, a sheet change keeps that choice when it can. */
let leadPicked = false;

// ---- the form ----------------------------------------------------------------------------

async function loadColumns(): Promise<void> {
  const columns = await callServer('uiLeadActionsColumns', form.sheet);
  ctx.columns = columns;
  form.lead = leadPicked ? keepLead(form.lead, columns) : defaultLead(columns);
  // The runs written in this sheet's CRM Action Run column are the ones Revert can take.
  byId('run-ids').replaceChildren(
    ...(columns.runIds ?? []).map((id) => h('option', { value: id })),
  );
  renderLead(ctx);
  renderParams(ctx);
  forgetPreview();
}

async function loadSetup(): Promise<void> {
  showStatus('status', t('ui.actions.loading'));
  ctx.setup = await callServer('uiLeadActionsSetup');
  showStatus('status', '');
  renderParams(ctx);
}

/** The sheet's newest run, as uiLastLeadActionsRun tells it (Revert's default). */
let lastRun: RunInfo | null = null;

async function loadLastRun(): Promise<void> {
  const run = form.sheet === '' ? null : await callServer('uiLastLeadActionsRun', form.sheet);
  lastRun = run;
  const line = byId('last-run');
  line.textContent = run ? runText(run, t) : t('ui.actions.revert.noRun');
  // The last run is the one to revert unless the person typed another; another sheet's last
  // run is not offered for this one.
  flow.offerRun(run?.runId ?? '');
}

// ---- previews ----------------------------------------------------------------------------

async function runPreview(): Promise<void> {
  let options: ActionOptions & { rows?: string };
  try {
    options = { ...actionOptionsOf(form, ctx.columns, t), ...rowsOption('rows') };
  } catch (error) {
    fail(error);
    return;
  }
  await flow.previewJob(
    () => callServer('crmLeadActions', { ...options, preview: true }),
    (preview) => {
      if (changingRows(preview) === 0) {
        showStatus('status', t('ui.actions.nothingToChange'), 'error');
      }
      renderPreview(preview, t('ui.actions.previewTitle'));
      // The run takes the rows this preview read, whatever is selected or filtered by then.
      const run = preview.runRows ? { ...options, rows: preview.runRows } : options;
      flow.setShown({ mode: 'run', options: run, preview });
      flow.setNextStep('run', changingRows(preview) > 0);
    },
  );
}

async function runRevertPreview(): Promise<void> {
  const runId = flow.runIdToRevert(t('ui.actions.revert.needRun'));
  if (runId === undefined) return;
  await flow.previewJob(
    () => callServer('crmRevertLeadActions', runId, { preview: true }),
    (answer: PreviewAnswer) => {
      // What the revert cannot undo depends on the run's action: the server's word, else the
      // sheet's last run when that is the one being reverted.
      const known = lastRun?.runId === runId ? lastRun.action : undefined;
      const preview = { ...answer, revertedAction: answer.revertedAction ?? known };
      renderPreview(preview, t('ui.actions.revert.previewTitle'));
      flow.setShown({ mode: 'revert', runId, preview });
      if (changingRows(preview) === 0) {
        showStatus('status', t('ui.actions.revert.nothing'), 'error');
      }
      flow.setNextStep('revert-run', changingRows(preview) > 0);
    },
  );
}

// ---- run and revert ----------------------------------------------------------------------

/** The confirmation: the question, and for a delete the box where the count is typed. */
function askToConfirm(): void {
  const shown = flow.shown();
  if (!shown) {
    showStatus('status', t('ui.actions.needPreview'), 'error');
    return;
  }
  const { preview } = shown;
  const deleting = shown.mode === 'run' && shown.options.action === 'delete';
  byId('delete-confirm').hidden = !deleting;
  const count = preview.deleteCount ?? changingRows(preview);
  byId('delete-count-label').textContent = t('ui.actions.typeCount', {
    count: words.number(count),
  });
  const box = byId<HTMLInputElement>('delete-count');
  box.value = '';
  byId('delete-count-wrong').hidden = true;
  byId<HTMLButtonElement>('confirm-run').disabled = deleting;
  flow.openConfirm(
    shown.mode === 'run'
      ? confirmText(shown.options.action, preview, shown.options.sheet, words)
      : revertConfirmText(preview, words),
    t(shown.mode === 'run' ? 'ui.actions.runNow' : 'ui.actions.revert.now'),
  );
  if (deleting) box.focus();
}

function showAfterJob(summary: JobSummary, action: ActionName | undefined): void {
  const notes = afterNotes(summary.counts, words);
  const revert = action ? revertHint(action, summary, t) : '';
  if (revert !== '') notes.push(revert);
  flow.showAfter(notes);
}

function startConfirmed(): Promise<void> {
  return flow.startConfirmed(
    async (current) => {
      if (current.mode === 'revert') return callServer('crmRevertLeadActions', current.runId, {});
      // The server checks the typed count again: a delete never runs on a count it did not get.
      const typed = typedCount(byId<HTMLInputElement>('delete-count').value);
      const confirm = current.options.action === 'delete' ? { confirm: typed ?? -1 } : {};
      // The run keeps to the preview on show, or throws: never a run of every row unpreviewed.
      const summary = await callServer('crmLeadActions', {
        ...current.options,
        ...confirm,
        previewId: current.preview.jobId,
      });
      rememberLead(form.sheet, form.lead);
      return summary;
    },
    async (end, current) => {
      showAfterJob(end, current.mode === 'run' ? current.options.action : undefined);
      // The run wrote its id in the sheet: Revert offers it from now on.
      await Promise.all([loadColumns(), loadLastRun()]);
    },
  );
}

// ---- wiring ------------------------------------------------------------------------------

async function init(): Promise<void> {
  renderActions(ctx);
  try {
    form.sheet = await fillSheetSelect('sheet');
    void fillRowsPicker('rows', form.sheet);
    await Promise.all([loadColumns(), loadSetup(), loadLastRun()]);
  } catch (error) {
    fail(error);
  }
}

byId<HTMLSelectElement>('sheet').addEventListener('change', (event) => {
  form.sheet = (event.target as HTMLSelectElement).value;
  void fillRowsPicker('rows', form.sheet);
  loadColumns().then(loadLastRun).catch(fail);
});
// The selection and the filter change in the sheet, not here: counted again on coming back.
window.addEventListener('focus', () => void fillRowsPicker('rows', form.sheet));
byId<HTMLSelectElement>('lead').addEventListener('change', (event) => {
  form.lead = leadFromOption((event.target as HTMLSelectElement).value) ?? defaultLead(ctx.columns);
  leadPicked = true;
  forgetPreview();
});
byId<HTMLSelectElement>('action').addEventListener('change', (event) => {
  const value = (event.target as HTMLSelectElement).value;
  form.action = isActionName(value) ? value : undefined;
  renderActions(ctx);
  renderParams(ctx);
  forgetPreview();
});
flow.wire({
  formId: 'actions-form',
  preview: runPreview,
  revertPreview: runRevertPreview,
  run: {
    current: () => actionOptionsOf(form, ctx.columns, t),
    same: sameOptions,
    stale: t('ui.actions.needPreview'),
    confirm: askToConfirm,
  },
  revertRun: () => {
    if (flow.shown()?.mode === 'revert') askToConfirm();
  },
  confirmed: startConfirmed,
});
byId<HTMLInputElement>('delete-count').addEventListener('input', (event) => {
  const shown = flow.shown();
  if (shown?.mode !== 'run') return;
  const count = shown.preview.deleteCount ?? changingRows(shown.preview);
  const typed = (event.target as HTMLInputElement).value;
  const confirmed = deleteConfirmed(typed, count);
  byId<HTMLButtonElement>('confirm-run').disabled = !confirmed;
  const wrong = byId('delete-count-wrong');
  wrong.textContent = t('ui.actions.typeCountWrong', { count: words.number(count) });
  wrong.hidden = confirmed || typed.trim() === '';
});
void init();
