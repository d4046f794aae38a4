import { shownText } from '../cells/read';
import { type Translate, translator } from '../i18n';
import { isDateCell, PROCESSED_SLACK_MS } from '../import/job/sheet';
import { isBlankCell, normalizeEmail, normalizePhone } from '../import/normalize';
import { IMPORT_LEAD_ID_HEADER } from '../import/status-columns';
import { describeCell } from '../import/text-key';
import { type RowCounts, zeroCounts } from '../jobs/row-job';
import { campaignsOfRow, type Received, type RowCampaigns } from './campaigns';
import type { PlacedSource, SourceColumns, StatusColumns } from './columns';
import { isRecorded, type RecordedStatus } from './job-ledger';
import { mediaUrlProblem, variableProblem } from './rules';
import { SEND_ROW_STATUSES, type SendRowStatus } from './status-columns';
import { variableLabel } from './template';

/**
 * The send job's view of its sheet, decided row by row from values already read (pure).
 *
 * Progress lives in the sheet. SENT and UNCERTAIN are final for every job: such a row is never
 * sent again unless a person clears its status. SENDING is written (and flushed) just before
 * the request leaves, so a SENDING row found later belongs to an execution that died in
 * between. SKIPPED and FAILED are final for the job that wrote them, told by the job's own
 * record (job-ledger.ts), not by the sheet: `CRM Sent At` holds the time of a send (SENT) or of an
 * attempt (SENDING, UNCERTAIN) only. A later job tries those rows again.
 */

/** The import writes lead ids here; a send uses the column by default when the sheet has it. */
export const SEND_LEAD_ID_DEFAULT_HEADER = IMPORT_LEAD_ID_HEADER;

/** What the lead of a row is known by before any request. */
export type LeadRef =
  | { kind: 'id'; leadId: number }
  | { kind: 'match'; email?: string; phone?: string };

/** The body of POST /leads/{id}/send-chatapp-template, without template_id and instance_id. */
export interface SendPayload {
  variables: Record<string, string>;
  header_media_url?: string;
  header_media_filename?: string;
}

export type RowDecision =
  | { kind: 'blank' }
  /** Nothing more to do for this row in this job. */
  | { kind: 'done'; status: SendRowStatus }
  /** Found SENDING: an execution died between marking the row and recording the answer. */
  | { kind: 'in-flight'; since?: number; leadId?: number }
  /** A documented rule or a missing lead refuses the row before any request. */
  /** `got`: another row says the lead got (or may have got) this template. */
  | { kind: 'skip'; reason: string; got?: boolean }
  | {
      kind: 'send';
      key: string;
      lead: LeadRef;
      payload: SendPayload;
      queued: boolean;
      /** Other templates the row's lead got from this row (a new campaign for it). */
      earlier?: Received[];
    };

export interface SendSheetValues {
  header: unknown[];
  rows: unknown[][];
  /** What Sheets shows in each cell: variables are sent as the person sees them. */
  display?: string[][];
  /** The data row of `rows[0]` (0 when left out: a whole read). */
  offset?: number;
  /** Whether `rows` reach the last row with content (true when left out). */
  complete?: boolean;
}

export interface SendAnalysis {
  header: unknown[];
  /** The rows read: the whole sheet, or a window of it starting at data row `offset`. */
  rows: unknown[][];
  display?: string[][];
  offset: number;
  /** Whether `rows` reach the last row with content. */
  complete: boolean;
  columns: StatusColumns;
  sources: SourceColumns;
  /** Each row's lead key (`lead:42`, `email:ana@x.com`, `phone:+55…`), '' when it has none. */
  keys: string[];
  /** What the job's record names each row by (ledgerKeyOf); '' for a blank row. */
  ledgerKeys: string[];
  /** Rows showing another lead's record (isOtherLeadsRecord): decided as if they showed none. */
  foreign: boolean[];
  decisions: RowDecision[];
  /** When the values were read (ms), to decide whether they are fresh enough to reuse. */
  readAt: number;
  /**
   * Leads that got this job's template from a SENT row of the sheet (any job), by lead id, with
   * the data row (1-based sheet row) that says so: no other row of such a lead gets it again.
   */
  sentLeads: Map<number, number>;
}

