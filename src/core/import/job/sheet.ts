import type { UpsertLeadInput } from '../../../api/schemas';
import { asText, placeStatusColumns, type RowCounts, zeroCounts } from '../../jobs/row-job';
import { payloadFingerprint } from '../fingerprint';
import { type HeaderMap, mapHeaders } from '../headers';
import { isBlankCell } from '../normalize';
import type { RowPlan } from '../plan';
import {
  buildLeadPayload,
  type Creation,
  duplicateReason,
  type ImportContext,
  type LeadPayloadResult,
  prepareContext,
} from '../row';
import {
  IMPORT_DETAIL_HEADER,
  IMPORT_IMPORTED_AT_HEADER,
  IMPORT_LEAD_ID_HEADER,
  IMPORT_ROW_STATUSES,
  IMPORT_STATUS_HEADER,
  IMPORT_STATUS_HEADERS,
  type ImportRowStatus,
  type ImportStatusHeader,
} from '../status-columns';

/**
 * The import job's view of its sheet: which rows this job has processed, what every other row
 * would send, and where to write. Pure: it works on values already read.
 *
 * Progress lives in the sheet, not in the job record: a row is processed by a job when its
 * `CRM Imported At` cell holds a date no earlier than the job's start. The mark moves with the
 * row when rows are sorted, inserted rows are simply unprocessed, and the job's counts are
 * recounted from the sheet, so a kill between a write and a checkpoint never counts twice.
 */

export interface StatusColumns {
  status: number;
  leadId: number;
  detail: number;
  importedAt: number;
}

const FIELD_OF: Record<ImportStatusHeader, keyof StatusColumns> = {
  [IMPORT_STATUS_HEADER]: 'status',
  [IMPORT_LEAD_ID_HEADER]: 'leadId',
  [IMPORT_DETAIL_HEADER]: 'detail',
  [IMPORT_IMPORTED_AT_HEADER]: 'importedAt',
};

/** Status headers missing from the header row, in the order they are created. */
export function missingStatusHeaders(headerMap: HeaderMap): ImportStatusHeader[] {
  return IMPORT_STATUS_HEADERS.filter((h) => headerMap.statusColumns[h] === undefined);
}

export function statusColumnsOf(headerMap: HeaderMap): StatusColumns | undefined {
  return placeStatusColumns(
    FIELD_OF,
    IMPORT_STATUS_HEADERS,
    (header) => headerMap.statusColumns[header],
  );
}

/**
 * Sheets keeps date-times to the second or so; a mark written in the job's first second must
 * still count as this job's. A previous job's mark from that same second would be taken as
 * this job's, leaving that row with the previous job's (seconds-old) status.
 */
export const PROCESSED_SLACK_MS = 1_000;

export function isDateCell(value: unknown): value is Date {
  return (
    Object.prototype.toString.call(value) === '[object Date]' &&
    !Number.isNaN((value as Date).getTime())
  );
}

/** A row to send: its own cells as a body, and what a new lead would add. */
export interface SendDecision {
  kind: 'send';
  payload: UpsertLeadInput;
  matchKey: string;
  create: Creation;
  /** A stage cell without a pipeline cell (row.ts `stageOnly`): placed by the lead's pipeline. */
  stageOnly?: unknown;
  /**
   * An earlier row of this read, not yet processed, holds one of this row's keys: this row is
   * DUPLICATE of it only if it is sent (issue 27 item 7d), so it waits for that row's fate.
   */
  after?: EarlierRow;
}

/** The earlier row a row of the same key waits for: its decision in the read, and the key. */
export interface EarlierRow {
  decision: SendDecision;
  key: string;
  /** Its sheet row number, for the DUPLICATE detail. */
  row: number;
}

/** A row the job still has to handle, with what planning decided for it. */
export type Decision =
  | { kind: 'skip' }
  | { kind: 'done'; status: ImportRowStatus }
  | { kind: 'invalid' | 'duplicate'; reason: string }
  | SendDecision;

/**
 * Payloads come from the job's PayloadCache, so the same object returns at every step: its
 * fingerprint is hashed once, on first use (hashing every row at every step would cost more
 * than all the rest of planning).
 */
const fingerprints = new WeakMap<object, string>();

