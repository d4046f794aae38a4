import { headerWords } from '../../core/export/headers';
import { byId, h, showStatus, whileBusy } from '../shared/dom';
import { t, words } from '../shared/i18n';
import { jobServer } from '../shared/job-server';
import { createResultSlot } from '../shared/progress';
import { fillRowsPicker, rowsOption } from '../shared/rows-picker';
import { callServer, errorText, type ServerResult } from '../shared/server';
import { fillSheetSelect, rememberLead } from '../shared/sheets';
import {
  type Columns,
  confirmText,
  defaultLead,
  defaultNumber,
  FIXED_OPTION,
  isMediaHeader,
  keepLead,
  keepSource,
  type LeadChoice,
  leadFromOption,
  leadOptionValue,
  numberLabel,
  previewLines,
  type SendForm,
  type SendOptions,
  type SourceChoice,
  sendOptionsOf,
  sourceFromOption,
  sourceOptionValue,
  splitPlaceholders,
  templateLabel,
  UNSET,
  variableName,
} from './model';
import { suggestColumns } from './suggest';

type Catalog = ServerResult<'uiListTemplates'>;
type TemplateChoice = Catalog['templates'][number];
type SendPreview = ServerResult<'uiPreviewSend'>;

let catalog: Catalog = { templates: [], numbers: [] };
let columns: Columns = { headers: [], leadIdColumn: null };
const form: SendForm = {
  sheet: '',
  template: undefined,
  instanceId: undefined,
  variables: {},
  mediaUrl: UNSET,
  mediaFilename: UNSET,
  lead: { kind: 'match', matchBy: 'email_or_phone' },
};
const result = createResultSlot(jobServer, byId('progress'));
/** Once the person picks how leads are found, a sheet change keeps that choice when it can. */
let leadPicked = false;
/** Variables the person set for this template: kept on a sheet change, never re-suggested. */
const pickedVariables = new Set<string>();
/** Variables whose column was suggested (and not changed since): the hint asks to check them. */
const suggestedVariables = new Set<string>();
/** The options the shown preview was made for: Send now sends exactly these. */
let previewed: (SendOptions & { rows?: string }) | undefined;

/** Any change to the form makes the preview and the pending confirmation stale. */
function formChanged(): void {
  previewed = undefined;
  byId('confirm').hidden = true;
  byId('preview-result').hidden = true;
}

/** A column / fixed-text picker; `onChange` gets the new choice. */
function sourcePicker(
  id: string,
  label: string,
  choice: SourceChoice,
  onChange: (choice: SourceChoice) => void,
  options: { placeholder: string; optional?: boolean },
): HTMLElement {
  const select = h(
    'select',
    { id },
    h('option', { value: '' }, options.optional ? t('ui.send.none') : t('ui.send.pickColumn')),
    ...columns.headers.map((header) =>
      h(
        'option',
        { value: sourceOptionValue({ kind: 'column', header }) },
        t('ui.send.column', { header: headerWords(header, words.lang) }),
      ),
    ),
    h('option', { value: FIXED_OPTION }, t('ui.send.fixedText')),
  );
  select.value = sourceOptionValue(choice);
  const fixed = h('input', {
    type: 'text',
    id: `${id}-fixed`,
    placeholder: options.placeholder,
    value: choice.kind === 'fixed' ? choice.text : '',
    hidden: choice.kind !== 'fixed',
  });
  const update = () => {
    fixed.hidden = select.value !== FIXED_OPTION;
    onChange(sourceFromOption(select.value, fixed.value));
    formChanged();
  };
  select.addEventListener('change', () => {
    update();
    if (!fixed.hidden) fixed.focus();
  });
  fixed.addEventListener('input', update);
  return h(
    'div',
    { class: 'source', 'data-key': id },
    h('label', { for: id }, label),
    select,
    fixed,
  );
}

