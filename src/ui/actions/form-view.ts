import { headerWords } from '../../core/export/headers';
import { byId, h } from '../shared/dom';
import { t, words } from '../shared/i18n';
import {
  ACTION_PARAMS,
  ACTIONS,
  type ActionsForm,
  type Columns,
  choiceFromValue,
  choiceOf,
  choiceValue,
  FIXED_OPTION,
  keepChoice,
  type LeadChoice,
  leadOptionValue,
  type ParamSpec,
  pickerOptions,
  type Setup,
} from './model';
import { actionLabel } from './preview';

/**
 * The Lead actions form on the page: the lead picker, the action list and one picker per
 * parameter of the chosen action (model.ts says what each offers). Every change goes into
 * `form` and is told through `changed`, which makes the shown preview stale.
 */
export interface FormContext {
  form: ActionsForm;
  setup: Setup;
  columns: Columns;
  changed(): void;
}

export function renderLead(ctx: FormContext): void {
  const label = (choice: LeadChoice) => {
    if (choice.kind === 'column') {
      return t('ui.actions.leadColumn', { header: headerWords(choice.header, words.lang) });
    }
    const keys = {
      email_or_phone: 'ui.actions.leadEmailOrPhone',
      email: 'ui.actions.leadEmail',
      phone: 'ui.actions.leadPhone',
    } as const;
    return t(keys[choice.matchBy]);
  };
  const choices: LeadChoice[] = [
    ...ctx.columns.headers.map((header): LeadChoice => ({ kind: 'column', header })),
    { kind: 'match', matchBy: 'email_or_phone' },
    { kind: 'match', matchBy: 'email' },
    { kind: 'match', matchBy: 'phone' },
  ];
  const select = byId<HTMLSelectElement>('lead');
  select.replaceChildren(
    ...choices.map((choice) => h('option', { value: leadOptionValue(choice) }, label(choice))),
  );
  select.value = leadOptionValue(ctx.form.lead);
}

export function renderActions(ctx: FormContext): void {
  const select = byId<HTMLSelectElement>('action');
  select.replaceChildren(
    h('option', { value: '' }, t('ui.actions.pickAction')),
    ...ACTIONS.map((action) => h('option', { value: action }, actionLabel(action, t))),
  );
  const action = ctx.form.action;
  select.value = action ?? '';
  const hint = byId('action-hint');
  hint.textContent = action ? t(`ui.actions.hint.${action}`) : '';
  hint.hidden = !action;
}

/** One parameter's select (its default, the CRM's list, typed text, columns) and text box. */
function paramPicker(ctx: FormContext, spec: ParamSpec): HTMLElement {
  const { form } = ctx;
  const id = `param-${spec.name}`;
  const picker = pickerOptions(spec, form, ctx.setup, ctx.columns, t, words.lang);
  const option = (o: { value: string; label: string; disabled?: boolean }) =>
    h('option', { value: o.value, disabled: o.disabled }, o.label);
  const select = h(
    'select',
    { id },
    ...picker.options.map(option),
    ...picker.groups.map((g) => h('optgroup', { label: g.label }, ...g.options.map(option))),
  );
  const choice = keepChoice(form.params[spec.name], spec, picker);
  form.params[spec.name] = choice;
  select.value = choiceValue(choice);
  const typed = h('input', {
    type: 'text',
    id: `${id}-text`,
    placeholder: spec.typed ? t(spec.typed) : undefined,
    value: choice.kind === 'fixed' ? choice.text : '',
    hidden: choice.kind !== 'fixed',
  });
  const update = () => {
    typed.hidden = select.value !== FIXED_OPTION;
    form.params[spec.name] = choiceFromValue(select.value, typed.value);
    ctx.changed();
    // The pipeline decides which stages the stage picker offers.
    if (spec.name === 'pipeline') renderParams(ctx);
  };
  select.addEventListener('change', () => {
    update();
    if (!typed.hidden) typed.focus();
  });
  typed.addEventListener('input', update);
  return h(
    'div',
    { class: 'param', 'data-param': spec.name },
    h('label', { for: id }, t(spec.label)),
    select,
    typed,
  );
}

/** The message box, with a chip per column that inserts its {{Header}} at the cursor. */
function messagePicker(ctx: FormContext, spec: ParamSpec): HTMLElement {
  const { form } = ctx;
  const id = `param-${spec.name}`;
  const current = choiceOf(form, spec);
  const text = current.kind === 'fixed' ? current.text : '';
  form.params[spec.name] = { kind: 'fixed', text };
  const area = h('textarea', { id, rows: '4', placeholder: t('ui.actions.placeholder.text') });
  area.value = text;
  const update = () => {
    form.params[spec.name] = { kind: 'fixed', text: area.value };
    ctx.changed();
  };
  area.addEventListener('input', update);
  const chips = ctx.columns.headers.map((header) => {
    const chip = h('button', { type: 'button', 'data-header': header }, `{{${header}}}`);
    chip.addEventListener('click', () => {
      const at = area.selectionStart ?? area.value.length;
      const end = area.selectionEnd ?? at;
      const placeholder = `{{${header}}}`;
      area.value = `${area.value.slice(0, at)}${placeholder}${area.value.slice(end)}`;
      area.focus();
      area.setSelectionRange(at + placeholder.length, at + placeholder.length);
      update();
    });
    return chip;
  });
  return h(
    'div',
    { class: 'param', 'data-param': spec.name },
    h('label', { for: id }, t(spec.label)),
    area,
    h('div', { class: 'hint' }, t('ui.actions.textHint')),
    h('div', { class: 'chips' }, ...chips),
  );
}

export function renderParams(ctx: FormContext): void {
  const specs = ctx.form.action ? ACTION_PARAMS[ctx.form.action] : [];
  byId('params').replaceChildren(
    ...specs.map((spec) =>
      spec.name === 'text' ? messagePicker(ctx, spec) : paramPicker(ctx, spec),
    ),
  );
}
