import { type Translate, translator } from '../../i18n';
import { matchKeyId } from '../fingerprint';
import { buildLeadPayload, duplicateGoneReason, duplicateReason, type ImportContext } from '../row';
import type { ImportRowStatus } from '../status-columns';
import type { LastImport } from './fingerprints';
import { claimKeys, fingerprintOf, type SheetAnalysis } from './sheet';

/**
 * The end-of-job check of an import (issue 16 item 12, PRODUCT.md "Executions end"): a person
 * may sort or insert rows between the job's locating read and its write, so a status can land
 * on another lead's row. The job keeps what it wrote per match key (`record`, this execution's
 * writes) and the import memory (lead id per key of every successful import); this compares
 * the sheet with them and says what to repair:
 *
 * - a key's rows: exactly one shows the key's recorded outcome, the others are DUPLICATE; a
 *   lead status that says this row's cells were sent (CREATED, UPDATED, UNCHANGED) belongs to
 *   the row whose cells are the ones sent: when a person deleted that row, or pasted other
 *   cells over it, no other row of the key takes the status (its cells never reached the
 *   lead): those rows are decided again;
 * - a row this job marked CREATED / UPDATED / UNCHANGED whose lead id is not its key's lead in
 *   the memory (or, its key unknown there, is another key's lead), a DUPLICATE none of whose sheet keys (e-mail, phone) another row holds, or a row marked with a status its
 *   own cells cannot have (a row that is INVALID by itself): its marks are cleared, so the job
 *   decides it again (an unchanged row costs no request).
 *
 * Pure: it works on a whole read already taken.
 */

/**
 * What the job wrote for a key: status, lead id (when one) and detail (absent for a write of
 * an earlier execution, kept in the job's cursor without its words).
 */
export interface WrittenOutcome {
  status: ImportRowStatus;
  leadId?: number;
  detail?: string;
  /** The fingerprint of the cells sent (fingerprintOf), when the job has it in memory. */
  fingerprint?: string;
}

export interface AuditRepairs {
  /** Rows to write again with their key's outcome (index into the read). */
  rewrite: { index: number; outcome: WrittenOutcome & { detail: string } }[];
  /** Rows whose status cells to clear: the job decides them again. */
  clear: number[];
  /**
   * Rows that keep their status (DUPLICATE) but show another key's lead id, left by a write a
   * person's sort moved: their CRM Lead ID becomes their own key's lead ('' when unknown).
   * Applied after `rewrite` (which keeps a row's id cell when its outcome has none).
   */
  ids: { index: number; leadId: number | '' }[];
}

const LEAD_STATUSES: ReadonlySet<string> = new Set(['CREATED', 'UPDATED', 'UNCHANGED']);
/** Rows whose key the memory lacks that still count as misplaced, not as a memory that lost entries. */
const MEMORY_SLACK_ROWS = 10;

/** Statuses that say the row's own cells are what its lead holds. */
const SENT_STATUSES: ReadonlySet<string> = new Set(['CREATED', 'UPDATED', 'UNCHANGED']);

function shows(row: readonly unknown[], analysis: SheetAnalysis, outcome: WrittenOutcome) {
  const { columns } = analysis;
  if (String(row[columns.status] ?? '') !== outcome.status) return false;
  if (outcome.detail !== undefined && String(row[columns.detail] ?? '') !== outcome.detail)
    return false;
  return outcome.leadId === undefined || row[columns.leadId] === outcome.leadId;
}

/**
 * Each row's own match key ('' when its cells make no valid row) and the fingerprint of what it
 * would send, from its content.
 */
