import type { Translate } from '../i18n';
import { campaignsOfRow } from './campaigns';
import { decodeLeadIds, type SendCursor } from './cursor';
import { type Cells, queuedCells, uncertainCells } from './outcome';
import type { Entry } from './place';
import { leadIdOfKey, markedSince, rowKeyNamedIn, type SendAnalysis, statusOf } from './rows';

/**
 * The check of the sheet against what the send wrote (issue 16 item 12, pure). A person may
 * sort or insert between a step's read and its write, so a SENT record can land on another
 * lead's row. Every SENT record says whose it is: its detail names its lead ("… lead 42 …"),
 * and a row found by e-mail or phone also names that key (`send.detail.rowKey`, written with the
 * record: withRowKey). A record on a row of another key goes back to a row of its own key.
 */

export { rowKeyNamedIn };

/** Statuses whose detail names the key of the row their lead was found by. */
const KEYED: ReadonlySet<string> = new Set(['SENDING', 'UNCERTAIN', 'SENT']);

/** A detail that says something of a lead: it names one, or the templates it got. */
const SAYS_OF_LEAD = /\blead \d+|\[✓ /;

/**
 * A record's cells with the key of the row its lead was found by (rows found by e-mail or
 * phone; a lead id row's record names its lead already), unless they name one. Any status
 * whose detail says something of the row's lead names the key too (a SKIPPED "lead 42 got it"
 * that a sort moved onto another row must not skip that row's lead: rows.ts isOtherLeadsRecord).
 */
export function withRowKey(cells: Cells, key: string | undefined, t: Translate): Cells {
  const [status, messageId, detail, at] = cells;
  if (key === undefined || key === '' || key.startsWith('lead:')) return cells;
  if (!KEYED.has(status) && !SAYS_OF_LEAD.test(detail)) return cells;
  if (rowKeyNamedIn(detail) !== undefined) return cells;
  const named = t('send.detail.rowKey', { key: key.replace(':', ' ') });
  return [status, messageId, `${detail} ${named}`, at];
}

/**
 * The key an entry's record is of: the key of the row it is written to, found by that key in
 * the read just taken (place.ts). Never the key another record on the row names: a record a
 * sort put on another lead's row is not that row's (rows.ts isOtherLeadsRecord), and a
 * confirmation written over it is the row's own lead's.
 */
export function recordKeyOf(analysis: SendAnalysis, entry: Entry): string | undefined {
  return analysis.keys[entry.index];
}

/** Statuses a record moves home with: what they say of their lead is kept. */
const MOVING: ReadonlySet<string> = new Set(['SENT', 'UNCERTAIN']);

/** The key of the row a SENT or UNCERTAIN record belongs on, when it is not the row it stands on. */
function ownKeyOf(analysis: SendAnalysis, index: number): string | undefined {
  const row = analysis.rows[index];
  const key = analysis.keys[index] ?? '';
  if (key === '' || !MOVING.has(statusOf(row, analysis.columns))) return undefined;
  const leadOfRow = leadIdOfKey(key);
  if (leadOfRow !== undefined) {
    const named = campaignsOfRow(row, analysis.columns).leadId;
    return named === undefined || named === leadOfRow ? undefined : `lead:${named}`;
  }
  const named = rowKeyNamedIn(String(row?.[analysis.columns.detail] ?? ''));
  return named === undefined || named === key ? undefined : named;
}

/** What the check writes, and the cursor naming the rows it queued (`moved`). */
export interface MisplacedRepair {
  entries: Entry[];
  cursor: SendCursor;
  /** Rows with no lead cells that show a lead's record: their status cells are cleared. */
  cleared: number[];
}

/** Statuses a row is never left showing once the job ends, nor with no lead cells. */
const TRANSIENT: ReadonlySet<string> = new Set(['QUEUED', 'SENDING']);

/**
 * Rows with nothing but status cells (a write that a sort or a deletion moved onto an empty
 * row) that show a record of a lead, or a status the job ends: nobody's record stays there.
 */
export function strayOnBlankRows(analysis: SendAnalysis): number[] {
  const { columns } = analysis;
  return analysis.decisions.flatMap((decision, index) => {
    if (decision.kind !== 'blank') return [];
    const status = statusOf(analysis.rows[index], columns);
    const detail = String(analysis.rows[index]?.[columns.detail] ?? '');
    const stray = TRANSIENT.has(status) || MOVING.has(status) || SAYS_OF_LEAD.test(detail);
    return status !== '' && stray ? [index] : [];
  });
}

/** What the check knows of the job: its start, template, and the SENT records it wrote. */
export interface MisplacedContext {
  t: Translate;
  since: number;
  templateName: string;
  /** The SENT cells this job wrote, by the key of the row they were written for (job-ledger.ts). */
  sent?: ReadonlyMap<string, Cells>;
}

/**
 * Each misplaced SENT or UNCERTAIN record moves to a row of its own key that holds no such
 * record of its own; then each SENT record this job wrote that no row of its key shows any
 * more (written over by a record that landed on the wrong row) is written again from the
 * job's ledger (`sent`). A row left without its own record gets it from the ledger; else,
 * when the record that covered it is this job's, it is cleared and decided afresh (its lead is
 * guarded by the send record and the checkpoint, never by the row); else (an earlier job's
 * record: what the row showed is unknown) a lead id row is UNCERTAIN, settled from its lead's
 * conversation next (a lead that got nothing is sent once), and a row found by e-mail or phone
 * goes back to the queue, its key in the cursor's `moved`: once looked up, it is skipped when
 * the send record says its lead got the template, else UNCERTAIN since ever like a lead id row
 * (planStep), never sent on the word of the record's silence.
 */
export function misplacedRepair(
  analysis: SendAnalysis,
  cursor: SendCursor,
  ctx: MisplacedContext,
): MisplacedRepair {
  const moves = misplacedEntries(analysis, cursor, ctx);
  const entries = [...moves, ...rewrittenFromLedger(analysis, moves, ctx.sent)];
  const cleared = strayOnBlankRows(analysis);
  const requeued = ctx.t('send.detail.movedRequeued');
  const queued = entries
    .filter(({ cells, notOwnHistory }) => notOwnHistory && cells[2] === requeued)
    .map(({ index }) => analysis.keys[index] ?? '')
    .filter((key) => key !== '');
  if (queued.length === 0) return { entries, cursor, cleared };
  return {
    entries,
    cursor: { ...cursor, moved: [...new Set([...(cursor.moved ?? []), ...queued])] },
    cleared,
  };
}

/** The cells a record that moved leaves on its row (see misplacedRepair). */
function leftBehind(
  analysis: SendAnalysis,
  from: number,
  cursor: SendCursor,
  ctx: MisplacedContext,
): Cells {
  const key = analysis.keys[from] ?? '';
  const own = ctx.sent?.get(key);
  if (own) return own;
  const leadId = leadIdOfKey(key);
  const sent = decodeLeadIds(cursor.sent);
  if (
    markedSince(analysis.rows[from], analysis.columns, ctx.since) &&
    (leadId === undefined || !sent.has(leadId))
  ) {
    return queuedCells(ctx.t('send.detail.movedBack'));
  }
  if (leadId === undefined) return queuedCells(ctx.t('send.detail.movedRequeued'));
  // Since this job began when it messaged the lead; since ever when an earlier job may have.
  const since = sent.has(leadId) ? ctx.since : undefined;
  const lead = { leadId, template: ctx.templateName };
  return uncertainCells(ctx.t, since, ctx.t('send.why.moved'), lead);
}

/** The cells misplacedRepair moves (the rows it queues are named in its cursor). */
export function misplacedEntries(
  analysis: SendAnalysis,
  cursor: SendCursor,
  ctx: MisplacedContext,
): Entry[] {
  const { columns } = analysis;
  const records: { from: number; key: string; cells: Cells }[] = [];
  analysis.rows.forEach((row, index) => {
    const key = ownKeyOf(analysis, index);
    if (key === undefined) return;
    const at = row[columns.sentAt];
    records.push({
      from: index,
      key,
      cells: [
        // SENT or UNCERTAIN (ownKeyOf).
        statusOf(row, columns) as 'SENT' | 'UNCERTAIN',
        (row[columns.messageId] as string | number) ?? '',
        String(row[columns.detail] ?? ''),
        at instanceof Date ? at : '',
      ],
    });
  });
  if (records.length === 0) return [];
  const moving = new Set(records.map(({ from }) => from));
  const taken = new Set<number>();
  const entries: Entry[] = [];
  for (const record of records) {
    const target = analysis.keys.findIndex(
      (key, index) =>
        key === record.key &&
        !taken.has(index) &&
        (moving.has(index) || !MOVING.has(statusOf(analysis.rows[index], columns))),
    );
    if (target < 0) continue;
    taken.add(target);
    entries.push({ index: target, cells: record.cells });
  }
  for (const from of moving) {
    if (taken.has(from)) continue;
    entries.push({
      index: from,
      cells: leftBehind(analysis, from, cursor, ctx),
      notOwnHistory: true,
    });
  }
  return entries;
}

/**
 * The SENT records of the job's ledger that no row of their key shows once `moves` are
 * written, each written again on the first row of its key that shows no SENT record of its
 * own (a row of that key deleted since: nothing to write).
 */
export function rewrittenFromLedger(
  analysis: SendAnalysis,
  moves: readonly Entry[],
  sent: ReadonlyMap<string, Cells> | undefined,
): Entry[] {
  if (!sent || sent.size === 0) return [];
  const { columns } = analysis;
  const after = new Map(moves.map(({ index, cells }) => [index, cells]));
  const statusAt = (index: number): string =>
    after.get(index)?.[0] ??
    (analysis.foreign[index] ? '' : statusOf(analysis.rows[index], columns));
  const shown = new Set<string>();
  analysis.keys.forEach((key, index) => {
    if (key !== '' && statusAt(index) === 'SENT') shown.add(key);
  });
  const entries: Entry[] = [];
  for (const [key, cells] of sent) {
    if (shown.has(key)) continue;
    const index = analysis.keys.findIndex(
      (candidate, i) => candidate === key && !after.has(i) && statusAt(i) !== 'SENT',
    );
    if (index < 0) continue;
    entries.push({ index, cells, notOwnHistory: analysis.foreign[index] === true });
  }
  return entries;
}