export function fingerprintOf(decision: { payload: UpsertLeadInput; stageOnly?: unknown }): string {
  let fingerprint = fingerprints.get(decision.payload);
  if (fingerprint === undefined) {
    // A stage cell placed per lead is not in the payload, but a change of it is a change.
    const { stageOnly } = decision;
    fingerprint = payloadFingerprint(
      stageOnly === undefined
        ? decision.payload
        : ({ ...decision.payload, stage_cell: String(stageOnly) } as UpsertLeadInput),
    );
    fingerprints.set(decision.payload, fingerprint);
  }
  return fingerprint;
}

export interface SheetAnalysis {
  header: unknown[];
  rows: unknown[][];
  headerMap: HeaderMap;
  columns: StatusColumns;
  processed: boolean[];
  decisions: Decision[];
  /** When the values were read (ms), to decide whether they are fresh enough to reuse. */
  readAt: number;
  /** The data row of `rows[0]`: 0 for a whole read, more for a window. */
  offset: number;
  /** Whether `rows` reach the last row with content. */
  complete: boolean;
  /** Each row's match key (undefined: blank or invalid): how the pipeline finds a row again. */
  keys: (string | undefined)[];
}

/**
 * Row payloads by row content. The job plans the whole sheet at every step (rows may have been
 * sorted, inserted or edited), but between two steps almost no row changes: reusing each
 * row's payload makes a step's planning a string key per row instead of a full validation.
 * Keep one per job run: the key does not cover the context (reference data, options).
 */
export type PayloadCache = Map<string, LeadPayloadResult>;

function contentKey(row: readonly unknown[], headerMap: HeaderMap): string {
  let key = '';
  for (const column of headerMap.columns) {
    const value = row[column.index];
    key += isDateCell(value)
      ? `\u0001d${value.getTime()}`
      : `\u0001${typeof value}:${String(value)}`;
  }
  return key;
}

/**
 * planImport's classification (same statuses, reasons and duplicate rule; a unit test holds
 * them equal), with payloads reused from `cache`.
 */
export function planRows(
  rows: readonly (readonly unknown[] | undefined)[],
  headerMap: HeaderMap,
  context: ImportContext,
  headerRow: number,
  cache: PayloadCache = new Map(),
): RowPlan[] {
  const firstRow = headerRow + 1;
  const claimed = new Map<string, number>();
  return payloadRows(rows, headerMap, context, cache).map((result, offset): RowPlan => {
    const rowNumber = firstRow + offset;
    if (result === 'empty') return { rowNumber, status: 'EMPTY' };
    if (!result.ok) return { rowNumber, status: 'INVALID', reason: result.reason };
    const keys = claimKeys(result.payload, context);
    for (const claim of keys) {
      const first = claimed.get(claim);
      if (first !== undefined) {
        return { rowNumber, status: 'DUPLICATE', reason: duplicateReason(claim, first, context) };
      }
    }
    for (const claim of keys) claimed.set(claim, rowNumber);
    return {
      rowNumber,
      status: 'VALID',
      payload: result.payload,
      matchKey: result.matchKey,
      create: result.create,
    };
  });
}

/** Each row's payload (from `cache` when its content was seen), or 'empty'. */
function payloadRows(
  rows: readonly (readonly unknown[] | undefined)[],
  headerMap: HeaderMap,
  context: ImportContext,
  cache: PayloadCache,
): (LeadPayloadResult | 'empty')[] {
  prepareContext(context);
  const statusIndexes = new Set(Object.values(headerMap.statusColumns));
  return rows.map((row) => {
    if (!row || row.every((cell, i) => statusIndexes.has(i) || isBlankCell(cell))) return 'empty';
    const key = contentKey(row, headerMap);
    let result = cache.get(key);
    if (!result) {
      result = buildLeadPayload(row, headerMap, context);
      cache.set(key, result);
    }
    return result;
  });
}

export interface AnalyseInput {
  header: unknown[];
  rows: unknown[][];
  headerMap: HeaderMap;
  columns: StatusColumns;
  context: ImportContext;
  headerRow: number;
  /** The job's createdAt; undefined for a dry run, which keeps no marks. */
  processedSince?: number;
  readAt: number;
  cache?: PayloadCache;
  /**
   * A later row of a key an earlier row still to decide holds waits for that row's fate
   * (SendDecision `after`) rather than being DUPLICATE at once: a dry run's rows.
   */
  waitForEarlier?: boolean;
  /** A window's first data row (0 when left out: a whole read). */
  offset?: number;
  /** Whether the rows reach the last row with content (true when left out). */
  complete?: boolean;
}

/** Status columns may have a row shorter than the header; pads so writes by index work. */
function cellAt(row: readonly unknown[] | undefined, index: number): unknown {
  return row?.[index];
}