function ownKeys(
  analysis: SheetAnalysis,
  context: ImportContext,
): { keys: string[]; prints: string[]; claims: string[][]; invalidReasons: Set<string> } {
  const prints: string[] = [];
  const claims: string[][] = [];
  const invalidReasons = new Set<string>();
  const keys = analysis.rows.map((row, i) => {
    prints[i] = '';
    claims[i] = [];
    if (analysis.decisions[i]?.kind === 'skip') return '';
    const decision = analysis.decisions[i];
    const result =
      decision?.kind === 'send' ? decision : buildLeadPayload(row, analysis.headerMap, context);
    if (!('payload' in result)) {
      invalidReasons.add(result.reason);
      return '';
    }
    prints[i] = fingerprintOf(result);
    claims[i] = claimKeys(result.payload, context);
    return result.matchKey;
  });
  return { keys, prints, claims, invalidReasons };
}

/**
 * The fingerprint a row must have to show `outcome` (the cells that were sent), undefined when
 * any row of the key may show it (a status that sent nothing, or a print the job lacks).
 */
function sentPrint(
  outcome: WrittenOutcome,
  keyId: string,
  memory: (keyId: string) => LastImport | undefined,
): string | undefined {
  if (!SENT_STATUSES.has(outcome.status)) return undefined;
  if (outcome.fingerprint !== undefined) return outcome.fingerprint;
  const known = memory(keyId);
  return known !== undefined && known.leadId === outcome.leadId ? known.fingerprint : undefined;
}

/** What the checks of one whole read share: each row's own key, print and sheet keys. */
interface AuditInput {
  analysis: SheetAnalysis;
  context: ImportContext;
  record: ReadonlyMap<string, WrittenOutcome>;
  memory: (keyId: string) => LastImport | undefined;
  keys: string[];
  prints: string[];
  claims: string[][];
  rowsOf: Map<string, number[]>;
  /** Why each row of the sheet whose cells make no valid row is INVALID (its detail). */
  invalidReasons: ReadonlySet<string>;
  /**
   * Whether an INVALID detail is the refusal of a row whose cells make a valid row (the CRM's
   * 422, placed by key), not the reason of cells that make no valid row.
   */
  refusedByKey: (detail: string) => boolean;
  /** Whether a lead id is the lead of another key than `key` (leadsOfKeys). */
  elsewhere: (id: unknown, key: string) => boolean;
  /** Whether a DUPLICATE row stands: a row sent, or still to send, holds a key of it. */
  sentHolds: (index: number) => boolean;
}

/** Statuses of a row that took its key: a later row of the key is DUPLICATE of it. */
const TOOK_KEY: ReadonlySet<string> = new Set(['CREATED', 'UPDATED', 'UNCHANGED', 'FAILED']);

/**
 * A row is DUPLICATE only of a row that is sent (issue 27 item 7d): the run marks a later row
 * of a key DUPLICATE at once, and when the earlier row ends unsent (CONFLICT, INVALID,
 * NOT_FOUND, EXISTS) no row holds the key any more: the DUPLICATE is cleared and decided again.
 * A row still to send holds its keys; rows this job did not process do too (not ours to judge).
 */
function sentHolders(input: Omit<AuditInput, 'sentHolds'>): (index: number) => boolean {
  const { analysis } = input;
  const held = new Set<string>();
  input.claims.forEach((list, i) => {
    const status = String(analysis.rows[i]?.[analysis.columns.status] ?? '');
    if (analysis.processed[i] && !TOOK_KEY.has(status)) return;
    for (const c of list) held.add(c);
  });
  return (index) => (input.claims[index] ?? []).some((c) => held.has(c));
}

