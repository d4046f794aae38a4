import type { Translate } from '../i18n';
import { campaignsOfRow } from './campaigns';
import { decodeLeadIds, type SendCursor } from './cursor';
import { type Cells, queuedCells, uncertainCells } from './outcome';
import type { Entry } from './place';
import { leadIdOfKey, type SendAnalysis, statusOf } from './rows';

/**
 * The check of the sheet against what the send wrote (issue 16 item 12, pure). A person may
 * sort or insert between a step's read and its write, so a SENT record can land on another
 * lead's row. Every SENT record says whose it is: its detail names its lead ("… lead 42 …"),
 * and a row found by e-mail or phone also names that key (`send.detail.rowKey`, written with the
 * record: withRowKey). A record on a row of another key goes back to a row of its own key.
 */

/** The key a SENT detail names: `email:…` or `phone:…` (language-neutral: values, not words). */
export function rowKeyNamedIn(detail: string): string | undefined {
  const match = /\b(email|phone) (\S+?)\.?(?=\s|$)/.exec(detail);
  return match ? `${match[1]}:${match[2]}` : undefined;
}

/** Statuses whose detail names the key of the row their lead was found by. */
const KEYED: ReadonlySet<string> = new Set(['SENDING', 'UNCERTAIN', 'SENT']);

/**
 * A record's cells with the key of the row its lead was found by (rows found by e-mail or
 * phone; a lead id row's record names its lead already), unless they name one.
 */
export function withRowKey(cells: Cells, key: string | undefined, t: Translate): Cells {
  const [status, messageId, detail, at] = cells;
  if (!KEYED.has(status) || key === undefined || key === '' || key.startsWith('lead:')) {
    return cells;
  }
  if (rowKeyNamedIn(detail) !== undefined) return cells;
  const named = t('send.detail.rowKey', { key: key.replace(':', ' ') });
  return [status, messageId, `${detail} ${named}`, at];
}

/**
 * The key an entry's record is of: a SENDING mark binds the lead to the key of the row just
 * read; what follows it (UNCERTAIN, SENT, confirmed) keeps the key the row's detail names, which
 * a sort between a read and its write may have put on another row.
 */
export function recordKeyOf(analysis: SendAnalysis, entry: Entry): string | undefined {
  const key = analysis.keys[entry.index];
  if (entry.cells[0] === 'SENDING') return key;
  const detail = analysis.rows[entry.index]?.[analysis.columns.detail];
  return rowKeyNamedIn(String(detail ?? '')) ?? key;
}

/** The key of the row a SENT record belongs on, when it is not the row it stands on. */
function ownKeyOf(analysis: SendAnalysis, index: number): string | undefined {
  const row = analysis.rows[index];
  const key = analysis.keys[index] ?? '';
  if (key === '' || statusOf(row, analysis.columns) !== 'SENT') return undefined;
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
}

/**
 * Each misplaced SENT record moves to a row of its own key that holds no SENT record of its
 * own. A lead id row left without one is UNCERTAIN, settled from its lead's conversation next
 * (a lead that got nothing is sent once); a row found by e-mail or phone goes back to the
 * queue, its key in the cursor's `moved`: once looked up, it is skipped when the send record
 * says its lead got the template, else UNCERTAIN since ever like a lead id row (planStep),
 * never sent on the word of the record's silence. Its own SENT record was the proof its lead
 * got the template, and the record may not know the lead: a sheet SENT before the record
 * existed, or a send asked with `resend: true` (which reads no record).
 */
export function misplacedRepair(
  analysis: SendAnalysis,
  cursor: SendCursor,
  ctx: { t: Translate; since: number; templateName: string },
): MisplacedRepair {
  const entries = misplacedEntries(analysis, cursor, ctx);
  const queued = entries
    .filter(({ cells, notOwnHistory }) => notOwnHistory && cells[0] === 'QUEUED')
    .map(({ index }) => analysis.keys[index] ?? '')
    .filter((key) => key !== '');
  if (queued.length === 0) return { entries, cursor };
  return {
    entries,
    cursor: { ...cursor, moved: [...new Set([...(cursor.moved ?? []), ...queued])] },
  };
}

/** The cells misplacedRepair writes (the rows it queues are named in its cursor). */
export function misplacedEntries(
  analysis: SendAnalysis,
  cursor: SendCursor,
  ctx: { t: Translate; since: number; templateName: string },
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
        'SENT',
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
        (moving.has(index) || statusOf(analysis.rows[index], columns) !== 'SENT'),
    );
    if (target < 0) continue;
    taken.add(target);
    entries.push({ index: target, cells: record.cells });
  }
  const sent = decodeLeadIds(cursor.sent);
  for (const from of moving) {
    if (taken.has(from)) continue;
    const own = leadIdOfKey(analysis.keys[from]);
    if (own === undefined) {
      const cells = queuedCells(ctx.t('send.detail.movedRequeued'));
      entries.push({ index: from, cells, notOwnHistory: true });
      continue;
    }
    // Since this job began when it messaged the lead; since ever when an earlier job may have.
    const since = sent.has(own) ? ctx.since : undefined;
    const why = ctx.t('send.why.moved');
    const lead = { leadId: own, template: ctx.templateName };
    entries.push({
      index: from,
      cells: uncertainCells(ctx.t, since, why, lead),
      notOwnHistory: true,
    });
  }
  return entries;
}
