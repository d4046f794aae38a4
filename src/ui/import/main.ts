import { byId, h, inputValue, showStatus, whileBusy } from '../shared/dom';
import { t } from '../shared/i18n';
import { jobServer } from '../shared/job-server';
import { createResultSlot } from '../shared/progress';
import { callServer, errorText, type ServerArgs, type ServerResult } from '../shared/server';
import { fillSheetSelect } from '../shared/sheets';

type ImportOptions = ServerArgs<'crmImportLeads'>[0];
type Preview = ServerResult<'uiPreviewImport'>;

/**
 * The user's changes to the automatic header mapping: a header → a field, or '' to leave the
 * column out. Sent as crmImportLeads' `mapping`.
 */
const mapping: Record<string, string> = {};

const result = createResultSlot(jobServer, byId('progress'));

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
  if (preview.mapped.length === 0) return h('p', { class: 'empty' }, t('ui.import.noMapped'));
  return h(
    'div',
    { class: 'block' },
    h('label', {}, t('ui.import.mapped')),
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
    h('label', {}, t('ui.import.unknown')),
    ...preview.unknown.map((column) => {
      const field = h('input', {
        type: 'text',
        placeholder: t('ui.import.unknownPlaceholder'),
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
    t('ui.import.ignored', { columns: preview.ignored.map((c) => c.header).join(', ') }),
  );
}

async function preview(): Promise<void> {
  result.clear();
  showStatus('status', t('ui.import.reading'));
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
  result.clear();
  showStatus('status', t('ui.import.starting'));
  try {
    const summary = await callServer('crmImportLeads', readImportForm());
    showStatus('status', '');
    result.showJob(summary, { drive: true });
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
