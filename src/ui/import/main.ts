import { byId, h, inputValue, showStatus, whileBusy } from '../shared/dom';
import { jobServer } from '../shared/job-server';
import { showJobProgress } from '../shared/progress';
import { callServer, errorText, type ServerArgs, type ServerResult } from '../shared/server';
import { fillSheetSelect } from '../shared/sheets';

type ImportOptions = ServerArgs<'crmImportLeads'>[0];
type Preview = ServerResult<'uiPreviewImport'>;

/**
 * The user's changes to the automatic header mapping: a header → a field, or '' to leave the
 * column out. Sent as crmImportLeads' `mapping`.
 */
const mapping: Record<string, string> = {};

function baseOptions(): Pick<ImportOptions, 'sheet' | 'headerRow' | 'mapping'> {
  const headerRow = Number(inputValue('header-row') || '1');
  return { sheet: inputValue('sheet'), headerRow, mapping: { ...mapping } };
}

function readImportForm(): ImportOptions {
  const pipeline = inputValue('pipeline');
  const stage = inputValue('stage');
  return {
    ...baseOptions(),
    matchBy: inputValue('match-by'),
    mode: inputValue('mode'),
    ...(pipeline === '' ? {} : { pipeline }),
    ...(stage === '' ? {} : { stage }),
    dryRun: byId<HTMLInputElement>('dry-run').checked,
  };
}

function mappedList(preview: Preview): HTMLElement {
  if (preview.mapped.length === 0)
    return h('p', { class: 'empty' }, 'No column maps to a lead field.');
  return h(
    'div',
    { class: 'block' },
    h('label', {}, 'Sent to the CRM'),
    ...preview.mapped.map((column) => {
      const box = h('input', { type: 'checkbox', checked: true });
      box.addEventListener('change', () => {
        if (box.checked) delete mapping[column.header];
        else mapping[column.header] = '';
      });
      return h(
        'div',
        { class: 'mapped', 'data-header': column.header },
        box,
        h('span', { class: 'tag' }, `${column.column} · ${column.header}`),
        ` → ${column.target}`,
      );
    }),
  );
}

function unknownList(preview: Preview): HTMLElement | null {
  if (preview.unknown.length === 0) return null;
  return h(
    'div',
    { class: 'block' },
    h('label', {}, 'Not recognised (left out unless you name a field)'),
    ...preview.unknown.map((column) => {
      const field = h('input', {
        type: 'text',
        placeholder: 'field, e.g. notes or custom_fields.cpf',
        value: mapping[column.header] ?? '',
      });
      field.addEventListener('change', () => {
        const target = field.value.trim();
        if (target === '') delete mapping[column.header];
        else mapping[column.header] = target;
      });
      return h(
        'div',
        { class: 'unknown', 'data-header': column.header },
        h('span', { class: 'tag unknown' }, `${column.column} · ${column.header}`),
        field,
      );
    }),
  );
}

function ignoredList(preview: Preview): HTMLElement | null {
  if (preview.ignored.length === 0) return null;
  return h(
    'p',
    { class: 'hint' },
    `Left out on purpose: ${preview.ignored.map((c) => c.header).join(', ')}.`,
  );
}

async function preview(): Promise<void> {
  showStatus('status', 'Reading the header row…');
  try {
    const result = await callServer('uiPreviewImport', baseOptions());
    showStatus('status', '');
    byId('mapped').replaceChildren(mappedList(result));
    byId('unknown').replaceChildren(...[unknownList(result)].filter((e) => e !== null));
    byId('ignored').replaceChildren(...[ignoredList(result)].filter((e) => e !== null));
    byId('preview-result').hidden = false;
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

async function start(): Promise<void> {
  showStatus('status', 'Starting the import…');
  try {
    const summary = await callServer('crmImportLeads', readImportForm());
    showStatus('status', '');
    showJobProgress(jobServer, byId('progress'), summary, { drive: true });
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

async function loadSheets(): Promise<void> {
  try {
    await fillSheetSelect('sheet');
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

byId('sheet').addEventListener('change', () => {
  for (const header of Object.keys(mapping)) delete mapping[header];
  byId('preview-result').hidden = true;
});
byId<HTMLButtonElement>('preview').addEventListener('click', () => {
  void whileBusy(byId<HTMLButtonElement>('preview'), preview);
});
byId<HTMLFormElement>('import-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void whileBusy(byId<HTMLButtonElement>('start'), start);
});
void loadSheets();
