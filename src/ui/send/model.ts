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

import type { UiKey, UiTranslate, Words } from '../shared/words';

/**
 * The send sidebar's form as data, and the pure steps between it and the server: what each
 * picker means, the crmSendTemplate options it makes, and how a preview reads to a person.
 *
 * The shapes below are what this module reads of the server's answers and what it builds for
 * crmSendTemplate. They name no add-on type, so that the module runs (and is tested) in Node;
 * main.ts hands the server's answers in and the options out, so the sidebar's typecheck still
 * fails the build when the server's shapes drift from these.
 */

/** A picker's view of an APPROVED template (uiListTemplates). */
export interface TemplateChoice {
  id: number;
  name: string;
  language: string;
  instanceId: number | null;
  headerFormat: string | null;
  /** `header_1`, `1`, `2`… in reading order. */
  variables: readonly string[];
}

export interface NumberChoice {
  id: number;
  name: string;
  phone: string;
  provider: string;
  sendsTemplates: boolean;
  connected: boolean;
}

/** uiListColumns: the sheet's headers and its lead id column, if any. */
export interface Columns {
  headers: readonly string[];
  leadIdColumn: string | null;
}

/** What a preview (uiPreviewSend) tells the confirmation. */
export interface PreviewCounts {
  template: { name: string };
  counts: Readonly<Record<string, number>>;
  /** Rows whose lead got another template before: a new campaign for them. */
  campaigns?: readonly { template: string; rows: number; last: string }[];
  /** Leads the send record says got this template from this sheet before (skipped unless resend). */
  sentBefore?: { leads: number; last: string };
}

/** A column header, or fixed text for every row. */
export type ValueOption = string | { value: string };

/** crmSendTemplate's options as the sidebar builds them. */
export interface SendOptions {
  sheet: string;
  templateId: number;
  instanceId?: number;
  variables: Record<string, ValueOption>;
  headerMediaUrl?: ValueOption;
  headerMediaFilename?: ValueOption;
  leadIdColumn?: string;
  matchBy?: MatchChoice;
  /** Send again to leads that got this template from this sheet before (the confirmation asks). */
  resend?: boolean;
}

/** Where one value comes from: a column of the sheet, fixed text, or not picked yet. */
export type SourceChoice =
  | { kind: 'column'; header: string }
  | { kind: 'fixed'; text: string }
  | { kind: 'unset' };

export interface SendForm {
  sheet: string;
  template: TemplateChoice | undefined;
  instanceId: number | undefined;
  /** One choice per key of template.variables. */
  variables: Record<string, SourceChoice>;
  mediaUrl: SourceChoice;
  mediaFilename: SourceChoice;
  lead: LeadChoice;
}

export const UNSET: SourceChoice = { kind: 'unset' };

const HEADER_VARIABLE_KEY = 'header_1';
const MEDIA_FORMATS: readonly string[] = ['DOCUMENT', 'IMAGE', 'VIDEO'];

export function isMediaHeader(format: string | null): boolean {
  return format !== null && MEDIA_FORMATS.includes(format);
}

/** How a variable is named to a person: `{{2}}`, or `Header {{1}}` for header_1. */
export function variableName(key: string, t: UiTranslate): string {
  return key === HEADER_VARIABLE_KEY ? t('ui.send.headerVariable') : `{{${key}}}`;
}

// A select holds one string: `column:<header>`, `fixed`, or '' while nothing is picked.
export const FIXED_OPTION = 'fixed';

export function sourceOptionValue(choice: SourceChoice): string {
  if (choice.kind === 'column') return `${COLUMN_PREFIX}${choice.header}`;
  return choice.kind === 'fixed' ? FIXED_OPTION : '';
}

/** The choice a select's value stands for; `fixedText` is what the text box holds. */
export function sourceFromOption(value: string, fixedText: string): SourceChoice {
  if (value.startsWith(COLUMN_PREFIX)) {
    return { kind: 'column', header: value.slice(COLUMN_PREFIX.length) };
  }
  return value === FIXED_OPTION ? { kind: 'fixed', text: fixedText } : UNSET;
}

/**
 * A choice kept across a sheet or template change only while it still makes sense: a column
 * the new sheet lacks falls back to unset, so nothing is sent from a column that is gone.
 */
