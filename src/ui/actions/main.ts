import type { JobSummary } from '../../core/jobs/record';
import { byId, h, showStatus, whileBusy } from '../shared/dom';
import { t, words } from '../shared/i18n';
import { jobServer } from '../shared/job-server';
import { createResultSlot } from '../shared/progress';
import { isPendingState } from '../shared/progress-model';
import { callServer, errorText, type ServerResult } from '../shared/server';
import { fillSheetSelect } from '../shared/sheets';
import {
  ACTION_PARAMS,
  ACTIONS,
  type ActionName,
  type ActionOptions,
  type ActionsForm,
  actionOptionsOf,
  type Columns,
  choiceFromValue,
  choiceOf,
  choiceValue,
  defaultLead,
  EMPTY_SETUP,
  FIXED_OPTION,
  isActionName,
  keepChoice,
  keepLead,
  type LeadChoice,
  leadFromOption,
  leadOptionValue,
  type ParamSpec,
  pickerOptions,
  type Setup,
  sameOptions,
} from './model';
import {
  actionLabel,
  afterNotes,
  changingRows,
  confirmText,
  costText,
  deleteConfirmed,
  moreRowsText,
  type PreviewAnswer,
  previewLines,
  type RunInfo,
  revertConfirmText,
  revertHint,
  runText,
  type SampleRow,
  sampleParts,
  typedCount,
} from './preview';

type Preview = ServerResult<'uiLeadActionsPreview'>;

let setup: Setup = EMPTY_SETUP;
let columns: Columns = { headers: [], leadIdColumn: null };
const form: ActionsForm = {
  sheet: '',
  action: undefined,
  lead: { kind: 'match', matchBy: 'email_or_phone' },
  params: {},
};
/** Once the person picks how leads are found, a sheet change keeps that choice when it can. */
let leadPicked = false;
const result = createResultSlot(jobServer, byId('progress'));

/**
 * The preview on show and what it was made for: Run acts on exactly these options, Revert on
 * this run id. Any change to the form forgets it, so nothing runs that was not previewed.
 */
let shown:
  | { mode: 'run'; options: ActionOptions; preview: PreviewAnswer }
  | { mode: 'revert'; runId: string; preview: PreviewAnswer }
  | undefined;

function forgetPreview(): void {
  formVersion += 1;
  shown = undefined;
  byId('confirm').hidden = true;
  byId('preview-result').hidden = true;
  setNextStep('run', false);
  setNextStep('revert-run', false);
}

/** A button that is the next step (Run after a preview) is enabled and looks primary. */
function setNextStep(id: 'run' | 'revert-run', enabled: boolean): void {
  const button = byId<HTMLButtonElement>(id);
  button.disabled = !enabled;
  button.classList.toggle('action', enabled);
}

// ---- the form ----------------------------------------------------------------------------

function renderLead(): void {
  const label = (choice: LeadChoice) => {
    if (choice.kind === 'column') return t('ui.actions.leadColumn', { header: choice.header });
    const keys = {
      email_or_phone: 'ui.actions.leadEmailOrPhone',
      email: 'ui.actions.leadEmail',
      phone: 'ui.actions.leadPhone',
    } as const;
    return t(keys[choice.matchBy]);
  };
  const choices: LeadChoice[] = [
    ...columns.headers.map((header): LeadChoice => ({ kind: 'column', header })),
    { kind: 'match', matchBy: 'email_or_phone' },
    { kind: 'match', matchBy: 'email' },
    { kind: 'match', matchBy: 'phone' },
  ];
  const select = byId<HTMLSelectElement>('lead');
  select.replaceChildren(
    ...choices.map((choice) => h('option', { value: leadOptionValue(choice) }, label(choice))),
  );
  select.value = leadOptionValue(form.lead);
}

function renderActions(): void {
  const select = byId<HTMLSelectElement>('action');
  select.replaceChildren(
    h('option', { value: '' }, t('ui.actions.pickAction')),
    ...ACTIONS.map((action) => h('option', { value: action }, actionLabel(action, t))),
  );
  select.value = form.action ?? '';
  const hint = byId('action-hint');
  hint.textContent = form.action ? t(`ui.actions.hint.${form.action}`) : '';
  hint.hidden = !form.action;
}

