import { byId, h } from './dom';
import { t } from './i18n';
import { rowsChoices } from './rows-model';
import { callServer } from './server';

/**
 * Fills the `<select id>` (in a box `${id}-box`, hidden when there is nothing to pick) for
 * `sheet`; a failure only hides it (every row is the default).
 */
export async function fillRowsPicker(id: string, sheet: string, headerRow = 1): Promise<void> {
  const box = byId(`${id}-box`);
  const select = byId<HTMLSelectElement>(id);
  const keep = select.value;
  let choices: { value: string; label: string }[] = [];
  try {
    choices = sheet ? rowsChoices(await callServer('uiRowCounts', sheet, headerRow), t) : [];
  } catch {
    choices = [];
  }
  select.replaceChildren(
    ...choices.map((c) => h('option', { value: c.value, selected: c.value === keep }, c.label)),
  );
  box.hidden = choices.length < 2;
}

/** The picker's value for a job's `rows` option: absent for every row. */
export function rowsOption(id: string): { rows?: string } {
  const select = byId<HTMLSelectElement>(id);
  const box = byId(`${id}-box`);
  return !box.hidden && select.value && select.value !== 'all' ? { rows: select.value } : {};
}
