import { matchKeyId } from './fingerprint';
import type { LastImport } from './job-fingerprints';
import type { SheetAnalysis } from './job-sheet';
import { buildLeadPayload, duplicateReason, type ImportContext } from './row';
import type { ImportRowStatus } from './status-columns';

/**
 * The end-of-job check of an import (issue 16 item 12, PRODUCT.md "Executions end"): a person
 * may sort or insert rows between the job's locating read and its write, so a status can land
 * on another lead's row. The job keeps what it wrote per match key (`record`, this execution's
 * writes) and the import memory (lead id per key of every successful import); this compares
 * the sheet with them and says what to repair:
 *
 * - a key's rows: exactly one shows the key's recorded outcome, the others are DUPLICATE;
 * - a row this job marked CREATED / UPDATED / UNCHANGED whose lead id is not its key's lead in
 *   the memory (or, its key unknown there, is another key's lead), a DUPLICATE whose key no other row holds, or a row marked with a status its
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
}

export interface AuditRepairs {
  /** Rows to write again with their key's outcome (index into the read). */
  rewrite: { index: number; outcome: WrittenOutcome & { detail: string } }[];
  /** Rows whose status cells to clear: the job decides them again. */
  clear: number[];
}

const LEAD_STATUSES: ReadonlySet<string> = new Set(['CREATED', 'UPDATED', 'UNCHANGED']);
/** Rows whose key the memory lacks that still count as misplaced, not as a memory that lost entries. */
const MEMORY_SLACK_ROWS = 10;

function shows(row: readonly unknown[], analysis: SheetAnalysis, outcome: WrittenOutcome) {
  const { columns } = analysis;
  if (String(row[columns.status] ?? '') !== outcome.status) return false;
  if (outcome.detail !== undefined && String(row[columns.detail] ?? '') !== outcome.detail)
    return false;
  return outcome.leadId === undefined || row[columns.leadId] === outcome.leadId;
}

/** Each row's own match key ('' when its cells make no valid row), from its content. */
function ownKeys(analysis: SheetAnalysis, context: ImportContext): string[] {
  return analysis.rows.map((row, i) => {
    if (analysis.decisions[i]?.kind === 'skip') return '';
    const decision = analysis.decisions[i];
    if (decision?.kind === 'send') return decision.matchKey;
    const result = buildLeadPayload(row, analysis.headerMap, context);
    return result.ok ? result.matchKey : '';
  });
}

export function auditImportSheet(
  analysis: SheetAnalysis,
  context: ImportContext,
  /** By match key id (matchKeyId). */
  record: ReadonlyMap<string, WrittenOutcome>,
  memory: (keyId: string) => LastImport | undefined,
  headerRow: number,
): AuditRepairs {
  const repairs: AuditRepairs = { rewrite: [], clear: [] };
  const keys = ownKeys(analysis, context);
  const rowsOf = new Map<string, number[]>();
  keys.forEach((key, i) => {
    if (key) rowsOf.set(key, [...(rowsOf.get(key) ?? []), i]);
  });
  const { columns } = analysis;
  const firstRow = headerRow + 1 + analysis.offset;
  const settled = new Set<number>();

  // Keys the job wrote: one row shows the outcome, the others are DUPLICATE. An outcome
  // without its words (an earlier execution's) is not rewritten: its row is decided again.
  for (const [key, rows] of rowsOf) {
    const outcome = record.get(matchKeyId(key));
    if (!outcome) continue;
    const owner =
      rows.find((i) => shows(analysis.rows[i] ?? [], analysis, outcome)) ??
      rows.find((i) => String(analysis.rows[i]?.[columns.status] ?? '') !== 'DUPLICATE') ??
      (rows[0] as number);
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
      settled.add(i);
      if (i === owner || !analysis.processed[i]) continue;
      if (String(analysis.rows[i]?.[columns.status] ?? '') !== 'DUPLICATE')
        repairs.rewrite.push({ index: i, outcome: duplicate });
    }
  }

  // Lead ids the memory gives the sheet's keys: a lead status on a row whose key the memory
  // does not know, but whose id is another key's lead, was written for that other row (its own
  // lead was never sent).
  const remembered = new Map<number, string>();
  for (const key of rowsOf.keys()) {
    const known = memory(matchKeyId(key));
    if (known) remembered.set(known.leadId, matchKeyId(key));
  }
  // So do the lead ids the job wrote for other keys (EXISTS names a lead the memory lacks).
  for (const [keyId, outcome] of record) {
    if (outcome.leadId !== undefined && !remembered.has(outcome.leadId))
      remembered.set(outcome.leadId, keyId);
  }
  const elsewhere = (id: unknown, key: string) =>
    typeof id === 'number' && (remembered.get(id) ?? matchKeyId(key)) !== matchKeyId(key);

  // The other rows this job marked: what their own cells and the memory can confirm. The job
  // saves a key's lead id before writing its status, so a lead status whose key the memory
  // lacks was written for another row, unless the memory itself lost entries (a sheet of more
  // leads than it holds, or reclaimed for room): then only ids of other keys convict a row.
  const leadRows: number[] = [];
  const unknown: number[] = [];
  analysis.rows.forEach((row, i) => {
    if (settled.has(i) || !analysis.processed[i]) return;
    const status = String(row[columns.status] ?? '');
    const key = keys[i] ?? '';
    let wrong = false;
    const id = row[columns.leadId];
    if (!key) wrong = status !== 'INVALID';
    else if (status === 'DUPLICATE') wrong = (rowsOf.get(key)?.length ?? 0) < 2;
    else if (LEAD_STATUSES.has(status)) {
      leadRows.push(i);
      const known = memory(matchKeyId(key));
      if (known === undefined) unknown.push(i);
      wrong = known !== undefined ? id !== known.leadId : elsewhere(id, key);
    } else wrong = elsewhere(id, key);
    if (wrong) repairs.clear.push(i);
  });
  const memoryIntact = unknown.length <= Math.max(MEMORY_SLACK_ROWS, leadRows.length * 0.05);
  if (memoryIntact) {
    for (const i of unknown) if (!repairs.clear.includes(i)) repairs.clear.push(i);
  }
  return repairs;
}