export interface AnalyseSendInput {
  values: SendSheetValues;
  columns: StatusColumns;
  sources: SourceColumns;
  /** The job's createdAt: SKIPPED / FAILED rows marked since then are this job's. */
  since: number;
  defaultCountry: string;
  headerRow: number;
  readAt: number;
  /**
   * The job's template: a SENT row of another template is a new campaign for its lead; one of
   * this template (or one whose template is unknown) is never sent it again. Left out: every
   * SENT row counts as this template's.
   */
  templateName?: string;
  /** The job's language for the reasons written (English when left out). */
  t?: Translate;
  /**
   * Whether this job ended the row of a record key SKIPPED or FAILED (its ledger, job-ledger.ts).
   * Left out (a preview): no such row is the job's.
   */
  mine?: (status: RecordedStatus, recordKey: string) => boolean;
  /**
   * The opt-out tag the row's lead carries (PRODUCT.md "Opt-out"), if any: its row is SKIPPED
   * ("asked not to be messaged", naming the tag) before any request. Left out: none is known.
   */
  optedOut?: (lead: LeadRef) => string | undefined;
}

function cell(row: readonly unknown[] | undefined, index: number): unknown {
  return row?.[index];
}

export function statusOf(row: readonly unknown[] | undefined, columns: StatusColumns): string {
  const value = cell(row, columns.status);
  return isBlankCell(value) ? '' : String(value).trim().toUpperCase();
}

export function markedSince(
  row: readonly unknown[] | undefined,
  columns: StatusColumns,
  since: number,
) {
  const mark = cell(row, columns.sentAt);
  return isDateCell(mark) && mark.getTime() >= since - PROCESSED_SLACK_MS;
}

function sourceText(
  source: PlacedSource,
  row: readonly unknown[],
  display: readonly string[] | undefined,
): string {
  if ('value' in source) return source.value;
  return shownText(row[source.column], display?.[source.column]);
}

function sourceName(source: PlacedSource, t: Translate): string {
  return 'value' in source
    ? t('send.row.fixedValue')
    : t('send.row.column', { column: source.header });
}

/** The lead id of a `lead:42` key. */
export function leadIdOfKey(key: string | undefined): number | undefined {
  const id = key?.startsWith('lead:') ? Number(key.slice('lead:'.length)) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The key a detail names: `email:…` or `phone:…` (language-neutral: values, not words), the
 * last one before the row's history. Only a key's shape counts (an address with `@`, a phone
 * as `+` and digits): a reason's own words ("the phone found …") name none.
 */
export function rowKeyNamedIn(detail: string): string | undefined {
  const text = detail.replace(/ \[✓ [^\]]*\]\s*$/, '');
  const pattern = /\b(?:email ([^\s()<>,;"]+@[^\s()<>,;"]+?)|phone (\+\d{6,}))\.?(?=[\s)]|$)/g;
  let key: string | undefined;
  for (const match of text.matchAll(pattern)) {
    key = match[1] === undefined ? `phone:${match[2]}` : `email:${match[1]}`;
  }
  return key;
}

/**
 * Whether a row's status cells are another lead's record (issue 16 item 12): a person may sort
 * or insert between a step's read and its write, so a write lands on another row. Every record
 * that says something of its lead names it: the lead (`lead 42`) on a lead id row, the key it
 * was found by (`email …`, `phone …`) on a matched row (withRowKey). Such cells say nothing of
 * the row's own lead: the row is decided as if they were blank, never skipped or claimed on
 * their word (and the end-of-job check puts the record back on its own row, misplaced.ts).
 */
