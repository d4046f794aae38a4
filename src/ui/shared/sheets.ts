import { byId, h } from './dom';
import { callServer } from './server';

/** Fills the `<select>` with the spreadsheet's sheets, the active one chosen; returns its value. */
export async function fillSheetSelect(id: string): Promise<string> {
  const { sheets, active } = await callServer('uiListSheets');
  const select = byId<HTMLSelectElement>(id);
  select.replaceChildren(
    ...sheets.map((name) => h('option', { value: name, selected: name === active }, name)),
  );
  return select.value;
}
