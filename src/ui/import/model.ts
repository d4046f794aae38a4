import type { LeadColumnField } from '../../core/import/lead-fields';
import type { UiTranslate } from '../shared/words';

/**
 * The import sidebar's column mapping as data: what each column's select offers and holds, and
 * the crmImportLeads `mapping` it makes. Pure, so it runs (and is tested) in Node; main.ts
 * puts it on the page.
 */

/** A column of the header row as uiPreviewImport tells it: `target` is '' when nothing matched. */
export interface PreviewColumn {
  column: string;
  header: string;
  target: string;
}

/** A custom field of the account: `custom_fields.<name>` and its label. */
export interface CustomFieldChoice {
  target: string;
  label: string;
}

/** The select's value for "leave this column out". */
export const IGNORE = '';

export interface TargetOption {
  value: string;
  label: string;
}

/** The select's options past "ignore": the lead's fields, then the account's custom fields. */
export interface TargetGroups {
  lead: TargetOption[];
  custom: TargetOption[];
}

const UTM_PREFIX = 'utm_';
const CUSTOM_PREFIX = 'custom_fields.';

/**
 * Every target by the name a person knows: lead fields in the catalogue's words (the UTM ones
 * last, since few sheets have them), custom fields by their label. Two custom fields with one
 * label are told apart by their name.
 */
export function targetGroups(
  leadFields: readonly LeadColumnField[],
  customFields: readonly CustomFieldChoice[],
  t: UiTranslate,
): TargetGroups {
  const utm = (field: string) => field.startsWith(UTM_PREFIX);
  const ordered = [...leadFields.filter((f) => !utm(f)), ...leadFields.filter(utm)];
  const labelCount = new Map<string, number>();
  for (const field of customFields) {
    labelCount.set(field.label, (labelCount.get(field.label) ?? 0) + 1);
  }
  return {
    lead: ordered.map((field) => ({ value: field, label: t(`ui.import.field.${field}`) })),
    custom: customFields.map((field) => ({
      value: field.target,
      label:
        (labelCount.get(field.label) ?? 0) > 1
          ? `${field.label} (${field.target.slice(CUSTOM_PREFIX.length)})`
          : field.label,
    })),
  };
}

/** What a person chose for one column: the field it goes to, and whether it is sent at all. */
export interface ColumnChoice {
  /** A target, or IGNORE while none was ever picked. */
  target: string;
  included: boolean;
}

/** A recognised column starts on its field, ticked; an unrecognised one on "ignore". */
export function initialChoice(column: PreviewColumn): ColumnChoice {
  return { target: column.target, included: column.target !== IGNORE };
}

/** The select shows the field of a ticked column, "ignore" for an unticked one. */
export function selectValue(choice: ColumnChoice): string {
  return choice.included ? choice.target : IGNORE;
}

/** Picking a field ticks the column; picking "ignore" unticks it and keeps the field for later. */
export function choose(choice: ColumnChoice, value: string): ColumnChoice {
  return value === IGNORE ? { ...choice, included: false } : { target: value, included: true };
}

/** Ticking sends the column to its field; a column without one stays out until a field is picked. */
export function toggle(choice: ColumnChoice, on: boolean): ColumnChoice {
  return { ...choice, included: on && choice.target !== IGNORE };
}

function effectiveTarget(choice: ColumnChoice): string {
  return choice.included ? choice.target : IGNORE;
}

/**
 * crmImportLeads' `mapping`: only the columns whose choice differs from what their header
 * matches by itself (a column left out maps to '').
 */
export function mappingOf(
  columns: readonly PreviewColumn[],
  choices: Readonly<Record<string, ColumnChoice>>,
): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const column of columns) {
    const choice = choices[column.header] ?? initialChoice(column);
    const target = effectiveTarget(choice);
    if (target !== column.target) mapping[column.header] = target;
  }
  return mapping;
}

/** The label a target is shown by in the select. */
export function targetLabel(groups: TargetGroups, target: string): string {
  return [...groups.lead, ...groups.custom].find((o) => o.value === target)?.label ?? target;
}

/**
 * What stops the import while two or more columns go to one field (the CRM would get one
 * value and lose the other), in the person's words; undefined when every field has one column.
 */
export function sameTargetProblem(
  columns: readonly PreviewColumn[],
  choices: Readonly<Record<string, ColumnChoice>>,
  groups: TargetGroups,
  t: UiTranslate,
): string | undefined {
  const byTarget = new Map<string, PreviewColumn[]>();
  for (const column of columns) {
    const target = effectiveTarget(choices[column.header] ?? initialChoice(column));
    if (target === IGNORE) continue;
    byTarget.set(target, [...(byTarget.get(target) ?? []), column]);
  }
  const problems = [...byTarget]
    .filter(([, same]) => same.length > 1)
    .map(([target, same]) =>
      t('ui.import.sameField', {
        field: targetLabel(groups, target),
        columns: same.map((c) => `${c.column} · ${c.header}`).join(', '),
      }),
    );
  return problems.length > 0 ? problems.join(' ') : undefined;
}

/**
 * The columns to leave out so that every field has one column: of each group of columns on one
 * field, all but the first (a sheet an export wrote has `owner_name` and `owner_email`, both the
 * owner). The sidebar offers "ignore" for each.
 */
export function columnsToIgnore(
  columns: readonly PreviewColumn[],
  choices: Readonly<Record<string, ColumnChoice>>,
): PreviewColumn[] {
  const seen = new Set<string>();
  const extra: PreviewColumn[] = [];
  for (const column of columns) {
    const target = effectiveTarget(choices[column.header] ?? initialChoice(column));
    if (target === IGNORE) continue;
    if (seen.has(target)) extra.push(column);
    else seen.add(target);
  }
  return extra;
}
