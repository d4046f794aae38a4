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
mountScheduleControl(byId('schedule'), {
  kind: 'export',
  sheet: () => inputValue('sheet'),
  options: () => ({ ...readExportForm() }),
});
