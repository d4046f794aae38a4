import {
  COLUMN_PREFIX,
  defaultLead,
  type LeadChoice,
  type MatchChoice,
} from '../shared/lead-choice';

// One lead picker for the Send and Lead actions sidebars; its pieces are this model's too.
export {
  defaultLead,
  type LeadChoice,
  leadFromOption,
  leadOptionValue,
  MATCH_CHOICES,
  type MatchChoice,
} from '../shared/lead-choice';

import { LEAD_ACTIONS, type LeadActionName } from '../../core/actions/types';
import { headerWords } from '../../core/export/headers';
import type { Locale } from '../../core/i18n';
import { headerKey } from '../../core/import/text-key';
import type { UiKey, UiTranslate } from '../shared/words';

/**
 * The Lead actions sidebar's form as data, and the pure step from it to crmLeadActions'
 * options: which parameters each action takes, what each parameter's picker offers, and what
 * is still missing. No DOM and no add-on type here, so it runs (and is tested) in Node; main.ts
 * hands the server's answers in and the options out, so the sidebar's typecheck still fails
 * the build when the server's shapes drift from these.
 */

/** The actions, in the server's order (one list: a new action reaches the sidebar's picker). */
export const ACTIONS = LEAD_ACTIONS;
export type ActionName = LeadActionName;

export function isActionName(value: string): value is ActionName {
  return (ACTIONS as readonly string[]).includes(value);
}

/** uiLeadActionsSetup: the account's lists the pickers offer. */
export interface Setup {
  pipelines: ReadonlyArray<{
    id: number;
    name: string;
    stages: ReadonlyArray<{ id: number; name: string; isWon: boolean; isLost: boolean }>;
  }>;
  lostReasons: ReadonlyArray<{ id: number; name: string }>;
  sequences: ReadonlyArray<{ id: number; name: string; isActive: boolean }>;
  instances: ReadonlyArray<{ id: number; name: string; provider: string }>;
}

export const EMPTY_SETUP: Setup = { pipelines: [], lostReasons: [], sequences: [], instances: [] };

/** uiLeadActionsColumns: the sheet's headers (status columns left out) and its lead id column. */
export interface Columns {
  headers: readonly string[];
  leadIdColumn: string | null;
  /** Run ids in the sheet's CRM Action Run column (offered to Revert). */
  runIds?: readonly string[];
}

/** A parameter as crmLeadActions takes it: a fixed name or text, or each row's cell. */
export type ParamSource = string | { column: string };

/** crmLeadActions' params as the sidebar builds them (names where the API wants ids). */
export interface LeadActionParams {
  pipeline?: ParamSource;
  stage?: ParamSource;
  value?: ParamSource;
  reason?: ParamSource;
  tags?: ParamSource;
  sequence?: ParamSource;
  text?: string;
  instanceId?: number;
}
export type ParamName = keyof LeadActionParams;

/** crmLeadActions' options as the sidebar builds them (preview and confirm are added later). */
export interface ActionOptions {
  sheet: string;
  action: ActionName;
  params: LeadActionParams;
  leadIdColumn?: string;
  matchBy?: MatchChoice;
}

/**
 * Where one parameter comes from: the action's documented default, an item of the CRM's list
 * (by name; names are accepted wherever the API wants ids), typed text, a column of the sheet,
 * or nothing picked yet.
 */
export type ParamChoice =
  | { kind: 'default' }
  | { kind: 'list'; value: string }
  | { kind: 'fixed'; text: string }
  | { kind: 'column'; header: string }
  | { kind: 'unset' };

export const UNSET: ParamChoice = { kind: 'unset' };
export const DEFAULT: ParamChoice = { kind: 'default' };

/** Which CRM list a picker offers. */
export type ListKind =
  | 'pipelines'
  | 'stages'
  | 'wonStages'
  | 'lostStages'
  | 'reasons'
  | 'sequences'
  | 'instances';

export interface ParamSpec {
  name: ParamName;
  label: UiKey;
  /** The CRM's list offered, if any. */
  list?: ListKind;
  /** Typed text is accepted (with its placeholder). */
  typed?: UiKey;
  /** Each row's own cell may be used. */
  column: boolean;
  /** The option that leaves the parameter out (its words say what the CRM does then). */
  defaultLabel?: UiKey;
}

