import type { UpsertLeadInput } from '../../api/schemas';
import { placeStatusColumns, type RowCounts, zeroCounts } from '../jobs/row-job';
import { locateRow } from '../jobs/row-locator';
import { payloadFingerprint } from './fingerprint';
import { type HeaderMap, mapHeaders } from './headers';
import { isBlankCell } from './normalize';
import type { RowPlan } from './plan';
import {
  buildLeadPayload,
  type ImportContext,
  type LeadPayloadResult,
  prepareContext,
} from './row';
import {
  IMPORT_DETAIL_HEADER,
  IMPORT_IMPORTED_AT_HEADER,
  IMPORT_LEAD_ID_HEADER,
  IMPORT_ROW_STATUSES,
  IMPORT_STATUS_HEADER,
  IMPORT_STATUS_HEADERS,
  type ImportRowStatus,
  type ImportStatusHeader,
} from './status-columns';

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

/** A row the job still has to handle, with what planning decided for it. */
export type Decision =
  | { kind: 'skip' }
  | { kind: 'done'; status: ImportRowStatus }
  | { kind: 'invalid' | 'duplicate'; reason: string }
  | {
      kind: 'send';
      payload: UpsertLeadInput;
      matchKey: string;
    };

export interface SheetAnalysis {
  header: unknown[];
  rows: unknown[][];
  headerMap: HeaderMap;
  columns: StatusColumns;
  plan: RowPlan[];
  processed: boolean[];
  decisions: Decision[];
  /** When the values were read (ms), to decide whether they are fresh enough to reuse. */
  readAt: number;
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
  prepareContext(context);
  const firstRow = headerRow + 1;
  const statusIndexes = new Set(Object.values(headerMap.statusColumns));
  const claimed = new Map<string, number>();
  return rows.map((row, offset): RowPlan => {
    const rowNumber = firstRow + offset;
    if (!row || row.every((cell, i) => statusIndexes.has(i) || isBlankCell(cell))) {
      return { rowNumber, status: 'EMPTY' };
    }
    const key = contentKey(row, headerMap);
    let result = cache.get(key);
    if (!result) {
      result = buildLeadPayload(row, headerMap, context);
      cache.set(key, result);
    }
    if (!result.ok) return { rowNumber, status: 'INVALID', reason: result.reason };
    const keys = claimKeys(result.payload, context);
    for (const claim of keys) {
      const first = claimed.get(claim);
      if (first !== undefined) {
        const kind = claim.slice(0, claim.indexOf(':'));
        return { rowNumber, status: 'DUPLICATE', reason: `Same ${kind} as row ${first}` };
      }
    }
    for (const claim of keys) claimed.set(claim, rowNumber);
    return { rowNumber, status: 'VALID', payload: result.payload, matchKey: result.matchKey };
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
}

/** Status columns may have a row shorter than the header; pads so writes by index work. */
function cellAt(row: readonly unknown[] | undefined, index: number): unknown {
  return row?.[index];
}

/**
 * Sheet keys a payload claims under the job's matchBy (`email:…`, `phone:…`), as planImport
 * claims them.
 */
function claimKeys(payload: UpsertLeadInput, context: ImportContext): string[] {
  const keys: string[] = [];
  if (context.matchBy !== 'phone' && payload.email) keys.push(`email:${payload.email}`);
  if (context.matchBy !== 'email' && payload.phone) keys.push(`phone:${payload.phone}`);
  return keys;
}

/** Statuses of rows that were sent (or found unchanged): their keys are taken for this job. */
const CLAIMING: ReadonlySet<string> = new Set(['CREATED', 'UPDATED', 'UNCHANGED', 'FAILED']);

export function analyseSheet(input: AnalyseInput): SheetAnalysis {
  const { rows, headerMap, columns, context, processedSince } = input;
  const plan = planRows(rows, headerMap, context, input.headerRow, input.cache);
  const firstRow = input.headerRow + 1;
  const processed = rows.map((row) => {
    if (processedSince === undefined) return false;
    const mark = cellAt(row, columns.importedAt);
    return isDateCell(mark) && mark.getTime() >= processedSince - PROCESSED_SLACK_MS;
  });

  // Keys already handled by this job. planImport claims keys in sheet order; once rows are
  // sorted mid-job, a later copy of a key may come first, and must still be DUPLICATE rather
  // than send the key a second time.
  const taken = new Map<string, number>();
  rows.forEach((row, i) => {
    const entry = plan[i];
    if (!processed[i] || !entry || entry.status === 'EMPTY') return;
    if (!CLAIMING.has(String(cellAt(row, columns.status)))) return;
    const payload =
      entry.status === 'VALID'
        ? entry.payload
        : entry.status === 'DUPLICATE'
          ? ownPayload(row, headerMap, context)
          : undefined;
    if (!payload) return;
    for (const key of claimKeys(payload, context))
      if (!taken.has(key)) taken.set(key, firstRow + i);
  });

  const decisions = plan.map((entry, i): Decision => {
    if (entry.status === 'EMPTY') return { kind: 'skip' };
    if (processed[i]) {
      const status = String(cellAt(rows[i], columns.status));
      return { kind: 'done', status: status as ImportRowStatus };
    }
    if (entry.status === 'INVALID') return { kind: 'invalid', reason: entry.reason };
    if (entry.status === 'DUPLICATE') return { kind: 'duplicate', reason: entry.reason };
    for (const key of claimKeys(entry.payload, context)) {
      const first = taken.get(key);
      if (first !== undefined) {
        const kind = key.slice(0, key.indexOf(':'));
        return { kind: 'duplicate', reason: `Same ${kind} as row ${first}` };
      }
    }
    // The fingerprint is left to the rows a step reaches: hashing every row at every step
    // would cost more than all the rest of planning.
    return { kind: 'send', payload: entry.payload, matchKey: entry.matchKey };
  });

  return {
    header: input.header,
    rows,
    headerMap,
    columns,
    plan,
    processed,
    decisions,
    readAt: input.readAt,
  };
}

function ownPayload(
  row: readonly unknown[] | undefined,
  headerMap: HeaderMap,
  context: ImportContext,
): UpsertLeadInput | undefined {
  if (!row) return undefined;
  const result = buildLeadPayload(row, headerMap, context);
  return result.ok ? result.payload : undefined;
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
 * Finds the row that was sent again after the request, by its match key among the rows this
 * job has not processed: the user may have sorted, inserted or deleted rows meanwhile. Two
 * unprocessed rows with the key: the one with the same content, then the one planning keeps.
 */
export function relocateSentRow(
  analysis: SheetAnalysis,
  sent: { matchKey: string; fingerprint: string; hintIndex: number },
  context: ImportContext,
): number | undefined {
  const keys = analysis.decisions.map((decision, i) => {
    if (decision.kind === 'send') return decision.matchKey;
    if (decision.kind !== 'duplicate') return '';
    const row = analysis.rows[i];
    const result = row ? buildLeadPayload(row, analysis.headerMap, context) : undefined;
    return result?.ok ? result.matchKey : '';
  });
  const found = locateRow(keys, sent.matchKey, sent.hintIndex);
  if (found.found) return found.index;
  if (found.reason === 'missing') return undefined;
  const candidates = keys.flatMap((key, i) => (key === sent.matchKey ? [i] : []));
  const sameContent = candidates.filter((i) => {
    const row = analysis.rows[i];
    const result = row ? buildLeadPayload(row, analysis.headerMap, context) : undefined;
    return result?.ok && payloadFingerprint(result.payload) === sent.fingerprint;
  });
  const pool = sameContent.length > 0 ? sameContent : candidates;
  return pool.find((i) => analysis.decisions[i]?.kind === 'send') ?? pool[0];
}

/** Maps the header row for the job, leaving HeaderMappingError to the caller. */
export function mapJobHeaders(
  header: readonly unknown[],
  context: ImportContext,
  mapping: Readonly<Record<string, string | null>>,
): HeaderMap {
  return mapHeaders(header, { customFields: context.customFields, mapping });
}