/**
 * Sheet keys a payload claims under the job's matchBy (`email:…`, `phone:…`), as planImport
 * claims them.
 */
export function claimKeys(payload: UpsertLeadInput, context: ImportContext): string[] {
  const keys: string[] = [];
  if (context.matchBy !== 'phone' && payload.email) keys.push(`email:${payload.email}`);
  if (context.matchBy !== 'email' && payload.phone) keys.push(`phone:${payload.phone}`);
  return keys;
}

/** Statuses of rows that were sent (or found unchanged): their keys are taken for this job. */
const CLAIMING: ReadonlySet<string> = new Set(['CREATED', 'UPDATED', 'UNCHANGED', 'FAILED']);

export function analyseSheet(input: AnalyseInput): SheetAnalysis {
  const { rows, headerMap, columns, context, processedSince } = input;
  const results = payloadRows(rows, headerMap, context, input.cache ?? new Map());
  const offset = input.offset ?? 0;
  const firstRow = input.headerRow + 1 + offset;
  const processed = rows.map((row) => {
    if (processedSince === undefined) return false;
    const mark = cellAt(row, columns.importedAt);
    return isDateCell(mark) && mark.getTime() >= processedSince - PROCESSED_SLACK_MS;
  });

  // Keys already handled by this job come first, wherever their rows are now: once rows are
  // sorted mid-job a later copy of a sent key may come first, and must still be DUPLICATE
  // rather than send the key a second time. Rows this job marked without sending (DUPLICATE,
  // INVALID) claim nothing, so the copy they gave way to is still sent.
  const claimed = new Map<string, number>();
  results.forEach((result, i) => {
    if (!processed[i] || result === 'empty' || !result.ok) return;
    if (!CLAIMING.has(String(cellAt(rows[i], columns.status)))) return;
    for (const key of claimKeys(result.payload, context))
      if (!claimed.has(key)) claimed.set(key, firstRow + i);
  });

  // Then the rows left, in sheet order: the first row of a key is sent, later ones DUPLICATE.
  // A row is DUPLICATE only of a row that is sent (issue 27 item 7d: it was DUPLICATE of a
  // CONFLICT row that was never sent). The run takes a later row of a key for DUPLICATE at
  // once (it never sends a key twice); should the first end unsent, the end check clears the
  // later one, decided again on its own (job-audit.ts). A dry run decides every row in one
  // step, so a later row waits for the earlier row's fate (`after`, fates.ts).
  const pending = new Map<string, number>();
  const decisions: Decision[] = [];
  const decide = (result: LeadPayloadResult | 'empty', i: number): Decision => {
    if (result === 'empty') return { kind: 'skip' };
    if (processed[i]) {
      const status = String(cellAt(rows[i], columns.status));
      return { kind: 'done', status: status as ImportRowStatus };
    }
    if (!result.ok) return { kind: 'invalid', reason: result.reason };
    const keys = claimKeys(result.payload, context);
    for (const key of keys) {
      const first = claimed.get(key);
      if (first !== undefined) {
        return { kind: 'duplicate', reason: duplicateReason(key, first, context) };
      }
    }
    const send: SendDecision = {
      kind: 'send',
      payload: result.payload,
      matchKey: result.matchKey,
      create: result.create,
      ...(result.stageOnly === undefined ? {} : { stageOnly: result.stageOnly }),
    };
    if (!input.waitForEarlier) {
      for (const key of keys) claimed.set(key, firstRow + i);
      return send;
    }
    // The latest earlier row of the key: DUPLICATE of a sent row itself, or the one whose
    // fate says whether the key is still free for this one.
    const held = keys.find((key) => pending.has(key));
    const earlier = held === undefined ? undefined : pending.get(held);
    const before = earlier === undefined ? undefined : decisions[earlier];
    for (const key of keys) pending.set(key, i);
    if (held === undefined || earlier === undefined || before?.kind !== 'send') return send;
    return { ...send, after: { decision: before, key: held, row: firstRow + earlier } };
  };
  results.forEach((result, i) => {
    decisions.push(decide(result, i));
  });

  return {
    header: input.header,
    rows,
    headerMap,
    columns,
    processed,
    decisions,
    readAt: input.readAt,
    offset,
    complete: input.complete ?? true,
    keys: results.map((result) => (result !== 'empty' && result.ok ? result.matchKey : undefined)),
  };
}