/** PRODUCT.md "Lead actions": each action's parameters, in the order the form shows them. */
export const ACTION_PARAMS: Readonly<Record<ActionName, readonly ParamSpec[]>> = {
  stage: [
    {
      name: 'pipeline',
      label: 'ui.actions.param.pipeline',
      list: 'pipelines',
      column: true,
      defaultLabel: 'ui.actions.default.leadPipeline',
    },
    { name: 'stage', label: 'ui.actions.param.stage', list: 'stages', column: true },
  ],
  won: [
    {
      name: 'stage',
      label: 'ui.actions.param.wonStage',
      list: 'wonStages',
      column: true,
      defaultLabel: 'ui.actions.default.wonStage',
    },
    {
      name: 'value',
      label: 'ui.actions.param.value',
      typed: 'ui.actions.placeholder.value',
      column: true,
      defaultLabel: 'ui.actions.default.leadValue',
    },
  ],
  lost: [
    {
      name: 'stage',
      label: 'ui.actions.param.lostStage',
      list: 'lostStages',
      column: true,
      defaultLabel: 'ui.actions.default.lostStage',
    },
    {
      name: 'reason',
      label: 'ui.actions.param.reason',
      list: 'reasons',
      column: true,
      defaultLabel: 'ui.actions.default.noReason',
    },
  ],
  addTags: [
    {
      name: 'tags',
      label: 'ui.actions.param.tags',
      typed: 'ui.actions.placeholder.tags',
      column: true,
    },
  ],
  removeTags: [
    {
      name: 'tags',
      label: 'ui.actions.param.tags',
      typed: 'ui.actions.placeholder.tags',
      column: true,
    },
  ],
  enroll: [
    { name: 'sequence', label: 'ui.actions.param.sequence', list: 'sequences', column: true },
  ],
  unenroll: [
    { name: 'sequence', label: 'ui.actions.param.sequence', list: 'sequences', column: true },
  ],
  // The message text is always typed (its {{Header}} placeholders take each row's cells).
  message: [
    { name: 'text', label: 'ui.actions.param.text', column: false },
    {
      name: 'instanceId',
      label: 'ui.actions.param.instance',
      list: 'instances',
      column: false,
      defaultLabel: 'ui.actions.default.primaryNumber',
    },
  ],
  delete: [],
};

export interface ActionsForm {
  sheet: string;
  action: ActionName | undefined;
  lead: LeadChoice;
  /** One choice per parameter of the action; a missing one is its first choice. */
  params: Partial<Record<ParamName, ParamChoice>>;
}

/** The choice a parameter starts on: its default when it has one, else nothing. */
export function initialChoice(spec: ParamSpec): ParamChoice {
  return spec.defaultLabel ? DEFAULT : UNSET;
}

export function choiceOf(form: ActionsForm, spec: ParamSpec): ParamChoice {
  return form.params[spec.name] ?? initialChoice(spec);
}

// A select holds one string per choice.
const LIST_PREFIX = 'list:';
export const FIXED_OPTION = 'fixed';
export const DEFAULT_OPTION = 'default';

export function choiceValue(choice: ParamChoice): string {
  switch (choice.kind) {
    case 'column':
      return `${COLUMN_PREFIX}${choice.header}`;
    case 'list':
      return `${LIST_PREFIX}${choice.value}`;
    case 'fixed':
      return FIXED_OPTION;
    case 'default':
      return DEFAULT_OPTION;
    default:
      return '';
  }
}

/** The choice a select's value stands for; `typedText` is what the text box holds. */
export function choiceFromValue(value: string, typedText: string): ParamChoice {
  if (value.startsWith(COLUMN_PREFIX)) {
    return { kind: 'column', header: value.slice(COLUMN_PREFIX.length) };
  }
  if (value.startsWith(LIST_PREFIX))
    return { kind: 'list', value: value.slice(LIST_PREFIX.length) };
  if (value === FIXED_OPTION) return { kind: 'fixed', text: typedText };
  return value === DEFAULT_OPTION ? DEFAULT : UNSET;
}

