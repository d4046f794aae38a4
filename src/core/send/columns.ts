import { type Translate, translator } from '../i18n';
import { leadFieldForKey } from '../import/lead-fields';
import { columnLetter, headerKey, listBriefly } from '../import/text-key';
import { placeStatusColumns } from '../jobs/row-job';
import type { LeadSource, SendJobOptions, ValueSource } from './options';
import { SEND_STATUS_HEADERS, type SendStatusHeader } from './status-columns';
import { variableLabel } from './template';

/** Where the four status columns are (0-based). */
export interface StatusColumns {
  status: number;
  messageId: number;
  detail: number;
  sentAt: number;
}

const FIELD_OF: Record<SendStatusHeader, keyof StatusColumns> = {
  'CRM Send Status': 'status',
  'CRM Message ID': 'messageId',
  'CRM Send Detail': 'detail',
  'CRM Sent At': 'sentAt',
};

/** A value source placed in the sheet: a column index (with its header, for messages) or text. */
export type PlacedSource = { column: number; header: string } | { value: string };

export interface SourceColumns {
  variables: Record<string, PlacedSource>;
  headerMediaUrl?: PlacedSource;
  headerMediaFilename?: PlacedSource;
  /** Column of lead ids (leadIdColumn). */
  leadId?: { column: number; header: string };
  /** Columns a lead is looked up by (matchBy). */
  email?: { column: number; header: string };
  phone?: { column: number; header: string };
  /**
   * The sheet's phone column, for rows found by lead id (issue 27 item 7b): an empty cell there
   * shows the lead has no phone, so the row is SKIPPED without a request.
   */
  phoneCell?: { column: number; header: string };
}

/** The header row no longer fits the job (a mapped column is gone): `problems` lists each fix. */
export class SendColumnsError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'SendColumnsError';
  }
}

function headerTexts(header: readonly unknown[]): string[] {
  return header.map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim()));
}

/**
 * A column by header text: the exact text first, then blind to case, accents, spaces and
 * punctuation (as every header in PRODUCT.md is matched). -1 when absent.
 */
export function findColumn(header: readonly unknown[], name: string): number {
  const texts = headerTexts(header);
  const exact = texts.indexOf(name.trim());
  if (exact >= 0) return exact;
  const key = headerKey(name);
  if (key === '') return -1;
  return texts.findIndex((text) => headerKey(text) === key);
}

export function statusColumnsOf(header: readonly unknown[]): StatusColumns | undefined {
  return placeStatusColumns(FIELD_OF, SEND_STATUS_HEADERS, (name) => {
    const index = findColumn(header, name);
    return index < 0 ? undefined : index;
  });
}

/** Status headers missing from the header row, in the order they are created. */
export function missingStatusHeaders(header: readonly unknown[]): SendStatusHeader[] {
  return SEND_STATUS_HEADERS.filter((name) => findColumn(header, name) < 0);
}

/** Columns filled by people (not the job): the ones whose cells decide whether a row is blank. */
export function statusIndexes(header: readonly unknown[]): Set<number> {
  return new Set(SEND_STATUS_HEADERS.map((name) => findColumn(header, name)).filter((i) => i >= 0));
}

function describeHeaders(header: readonly unknown[]): string {
  return listBriefly(
    headerTexts(header)
      .map((text, i) => (text === '' ? '' : `${columnLetter(i)} "${text}"`))
      .filter(Boolean),
    12,
  );
}

/** The first column whose header names a lead field (`E-mail`, `Telefone`/`Celular`/`WhatsApp`…). */
export function leadFieldColumn(
  header: readonly unknown[],
  field: 'email' | 'phone',
): { column: number; header: string } | undefined {
  const texts = headerTexts(header);
  const column = texts.findIndex((text) => leadFieldForKey(headerKey(text)) === field);
  return column < 0 ? undefined : { column, header: texts[column] ?? '' };
}

type SourceOptions = Pick<
  SendJobOptions,
  'variables' | 'headerMediaUrl' | 'headerMediaFilename' | 'lead'
>;

/**
 * Places every source of the job in the header row. Throws SendColumnsError listing each
 * column that is missing, with the headers the sheet has.
 */
export function placeSources(
  header: readonly unknown[],
  options: SourceOptions,
  sheetName: string,
  t: Translate = translator('en'),
): SourceColumns {
  const problems: string[] = [];
  const texts = headerTexts(header);
  const place = (source: ValueSource, what: string): PlacedSource | undefined => {
    if ('value' in source) return { value: source.value };
    const column = findColumn(header, source.column);
    if (column >= 0) return { column, header: texts[column] ?? source.column };
    const hint = /^https?:\/\//i.test(source.column)
      ? t('send.columns.urlHint', { json: JSON.stringify(source.column) })
      : '';
    problems.push(
      t('send.columns.missing', { what, column: source.column, sheet: sheetName, hint }),
    );
    return undefined;
  };

  const variables: Record<string, PlacedSource> = {};
  for (const [key, source] of Object.entries(options.variables)) {
    const placed = place(
      source,
      t('send.columns.whatVariable', { key, label: variableLabel(key) }),
    );
    if (placed) variables[key] = placed;
  }
  const result: SourceColumns = { variables };
  if (options.headerMediaUrl) {
    const placed = place(options.headerMediaUrl, t('send.columns.whatMediaUrl'));
    if (placed) result.headerMediaUrl = placed;
  }
  if (options.headerMediaFilename) {
    const placed = place(options.headerMediaFilename, t('send.columns.whatMediaFilename'));
    if (placed) result.headerMediaFilename = placed;
  }
  placeLead(header, options.lead, { sheetName, t }, result, problems);
  // Rows found by lead id (the case); a row looked up by e-mail keeps its lookup, whose
  // answer says whether the lead has a phone.
  const phoneCell = options.lead.by === 'column' ? leadFieldColumn(header, 'phone') : undefined;
  if (phoneCell) result.phoneCell = phoneCell;

  if (problems.length > 0) {
    const headers = t('send.columns.headers', { headers: describeHeaders(header) });
    throw new SendColumnsError([...problems, headers]);
  }
  return result;
}

function placeLead(
  header: readonly unknown[],
  lead: LeadSource,
  { sheetName, t }: { sheetName: string; t: Translate },
  result: SourceColumns,
  problems: string[],
): void {
  if (lead.by === 'column') {
    const column = findColumn(header, lead.column);
    if (column >= 0) {
      result.leadId = { column, header: headerTexts(header)[column] ?? lead.column };
    } else {
      problems.push(t('send.columns.leadIdMissing', { column: lead.column, sheet: sheetName }));
    }
    return;
  }
  const email = leadFieldColumn(header, 'email');
  const phone = leadFieldColumn(header, 'phone');
  if (lead.matchBy !== 'phone' && email) result.email = email;
  if (lead.matchBy !== 'email' && phone) result.phone = phone;
  if (!result.email && !result.phone) {
    problems.push(
      t('send.columns.noMatchColumn', {
        by: t(`send.columns.by.${lead.matchBy}`),
        sheet: sheetName,
        needs: t(`send.columns.needs.${lead.matchBy}`),
      }),
    );
  }
}