export function keepSource(choice: SourceChoice | undefined, headers: readonly string[]) {
  if (!choice) return UNSET;
  if (choice.kind === 'column' && !headers.includes(choice.header)) return UNSET;
  return choice;
}

export function keepLead(choice: LeadChoice, columns: Columns): LeadChoice {
  if (choice.kind === 'column' && !columns.headers.includes(choice.header)) {
    return defaultLead(columns);
  }
  return choice;
}

/** A number a send can go out from: official API (rule 1) and connected. */
export function isUsableNumber(number: NumberChoice): boolean {
  return number.sendsTemplates && number.connected;
}

/**
 * The number pre-selected: the template's own when it is usable, else the account's only usable
 * number. With several and no template telling which, none: the person picks.
 */
export function defaultNumber(
  template: TemplateChoice | undefined,
  numbers: readonly NumberChoice[],
): number | undefined {
  const usable = numbers.filter(isUsableNumber);
  const own = usable.find((n) => n.id === template?.instanceId);
  if (own) return own.id;
  return usable.length === 1 ? usable[0]?.id : undefined;
}

/**
 * A number as its option reads: its name and, when it cannot send, why, short enough for a
 * 300 px sidebar (issue 29.6); its phone goes beside, in the option's title (numberTitle).
 */
export function numberLabel(number: NumberChoice, t: UiTranslate): string {
  const name = number.name || number.phone;
  if (!number.sendsTemplates) return t('ui.send.numberQr', { name });
  return number.connected ? name : t('ui.send.numberOffline', { name });
}

export function templateLabel(template: TemplateChoice): string {
  return template.language ? `${template.name} (${template.language})` : template.name;
}

/** Pieces of a template text: plain text, and placeholders (as written) with their variable key. */
export type TextPiece = { text: string } | { key: string; placeholder: string };

/**
 * `Olá {{1}}, …` → [{text: 'Olá '}, {key: '1', placeholder: '{{1}}'}, {text: ', …'}]; in a text
 * header, `{{1}}` is the variable header_1.
 */