export interface PickerOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A picker's options: loose ones first, then groups (a stage list is grouped by pipeline). */
export interface PickerOptions {
  options: PickerOption[];
  groups: Array<{ label: string; options: PickerOption[] }>;
}

const listOption = (name: string, label = name): PickerOption => ({
  value: `${LIST_PREFIX}${name}`,
  label,
});

/**
 * Stages by pipeline: the chosen pipeline's when one is picked from the list, else every
 * pipeline's (the stage is then looked up in each lead's own pipeline, or the row's).
 */
function stageGroups(
  setup: Setup,
  form: ActionsForm,
  keep: (stage: Setup['pipelines'][number]['stages'][number]) => boolean,
): PickerOptions['groups'] {
  const pipeline = form.params.pipeline;
  const pipelines =
    form.action === 'stage' && pipeline?.kind === 'list'
      ? setup.pipelines.filter((p) => p.name === pipeline.value)
      : setup.pipelines;
  return pipelines
    .map((p) => ({ label: p.name, options: p.stages.filter(keep).map((s) => listOption(s.name)) }))
    .filter((group) => group.options.length > 0);
}

function listGroups(
  list: ListKind,
  setup: Setup,
  form: ActionsForm,
  t: UiTranslate,
): PickerOptions['groups'] {
  const one = (label: UiKey, options: PickerOption[]) =>
    options.length === 0 ? [] : [{ label: t(label), options }];
  switch (list) {
    case 'pipelines':
      return one(
        'ui.actions.group.pipelines',
        setup.pipelines.map((p) => listOption(p.name)),
      );
    case 'stages':
      return stageGroups(setup, form, () => true);
    case 'wonStages':
      return stageGroups(setup, form, (s) => s.isWon);
    case 'lostStages':
      return stageGroups(setup, form, (s) => s.isLost);
    case 'reasons':
      return one(
        'ui.actions.group.reasons',
        setup.lostReasons.map((r) => listOption(r.name)),
      );
    case 'sequences':
      // An inactive sequence is shown (it exists) but cannot be enrolled in: the CRM refuses it.
      return one(
        'ui.actions.group.sequences',
        setup.sequences.map((s) => ({
          ...listOption(
            s.name,
            s.isActive ? s.name : t('ui.actions.inactiveSequence', { name: s.name }),
          ),
          disabled: form.action === 'enroll' && !s.isActive,
        })),
      );
    case 'instances':
      return one(
        'ui.actions.group.instances',
        setup.instances.map((i) => listOption(String(i.id), i.name)),
      );
  }
}

/** Everything a parameter's select offers for this form, setup and sheet. */
export function pickerOptions(
  spec: ParamSpec,
  form: ActionsForm,
  setup: Setup,
  columns: Columns,
  t: UiTranslate,
  lang: Locale = 'en',
): PickerOptions {
  const options: PickerOption[] = [
    spec.defaultLabel
      ? { value: DEFAULT_OPTION, label: t(spec.defaultLabel) }
      : { value: '', label: t('ui.actions.pick') },
  ];
  if (spec.typed) options.push({ value: FIXED_OPTION, label: t('ui.actions.typeIt') });
  const groups = spec.list ? listGroups(spec.list, setup, form, t) : [];
  if (spec.column && columns.headers.length > 0) {
    groups.push({
      label: t('ui.actions.group.columns'),
      options: columns.headers.map((header) => ({
        value: `${COLUMN_PREFIX}${header}`,
        label: t('ui.actions.column', { header: headerWords(header, lang) }),
      })),
    });
  }
  return { options, groups };
}

/** Every value a picker's select can hold right now. */
export function pickerValues(picker: PickerOptions): string[] {
  return [
    ...picker.options.map((o) => o.value),
    ...picker.groups.flatMap((g) => g.options.filter((o) => !o.disabled).map((o) => o.value)),
  ];
}

/**
 * A choice kept across a change of sheet, action or pipeline only while its picker still
 * offers it: a column the new sheet lacks, or a stage of another pipeline, goes back to the
 * first choice, so nothing is ever taken from a column or a list item that is gone.
 */
