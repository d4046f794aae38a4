import { byId, h, inputValue, showStatus, whileBusy } from '../shared/dom';
import { t } from '../shared/i18n';
import { jobServer } from '../shared/job-server';
import { fillPipelinePicker } from '../shared/pipeline-picker';
import { createResultSlot } from '../shared/progress';
import { fillRowsPicker, rowsOption } from '../shared/rows-picker';
import { mountScheduleControl } from '../shared/schedule';
import { callServer, errorText, type ServerArgs, type ServerResult } from '../shared/server';
import { fillSheetSelect } from '../shared/sheets';
import {
  type ColumnChoice,
  choose,
  columnsToIgnore,
  IGNORE,
  initialChoice,
  mappingOf,
  sameTargetProblem,
  selectValue,
  type TargetGroups,
  targetGroups,
  toggle,
} from './model';

type ImportOptions = ServerArgs<'crmImportLeads'>[0];
type Preview = ServerResult<'uiPreviewImport'>;

/** The last preview's columns and fields: the mapping is made against these. */
let previewed: { columns: Preview['columns']; groups: TargetGroups } | undefined;
/** The person's choice per column header; kept across previews of the same sheet. */
const choices: Record<string, ColumnChoice> = {};

const result = createResultSlot(jobServer, byId('progress'));

function baseOptions(): Pick<ImportOptions, 'sheet' | 'headerRow'> {
  const headerRow = Number(inputValue('header-row') || '1');
  return { sheet: inputValue('sheet'), headerRow };
}

function readImportForm(): ImportOptions {
  const pipeline = inputValue('pipeline');
  const stage = inputValue('stage');
  return {
    ...baseOptions(),
    mapping: previewed ? mappingOf(previewed.columns, choices) : {},
    matchBy: inputValue('match-by'),
    mode: inputValue('mode'),
    ...(pipeline === '' ? {} : { pipeline }),
    ...(stage === '' ? {} : { stage }),
    dryRun: byId<HTMLInputElement>('dry-run').checked,
    // Ticked: a row whose e-mail or phone is another person's lead is sent anyway.
    ...(byId<HTMLInputElement>('on-conflict').checked ? { onConflict: 'update' } : {}),
    ...rowsOption('rows'),
  };
}

/** The Rows picker for the sheet and header row chosen now. */
function refreshRows(): void {
  const { sheet, headerRow } = baseOptions();
  void fillRowsPicker('rows', sheet, headerRow);
}

/**
 * Two columns on one field stop the import: said under the list as soon as it happens, with a
 * button per extra column that leaves it out (the fix a sheet an export wrote needs).
 */
function showMappingProblem(): string | undefined {
  const problem = previewed
    ? sameTargetProblem(previewed.columns, choices, previewed.groups, t)
    : undefined;
  showStatus('mapping-problem', problem ?? '', 'error');
  const extra = previewed && problem ? columnsToIgnore(previewed.columns, choices) : [];
  const fixes = byId('mapping-fix');
  fixes.replaceChildren(
    ...extra.map((column) => {
      const button = h(
        'button',
        { type: 'button', class: 'fix' },
        t('ui.import.ignoreColumn', { column: `${column.column} · ${column.header}` }),
      );
      button.addEventListener('click', () => {
        choices[column.header] = choose(choices[column.header] ?? initialChoice(column), IGNORE);
        renderMapping();
      });
      return button;
    }),
  );
  fixes.hidden = extra.length === 0;
  return problem;
}

/** The column list of the last preview, each row showing the person's choice. */
function renderMapping(): void {
  if (!previewed) return;
  const { columns, groups } = previewed;
  byId('mapping').replaceChildren(
    ...(columns.length === 0
      ? [h('p', { class: 'empty' }, t('ui.import.noColumns'))]
      : columns.map((column) => columnRow(column, groups))),
  );
  showMappingProblem();
}

