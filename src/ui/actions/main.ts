import type { JobSummary } from '../../core/jobs/record';
import { byId, h, showStatus, whileBusy } from '../shared/dom';
import { followUntilSettled } from '../shared/follow-job';
import { t, words } from '../shared/i18n';
import { jobServer } from '../shared/job-server';
import { createResultSlot } from '../shared/progress';
import { isFinishedState } from '../shared/progress-model';
import { fillRowsPicker, rowsOption } from '../shared/rows-picker';
import { callServer, errorText, type ServerResult } from '../shared/server';
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

type Preview = ServerResult<'uiLeadActionsPreview'>;

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
const result = createResultSlot(jobServer, byId('progress'));

/**
 * The preview on show and what it was made for: Run acts on exactly these options, Revert on
 * this run id. Any change to the form forgets it, so nothing runs that was not previewed.
 */
let shown:
  | { mode: 'run'; options: ActionOptions & { rows?: string }; preview: PreviewAnswer }
  | { mode: 'revert'; runId: string; preview: PreviewAnswer }
  | undefined;

/**
 * A counter of form changes: a preview that ends after the form changed is not shown, since it
 * describes options no longer on the form.
 */
let formVersion = 0;

function forgetPreview(): void {
  formVersion += 1;
  shown = undefined;
  byId('confirm').hidden = true;
  byId('preview-result').hidden = true;
  setNextStep('run', false);
  setNextStep('revert-run', false);
}

/**
 * A button that is the next step (Run after a preview) is enabled and looks primary; Preview
 * looks primary while Run is not the next step.
 */
function setNextStep(id: 'run' | 'revert-run', enabled: boolean): void {
  const button = byId<HTMLButtonElement>(id);
  button.disabled = !enabled;
  button.classList.toggle('action', enabled);
  if (id === 'run') byId('preview').classList.toggle('action', !enabled);
}

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
  const input = byId<HTMLInputElement>('run-id');
  // The last run is the one to revert unless the person typed another; another sheet's last
  // run is not offered for this one.
  if (input.value === '' || input.dataset.auto === '1') {
    input.value = run?.runId ?? '';
    input.dataset.auto = '1';
  }
}

// ---- previews ----------------------------------------------------------------------------

/**
 * Starts a preview job (nothing changes in the CRM) and follows it; once it is done, hands what
 * uiLeadActionsPreview says of it to `show` — unless the form changed meanwhile. A paused
 * preview says so and is shown when it is resumed and done.
 */
async function previewJob(
  start: () => Promise<JobSummary>,
  show: (preview: Preview) => void,
): Promise<void> {
  result.clear();
  byId('after').hidden = true;
  forgetPreview();
  const version = formVersion;
  showStatus('status', t('ui.actions.previewing'));
  await followUntilSettled(result, await start(), fail, async (end) => {
    if (version !== formVersion) return;
    if (end.state !== 'done') {
      // The progress stays on show: its message says why the preview stopped.
      const key = end.state === 'paused' ? 'ui.actions.previewPaused' : 'ui.actions.previewEnded';
      const state = t(`ui.progress.state.${end.state}`).toLowerCase();
      showStatus('status', t(key, { state }), 'error');
      return;
    }
    const preview = await callServer('uiLeadActionsPreview', end.jobId);
    if (version !== formVersion) return;
    // The preview's own progress said "done": the preview itself is the result now.
    result.clear();
    const nothing = changingRows(preview) === 0;
    showStatus(
      'status',
      nothing ? t('ui.actions.nothingToChange') : '',
      nothing ? 'error' : 'info',
    );
    show(preview);
  });
}