export function isOtherLeadsRecord(
  key: string,
  detail: unknown,
  namedLead: number | undefined,
): boolean {
  const text = isBlankCell(detail) ? '' : String(detail);
  // A row whose lead id finds no lead has no record of its own naming one: a detail that names
  // a lead (outside the quoted value its own refusal may show) is a write a sort moved there.
  // Its own refusal of an e-mail or phone may name the value as a key would ("phone +55…"), so
  // a key named on a row without one proves nothing, and is left alone.
  if (key === '') {
    return namedLead !== undefined && /\blead \d+/.test(text.replace(/"[^"]*"|“[^”]*”/g, ''));
  }
  const own = leadIdOfKey(key);
  if (own !== undefined) return namedLead !== undefined && namedLead !== own;
  const named = rowKeyNamedIn(text);
  return named !== undefined && named !== key;
}

/** A lead id cell: a positive whole number, typed as a number or as digits. */
export function readLeadId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) {
    const n = Number(value);
    if (Number.isSafeInteger(n) && n > 0) return n;
  }
  return undefined;
}

type LeadOfRow = { ok: true; key: string; lead: LeadRef } | { ok: false; reason: string };

function leadOfRow(
  row: readonly unknown[],
  sources: SourceColumns,
  country: string,
  t: Translate,
): LeadOfRow {
  if (sources.leadId) {
    const value = row[sources.leadId.column];
    if (isBlankCell(value)) {
      return { ok: false, reason: t('send.row.noLeadId', { column: sources.leadId.header }) };
    }
    const leadId = readLeadId(value);
    if (leadId === undefined) {
      return {
        ok: false,
        reason: t('send.row.badLeadId', {
          column: sources.leadId.header,
          value: describeCell(value),
        }),
      };
    }
    return { ok: true, key: `lead:${leadId}`, lead: { kind: 'id', leadId } };
  }
  const problems: string[] = [];
  let email: string | undefined;
  let phone: string | undefined;
  if (sources.email) {
    const value = row[sources.email.column];
    if (!isBlankCell(value)) {
      const normal = normalizeEmail(value);
      if (normal.ok) email = normal.value;
      else
        problems.push(
          t('send.row.columnProblem', { column: sources.email.header, error: normal.error }),
        );
    }
  }
  if (sources.phone) {
    const value = row[sources.phone.column];
    if (!isBlankCell(value)) {
      const normal = normalizePhone(value, country);
      if (normal.ok) phone = normal.value;
      else
        problems.push(
          t('send.row.columnProblem', { column: sources.phone.header, error: normal.error }),
        );
    }
  }
  if (email !== undefined) {
    return {
      ok: true,
      key: `email:${email}`,
      lead: { kind: 'match', email, ...(phone ? { phone } : {}) },
    };
  }
  if (phone !== undefined)
    return { ok: true, key: `phone:${phone}`, lead: { kind: 'match', phone } };
  const columns = [sources.email?.header, sources.phone?.header]
    .filter(Boolean)
    .map((h) => `"${h}"`);
  const what =
    columns.length > 1
      ? t('send.row.what.emailOrPhone')
      : t(sources.email ? 'send.row.what.email' : 'send.row.what.phone');
  return {
    ok: false,
    reason:
      problems.length > 0
        ? t('send.row.noLeadProblems', { problems: problems.join('; ') })
        : t('send.row.noLeadEmpty', { columns: columns.join(', '), what }),
  };
}

type PayloadOfRow = { ok: true; payload: SendPayload } | { ok: false; problems: string[] };