export type JobCounts = RowCounts<ImportRowStatus>;

export function emptyCounts(): Record<ImportRowStatus, number> {
  return zeroCounts(IMPORT_ROW_STATUSES);
}

/** Counts from the sheet: every non-empty row is in `total`, every processed one in `done`. */
export function countRows(analysis: SheetAnalysis): JobCounts {
  const counts = emptyCounts();
  let total = 0;
  let done = 0;
  analysis.decisions.forEach((decision) => {
    if (decision.kind === 'skip') return;
    total += 1;
    if (decision.kind !== 'done') return;
    done += 1;
    if (decision.status in counts) counts[decision.status] += 1;
  });
  return { total, done, counts };
}

/**
 * The match key of every row that may take a sent row's status (unprocessed rows planned to
 * send, or DUPLICATE because a sort put a copy first), '' for the others. One pass per read.
 */
export function relocationKeys(analysis: SheetAnalysis, context: ImportContext): string[] {
  return analysis.decisions.map((decision, i) => {
    if (decision.kind === 'send') return decision.matchKey;
    if (decision.kind !== 'duplicate') return '';
    const row = analysis.rows[i];
    const result = row ? buildLeadPayload(row, analysis.headerMap, context) : undefined;
    return result?.ok ? result.matchKey : '';
  });
}

/**
 * Finds a row again by its match key in a fresh read, among the rows this job has not
 * processed (and not `taken` by another status of this batch): the user may have sorted,
 * inserted or deleted rows meanwhile. Two such rows with the key: the one with the same
 * content, then the one planning keeps. Undefined when no row has the key any more.
 */
export function relocateRow(
  analysis: SheetAnalysis,
  keys: readonly string[],
  sent: { matchKey: string; fingerprint: string; hintIndex: number },
  context: ImportContext,
  taken: ReadonlySet<number> = new Set(),
): number | undefined {
  const candidates: number[] = [];
  keys.forEach((key, i) => {
    if (key === sent.matchKey && !taken.has(i)) candidates.push(i);
  });
  if (candidates.length <= 1) return candidates[0];
  const sameContent = candidates.filter((i) => {
    const row = analysis.rows[i];
    const result = row ? buildLeadPayload(row, analysis.headerMap, context) : undefined;
    return result?.ok && payloadFingerprint(result.payload) === sent.fingerprint;
  });
  const pool = sameContent.length > 0 ? sameContent : candidates;
  return (
    (pool.includes(sent.hintIndex) ? sent.hintIndex : undefined) ??
    pool.find((i) => analysis.decisions[i]?.kind === 'send') ??
    pool[0]
  );
}

/**
 * A value to write back as the cell it was: text stays text (a `=…` or `+55…` read from the
 * cell must not become a formula or a number when written again), other values as they are.
 */
export function asCell(value: unknown): unknown {
  if (typeof value === 'string') return asText(value);
  if (value === null || value === undefined) return '';
  return value;
}

/**
 * The status cells of consecutive rows `slice` (by index into `analysis`), for one write:
 * every value as the text or number it is, never a formula. A dry run writes only status and
 * detail (it keeps an earlier import's lead id and date, and marks no progress).
 */
export function statusCells(
  analysis: SheetAnalysis,
  slice: ReadonlyArray<{
    index: number;
    outcome: { status: string; leadId?: number; detail: string };
  }>,
  at: Date,
  dryRun: boolean,
): { columns: number[]; values: unknown[][] } {
  const { columns } = analysis;
  const targets: (keyof StatusColumns)[] = dryRun
    ? ['status', 'detail']
    : ['status', 'leadId', 'detail', 'importedAt'];
  const values = slice.map(({ index, outcome }) => {
    const row = analysis.rows[index] ?? [];
    const cell: Record<keyof StatusColumns, unknown> = {
      status: asText(outcome.status),
      leadId: outcome.leadId ?? asCell(row[columns.leadId]),
      detail: asText(outcome.detail),
      importedAt: at,
    };
    return targets.map((target) => cell[target]);
  });
  return { columns: targets.map((target) => columns[target]), values };
}

/** Maps the header row for the job, leaving HeaderMappingError to the caller. */
export function mapJobHeaders(
  header: readonly unknown[],
  context: ImportContext,
  mapping: Readonly<Record<string, string | null>>,
): HeaderMap {
  return mapHeaders(header, {
    customFields: context.customFields,
    mapping,
    ...(context.t ? { t: context.t } : {}),
  });
}
