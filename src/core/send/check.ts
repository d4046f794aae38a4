import type { Translate } from '../i18n';
import { campaignsOfRow } from './campaigns';
import { decodeLeadIds, type SendCursor } from './cursor';
import { type Cells, uncertainCells } from './outcome';
import type { Entry } from './place';
import { leadIdOfKey, type SendAnalysis, statusOf } from './rows';

/**
 * The end-of-job check (issue 16 item 12): every SENT row names its lead in its detail ("…
 * lead 42 …"); a row keyed by a lead id whose SENT record names another lead holds a status a
 * person's sort or insert put on the wrong row. Each such record moves to a row of its own lead
 * that holds no SENT record of its own; a row left without one is UNCERTAIN, settled from its
 * lead's conversation next (a lead that got nothing is sent once). Rows
 * matched by e-mail or phone carry no lead id to compare, so they are not checked here.
 */
export function misplacedEntries(
  analysis: SendAnalysis,
  cursor: SendCursor,
  ctx: { t: Translate; since: number; templateName: string },
): Entry[] {
  const { columns } = analysis;
  const records: { from: number; leadId: number; cells: Cells }[] = [];
  analysis.rows.forEach((row, index) => {
    if (statusOf(row, columns) !== 'SENT') return;
    const own = leadIdOfKey(analysis.keys[index]);
    const named = campaignsOfRow(row, columns).leadId;
    if (own === undefined || named === undefined || own === named) return;
    const at = row[columns.sentAt];
    records.push({
      from: index,
      leadId: named,
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
        key === `lead:${record.leadId}` &&
        !taken.has(index) &&
        (moving.has(index) || statusOf(analysis.rows[index], columns) !== 'SENT'),
    );
    if (target < 0) continue;
    taken.add(target);
    entries.push({ index: target, cells: record.cells });
  }
  // A row left without a record: UNCERTAIN, settled from its lead's conversation next (since
  // this job began when it messaged the lead; since ever when an earlier job may have).
  const sent = decodeLeadIds(cursor.sent);
  for (const from of moving) {
    if (taken.has(from)) continue;
    const own = leadIdOfKey(analysis.keys[from]);
    const since = own !== undefined && sent.has(own) ? ctx.since : undefined;
    const why = ctx.t('send.why.moved');
    const lead = { leadId: own, template: ctx.templateName };
    entries.push({ index: from, cells: uncertainCells(ctx.t, since, why, lead) });
  }
  return entries;
}