function payloadOfRow(
  row: readonly unknown[],
  display: readonly string[] | undefined,
  sources: SourceColumns,
  t: Translate,
): PayloadOfRow {
  const problems: string[] = [];
  const variables: Record<string, string> = {};
  for (const [key, source] of Object.entries(sources.variables)) {
    const text = sourceText(source, row, display);
    const problem = variableProblem(text, t);
    if (problem) {
      problems.push(
        t('send.row.variable', {
          variable: variableLabel(key, t),
          source: sourceName(source, t),
          problem,
        }),
      );
    } else variables[key] = text.trim();
  }
  const payload: SendPayload = { variables };
  if (sources.headerMediaUrl) {
    const url = sourceText(sources.headerMediaUrl, row, display).trim();
    const problem = mediaUrlProblem(url, t);
    if (problem) {
      const source = sourceName(sources.headerMediaUrl, t);
      problems.push(t('send.row.headerFile', { source, problem }));
    } else payload.header_media_url = url;
  }
  if (sources.headerMediaFilename) {
    const name = sourceText(sources.headerMediaFilename, row, display).trim();
    // Optional in the API: an empty cell sends none and the contact sees the provider's name.
    if (name !== '') payload.header_media_filename = name;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, payload };
}

/**
 * What the job's record names a row by: its lead key, or for a row without one the lead cells
 * it was refused for (every such row is refused, whatever else it holds).
 */
export function ledgerKeyOf(key: string, row: readonly unknown[], sources: SourceColumns): string {
  if (key !== '') return key;
  const columns = [sources.leadId, sources.email, sources.phone].flatMap((s) => (s ? [s] : []));
  return `x:${columns.map(({ column }) => (isBlankCell(row[column]) ? '' : String(row[column]).trim())).join('|')}`;
}

const ENGLISH = translator('en');

/** Statuses that make a row's lead taken for this job, so no other row sends to it. */
const CLAIMING: ReadonlySet<string> = new Set(['SENT', 'UNCERTAIN', 'FAILED', 'SENDING']);

/** What each row read is, before anything is decided: its lead, key, status and history. */
interface RowFacts {
  firstRow: number;
  t: Translate;
  blank: boolean[];
  leads: (LeadOfRow | undefined)[];
  keys: string[];
  ledgerKeys: string[];
  foreign: boolean[];
  statuses: string[];
  campaigns: RowCampaigns[];
  /** Whether the row says its lead got this job's template. */
  gotThis: boolean[];
  /** Whether this job wrote the row's status (SKIPPED / FAILED: its ledger; else its time). */
  mine: (i: number) => boolean;
}

function rowFacts(input: AnalyseSendInput): RowFacts {
  const { values, columns, sources, since } = input;
  const { rows } = values;
  const people = new Set([columns.status, columns.messageId, columns.detail, columns.sentAt]);
  const blank = rows.map((row) => row.every((value, i) => people.has(i) || isBlankCell(value)));
  const t = input.t ?? ENGLISH;
  const leads = rows.map((row, i) =>
    blank[i] ? undefined : leadOfRow(row, sources, input.defaultCountry, t),
  );
  const keys = leads.map((lead) => (lead?.ok ? lead.key : ''));
  const ledgerKeys = rows.map((row, i) =>
    blank[i] ? '' : ledgerKeyOf(keys[i] ?? '', row, sources),
  );
  // Another lead's record on a row (a write a sort moved) counts as no status at all.
  const foreign = rows.map((row, i) =>
    isOtherLeadsRecord(keys[i] ?? '', row[columns.detail], campaignsOfRow(row, columns).leadId),
  );
  const statuses = rows.map((row, i) => (foreign[i] ? '' : statusOf(row, columns)));
  // What each row's lead got before, and whether that includes this job's template.
  const campaigns = rows.map((row, i) =>
    foreign[i] ? { received: [] } : campaignsOfRow(row, columns),
  );
  const gotThis = rows.map((_row, i) => {
    const { received } = campaigns[i] ?? { received: [] };
    if (input.templateName === undefined) return statuses[i] === 'SENT';
    if (statuses[i] === 'SENT' && received.length === 0) return true;
    return received.some(({ template }) => template === input.templateName);
  });
  const mine = (i: number): boolean => {
    const status = statuses[i] ?? '';
    if (isRecorded(status)) return input.mine?.(status, ledgerKeys[i] ?? '') ?? false;
    return markedSince(rows[i], columns, since);
  };
  const firstRow = input.headerRow + 1 + (values.offset ?? 0);
  return {
    firstRow,
    t,
    blank,
    leads,
    keys,
    ledgerKeys,
    foreign,
    statuses,
    campaigns,
    gotThis,
    mine,
  };
}