export function splitPlaceholders(text: string, inHeader = false): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) {
    const at = match.index ?? 0;
    if (at > last) pieces.push({ text: text.slice(last, at) });
    pieces.push({
      key: inHeader ? HEADER_VARIABLE_KEY : String(Number(match[1])),
      placeholder: match[0],
    });
    last = at + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/** One value source as crmSendTemplate takes it; undefined while unset. */
function toOption(choice: SourceChoice): ValueOption | undefined {
  if (choice.kind === 'column') return choice.header;
  if (choice.kind === 'fixed') return { value: choice.text };
  return undefined;
}

/**
 * The crmSendTemplate options for the form, or an Error listing what to pick first. Rules the
 * server knows better (a fixed value with a line break, a column the sheet lacks) are left to
 * it: its errors say what to fix as well.
 */
export function sendOptionsOf(form: SendForm, t: UiTranslate): SendOptions {
  const problems: string[] = [];
  if (form.sheet === '') problems.push(t('ui.send.problem.sheet'));
  const template = form.template;
  if (!template) {
    throw new Error(
      problems.length > 0 ? t('ui.send.problem.sheetAndTemplate') : t('ui.send.problem.template'),
    );
  }
  if (form.instanceId === undefined) {
    problems.push(t('ui.send.problem.number'));
  }
  const variables: Record<string, ValueOption> = {};
  for (const key of template.variables) {
    const choice = form.variables[key] ?? UNSET;
    const name = variableName(key, t);
    if (choice.kind === 'unset') problems.push(t('ui.send.problem.variable', { name }));
    else if (choice.kind === 'fixed' && choice.text.trim() === '') {
      problems.push(t('ui.send.problem.fixedText', { name }));
    }
    const option = toOption(choice);
    if (option !== undefined) variables[key] = option;
  }
  const media = isMediaHeader(template.headerFormat);
  let headerMediaUrl: ValueOption | undefined;
  let headerMediaFilename: ValueOption | undefined;
  if (media) {
    headerMediaUrl = toOption(form.mediaUrl);
    if (
      form.mediaUrl.kind === 'unset' ||
      (form.mediaUrl.kind === 'fixed' && form.mediaUrl.text.trim() === '')
    ) {
      problems.push(t('ui.send.problem.media', { format: template.headerFormat ?? '' }));
    }
    if (template.headerFormat === 'DOCUMENT') {
      const filename = form.mediaFilename;
      // The file name is optional: an empty fixed name is the same as none.
      if (!(filename.kind === 'fixed' && filename.text.trim() === '')) {
        headerMediaFilename = toOption(filename);
      }
    }
  }
  if (problems.length > 0) {
    const text = problems.join('; ');
    throw new Error(`${text.charAt(0).toUpperCase()}${text.slice(1)}.`);
  }
  return {
    sheet: form.sheet,
    templateId: template.id,
    ...(form.instanceId === undefined ? {} : { instanceId: form.instanceId }),
    variables,
    ...(headerMediaUrl === undefined ? {} : { headerMediaUrl }),
    ...(headerMediaFilename === undefined ? {} : { headerMediaFilename }),
    ...(form.lead.kind === 'column'
      ? { leadIdColumn: form.lead.header }
      : { matchBy: form.lead.matchBy }),
  };
}

/** What each status in a preview means for the rows it counts, in the order worth reading. */
const PREVIEW_MEANINGS: ReadonlyArray<[status: string, meaning: UiKey]> = [
  ['QUEUED', 'ui.send.meaning.queued'],
  ['SKIPPED', 'ui.send.meaning.skipped'],
  ['SENT', 'ui.send.meaning.sent'],
  ['UNCERTAIN', 'ui.send.meaning.uncertain'],
  ['SENDING', 'ui.send.meaning.sending'],
  ['FAILED', 'ui.send.meaning.failed'],
];

export interface PreviewLine {
  status: string;
  count: number;
  meaning: string;
}

/** The preview's non-zero counts, each with what it means, its verb agreeing with the count. */
export function previewLines(
  counts: Readonly<Record<string, number>>,
  t: UiTranslate,
): PreviewLine[] {
  // The count picks the verb's form: "1 linha seria enviada", never "1 linha seriam enviadas".
  const known = PREVIEW_MEANINGS.map(([status, meaning]) => {
    const count = counts[status] ?? 0;
    return { status, count, meaning: t(meaning, { count }) };
  });
  const others = Object.keys(counts)
    .filter((status) => !PREVIEW_MEANINGS.some(([s]) => s === status))
    .map((status) => ({ status, count: counts[status] ?? 0, meaning: status }));
  return [...known, ...others].filter((line) => line.count > 0);
}

/** The question asked before anything leaves: how many messages, from which template. */
export function confirmText(
  preview: PreviewCounts,
  sheet: string,
  { t, number, day }: Pick<Words, 't' | 'number' | 'day'>,
): string {
  const sending = preview.counts.QUEUED ?? 0;
  const skipped = preview.counts.SKIPPED ?? 0;
  const rows = (n: number) => t(n === 1 ? 'ui.send.oneRow' : 'ui.send.rows', { count: number(n) });
  const question = t('ui.send.confirm', {
    template: preview.template.name,
    rows: rows(sending),
    sheet,
  });
  // The verb agrees with the count ("1 linha ficará", "3 linhas ficarão"); a day is written as the
  // spreadsheet's locale writes it (25/11/2026), not as the record stores it (2026-11-25).
  const skippedText =
    skipped > 0 ? ` ${t('ui.send.confirmSkipped', { rows: rows(skipped), count: skipped })}` : '';
  const when = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? day(date) : date);
  // What those rows' leads got before, and when: another template is a new campaign for them.
  const campaigns = (preview.campaigns ?? []).map(
    ({ template, rows: count, last }) =>
      ` ${t('ui.send.confirmCampaign', { rows: rows(count), count, template, date: when(last) })}`,
  );
  // Leads the spreadsheet's send record says got this very template: skipped unless ticked.
  const before = preview.sentBefore;
  const again =
    before && before.leads > 0
      ? ` ${t(before.leads === 1 ? 'ui.send.confirmSentBeforeOne' : 'ui.send.confirmSentBefore', {
          count: number(before.leads),
          template: preview.template.name,
          date: when(before.last),
        })}`
      : '';
  return `${question}${skippedText}${campaigns.join('')}${again} ${t('ui.send.cannotRecall')}`;
}