async function runPreview(): Promise<void> {
  let options: ActionOptions & { rows?: string };
  try {
    options = { ...actionOptionsOf(form, ctx.columns, t), ...rowsOption('rows') };
  } catch (error) {
    showStatus('status', errorText(error), 'error');
    return;
  }
  try {
    await previewJob(
      () => callServer('crmLeadActions', { ...options, preview: true }),
      (preview) => {
        renderPreview(preview, t('ui.actions.previewTitle'));
        // The run takes the rows this preview read, whatever is selected or filtered by then.
        const run = preview.runRows ? { ...options, rows: preview.runRows } : options;
        shown = { mode: 'run', options: run, preview };
        setNextStep('run', changingRows(preview) > 0);
      },
    );
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

async function runRevertPreview(): Promise<void> {
  const runId = byId<HTMLInputElement>('run-id').value.trim();
  if (runId === '') {
    showStatus('status', t('ui.actions.revert.needRun'), 'error');
    return;
  }
  try {
    await previewJob(
      () => callServer('crmRevertLeadActions', runId, { preview: true }),
      (answer: PreviewAnswer) => {
        // What the revert cannot undo depends on the run's action: the server's word, else the
        // sheet's last run when that is the one being reverted.
        const known = lastRun?.runId === runId ? lastRun.action : undefined;
        const preview = { ...answer, revertedAction: answer.revertedAction ?? known };
        renderPreview(preview, t('ui.actions.revert.previewTitle'));
        shown = { mode: 'revert', runId, preview };
        if (changingRows(preview) === 0) {
          showStatus('status', t('ui.actions.revert.nothing'), 'error');
        }
        setNextStep('revert-run', changingRows(preview) > 0);
      },
    );
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

// ---- run and revert ----------------------------------------------------------------------

/** The confirmation: the question, and for a delete the box where the count is typed. */
function askToConfirm(): void {
  if (!shown) {
    showStatus('status', t('ui.actions.needPreview'), 'error');
    return;
  }
  const { preview } = shown;
  const deleting = shown.mode === 'run' && shown.options.action === 'delete';
  byId('confirm-text').textContent =
    shown.mode === 'run'
      ? confirmText(shown.options.action, preview, shown.options.sheet, words)
      : revertConfirmText(preview, words);
  byId('delete-confirm').hidden = !deleting;
  byId('confirm-run').textContent = t(
    shown.mode === 'run' ? 'ui.actions.runNow' : 'ui.actions.revert.now',
  );
  const count = preview.deleteCount ?? changingRows(preview);
  byId('delete-count-label').textContent = t('ui.actions.typeCount', {
    count: words.number(count),
  });
  const box = byId<HTMLInputElement>('delete-count');
  box.value = '';
  byId('delete-count-wrong').hidden = true;
  byId<HTMLButtonElement>('confirm-run').disabled = deleting;
  byId('confirm').hidden = false;
  byId('confirm').scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  if (deleting) box.focus();
}

function showAfterJob(summary: JobSummary, action: ActionName | undefined): void {
  const notes = afterNotes(summary.counts, words);
  const revert = action ? revertHint(action, summary, t) : '';
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
    let summary: JobSummary;
    if (current.mode === 'run') {
      // The server checks the typed count again: a delete never runs on a count it did not get.
      const typed = typedCount(byId<HTMLInputElement>('delete-count').value);
      const confirm = current.options.action === 'delete' ? { confirm: typed ?? -1 } : {};
      // The run keeps to the preview on show, or throws: never a run of every row unpreviewed.
      summary = await callServer('crmLeadActions', {
        ...current.options,
        ...confirm,
        previewId: current.preview.jobId,
      });
      rememberLead(form.sheet, form.lead);
    } else {
      summary = await callServer('crmRevertLeadActions', current.runId, {});
    }
    // The preview spoke of what would change: from now on the progress tells.
    forgetPreview();
    showStatus('status', '');
    await followUntilSettled(result, summary, fail, async (end) => {
      // A paused job is not over: what needs a person is said once it is.
      if (!isFinishedState(end.state)) {
        byId('after').hidden = true;
        return;
      }
      showAfterJob(end, current.mode === 'run' ? current.options.action : undefined);
      // The run wrote its id in the sheet: Revert offers it from now on.
      await Promise.all([loadColumns(), loadLastRun()]);
    });
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

// ---- wiring ------------------------------------------------------------------------------

async function init(): Promise<void> {
  renderActions(ctx);
  try {
    form.sheet = await fillSheetSelect('sheet');
    void fillRowsPicker('rows', form.sheet);
    await Promise.all([loadColumns(), loadSetup(), loadLastRun()]);
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

const fail = (error: unknown) => showStatus('status', errorText(error), 'error');

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
byId<HTMLFormElement>('actions-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void whileBusy(byId<HTMLButtonElement>('preview'), runPreview);
});
byId<HTMLButtonElement>('run').addEventListener('click', () => {
  // Run acts only on the options the shown preview was made of.
  let current: ActionOptions | undefined;
  try {
    current = actionOptionsOf(form, ctx.columns, t);
  } catch {
    current = undefined;
  }
  if (shown?.mode !== 'run' || !sameOptions(shown.options, current)) {
    forgetPreview();
    showStatus('status', t('ui.actions.needPreview'), 'error');
    return;
  }
  askToConfirm();
});
byId<HTMLButtonElement>('revert-preview').addEventListener('click', () => {
  void whileBusy(byId<HTMLButtonElement>('revert-preview'), runRevertPreview);
});
byId<HTMLButtonElement>('revert-run').addEventListener('click', () => {
  if (shown?.mode === 'revert') askToConfirm();
});
byId<HTMLInputElement>('run-id').addEventListener('input', (event) => {
  (event.target as HTMLInputElement).dataset.auto = '0';
  if (shown?.mode === 'revert') forgetPreview();
});
byId<HTMLInputElement>('delete-count').addEventListener('input', (event) => {
  if (shown?.mode !== 'run') return;
  const count = shown.preview.deleteCount ?? changingRows(shown.preview);
  const typed = (event.target as HTMLInputElement).value;
  const confirmed = deleteConfirmed(typed, count);
  byId<HTMLButtonElement>('confirm-run').disabled = !confirmed;
  const wrong = byId('delete-count-wrong');
  wrong.textContent = t('ui.actions.typeCountWrong', { count: words.number(count) });
  wrong.hidden = confirmed || typed.trim() === '';
});
byId<HTMLButtonElement>('confirm-run').addEventListener('click', () => {
  void whileBusy(byId<HTMLButtonElement>('confirm-run'), startConfirmed);
});
byId<HTMLButtonElement>('confirm-back').addEventListener('click', () => {
  byId('confirm').hidden = true;
});
void init();
