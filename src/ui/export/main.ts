import type { LeadListInclude } from '../../api/schemas/leads';
import { byId, commaList, h, inputValue, showStatus, whileBusy } from '../shared/dom';
import { t } from '../shared/i18n';
import { jobServer } from '../shared/job-server';
import { createResultSlot } from '../shared/progress';
import { mountScheduleControl } from '../shared/schedule';
import { callServer, errorText, type ServerArgs } from '../shared/server';
import type { UiKey } from '../shared/words';

type ExportOptions = ServerArgs<'crmExportLeads'>[0];
type StaleRows = NonNullable<ExportOptions['staleRows']>;

/** Keyed by the API's own token type, so a token added to the API must be listed here to build. */
const INCLUDE_LABELS: Record<LeadListInclude, UiKey> = {
  owner: 'ui.export.include.owner',
  products: 'ui.export.include.products',
  contacts: 'ui.export.include.contacts',
  notes: 'ui.export.include.notes',
  sales: 'ui.export.include.sales',
  tasks: 'ui.export.include.tasks',
  sequences: 'ui.export.include.sequences',
  score: 'ui.export.include.score',
};

/** Form field id → the filter it sets; empty fields set nothing. */
const TEXT_FILTERS: Record<string, string> = {
  'f-pipeline': 'pipeline',
  'f-stage': 'stage',
  'f-owner': 'owner',
  'f-source': 'source',
  'f-status': 'status',
  'f-q': 'q',
  'f-created-from': 'created_from',
  'f-created-to': 'created_to',
  'f-updated-since': 'updated_since',
};

function renderIncludes(): void {
  byId('includes').replaceChildren(
    ...Object.entries(INCLUDE_LABELS).map(([token, label]) =>
      h(
        'div',
        {},
        h('input', { type: 'checkbox', id: `inc-${token}`, value: token, name: 'include' }),
        h('label', { class: 'inline', for: `inc-${token}` }, t(label)),
      ),
    ),
  );
}

function readExportForm(): ExportOptions {
  const filters: Record<string, unknown> = {};
  for (const [id, name] of Object.entries(TEXT_FILTERS)) {
    const value = inputValue(id);
    if (value !== '') filters[name] = value;
  }
  const tags = commaList(inputValue('f-tags'));
  if (tags.length > 0) filters.tags = tags;
  const include = Array.from(
    document.querySelectorAll<HTMLInputElement>('input[name="include"]:checked'),
  ).map((box) => box.value);
  const columns = commaList(inputValue('columns'));
  const mode = byId<HTMLInputElement>('mode-sync').checked ? 'sync' : 'replace';
  const staleRows = mode === 'sync' ? checkedStaleRows() : 'keep';
  // Mark and delete read every matching lead: the server refuses updated_since with them.
  if (staleRows !== 'keep') delete filters.updated_since;
  return {
    sheet: inputValue('sheet'),
    filters,
    ...(columns.length > 0 ? { columns } : {}),
    ...(include.length > 0 ? { include } : {}),
    mode,
    ...(staleRows === 'keep' ? {} : { staleRows }),
  };
}

function checkedStaleRows(): StaleRows {
  const checked = document.querySelector<HTMLInputElement>('input[name="staleRows"]:checked');
  const value = checked?.value;
  return value === 'mark' || value === 'delete' ? value : 'keep';
}

/** The stale-rows choice applies to a sync only; "updated since" is moot when it reads all. */
function syncChoices(): void {
  const sync = byId<HTMLInputElement>('mode-sync').checked;
  byId<HTMLFieldSetElement>('stale-rows').disabled = !sync;
  byId<HTMLInputElement>('f-updated-since').disabled = sync && checkedStaleRows() !== 'keep';
}

const result = createResultSlot(jobServer, byId('progress'));