export function auditImportSheet(
  analysis: SheetAnalysis,
  context: ImportContext,
  /** By match key id (matchKeyId). */
  record: ReadonlyMap<string, WrittenOutcome>,
  memory: (keyId: string) => LastImport | undefined,
  headerRow: number,
): AuditRepairs {
  const repairs: AuditRepairs = { rewrite: [], clear: [], ids: [] };
  const { keys, prints, claims, invalidReasons } = ownKeys(analysis, context);
  const rowsOf = new Map<string, number[]>();
  keys.forEach((key, i) => {
    if (key) rowsOf.set(key, [...(rowsOf.get(key) ?? []), i]);
  });
  const input: AuditInput = {
    analysis,
    context,
    record,
    memory,
    keys,
    prints,
    claims,
    rowsOf,
    invalidReasons,
    refusedByKey: refusals(invalidReasons, context),
    elsewhere: () => false,
    sentHolds: () => true,
  };
  input.elsewhere = leadsOfKeys(input);
  input.sentHolds = sentHolders(input);
  const firstRow = headerRow + 1 + analysis.offset;
  const settled = new Set<number>();
  // Keys the job wrote: one row shows the outcome, the others are DUPLICATE.
  for (const [key, rows] of rowsOf) {
    const outcome = record.get(matchKeyId(key));
    if (!outcome) continue;
    for (const i of rows) settled.add(i);
    checkKey(input, key, rows, outcome, firstRow, repairs);
  }
  checkMarked(input, settled, repairs);
  checkNamedRows(input, firstRow, repairs);
  return repairs;
}

/**
 * The rows of a key the job wrote: the row whose cells were sent shows the outcome, the others
 * are DUPLICATE. An outcome without its words (an earlier execution's) is not rewritten: its
 * row is decided again.
 */
function checkKey(
  input: AuditInput,
  key: string,
  rows: readonly number[],
  outcome: WrittenOutcome,
  firstRow: number,
  repairs: AuditRepairs,
): void {
  const { analysis, context, prints } = input;
  const print = sentPrint(outcome, matchKeyId(key), input.memory);
  const own = print === undefined ? rows : rows.filter((i) => prints[i] === print);
  if (own.length === 0) {
    // The row that was sent is gone (deleted, or other cells pasted over it): no row of the
    // key takes a status its cells never earned; they stay unsent, as DUPLICATE of it.
    const detail = duplicateGoneReason(key, outcome.leadId, context);
    const gone = { status: 'DUPLICATE' as const, detail };
    for (const i of rows) {
      if (!analysis.processed[i] || shows(analysis.rows[i] ?? [], analysis, gone)) continue;
      if (endedUnsent(input, i)) continue;
      repairs.rewrite.push({ index: i, outcome: gone });
    }
    ownIds(input, key, rows, outcome.leadId, repairs);
    return;
  }
  const owner = ownerOf(analysis, own, outcome);
  if (!shows(analysis.rows[owner] ?? [], analysis, outcome)) {
    const { detail } = outcome;
    if (detail !== undefined)
      repairs.rewrite.push({ index: owner, outcome: { ...outcome, detail } });
    else if (analysis.processed[owner]) repairs.clear.push(owner);
  }
  const duplicate = {
    status: 'DUPLICATE' as const,
    detail: duplicateReason(key, firstRow + owner, context),
  };
  for (const i of rows) {
    if (i === owner || !analysis.processed[i] || endedUnsent(input, i, print)) continue;
    if (String(analysis.rows[i]?.[analysis.columns.status] ?? '') !== 'DUPLICATE')
      repairs.rewrite.push({ index: i, outcome: duplicate });
    else if (!input.sentHolds(i)) repairs.clear.push(i);
  }
  const others = rows.filter((i) => i !== owner || outcome.leadId === undefined);
  ownIds(input, key, others, outcome.leadId, repairs);
}

/**
 * Statuses of a row that ended without being sent: another row of its key is then decided on
 * its own (issue 27 item 7d), so each keeps its own status; neither is DUPLICATE of the other.
 * Only statuses placed by key: an INVALID of cells that make no valid row is written by
 * position, and one a person's sort left on a row of the key must still be rewritten; the
 * INVALID of the CRM's refusal (a 422 on the row's own cells) is placed by key and stands,
 * with its reason, unless the row's cells are the ones the CRM then took (`sentPrint`).
 */