/** One parameter's select (its default, the CRM's list, typed text, columns) and text box. */
function paramPicker(spec: ParamSpec): HTMLElement {
  const id = `param-${spec.name}`;
  const picker = pickerOptions(spec, form, setup, columns, t);
  const option = (o: { value: string; label: string; disabled?: boolean }) =>
    h('option', { value: o.value, disabled: o.disabled }, o.label);
  const select = h(
    'select',
    { id },
    ...picker.options.map(option),
    ...picker.groups.map((g) => h('optgroup', { label: g.label }, ...g.options.map(option))),
  );
  const choice = keepChoice(form.params[spec.name], spec, picker);
  form.params[spec.name] = choice;
  select.value = choiceValue(choice);
  const typed = h('input', {
    type: 'text',
    id: `${id}-text`,
    placeholder: spec.typed ? t(spec.typed) : undefined,
    value: choice.kind === 'fixed' ? choice.text : '',
    hidden: choice.kind !== 'fixed',
  });
  const update = () => {
    typed.hidden = select.value !== FIXED_OPTION;
    form.params[spec.name] = choiceFromValue(select.value, typed.value);
    forgetPreview();
    // The pipeline decides which stages the stage picker offers.
    if (spec.name === 'pipeline') renderParams();
  };
  select.addEventListener('change', () => {
    update();
    if (!typed.hidden) typed.focus();
  });
  typed.addEventListener('input', update);
  return h(
    'div',
    { class: 'param', 'data-param': spec.name },
    h('label', { for: id }, t(spec.label)),
    select,
    typed,
  );
}

/** The message box, with a chip per column that inserts its {{Header}} at the cursor. */
function messagePicker(spec: ParamSpec): HTMLElement {
  const id = `param-${spec.name}`;
  const current = choiceOf(form, spec);
  const text = current.kind === 'fixed' ? current.text : '';
  form.params[spec.name] = { kind: 'fixed', text };
  const area = h('textarea', { id, rows: '4', placeholder: t('ui.actions.placeholder.text') });
  area.value = text;
  const update = () => {
    form.params[spec.name] = { kind: 'fixed', text: area.value };
    forgetPreview();
  };
  area.addEventListener('input', update);
  const chips = columns.headers.map((header) => {
    const chip = h('button', { type: 'button', 'data-header': header }, `{{${header}}}`);
    chip.addEventListener('click', () => {
      const at = area.selectionStart ?? area.value.length;
      const end = area.selectionEnd ?? at;
      const placeholder = `{{${header}}}`;
      area.value = `${area.value.slice(0, at)}${placeholder}${area.value.slice(end)}`;
      area.focus();
      area.setSelectionRange(at + placeholder.length, at + placeholder.length);
      update();
    });
    return chip;
  });
  return h(
    'div',
    { class: 'param', 'data-param': spec.name },
    h('label', { for: id }, t(spec.label)),
    area,
    h('div', { class: 'hint' }, t('ui.actions.textHint')),
    h('div', { class: 'chips' }, ...chips),
  );
}

function renderParams(): void {
  const specs = form.action ? ACTION_PARAMS[form.action] : [];
  byId('params').replaceChildren(
    ...specs.map((spec) => (spec.name === 'text' ? messagePicker(spec) : paramPicker(spec))),
  );
}

async function loadColumns(): Promise<void> {
  columns = await callServer('uiLeadActionsColumns', form.sheet);
  form.lead = leadPicked ? keepLead(form.lead, columns) : defaultLead(columns);
  // The runs written in this sheet's CRM Action Run column are the ones Revert can take.
  byId('run-ids').replaceChildren(
    ...(columns.runIds ?? []).map((id) => h('option', { value: id })),
  );
  renderLead();
  renderParams();
  forgetPreview();
}

async function loadSetup(): Promise<void> {
  showStatus('status', t('ui.actions.loading'));
  setup = await callServer('uiLeadActionsSetup');
  showStatus('status', '');
  renderParams();
}

/** The sheet's newest run, as uiLastLeadActionsRun tells it (Revert's default). */
let lastRun: RunInfo | null = null;

async function loadLastRun(): Promise<void> {
  const run = form.sheet === '' ? null : await callServer('uiLastLeadActionsRun', form.sheet);
  lastRun = run;
  const line = byId('last-run');
  line.textContent = run ? runText(run, t) : t('ui.actions.revert.noRun');
  const input = byId<HTMLInputElement>('run-id');
  // The last run is the one to revert unless the person typed another.
  if (run && (input.value === '' || input.dataset.auto === '1')) {
    input.value = run.runId;
    input.dataset.auto = '1';
  }
}