function renderTemplateText(template: TemplateChoice | undefined): void {
  const box = byId('template-text');
  if (!template) {
    box.hidden = true;
    return;
  }
  const pieces = (text: string, inHeader = false) =>
    splitPlaceholders(text, inHeader).map((piece) =>
      'key' in piece
        ? h(
            'span',
            { class: 'placeholder', 'data-key': piece.key, title: variableName(piece.key, t) },
            piece.placeholder,
          )
        : piece.text,
    );
  const header =
    template.headerFormat === null
      ? null
      : isMediaHeader(template.headerFormat)
        ? h(
            'div',
            { class: 'tpl-header' },
            t('ui.send.headerFile', { format: template.headerFormat }),
          )
        : h('div', { class: 'tpl-header' }, ...pieces(template.headerText, true));
  box.replaceChildren(
    ...[header, h('div', { class: 'tpl-body' }, ...pieces(template.body))].filter(
      (e) => e !== null,
    ),
    ...(template.footer ? [h('div', { class: 'tpl-footer' }, template.footer)] : []),
  );
  box.hidden = false;
}

function renderVariables(): void {
  const template = form.template;
  const keys = template?.variables ?? [];
  byId('variables').replaceChildren(
    ...keys.map((key) =>
      sourcePicker(
        `var-${key}`,
        variableName(key, t),
        form.variables[key] ?? UNSET,
        (choice) => {
          form.variables[key] = choice;
          pickedVariables.add(key);
          suggestedVariables.delete(key);
          byId('suggested-hint').hidden = suggestedVariables.size === 0;
        },
        { placeholder: t('ui.send.fixedPlaceholder') },
      ),
    ),
  );
  byId('variables-box').hidden = keys.length === 0;
  byId('suggested-hint').hidden = suggestedVariables.size === 0;

  const format = template?.headerFormat ?? null;
  const media = isMediaHeader(format);
  byId('media-box').hidden = !media;
  if (!media) {
    byId('media').replaceChildren();
    return;
  }
  byId('media-legend').textContent = t('ui.send.mediaLegend', { format: format ?? '' });
  byId('media').replaceChildren(
    sourcePicker(
      'media-url',
      t('ui.send.mediaUrl'),
      form.mediaUrl,
      (choice) => {
        form.mediaUrl = choice;
      },
      { placeholder: 'https://…/arquivo.pdf' },
    ),
    ...(format === 'DOCUMENT'
      ? [
          sourcePicker(
            'media-filename',
            t('ui.send.mediaFilename'),
            form.mediaFilename,
            (choice) => {
              form.mediaFilename = choice;
            },
            { placeholder: 'Proposta.pdf', optional: true },
          ),
        ]
      : []),
  );
}

function renderNumbers(): void {
  const select = byId<HTMLSelectElement>('number');
  // Nothing pre-selected (several usable numbers): a prompt rather than a silent first one.
  const prompt = form.instanceId === undefined && catalog.numbers.length > 0;
  select.replaceChildren(
    ...(prompt ? [h('option', { value: '' }, t('ui.send.pickNumber'))] : []),
    ...catalog.numbers.map((number) =>
      h(
        'option',
        { value: String(number.id), disabled: !number.sendsTemplates, title: number.phone },
        numberLabel(number, t),
      ),
    ),
  );
  select.value = form.instanceId === undefined ? '' : String(form.instanceId);
}

function renderLead(): void {
  const choices: LeadChoice[] = [
    { kind: 'match', matchBy: 'email_or_phone' },
    { kind: 'match', matchBy: 'email' },
    { kind: 'match', matchBy: 'phone' },
    ...columns.headers.map((header): LeadChoice => ({ kind: 'column', header })),
  ];
  const label = (choice: LeadChoice) =>
    choice.kind === 'column'
      ? t('ui.send.leadColumn', { header: headerWords(choice.header, words.lang) })
      : t(
          (
            {
              email_or_phone: 'ui.send.leadEmailOrPhone',
              email: 'ui.send.leadEmail',
              phone: 'ui.send.leadPhone',
            } as const
          )[choice.matchBy],
        );
  const select = byId<HTMLSelectElement>('lead');
  select.replaceChildren(
    ...choices.map((choice) => h('option', { value: leadOptionValue(choice) }, label(choice))),
  );
  select.value = leadOptionValue(form.lead);
}

/**
 * Each variable the person has not set gets the column suggested for it (suggest.ts), or none;
 * the columns the person chose are not suggested again.
 */
function suggestVariables(): void {
  suggestedVariables.clear();
  const template = catalog.templates.find((t) => t.id === form.template?.id);
  if (!template) return;
  const taken = new Set(
    [...pickedVariables].flatMap((key) => {
      const choice = form.variables[key];
      return choice?.kind === 'column' ? [choice.header] : [];
    }),
  );
  const open = template.variables.filter((key) => !pickedVariables.has(key));
  const suggested = suggestColumns(
    { ...template, variables: open },
    columns.headers.filter((header) => !taken.has(header)),
  );
  for (const key of open) {
    const header = suggested[key];
    form.variables[key] = header === undefined ? UNSET : { kind: 'column', header };
    if (header !== undefined) suggestedVariables.add(key);
  }
}