const UNSENT_STATUSES: ReadonlySet<string> = new Set(['CONFLICT', 'NOT_FOUND', 'EXISTS']);

function endedUnsent(input: AuditInput, index: number, sentPrint?: string): boolean {
  const { analysis } = input;
  const row = analysis.rows[index] ?? [];
  const status = String(row[analysis.columns.status] ?? '');
  if (status === 'EXISTS' && madeHere(input, index)) return false;
  if (UNSENT_STATUSES.has(status)) return true;
  return (
    status === 'INVALID' &&
    input.refusedByKey(String(row[analysis.columns.detail] ?? '')) &&
    (sentPrint === undefined || input.prints[index] !== sentPrint)
  );
}

/**
 * Whether this job made the lead of the row's key (the memory's `createdHere`): an EXISTS on
 * the key's rows is then another row's status moved there, or the job's own lead taken for
 * one that was there before (import-busy-race seed 28); the row is DUPLICATE or decided again.
 */
function madeHere(input: AuditInput, index: number): boolean {
  const key = input.keys[index];
  return key ? input.memory(matchKeyId(key))?.createdHere === true : false;
}

/** refusedByKey of AuditInput: keyed words, and not a reason cells that make no row give. */
function refusals(
  invalidReasons: ReadonlySet<string>,
  context: ImportContext,
): (detail: string) => boolean {
  const keyedWords = keyedInvalidWords(context.t ?? translator('en'));
  return (detail) =>
    !invalidReasons.has(detail) && keyedWords.some((words) => detail.startsWith(words));
}

/**
 * Rows of `key` whose CRM Lead ID names another key's lead (one the memory or this job gives
 * another key): a write meant for another row, which a rewrite to DUPLICATE would keep. It
 * becomes the key's own lead (`leadId`, else the memory's), or none; an id a person typed
 * that no other key has is left alone.
 */
function ownIds(
  input: AuditInput,
  key: string,
  rows: readonly number[],
  leadId: number | undefined,
  repairs: AuditRepairs,
): void {
  const { analysis } = input;
  const own = leadId ?? input.memory(matchKeyId(key))?.leadId;
  for (const i of rows) {
    const id = analysis.rows[i]?.[analysis.columns.leadId];
    if (!analysis.processed[i] || id === own || !input.elsewhere(id, key)) continue;
    repairs.ids.push({ index: i, leadId: own ?? '' });
  }
}

/**
 * Lead ids the memory gives the sheet's keys, and those the job wrote for other keys (EXISTS
 * names a lead the memory lacks): a lead status on a row whose key the memory does not know,
 * but whose id is another key's lead, was written for that other row. One lead may be the
 * lead of several keys (an upsert matching by e-mail or phone finds one lead for a row with
 * its e-mail and another with its phone): its id is no other key's on any of their rows.
 */
function leadsOfKeys(input: Omit<AuditInput, 'elsewhere'>): (id: unknown, key: string) => boolean {
  const owners = new Map<number, Set<string>>();
  const own = (leadId: number, keyId: string) =>
    owners.set(leadId, (owners.get(leadId) ?? new Set()).add(keyId));
  for (const key of input.rowsOf.keys()) {
    const known = input.memory(matchKeyId(key));
    if (known) own(known.leadId, matchKeyId(key));
  }
  for (const [keyId, outcome] of input.record) {
    if (outcome.leadId !== undefined) own(outcome.leadId, keyId);
  }
  return (id, key) => {
    const keys = typeof id === 'number' ? owners.get(id) : undefined;
    return keys !== undefined && !keys.has(matchKeyId(key));
  };
}

/**
 * The other rows this job marked: what their own cells and the memory can confirm. The job
 * saves a key's lead id before writing its status, so a lead status whose key the memory
 * lacks was written for another row, unless the memory itself lost entries (a sheet of more
 * leads than it holds, or reclaimed for room): then only ids of other keys convict a row.
 */
