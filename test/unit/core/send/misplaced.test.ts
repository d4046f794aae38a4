/** The end-of-job check on rows found by e-mail or phone (issue 16 item 12). */
import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/core/i18n';
import type { SendCursor } from '../../../../src/core/send/batch';
import { placeSources, statusColumnsOf } from '../../../../src/core/send/columns';
import {
  misplacedEntries,
  recordKeyOf,
  rowKeyNamedIn,
  withRowKey,
} from '../../../../src/core/send/misplaced';
import { analyseSendSheet } from '../../../../src/core/send/rows';

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
  const columns = statusColumnsOf(HEADER);
  if (!columns) throw new Error('no status columns');
  return analyseSendSheet({
    values: { header: HEADER, rows },
    columns,
    sources: placeSources(
      HEADER,
      { variables: { '1': { column: 'Nome' } }, lead: { by: 'match', matchBy: 'email_or_phone' } },
      'Leads',
    ),
    since: NOW - 60_000,
    defaultCountry: 'BR',
    headerRow: 1,
    readAt: NOW,
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
  it('is the row read for a SENDING mark, and the one its detail names after that', () => {
    // A sort put b's SENDING mark on a's row between the read and the write.
    const sending = withRowKey(
      ['SENDING', '', 'Sending now to lead 2 (job j).', ''],
      'email:b@x.com',
      t,
    );
    const analysis = analyse([['A', 'a@x.com', '', ...sending]]);
    const uncertain = { index: 0, cells: ['UNCERTAIN', '', 'Maybe lead 2.', ''] as const };
    expect(recordKeyOf(analysis, { index: 0, cells: [...uncertain.cells] })).toBe('email:b@x.com');
    expect(recordKeyOf(analysis, { index: 0, cells: ['SENDING', '', 'x', ''] })).toBe(
      'email:a@x.com',
    );
  });
});