function chooseTemplate(id: string): void {
  const template = catalog.templates.find((t) => String(t.id) === id);
  form.template = template;
  form.variables = {};
  pickedVariables.clear();
  suggestVariables();
  // The template's own number when it can send, else the one the person had.
  form.instanceId = defaultNumber(template, catalog.numbers) ?? form.instanceId;
  renderTemplateText(template);
  renderNumbers();
  renderVariables();
  formChanged();
}

async function loadColumns(): Promise<void> {
  columns = await callServer('uiListColumns', form.sheet);
  for (const key of pickedVariables) {
    form.variables[key] = keepSource(form.variables[key], columns.headers);
  }
  suggestVariables();
  form.mediaUrl = keepSource(form.mediaUrl, columns.headers);
  form.mediaFilename = keepSource(form.mediaFilename, columns.headers);
  form.lead = leadPicked ? keepLead(form.lead, columns) : defaultLead(columns);
  renderVariables();
  renderLead();
  formChanged();
}

async function loadTemplates(): Promise<void> {
  catalog = await callServer('uiListTemplates');
  const select = byId<HTMLSelectElement>('template');
  if (catalog.templates.length === 0) {
    select.replaceChildren(h('option', { value: '' }, t('ui.send.noTemplates')));
    return;
  }
  select.replaceChildren(
    h('option', { value: '' }, t('ui.send.pickTemplate')),
    ...catalog.templates.map((t) => h('option', { value: String(t.id) }, templateLabel(t))),
  );
  // The account's only usable number is chosen before any template is.
  form.instanceId ??= defaultNumber(undefined, catalog.numbers);
  renderNumbers();
}

function renderPreview(preview: SendPreview): void {
  const sample = preview.sample
    ? h(
        'div',
        {},
        h('label', {}, t('ui.send.sampleRow', { row: preview.sample.row })),
        h('div', { class: 'sample', id: 'sample-text' }, preview.sample.text),
      )
    : h('p', { class: 'empty' }, t('ui.send.nothingToSend'));
  byId('preview-sample').replaceChildren(sample);
  byId('preview-counts').replaceChildren(
    ...previewLines(preview.counts, t).map((line) =>
      h(
        'li',
        { 'data-status': line.status },
        h('b', {}, words.number(line.count)),
        ` ${t(line.count === 1 ? 'ui.send.rowWord' : 'ui.send.rowsWord')} ${line.meaning}`,
      ),
    ),
  );
  byId('preview-skipped').replaceChildren(
    ...preview.skipped.map((skip) =>
      h('li', {}, h('b', {}, t('ui.send.row', { row: skip.row })), ` ${skip.reason}`),
    ),
  );
  const sources = preview.variables.map((v) => `${variableName(v.key, t)} ← ${v.source}`);
  const missing = preview.statusColumns.length < 4 ? ` ${t('ui.send.columnsAdded')}` : '';
  byId('preview-details').textContent = `${[...sources, preview.lead].join(' · ')}.${missing}`;
  byId('preview-result').hidden = false;
}

/** Reads the form, asks the server what a send would do, and shows it. */
async function runPreview(): Promise<SendPreview | undefined> {
  // A new preview is a new action: the last send's progress and notes, and the last preview, go.
  result.clear();
  byId('after').hidden = true;
  byId('preview-result').hidden = true;
  let options: SendOptions & { rows?: string };
  try {
    options = { ...sendOptionsOf(form, t), ...rowsOption('rows') };
  } catch (error) {
    showStatus('status', errorText(error), 'error');
    return undefined;
  }
  showStatus('status', t('ui.send.checking'));
  try {
    const preview = await callServer('uiPreviewSend', options);
    showStatus('status', '');
    renderPreview(preview);
    // The send takes the rows this preview counted, whatever is selected or filtered by then.
    previewed = preview.runRows ? { ...options, rows: preview.runRows } : options;
    return preview;
  } catch (error) {
    showStatus('status', errorText(error), 'error');
    return undefined;
  }
}

