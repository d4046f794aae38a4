/** The end-of-job check on rows found by e-mail or phone (issue 16 item 12). */
import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/core/i18n';
import {
  applySettlements,
  planStep,
  type SendCursor,
  type Settlement,
} from '../../../../src/core/send/batch';
import {
  misplacedEntries,
  misplacedRepair,
  recordKeyOf,
  rowKeyNamedIn,
  withRowKey,
} from '../../../../src/core/send/misplaced';
import { analyseRows, BY_EMAIL_OR_PHONE } from './analyse-fixture';

const NOW = Date.UTC(2026, 10, 27, 12);
const HEADER = [
  'Nome',
  'E-mail',
  'Telefone',
  'CRM Send Status',
  'CRM Message ID',
  'CRM Send Detail',
  'CRM Sent At',
];
const EMPTY: SendCursor = { retries: {}, streak: 0, unplaced: 0 };

function analyse(rows: unknown[][]) {
  return analyseRows(rows, {
    header: HEADER,
    lead: BY_EMAIL_OR_PHONE,
    now: NOW,
    since: NOW - 60_000,
  });
}

describe('a SENT record names the key of its row', () => {
  for (const locale of ['en', 'pt'] as const) {
    it(`in ${locale}, readable back whatever the language`, () => {
      const t = translator(locale);
      const cells = withRowKey(
        ['SENT', 7, 'Sent "x" to lead 3.', new Date(NOW)],
        'email:ana@x.com',
        t,
      );
      expect(rowKeyNamedIn(cells[2])).toBe('email:ana@x.com');
      const phone = withRowKey(['SENT', 7, 'Sent.', ''], 'phone:+5511987654321', t);
      expect(rowKeyNamedIn(phone[2])).toBe('phone:+5511987654321');
      // Once only; a lead id row's record names its lead already; other statuses say nothing.
      expect(withRowKey(cells, 'email:ana@x.com', t)).toBe(cells);
      const byId = ['SENT', 7, 'Sent.', ''] as const;
      expect(withRowKey([...byId], 'lead:3', t)[2]).toBe('Sent.');
      expect(withRowKey(['SKIPPED', '', 'No.', ''], 'email:a@x.com', t)[2]).toBe('No.');
    });
  }
});

describe('misplacedEntries on matched rows', () => {
  const t = translator('en');
  const sent = (lead: number, key: string) =>
    withRowKey(['SENT', 100 + lead, `Sent "T" to lead ${lead}.`, new Date(NOW)], key, t);
  const row = (email: string, cells: readonly unknown[] = ['', '', '', '']) => [
    'Name',
    email,
    '',
    ...cells,
  ];

  it('moves swapped records back, and queues a row left without one', () => {
    const a = sent(1, 'email:a@x.com');
    const b = sent(2, 'email:b@x.com');
    const analysis = analyse([
      row('a@x.com', b),
      row('b@x.com', a),
      row('c@x.com', a),
      row('d@x.com', sent(4, 'email:d@x.com')),
    ]);
    const entries = misplacedEntries(analysis, EMPTY, {
      t,
      since: NOW - 60_000,
      templateName: 'T',
    });
    const at = (index: number) => entries.find((e) => e.index === index)?.cells;
    expect(at(0)?.[1]).toBe(101);
    expect(at(1)?.[1]).toBe(102);
    expect(at(2)?.[0]).toBe('QUEUED');
    expect(at(3)).toBeUndefined();
  });

  it('leaves rows whose record names no key (written before records named them)', () => {
    const analysis = analyse([row('a@x.com', ['SENT', 5, 'Sent "T" to lead 2.', new Date(NOW)])]);
    expect(misplacedEntries(analysis, EMPTY, { t, since: 0, templateName: 'T' })).toEqual([]);
  });
});

describe('the key a record is of', () => {
  const t = translator('en');
  it('is the key of the row it is written to, never one another record on that row names', () => {
    // A sort put b's SENDING mark on a's row between the read and the write: a's answer, found
    // by a's key, is a's record (confirmed on b's key it went to b's row: issue 16 item 12).
    const sending = withRowKey(
      ['SENDING', '', 'Sending now to lead 2 (job j).', ''],
      'email:b@x.com',
      t,
    );
    const analysis = analyse([['A', 'a@x.com', '', ...sending]]);
    expect(analysis.foreign).toEqual([true]);
    expect(analysis.decisions[0]?.kind).toBe('send');
    const uncertain = { index: 0, cells: ['UNCERTAIN', '', 'Maybe lead 2.', ''] as const };
    expect(recordKeyOf(analysis, { index: 0, cells: [...uncertain.cells] })).toBe('email:a@x.com');
    expect(recordKeyOf(analysis, { index: 0, cells: ['SENDING', '', 'x', ''] })).toBe(
      'email:a@x.com',
    );
  });
});

describe('a matched row left without its own SENT record', () => {
  const t = translator('en');
  const sentTo = (lead: number, key: string) =>
    withRowKey(['SENT', 100 + lead, `Sent "T" to lead ${lead}.`, new Date(NOW)], key, t);
  const row = (email: string, cells: readonly unknown[]) => ['Name', email, '', ...cells];
  const plan = (rows: unknown[][], cursor: SendCursor) =>
    planStep(analyse(rows), {
      jobId: 'j',
      templateName: 'T',
      t,
      now: NOW,
      lookups: new Map([['email:c@x.com', { leadId: 3 }]]),
      cursor,
      maxRows: 10,
    });
  // a's record written over c's by an earlier job (a sort between its read and its write):
  // what c showed is unknown, so c is queued, named moved.
  const a = sentTo(1, 'email:a@x.com');
  const repair = misplacedRepair(analyse([row('a@x.com', a), row('c@x.com', a)]), EMPTY, {
    t,
    since: NOW + 60_000,
    templateName: 'T',
  });
  const queued = repair.entries.find(({ index }) => index === 1)?.cells ?? [];

  it('is named in the cursor when queued', () => {
    expect(queued[0]).toBe('QUEUED');
    expect(repair.cursor.moved).toEqual(['email:c@x.com']);
  });

  it('once looked up, is UNCERTAIN since ever, whatever the send record says (none here)', () => {
    const marks = plan([row('a@x.com', a), row('c@x.com', queued)], repair.cursor).marks;
    const mark = marks.find(({ index }) => index === 1)?.cells;
    expect(mark?.[0]).toBe('UNCERTAIN');
    expect(mark?.[3]).toBe('');
  });

  it('is sent once when its conversation says nothing reached the lead, and only then', () => {
    const marks = plan([row('a@x.com', a), row('c@x.com', queued)], repair.cursor).marks;
    const uncertain = marks.find(({ index }) => index === 1)?.cells ?? [];
    const rows = [row('a@x.com', a), row('c@x.com', uncertain)];
    const settle = (result: Settlement) =>
      applySettlements(analyse(rows), new Map([[3, result]]), repair.cursor, { t, now: NOW });
    const unsettled = settle({ unsettled: 'no answer' });
    expect(unsettled.entries[0]?.cells[0]).toBe('UNCERTAIN');
    expect(unsettled.cursor.moved).toEqual(['email:c@x.com']);
    expect(settle('sent').entries[0]?.cells[0]).toBe('SENT');
    const notSent = settle('not-sent');
    expect(notSent.cursor.moved).toEqual([]);
    const requeued = notSent.entries[0]?.cells ?? [];
    const next = plan([row('a@x.com', a), row('c@x.com', requeued)], notSent.cursor).next;
    expect(next.kind === 'send' && next.rows.map(({ leadId }) => leadId)).toEqual([3]);
  });
});