/** Which leads rows of the read already claim for this template, and which rows say so. */
interface RowClaims {
  /** Leads a SENT row says got this template (any job), by lead id: its sheet row. */
  sentLeads: Map<number, number>;
  /** Keys this job sent to (or may have), or a row says got this template: the first row. */
  taken: Map<string, number>;
  /** Rows sent by an earlier job: a copy is not skipped as "one send per job". */
  sentRows: Set<number>;
  /** Rows whose lead got (or may have got) this template: a copy skipped for them says so. */
  maybeSent: Set<number>;
}

function rowClaims(input: AnalyseSendInput, facts: RowFacts): RowClaims {
  const { columns, since } = input;
  const claims: RowClaims = {
    sentLeads: new Map(),
    taken: new Map(),
    sentRows: new Set(),
    maybeSent: new Set(),
  };
  input.values.rows.forEach((row, i) => {
    const key = facts.keys[i] ?? '';
    if (facts.blank[i]) return;
    const status = facts.statuses[i] ?? '';
    const at = facts.firstRow + i;
    const leadId = facts.campaigns[i]?.leadId;
    if (facts.gotThis[i] && leadId !== undefined && !claims.sentLeads.has(leadId)) {
      claims.sentLeads.set(leadId, at);
    }
    if (key === '') return;
    const claiming =
      facts.gotThis[i] || (CLAIMING.has(status) && (status === 'SENDING' || facts.mine(i)));
    if (claiming && !claims.taken.has(key)) claims.taken.set(key, at);
    if (claiming && status !== 'FAILED') claims.maybeSent.add(at);
    if (facts.gotThis[i] && !markedSince(row, columns, since)) claims.sentRows.add(at);
  });
  return claims;
}

/** A row whose status alone decides it: done, or in flight (left SENDING). */
function decidedByStatus(
  input: AnalyseSendInput,
  facts: RowFacts,
  i: number,
): RowDecision | undefined {
  const status = facts.statuses[i] ?? '';
  const newCampaign = status === 'SENT' && !facts.gotThis[i];
  if ((status === 'SENT' && !newCampaign) || status === 'UNCERTAIN') {
    return { kind: 'done', status };
  }
  if (status === 'SENDING') {
    // The mark's time is when the send may have left: what settles it from the conversation.
    const mark = cell(input.values.rows[i], input.columns.sentAt);
    const leadId = facts.campaigns[i]?.leadId ?? leadIdOfKey(facts.keys[i]);
    return {
      kind: 'in-flight',
      ...(isDateCell(mark) ? { since: mark.getTime() } : {}),
      ...(leadId === undefined ? {} : { leadId }),
    };
  }
  if (isRecorded(status) && facts.mine(i)) return { kind: 'done', status };
  return undefined;
}

