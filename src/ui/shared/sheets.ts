import { byId, h } from './dom';
import { type LeadChoice, leadOptionValue } from './lead-choice';
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

/**
 * Keeps how the rows of `sheet` name their lead, for every sidebar opened on it next
 * (core/settings/sheet-memory.ts). Only a memory: a failure changes nothing now.
 */
export function rememberLead(sheet: string, lead: LeadChoice): void {
  if (sheet === '') return;
  callServer('uiRememberSheet', sheet, { lead: leadOptionValue(lead) }).catch(() => undefined);
}