export function keepChoice(
  choice: ParamChoice | undefined,
  spec: ParamSpec,
  picker: PickerOptions,
): ParamChoice {
  if (!choice) return initialChoice(spec);
  if (choice.kind === 'fixed') return spec.typed ? choice : initialChoice(spec);
  return pickerValues(picker).includes(choiceValue(choice)) ? choice : initialChoice(spec);
}

export function keepLead(choice: LeadChoice, columns: Columns): LeadChoice {
  return choice.kind === 'column' && !columns.headers.includes(choice.header)
    ? defaultLead(columns)
    : choice;
}

/** The `{{Header}}` placeholders of a message, in order, each once. */
export function messagePlaceholders(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)) {
    const name = match[1] ?? '';
    if (!found.includes(name)) found.push(name);
  }
  return found;
}

/** Placeholders that name no column of the sheet: every row would get them empty. */
export function unknownPlaceholders(text: string, headers: readonly string[]): string[] {
  const known = new Set(headers.map(headerKey));
  return messagePlaceholders(text).filter((name) => !known.has(headerKey(name)));
}

function sourceOf(choice: ParamChoice): ParamSource | undefined {
  switch (choice.kind) {
    case 'column':
      return { column: choice.header };
    case 'list':
      return choice.value;
    case 'fixed':
      return choice.text.trim();
    default:
      return undefined;
  }
}

/** Puts one parameter's choice into params; the default (or nothing) leaves it out. */
function setParam(params: LeadActionParams, name: ParamName, choice: ParamChoice): void {
  if (name === 'instanceId') {
    if (choice.kind === 'list') params.instanceId = Number(choice.value);
  } else if (name === 'text') {
    // The message goes as written: its spaces and line breaks are the person's.
    if (choice.kind === 'fixed') params.text = choice.text;
  } else {
    const source = sourceOf(choice);
    if (source !== undefined) params[name] = source;
  }
}

/** What is missing for one parameter, in words, or undefined when it is set. */
function paramProblem(
  spec: ParamSpec,
  choice: ParamChoice,
  columns: Columns,
  t: UiTranslate,
): string | undefined {
  const param = t(spec.label);
  if (spec.name === 'text') {
    const text = choice.kind === 'fixed' ? choice.text : '';
    if (text.trim() === '') return t('ui.actions.problem.text');
    const unknown = unknownPlaceholders(text, columns.headers);
    return unknown.length > 0
      ? t('ui.actions.problem.placeholder', { names: unknown.map((n) => `{{${n}}}`).join(', ') })
      : undefined;
  }
  if (choice.kind === 'unset') return t('ui.actions.problem.pick', { param });
  if (choice.kind === 'fixed' && choice.text.trim() === '') {
    return t('ui.actions.problem.type', { param });
  }
  return undefined;
}

function leadOptions(lead: LeadChoice): Pick<ActionOptions, 'leadIdColumn' | 'matchBy'> {
  return lead.kind === 'column' ? { leadIdColumn: lead.header } : { matchBy: lead.matchBy };
}

/**
 * crmLeadActions' options for the form, or an Error listing what to pick first. Rules the
 * server knows better (a name the CRM lacks, a value that is not a number) are left to it and
 * to the preview: both say what to fix as well.
 */
export function actionOptionsOf(
  form: ActionsForm,
  columns: Columns,
  t: UiTranslate,
): ActionOptions {
  if (form.sheet === '') throw new Error(t('ui.actions.problem.sheet'));
  const action = form.action;
  if (!action) throw new Error(t('ui.actions.problem.action'));
  const problems: string[] = [];
  const params: LeadActionParams = {};
  for (const spec of ACTION_PARAMS[action]) {
    const choice = choiceOf(form, spec);
    const problem = paramProblem(spec, choice, columns, t);
    if (problem) problems.push(problem);
    setParam(params, spec.name, choice);
  }
  if (problems.length > 0) {
    const text = problems.join('; ');
    throw new Error(`${text.charAt(0).toUpperCase()}${text.slice(1)}.`);
  }
  return { sheet: form.sheet, action, params, ...leadOptions(form.lead) };
}

/** Two option sets ask for the same run (a preview stands only for the options it was made of). */
export function sameOptions(a: ActionOptions | undefined, b: ActionOptions | undefined): boolean {
  return a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b);
}