async function start(): Promise<void> {
  result.clear();
  showStatus('status', t('ui.export.starting'));
  try {
    const summary = await callServer('crmExportLeads', readExportForm());
    showStatus('status', '');
    result.showJob(summary, { drive: true });
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

type Setup = Awaited<ReturnType<typeof callServer<'uiExportSetup'>>>;
type Query = NonNullable<Setup['query']>;

/** A `<select>` of `names` after its "(any)" option, `chosen` selected (added when not listed). */
function fillList(id: string, names: readonly string[], chosen: string): void {
  const select = byId<HTMLSelectElement>(id);
  const any = select.options[0] ?? h('option', { value: '' }, t('ui.export.any'));
  const listed = chosen !== '' && !names.includes(chosen) ? [...names, chosen] : names;
  select.replaceChildren(
    any,
    ...listed.map((name) => h('option', { value: name, selected: name === chosen }, name)),
  );
  select.value = chosen;
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return Array.isArray(value) ? value.map(String).join(', ') : String(value);
}

/** Funil / Etapa / Responsável from the account; the stages follow the chosen pipeline. */
function fillLists(setup: Setup, filters: Record<string, unknown>): void {
  const stagesOf = (pipeline: string): string[] => {
    const found = setup.pipelines.find((p) => p.name === pipeline);
    const all = found ? found.stages : setup.pipelines.flatMap((p) => p.stages);
    return [...new Set(all)];
  };
  fillList(
    'f-pipeline',
    setup.pipelines.map((p) => p.name),
    textOf(filters.pipeline),
  );
  fillList('f-stage', stagesOf(textOf(filters.pipeline)), textOf(filters.stage));
  fillList('f-owner', setup.owners, textOf(filters.owner));
  byId<HTMLSelectElement>('f-pipeline').addEventListener('change', () => {
    fillList('f-stage', stagesOf(inputValue('f-pipeline')), '');
  });
}

/** The form as the sheet's export left it: its filters, columns, include and mode. */
function fillQuery(query: Query): void {
  const filters = (query.filters ?? {}) as Record<string, unknown>;
  for (const [id, name] of Object.entries(TEXT_FILTERS)) {
    const element = byId<HTMLInputElement>(id);
    if (element.tagName !== 'INPUT') continue;
    const text = textOf(filters[name]);
    // A date input takes YYYY-MM-DD only; a remembered date cell is ISO text.
    element.value = element.type === 'date' ? text.slice(0, 10) : text;
  }
  byId<HTMLInputElement>('f-tags').value = textOf(filters.tags);
  byId<HTMLTextAreaElement>('columns').value = textOf(query.columns);
  const include = new Set(
    (Array.isArray(query.include) ? query.include : textOf(query.include).split(',')).map((token) =>
      String(token).trim(),
    ),
  );
  for (const box of document.querySelectorAll<HTMLInputElement>('input[name="include"]')) {
    box.checked = include.has(box.value);
  }
  byId<HTMLInputElement>(query.mode === 'sync' ? 'mode-sync' : 'mode-replace').checked = true;
  const stale = byId<HTMLInputElement>(`stale-${query.staleRows ?? 'keep'}`);
  stale.checked = true;
  syncChoices();
}

/** Opens on the active sheet: an export's sheet with the query it remembers (issue 29.2). */
async function loadSetup(): Promise<void> {
  let setup: Setup;
  try {
    setup = await callServer('uiExportSetup');
  } catch {
    return;
  }
  byId<HTMLInputElement>('sheet').value = setup.sheet;
  const filters = (setup.query?.filters ?? {}) as Record<string, unknown>;
  fillLists(setup, filters);
  if (setup.query) fillQuery(setup.query);
}

async function loadSheetNames(): Promise<void> {
  try {
    const { sheets } = await callServer('uiListSheets');
    byId('sheet-names').replaceChildren(...sheets.map((name) => h('option', { value: name })));
  } catch {
    // Only suggestions: the sheet can still be typed.
  }
}

renderIncludes();
for (const input of document.querySelectorAll<HTMLInputElement>(
  'input[name="mode"], input[name="staleRows"]',
)) {
  input.addEventListener('change', syncChoices);
}
syncChoices();
byId<HTMLFormElement>('export-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void whileBusy(byId<HTMLButtonElement>('start'), start);
});
void loadSheetNames();
void loadSetup();
mountScheduleControl(byId('schedule'), {
  kind: 'export',
  sheet: () => inputValue('sheet'),
  options: () => ({ ...readExportForm() }),
});