function targetSelect(header: string, groups: TargetGroups): HTMLSelectElement {
  const options = (list: TargetGroups['lead']) =>
    list.map((option) => h('option', { value: option.value }, option.label));
  return h(
    'select',
    { 'aria-label': t('ui.import.fieldFor', { header }) },
    h('option', { value: IGNORE }, t('ui.import.ignore')),
    h('optgroup', { label: t('ui.import.leadFields') }, ...options(groups.lead)),
    groups.custom.length > 0 &&
      h('optgroup', { label: t('ui.import.customFields') }, ...options(groups.custom)),
  );
}

/** One column: its tick and text (one label, so a click on the text ticks it) and its field. */
function columnRow(column: Preview['columns'][number], groups: TargetGroups): HTMLElement {
  const { header } = column;
  const box = h('input', { type: 'checkbox' });
  const select = targetSelect(header, groups);
  const row = h(
    'div',
    { class: 'map-row', 'data-header': header },
    h(
      'label',
      { class: 'map-column' },
      box,
      h('span', { class: column.target === IGNORE ? 'tag unknown' : 'tag' }, column.column),
      h('span', { class: 'map-header' }, header),
    ),
    select,
  );
  const show = (choice: ColumnChoice) => {
    choices[header] = choice;
    box.checked = choice.included;
    select.value = selectValue(choice);
    row.classList.toggle('off', !choice.included);
    showMappingProblem();
  };
  box.addEventListener('change', () => {
    const wanted = box.checked;
    const next = toggle(choices[header] ?? initialChoice(column), wanted);
    show(next);
    // Ticked without a field to go to: the field is what to pick next.
    if (wanted && !next.included) select.focus();
  });
  select.addEventListener('change', () => {
    show(choose(choices[header] ?? initialChoice(column), select.value));
  });
  show(choices[header] ?? initialChoice(column));
  return row;
}

async function preview(): Promise<void> {
  result.clear();
  showStatus('status', t('ui.import.reading'));
  try {
    const answer = await callServer('uiPreviewImport', baseOptions());
    showStatus('status', '');
    const groups = targetGroups(answer.leadFields, answer.customFields, t);
    previewed = { columns: answer.columns, groups };
    renderMapping();
    byId('preview-result').hidden = false;
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

async function start(): Promise<void> {
  result.clear();
  // Without a preview, the columns are read first: two on one field are then shown with
  // their fix instead of failing on the server.
  if (!previewed) await preview();
  if (!previewed) return;
  const problem = showMappingProblem();
  if (problem) {
    showStatus('status', problem, 'error');
    return;
  }
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
    refreshRows();
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

/** Another sheet or header row: the list no longer describes it (choices by header are kept). */
function forgetPreview(): void {
  previewed = undefined;
  byId('preview-result').hidden = true;
}

byId('sheet').addEventListener('change', () => {
  for (const header of Object.keys(choices)) delete choices[header];
  forgetPreview();
  refreshRows();
});
byId('header-row').addEventListener('change', () => {
  forgetPreview();
  refreshRows();
});
// The selection and the filter change in the sheet, not here: counted again on coming back.
window.addEventListener('focus', refreshRows);
byId<HTMLButtonElement>('preview').addEventListener('click', () => {
  void whileBusy(byId<HTMLButtonElement>('preview'), preview);
});
byId<HTMLFormElement>('import-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void whileBusy(byId<HTMLButtonElement>('start'), start);
});
void fillPipelinePicker('pipeline', 'stage');
void loadSheets().then(() =>
  mountScheduleControl(byId('schedule'), {
    kind: 'import',
    sheet: () => inputValue('sheet'),
    // A nightly run writes for real: the dry-run tick is for trying things now.
    options: () => {
      // Nor do the rows picked now (a selection, a filter) mean anything at night.
      const { dryRun: _dryRun, rows: _rows, ...options } = readImportForm();
      return options;
    },
  }),
);