function checkMarked(input: AuditInput, settled: ReadonlySet<number>, repairs: AuditRepairs) {
  const { analysis, keys, elsewhere } = input;
  // An INVALID a row whose cells make a valid row cannot earn: another row's reason, or words
  // no refusal of a valid row begins with (the reason's own row since changed or deleted).
  const notOwnInvalid = (detail: string) => !input.refusedByKey(detail);
  // Rows per sheet key (e-mail, phone): a DUPLICATE stands while another row holds one of its.
  const claimed = new Map<string, number>();
  for (const list of input.claims) for (const c of list) claimed.set(c, (claimed.get(c) ?? 0) + 1);
  const leadRows: number[] = [];
  const unknown: number[] = [];
  /**
   * Keys whose lead status one row already keeps: a later row of the key showing it too is a
   * copy (a person pasted the whole row, status cells too, after the execution that sent it,
   * so the key is in the memory, not in `record`); as checkKey keeps one row per key, the copy
   * is decided again and becomes DUPLICATE of the first (import-twin-rows seed 18 on 955613b).
   */
  const kept = new Set<string>();
  analysis.rows.forEach((row, i) => {
    if (settled.has(i) || !analysis.processed[i]) return;
    const status = String(row[analysis.columns.status] ?? '');
    const key = keys[i] ?? '';
    const known = key ? input.memory(matchKeyId(key)) : undefined;
    let wrong = false;
    const id = row[analysis.columns.leadId];
    if (!key) wrong = status !== 'INVALID';
    else if (status === 'DUPLICATE') {
      wrong =
        ((input.claims[i] ?? []).every((c) => (claimed.get(c) ?? 0) < 2) || !input.sentHolds(i)) &&
        !showsGone(row, analysis, key, known, input.context);
      if (!wrong && elsewhere(id, key)) repairs.ids.push({ index: i, leadId: known?.leadId ?? '' });
    } else if (LEAD_STATUSES.has(status)) {
      leadRows.push(i);
      if (known === undefined) unknown.push(i);
      wrong =
        known !== undefined
          ? id !== known.leadId || input.prints[i] !== known.fingerprint
          : elsewhere(id, key);
      if (!wrong && kept.has(key)) wrong = true;
      else if (!wrong) kept.add(key);
    } else if (status === 'INVALID' && notOwnInvalid(String(row[analysis.columns.detail] ?? ''))) {
      // The INVALID of a row whose cells make no valid row, on a row whose cells do: written by
      // position in a read a person's sort or insert made stale. The row is decided again.
      wrong = true;
    } else if (status === 'EXISTS' && known?.createdHere) wrong = true;
    else wrong = elsewhere(id, key);
    if (wrong) repairs.clear.push(i);
  });
  const memoryIntact = unknown.length <= Math.max(MEMORY_SLACK_ROWS, leadRows.length * 0.05);
  if (memoryIntact) {
    for (const i of unknown) if (!repairs.clear.includes(i)) repairs.clear.push(i);
  }
}

/**
 * How the INVALID of a row whose cells make a valid row begins: a refusal that needs the
 * lead's key (job-answer.ts, job-decide.ts). The INVALID of cells that make no valid row
 * (buildLeadPayload's reason) begins otherwise.
 */
function keyedInvalidWords(t: Translate): string[] {
  const before = (text: string) => text.slice(0, Math.max(0, text.indexOf(HOLE)));
  return [
    before(t('import.crmRefused', { detail: HOLE })),
    before(t('import.cannotCreate', { key: HOLE, reason: '' })),
    before(t('import.stage.existing', { id: HOLE, error: '' })),
  ].filter((words) => words.length > 0);
}

/** A placeholder no catalogue text holds. */
const HOLE = '\u0000';

