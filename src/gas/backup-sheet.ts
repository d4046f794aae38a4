import type { Lead } from '../api/schemas';
import { asText } from '../core/jobs/row-job';

/** The lead fields a backup keeps first, in this order; every other field follows. */
const FIRST = [
  'id',
  'name',
  'email',
  'phone',
  'company',
  'value',
  'pipeline_id',
  'stage_id',
  'tags',
];

/** A lead as one flat record: nested objects as JSON, custom fields as `custom_fields.<name>`. */
export function flattenLead(lead: Lead): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(lead)) {
    if (key === 'custom_fields' && value && typeof value === 'object') {
      for (const [name, field] of Object.entries(value)) {
        flat[`custom_fields.${name}`] = Array.isArray(field) ? field.join(', ') : field;
      }
    } else if (key === 'tags' && Array.isArray(value)) flat.tags = value.join(', ');
    else if (value !== null && typeof value === 'object') flat[key] = JSON.stringify(value);
    else flat[key] = value;
  }
  return flat;
}

function cell(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  // Text from the CRM stays text: a lead named "=HYPERLINK(…)" or "+55…" is never a formula.
  return typeof value === 'string' ? asText(value) : value;
}

/**
 * Appends leads to the backup sheet (created on first use), every field of each (custom fields
 * included), one row per lead id: a lead read again after a kill is not copied twice. New
 * fields widen the header row.
 */
export function appendToBackup(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  name: string,
  leads: readonly Lead[],
): void {
  if (leads.length === 0) return;
  const sheet = spreadsheet.getSheetByName(name) ?? spreadsheet.insertSheet(name);
  const values = sheet.getDataRange().getValues();
  const header = (values[0] ?? []).map((h) => String(h ?? '')).filter((h) => h !== '');
  const known = new Set(values.slice(1).map((row) => String(row[0] ?? '')));
  const fresh = leads.filter((lead) => !known.has(String(lead.id)));
  if (fresh.length === 0) return;
  const flats = fresh.map(flattenLead);
  const columns = header.length > 0 ? [...header] : [...FIRST];
  for (const flat of flats)
    for (const key of Object.keys(flat)) if (!columns.includes(key)) columns.push(key);
  if (columns.length > sheet.getMaxColumns())
    sheet.insertColumnsAfter(sheet.getMaxColumns(), columns.length - sheet.getMaxColumns());
  sheet.getRange(1, 1, 1, columns.length).setValues([columns]);
  const first = Math.max(values.length, 1) + 1;
  const rows = flats.map((flat) => columns.map((column) => cell(flat[column])));
  sheet.getRange(first, 1, rows.length, columns.length).setValues(rows);
}