// ---- previews ----------------------------------------------------------------------------

/**
 * Follows a job here (the sidebar drives it) and calls `settled` each time it stops: paused
 * (a person may resume it, and it is still followed), then done, failed or cancelled.
 */
function follow(summary: JobSummary, settled: (summary: JobSummary) => void): void {
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

/** Follows a job; resolves the first time it stops, then `settled` goes on being told. */
function followUntilSettled(
  summary: JobSummary,
  settled: (summary: JobSummary) => Promise<void>,
): Promise<void> {
  return new Promise((resolve) => {
    follow(summary, (next) => {
      settled(next).then(resolve, (error) => {
        showStatus('status', errorText(error), 'error');
        resolve();
      });
    });
  });
}

/**
 * A counter of form changes: a preview that ends after the form changed is not shown, since it
 * describes options no longer on the form.
 */
let formVersion = 0;

function sampleList(rows: readonly SampleRow[], className: string, withStatus: boolean) {
  return h(
    'ul',
    { class: `sample ${className}` },
    ...rows.map((row) =>
      h(
        'li',
        { 'data-row': String(row.row), 'data-status': row.status },
        h('span', { class: 'row-number' }, t('ui.actions.row', { row: row.row })),
        withStatus ? h('span', { class: 'row-status' }, row.status) : null,
        row.detail,
      ),
    ),
  );
}

function renderPreview(preview: PreviewAnswer, title: string): void {
  byId('preview-title').textContent = title;
  byId('preview-counts').replaceChildren(
    ...previewLines(preview.counts, t).map((line) =>
      h(
        'li',
        { 'data-status': line.status },
        h('b', {}, words.number(line.count)),
        ` ${line.status}${line.meaning ? `: ${line.meaning}` : ''}`,
      ),
    ),
  );
  byId('preview-cost').textContent = changingRows(preview) > 0 ? costText(preview, words) : '';
  const { changes, problems } = sampleParts(preview);
  byId('preview-changes').replaceChildren(
    ...(changes.length > 0
      ? [h('h2', {}, t('ui.actions.changesTitle')), sampleList(changes, 'changes', false)]
      : []),
  );
  byId('preview-problems').replaceChildren(
    ...(problems.length > 0
      ? [h('h2', {}, t('ui.actions.problemsTitle')), sampleList(problems, 'problems', true)]
      : []),
  );
  byId('preview-more').textContent = moreRowsText(preview, words);
  byId('preview-result').hidden = false;
}

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
  await followUntilSettled(await start(), async (end) => {
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
  let options: ActionOptions;
  try {
    options = actionOptionsOf(form, columns, t);
  } catch (error) {
    showStatus('status', errorText(error), 'error');
    return;
  }
  try {
    await previewJob(
      () => callServer('crmLeadActions', { ...options, preview: true }),
      (preview) => {
        renderPreview(preview, t('ui.actions.previewTitle'));
        shown = { mode: 'run', options, preview };
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
      summary = await callServer('crmLeadActions', { ...current.options, ...confirm });
    } else {
      summary = await callServer('crmRevertLeadActions', current.runId, {});
    }
    // The preview spoke of what would change: from now on the progress tells.
    forgetPreview();
    showStatus('status', '');
    await followUntilSettled(summary, async (end) => {
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
  renderActions();
  try {
    form.sheet = await fillSheetSelect('sheet');
    await Promise.all([loadColumns(), loadSetup(), loadLastRun()]);
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

const fail = (error: unknown) => showStatus('status', errorText(error), 'error');

byId<HTMLSelectElement>('sheet').addEventListener('change', (event) => {
  form.sheet = (event.target as HTMLSelectElement).value;
  loadColumns().then(loadLastRun).catch(fail);
});
byId<HTMLSelectElement>('lead').addEventListener('change', (event) => {
  form.lead = leadFromOption((event.target as HTMLSelectElement).value) ?? defaultLead(columns);
  leadPicked = true;
  forgetPreview();
});
byId<HTMLSelectElement>('action').addEventListener('change', (event) => {
  const value = (event.target as HTMLSelectElement).value;
  form.action = isActionName(value) ? value : undefined;
  renderActions();
  renderParams();
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
    current = actionOptionsOf(form, columns, t);
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