/** The row of `rows` that keeps a key's outcome: one showing it, else one not DUPLICATE. */
function ownerOf(analysis: SheetAnalysis, rows: readonly number[], outcome: WrittenOutcome) {
  const { columns } = analysis;
  return (
    rows.find((i) => shows(analysis.rows[i] ?? [], analysis, outcome)) ??
    rows.find((i) => String(analysis.rows[i]?.[columns.status] ?? '') !== 'DUPLICATE') ??
    (rows[0] as number)
  );
}

/**
 * A DUPLICATE standing after the checks above names a row that holds one of its keys now
 * ("Same e-mail as row 9"). Its detail was right in the read it was decided on, but a person's
 * sort, insert or delete since then moves its twin: the sheet then sends the person to a row
 * of another lead (import-twin-rows seed 5). A detail naming no such row is rewritten to name
 * one, the twin sent (a lead status) first; one naming a holder, or saying its sent row is
 * gone (duplicateGoneReason), stands, so a sheet named rightly costs no audit round.
 */
function checkNamedRows(input: AuditInput, firstRow: number, repairs: AuditRepairs): void {
  const { analysis, claims, context } = input;
  const cleared = new Set(repairs.clear);
  const rewritten = new Map(repairs.rewrite.map(({ index, outcome }) => [index, outcome.status]));
  const statusAfter = (i: number) =>
    rewritten.get(i) ?? String(analysis.rows[i]?.[analysis.columns.status] ?? '');
  // Rows that hold their keys once the repairs are written: a row sent (a lead status: the
  // twin a person looks for) comes first, then a row this job did not process (not ours).
  const rank = (i: number): number | undefined => {
    if (cleared.has(i)) return undefined;
    const status = statusAfter(i);
    if (!analysis.processed[i]) return 2;
    if (LEAD_STATUSES.has(status)) return 0;
    return TOOK_KEY.has(status) ? 1 : undefined;
  };
  const holders = new Map<string, { row: number; rank: number }[]>();
  claims.forEach((list, row) => {
    const r = rank(row);
    if (r === undefined) return;
    for (const c of list) {
      const held = holders.get(c) ?? [];
      held.push({ row, rank: r });
      holders.set(c, held);
    }
  });
  const gone = goneWords(context);
  analysis.rows.forEach((row, i) => {
    if (!analysis.processed[i] || cleared.has(i) || rewritten.has(i)) return;
    if (String(row[analysis.columns.status] ?? '') !== 'DUPLICATE') return;
    const detail = String(row[analysis.columns.detail] ?? '');
    if (gone(detail)) return;
    const named = (claims[i] ?? [])
      .flatMap((c) =>
        (holders.get(c) ?? [])
          .filter(({ row }) => row !== i)
          .map(({ row, rank }) => ({ rank, detail: duplicateReason(c, firstRow + row, context) })),
      )
      .sort((a, b) => a.rank - b.rank);
    const first = named[0];
    if (first === undefined || named.some((n) => n.detail === detail)) return;
    repairs.rewrite.push({ index: i, outcome: { status: 'DUPLICATE', detail: first.detail } });
  });
}

/** Whether a detail says its key's sent row is gone (duplicateGoneReason, any key and lead). */
function goneWords(context: ImportContext): (detail: string) => boolean {
  const shapes = ['email:', 'phone:'].map((claim) => {
    const text = duplicateGoneReason(claim, HOLE, context);
    const at = text.indexOf(HOLE);
    return { before: text.slice(0, at), after: text.slice(at + HOLE.length) };
  });
  return (detail) =>
    shapes.some(({ before, after }) => detail.startsWith(before) && detail.endsWith(after));
}

/** Whether a DUPLICATE row says its key's sent row (the memory's lead) is gone: it stands. */
function showsGone(
  row: readonly unknown[],
  analysis: SheetAnalysis,
  key: string,
  known: LastImport | undefined,
  context: ImportContext,
): boolean {
  if (known === undefined) return false;
  const detail = String(row[analysis.columns.detail] ?? '');
  return detail === duplicateGoneReason(key, known.leadId, context);
}