/** Send… always previews afresh, then asks before anything leaves. */
async function askToSend(): Promise<void> {
  const preview = await runPreview();
  if (!preview) return;
  const before = preview.sentBefore?.leads ?? 0;
  if ((preview.counts.QUEUED ?? 0) === 0 && before === 0) {
    showStatus('status', t('ui.send.nothingQueued'), 'error');
    return;
  }
  byId('confirm-text').textContent = confirmText(preview, form.sheet, words);
  // Sending again to leads that got this template is a deliberate choice, never the default.
  byId<HTMLInputElement>('confirm-resend').checked = false;
  byId('confirm-resend-label').hidden = before === 0;
  byId('confirm').hidden = false;
  byId('confirm').scrollIntoView({ behavior: 'smooth', block: 'nearest' });
}

function showAfterJob(counts: Readonly<Record<string, number>>): void {
  const notes: string[] = [];
  const uncertain = counts.UNCERTAIN ?? 0;
  if (uncertain > 0) {
    notes.push(
      t(uncertain === 1 ? 'ui.send.afterUncertainOne' : 'ui.send.afterUncertain', {
        count: words.number(uncertain),
      }),
    );
  }
  const skipped = counts.SKIPPED ?? 0;
  if (skipped > 0) {
    notes.push(
      t(skipped === 1 ? 'ui.send.afterSkippedOne' : 'ui.send.afterSkipped', {
        count: words.number(skipped),
      }),
    );
  }
  const after = byId('after');
  after.textContent = notes.join(' ');
  after.hidden = notes.length === 0;
}

async function startSend(): Promise<void> {
  if (!previewed) return;
  const resend = byId<HTMLInputElement>('confirm-resend').checked;
  const options: SendOptions & { rows?: string } = resend
    ? { ...previewed, resend: true }
    : previewed;
  byId('confirm').hidden = true;
  showStatus('status', t('ui.send.starting'));
  try {
    const summary = await callServer('crmSendTemplate', options);
    rememberLead(form.sheet, form.lead);
    // The preview spoke of rows that would be sent: from now on the progress tells.
    formChanged();
    showStatus('status', '');
    byId('after').hidden = true;
    result.showJob(summary, {
      drive: true,
      onUpdate: (next) => {
        if (next.state !== 'queued' && next.state !== 'running') showAfterJob(next.counts);
      },
    });
    // A job that ended at its start (refused before any row, say) is over already.
    if (summary.state !== 'queued' && summary.state !== 'running') showAfterJob(summary.counts);
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

async function loadSheets(): Promise<void> {
  form.sheet = await fillSheetSelect('sheet');
  void fillRowsPicker('rows', form.sheet);
}

async function init(): Promise<void> {
  try {
    await loadSheets();
    await Promise.all([loadColumns(), loadTemplates()]);
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

byId<HTMLSelectElement>('sheet').addEventListener('change', (event) => {
  form.sheet = (event.target as HTMLSelectElement).value;
  void fillRowsPicker('rows', form.sheet);
  loadColumns().catch((error) => showStatus('status', errorText(error), 'error'));
});
// The selection and the filter change in the sheet, not here: counted again on coming back.
window.addEventListener('focus', () => void fillRowsPicker('rows', form.sheet));
byId<HTMLSelectElement>('template').addEventListener('change', (event) => {
  chooseTemplate((event.target as HTMLSelectElement).value);
});
byId<HTMLSelectElement>('number').addEventListener('change', (event) => {
  const value = (event.target as HTMLSelectElement).value;
  form.instanceId = value === '' ? undefined : Number(value);
  formChanged();
});
byId<HTMLSelectElement>('lead').addEventListener('change', (event) => {
  form.lead = leadFromOption((event.target as HTMLSelectElement).value) ?? defaultLead(columns);
  leadPicked = true;
  formChanged();
});
byId<HTMLButtonElement>('preview').addEventListener('click', () => {
  byId('confirm').hidden = true;
  void whileBusy(byId<HTMLButtonElement>('preview'), runPreview);
});
byId<HTMLFormElement>('send-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void whileBusy(byId<HTMLButtonElement>('send'), askToSend);
});
byId<HTMLButtonElement>('confirm-send').addEventListener('click', () => {
  void whileBusy(byId<HTMLButtonElement>('confirm-send'), startSend);
});
byId<HTMLButtonElement>('confirm-back').addEventListener('click', () => {
  byId('confirm').hidden = true;
});
void init();