/** A row still to do: skipped for a rule or an earlier row of its lead, else to send. */
function decideToDo(
  input: AnalyseSendInput,
  facts: RowFacts,
  claims: RowClaims,
  i: number,
): RowDecision {
  const { t } = facts;
  const row = input.values.rows[i] ?? [];
  const lead = facts.leads[i];
  const payload = payloadOfRow(row, input.values.display?.[i], input.sources, t);
  const problems = [
    ...(lead && !lead.ok ? [lead.reason] : []),
    ...(payload.ok ? [] : payload.problems),
  ];
  const phoneCell = input.sources.phoneCell;
  if (phoneCell && isBlankCell(row[phoneCell.column])) {
    // The sheet shows no phone: the CRM would refuse it (a request spent for nothing).
    problems.push(t('send.row.noPhoneCell', { column: phoneCell.header }));
  }
  if (problems.length > 0 || !lead?.ok || !payload.ok) {
    return { kind: 'skip', reason: t('send.row.notSent', { problems: problems.join('; ') }) };
  }
  const optOutTag = input.optedOut?.(lead.lead);
  if (optOutTag !== undefined) {
    return { kind: 'skip', reason: t('send.row.optedOut', { tag: optOutTag }) };
  }
  if (facts.gotThis[i]) {
    const template = input.templateName ?? '';
    return { kind: 'skip', reason: t('send.row.gotTemplate', { template }) };
  }
  const first = claims.taken.get(lead.key);
  const key = lead.key.replace(':', ' ');
  if (first !== undefined) {
    const earlier = claims.sentRows.has(first);
    return {
      kind: 'skip',
      got: earlier || claims.maybeSent.has(first),
      reason: t(earlier ? 'send.row.sameLeadSent' : 'send.row.sameLead', { key, row: first }),
    };
  }
  claims.taken.set(lead.key, facts.firstRow + i);
  const earlier = facts.campaigns[i]?.received ?? [];
  return {
    kind: 'send',
    key: lead.key,
    lead: lead.lead,
    payload: payload.payload,
    queued: facts.statuses[i] === 'QUEUED' && isBlankCell(cell(row, input.columns.sentAt)),
    ...(earlier.length > 0 ? { earlier } : {}),
  };
}

export function analyseSendSheet(input: AnalyseSendInput): SendAnalysis {
  const { values, columns, sources } = input;
  const facts = rowFacts(input);
  const claims = rowClaims(input, facts);
  const decisions = values.rows.map(
    (_row, i): RowDecision =>
      facts.blank[i]
        ? { kind: 'blank' }
        : (decidedByStatus(input, facts, i) ?? decideToDo(input, facts, claims, i)),
  );
  return {
    header: values.header,
    rows: values.rows,
    ...(values.display ? { display: values.display } : {}),
    offset: values.offset ?? 0,
    complete: values.complete ?? true,
    columns,
    sources,
    keys: facts.keys,
    ledgerKeys: facts.ledgerKeys,
    foreign: facts.foreign,
    decisions,
    readAt: input.readAt,
    sentLeads: claims.sentLeads,
  };
}

export type SendCounts = RowCounts<SendRowStatus>;

export function emptySendCounts(): Record<SendRowStatus, number> {
  return zeroCounts(SEND_ROW_STATUSES);
}

/**
 * Counts from the sheet: every non-blank row is in `total`; rows this job has nothing more to
 * do for are `done`, by status; rows still to send are QUEUED (SENDING while in flight).
 */
export function countSendRows(analysis: SendAnalysis): SendCounts {
  const counts = emptySendCounts();
  let total = 0;
  let done = 0;
  for (const decision of analysis.decisions) {
    if (decision.kind === 'blank') continue;
    total += 1;
    if (decision.kind === 'done') {
      done += 1;
      counts[decision.status] += 1;
    } else if (decision.kind === 'in-flight') counts.SENDING += 1;
    else counts.QUEUED += 1;
  }
  return { total, done, counts };
}

/** Rows SENT by the job that started at `since` (not by an earlier one). */
export function sentSince(analysis: SendAnalysis, since: number): number {
  return analysis.rows.filter(
    (row) =>
      statusOf(row, analysis.columns) === 'SENT' && markedSince(row, analysis.columns, since),
  ).length;
}

/** Whether the job has anything left to write or send. */
export function hasPendingRows(analysis: SendAnalysis): boolean {
  return analysis.decisions.some((d) => d.kind !== 'blank' && d.kind !== 'done');
}
