import { byId, h, showStatus, whileBusy } from '../shared/dom';
import { jobServer } from '../shared/job-server';
import { showJobProgress } from '../shared/progress';
import { callServer, errorText, type ServerResult } from '../shared/server';
import { fillSheetSelect } from '../shared/sheets';
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
/** Once the person picks how leads are found, a sheet change keeps that choice when it can. */
let leadPicked = false;
/** The options the shown preview was made for: Send now sends exactly these. */
let previewed: SendOptions | undefined;

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
    h('option', { value: '' }, options.optional ? '— none —' : '— pick a column —'),
    ...columns.headers.map((header) =>
      h('option', { value: sourceOptionValue({ kind: 'column', header }) }, `Column: ${header}`),
    ),
    h('option', { value: FIXED_OPTION }, 'Fixed text…'),
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
            { class: 'placeholder', 'data-key': piece.key, title: variableName(piece.key) },
            piece.placeholder,
          )
        : piece.text,
    );
  const header =
    template.headerFormat === null
      ? null
      : isMediaHeader(template.headerFormat)
        ? h('div', { class: 'tpl-header' }, `[${template.headerFormat} file]`)
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
        variableName(key),
        form.variables[key] ?? UNSET,
        (choice) => {
          form.variables[key] = choice;
        },
        { placeholder: 'the same text for every row' },
      ),
    ),
  );
  byId('variables-box').hidden = keys.length === 0;

  const format = template?.headerFormat ?? null;
  const media = isMediaHeader(format);
  byId('media-box').hidden = !media;
  if (!media) {
    byId('media').replaceChildren();
    return;
  }
  byId('media-legend').textContent = `Header file (${format})`;
  byId('media').replaceChildren(
    sourcePicker(
      'media-url',
      'File URL (public: no login, VPN or IP allowlist)',
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
            'File name the contact sees (optional)',
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
  select.replaceChildren(
    ...catalog.numbers.map((number) =>
      h(
        'option',
        { value: String(number.id), disabled: !number.sendsTemplates },
        numberLabel(number),
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
      ? `Lead id in column: ${choice.header}`
      : {
          email_or_phone: 'Look up by e-mail, else phone',
          email: 'Look up by e-mail',
          phone: 'Look up by phone',
        }[choice.matchBy];
  const select = byId<HTMLSelectElement>('lead');
  select.replaceChildren(
    ...choices.map((choice) => h('option', { value: leadOptionValue(choice) }, label(choice))),
  );
  select.value = leadOptionValue(form.lead);
}

function chooseTemplate(id: string): void {
  const template = catalog.templates.find((t) => String(t.id) === id);
  const previous = form.variables;
  form.template = template;
  form.variables = {};
  for (const key of template?.variables ?? []) {
    form.variables[key] = keepSource(previous[key], columns.headers);
  }
  form.instanceId = defaultNumber(template, catalog.numbers);
  renderTemplateText(template);
  renderNumbers();
  renderVariables();
  formChanged();
}

async function loadColumns(): Promise<void> {
  columns = await callServer('uiListColumns', form.sheet);
  for (const [key, choice] of Object.entries(form.variables)) {
    form.variables[key] = keepSource(choice, columns.headers);
  }
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
    select.replaceChildren(h('option', { value: '' }, 'No approved template in the CRM'));
    return;
  }
  select.replaceChildren(
    h('option', { value: '' }, '— pick a template —'),
    ...catalog.templates.map((t) => h('option', { value: String(t.id) }, templateLabel(t))),
  );
  renderNumbers();
}

function renderPreview(preview: SendPreview): void {
  const sample = preview.sample
    ? h(
        'div',
        {},
        h('label', {}, `Row ${preview.sample.row} would get:`),
        h('div', { class: 'sample', id: 'sample-text' }, preview.sample.text),
      )
    : h('p', { class: 'empty' }, 'No row would be sent.');
  byId('preview-sample').replaceChildren(sample);
  byId('preview-counts').replaceChildren(
    ...previewLines(preview.counts).map((line) =>
      h(
        'li',
        { 'data-status': line.status },
        h('b', {}, String(line.count)),
        ` ${line.count === 1 ? 'row' : 'rows'} ${line.meaning}`,
      ),
    ),
  );
  byId('preview-skipped').replaceChildren(
    ...preview.skipped.map((skip) => h('li', {}, h('b', {}, `Row ${skip.row}`), ` ${skip.reason}`)),
  );
  const sources = preview.variables.map((v) => `${variableName(v.key)} ← ${v.source}`);
  const missing =
    preview.statusColumns.length < 4
      ? ' The CRM Send columns are added at the right of the data.'
      : '';
  byId('preview-details').textContent = `${[...sources, preview.lead].join(' · ')}.${missing}`;
  byId('preview-result').hidden = false;
}

/** Reads the form, asks the server what a send would do, and shows it. */
async function runPreview(): Promise<SendPreview | undefined> {
  let options: SendOptions;
  try {
    options = sendOptionsOf(form);
  } catch (error) {
    showStatus('status', errorText(error), 'error');
    return undefined;
  }
  showStatus('status', 'Checking the template and the rows…');
  try {
    const preview = await callServer('uiPreviewSend', options);
    showStatus('status', '');
    renderPreview(preview);
    previewed = options;
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
  if ((preview.counts.QUEUED ?? 0) === 0) {
    showStatus('status', 'No row would be sent: see the preview.', 'error');
    return;
  }
  byId('confirm-text').textContent = confirmText(preview, form.sheet);
  byId('confirm').hidden = false;
  byId('confirm').scrollIntoView({ behavior: 'smooth', block: 'nearest' });
}

function showAfterJob(counts: Readonly<Record<string, number>>): void {
  const notes: string[] = [];
  const uncertain = counts.UNCERTAIN ?? 0;
  if (uncertain > 0) {
    notes.push(
      `${uncertain} row${uncertain === 1 ? ' is' : 's are'} UNCERTAIN: the message may have gone out. Check each lead's conversation in the CRM; clear the CRM Send Status cell only where it did not arrive, and send again.`,
    );
  }
  const skipped = counts.SKIPPED ?? 0;
  if (skipped > 0) {
    notes.push(
      `${skipped} row${skipped === 1 ? ' was' : 's were'} SKIPPED: CRM Send Detail says why. Fix those cells and send again; rows already SENT are not resent.`,
    );
  }
  const after = byId('after');
  after.textContent = notes.join(' ');
  after.hidden = notes.length === 0;
}

async function startSend(): Promise<void> {
  const options = previewed;
  if (!options) return;
  byId('confirm').hidden = true;
  showStatus('status', 'Starting the send…');
  try {
    const summary = await callServer('crmSendTemplate', options);
    // The preview spoke of rows that would be sent: from now on the progress tells.
    formChanged();
    showStatus('status', '');
    byId('after').hidden = true;
    showJobProgress(jobServer, byId('progress'), summary, {
      drive: true,
      onUpdate: (next) => {
        if (next.state !== 'queued' && next.state !== 'running') showAfterJob(next.counts);
      },
    });
    // The first slice runs inside crmSendTemplate: a short send may already be over.
    if (summary.state !== 'queued' && summary.state !== 'running') showAfterJob(summary.counts);
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

async function loadSheets(): Promise<void> {
  form.sheet = await fillSheetSelect('sheet');
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
  loadColumns().catch((error) => showStatus('status', errorText(error), 'error'));
});
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
