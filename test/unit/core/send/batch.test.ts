import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/core/i18n';
import {
  batchSize,
  claimKeys,
  decodeLeadIds,
  encodeLeadIds,
  foundInPlace,
  MAX_BATCH_ROWS,
  placeAnswers,
  placeBatch,
  planStep,
  recoverPlanned,
  SETTLE_QUIET_MS,
  SETTLE_SLACK_MS,
  type SendCursor,
  settleBatch,
  settlementOf,
} from '../../../../src/core/send/batch';
import type { Outcome } from '../../../../src/core/send/outcome';
import { analyseRows, BY_LEAD_ID, LEAD_ID_HEADER } from './analyse-fixture';

const NOW = Date.UTC(2026, 10, 23, 12);
const SINCE = NOW - 60_000;
const HEADER = LEAD_ID_HEADER;
const t = translator('en');
const EMPTY: SendCursor = { retries: {}, streak: 0, unplaced: 0 };

function analyse(rows: unknown[][], window?: { offset: number; complete: boolean }) {
  return analyseRows(rows, { header: HEADER, lead: BY_LEAD_ID, now: NOW, since: SINCE, window });
}

const plan = (rows: unknown[][], cursor = EMPTY, maxRows = MAX_BATCH_ROWS) =>
  planStep(analyse(rows), {
    jobId: 'job-1',
    templateName: 'T',
    t,
    now: NOW,
    lookups: new Map(),
    cursor,
    maxRows,
  });

const row = (name: string, lead: number | string, status = '', sentAt: unknown = '') => [
  name,
  lead,
  status,
  '',
  '',
  sentAt,
];

describe('planStep', () => {
  it('marks rows that cost no request, and picks the first rows to send in sheet order', () => {
    const result = plan([
      row('Ana', 1),
      row('', 'x'),
      row('Bia', 2, 'SENDING', new Date(NOW - 1000)),
      row('Caio', 3, 'QUEUED'),
      row('Duda', 4, 'SENT', new Date(NOW - 1000)),
    ]);
    expect(result.marks.map((m) => [m.index, m.cells[0]])).toEqual([
      [0, 'QUEUED'],
      [1, 'SKIPPED'],
      [2, 'UNCERTAIN'],
    ]);
    expect(result.next).toEqual({
      kind: 'send',
      rows: [
        { key: 'lead:1', leadId: 1, at: 0 },
        { key: 'lead:3', leadId: 3, at: 3 },
      ],
    });
  });

  it('takes at most maxRows rows', () => {
    const rows = Array.from({ length: MAX_BATCH_ROWS + 15 }, (_, i) => row(`N${i}`, i + 1));
    const result = plan(rows);
    expect(result.next.kind === 'send' && result.next.rows).toHaveLength(MAX_BATCH_ROWS);
    expect(result.marks).toHaveLength(MAX_BATCH_ROWS + 15);
  });

  it('leaves a row whose retry is not due, and waits for it when nothing else is left', () => {
    const cursor = { ...EMPTY, retries: { 'lead:1': { attempts: 1, notBefore: NOW + 30_000 } } };
    expect(plan([row('Ana', 1, 'QUEUED'), row('Bia', 2, 'QUEUED')], cursor).next).toEqual({
      kind: 'send',
      rows: [{ key: 'lead:2', leadId: 2, at: 1 }],
    });
    expect(plan([row('Ana', 1, 'QUEUED')], cursor).next).toEqual({
      kind: 'wait',
      until: NOW + 30_000,
    });
  });

  it('skips a row for a lead this job already sent to (its SENT row was deleted, then pasted back)', () => {
    const cursor = { ...EMPTY, sent: encodeLeadIds(new Set([2])) };
    const result = plan([row('Ana', 1), row('Bia', 2)], cursor);
    expect(result.marks[1]?.cells[0]).toBe('SKIPPED');
    expect(result.marks[1]?.cells[2]).toMatch(
      /^Not sent: lead 2 already got \(or may have got\) this template from this sheet/,
    );
    expect(result.next).toEqual({ kind: 'send', rows: [{ key: 'lead:1', leadId: 1, at: 0 }] });
  });

  it('is done when nothing is left', () => {
    expect(plan([row('Ana', 1, 'SENT', new Date(NOW))]).next).toEqual({ kind: 'done' });
  });
});

describe('placing rows by key, never by an earlier position', () => {
  it('finds the batch rows wherever they moved; a row gone or already marked drops out', () => {
    const after = analyse([
      row('Caio', 3, 'QUEUED'),
      row('New', 9),
      row('Ana', 1, 'QUEUED'),
      row('Bia', 2, 'SENT', new Date(NOW)),
    ]);
    const batch = [
      { key: 'lead:1', leadId: 1 },
      { key: 'lead:2', leadId: 2 },
      { key: 'lead:3', leadId: 3 },
      { key: 'lead:4', leadId: 4 },
    ];
    expect(placeBatch(after, batch, 10).map((p) => [p.index, p.key])).toEqual([
      [0, 'lead:3'],
      [2, 'lead:1'],
    ]);
    expect(placeBatch(after, batch, 1).map((p) => p.key)).toEqual(['lead:1']);
  });

  it('writes an answer to the SENDING row of its key; an answer whose row is gone is counted', () => {
    const after = analyse([
      row('Bia', 2, 'SENDING', new Date(NOW)),
      row('Ana copy', 1, ''),
      row('Ana', 1, 'SENDING', new Date(NOW)),
    ]);
    const cells = (id: number) => ['SENT', id, 'Sent', new Date(NOW)] as const;
    const placed = placeAnswers(after, [
      { key: 'lead:1', cells: [...cells(11)] },
      { key: 'lead:2', cells: [...cells(12)] },
      { key: 'lead:5', cells: [...cells(15)] },
    ]);
    expect(placed.entries.map((e) => [e.index, e.cells[1]])).toEqual([
      [0, 12],
      [2, 11],
    ]);
    expect(placed.unplaced).toBe(1);
  });
});

describe('settleBatch', () => {
  const queued = ['QUEUED', '', 'q', ''] as const;
  const sent = ['SENT', 1, 's', new Date(NOW)] as const;
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ key: `lead:${i + 1}`, leadId: i + 1 }));
  const systemic: Outcome = {
    kind: 'systemic',
    cells: [...queued],
    pauseMessage: (n) => `paused after ${n}`,
  };

  it('pauses at the third systemic refusal in a row, counting across batches; a batch sent without one resets', () => {
    const first = settleBatch(rows(2), [systemic, systemic], EMPTY);
    expect(first.pauseMessage).toBeUndefined();
    expect(first.cursor.streak).toBe(2);
    const second = settleBatch(rows(1), [systemic], first.cursor);
    expect(second.pauseMessage).toBe('paused after 3');
    expect(second.cursor.streak).toBe(0);
    const broken = settleBatch(
      rows(3),
      [systemic, { kind: 'done', cells: [...sent] }, systemic],
      EMPTY,
    );
    // The order of a batch's answers means nothing (fetchAll): its refusals all count.
    expect(broken.pauseMessage).toBeUndefined();
    expect(broken.cursor.streak).toBe(2);
    const reset = settleBatch(rows(1), [{ kind: 'done', cells: [...sent] }], broken.cursor);
    expect(reset.cursor.streak).toBe(0);
  });

  it('remembers the leads sent (or maybe sent), and the retries to come', () => {
    const settled = settleBatch(
      rows(4),
      [
        { kind: 'done', cells: [...sent] },
        { kind: 'done', cells: ['UNCERTAIN', '', 'u', new Date(NOW)] },
        { kind: 'retry', cells: [...queued], notBefore: NOW + 30_000 },
        { kind: 'retry', cells: [...queued], retryAfterSeconds: 7 },
      ],
      EMPTY,
    );
    expect(decodeLeadIds(settled.cursor.sent)).toEqual(new Set([1, 2]));
    expect(settled.cursor.retries).toEqual({ 'lead:3': { attempts: 1, notBefore: NOW + 30_000 } });
    expect(settled.retryAfterSeconds).toBe(7);
  });

  it('a refusal a person must fix pauses at once', () => {
    const settled = settleBatch(
      rows(1),
      [{ kind: 'pause', cells: [...queued], pauseMessage: 'fix the key' }],
      EMPTY,
    );
    expect(settled.pauseMessage).toBe('fix the key');
  });
});

describe('lead ids in the checkpoint', () => {
  it('round-trip, in about three characters a lead', () => {
    const ids = new Set(Array.from({ length: 1000 }, (_, i) => 5000 + i * 7));
    const text = encodeLeadIds(ids);
    expect(decodeLeadIds(text)).toEqual(ids);
    expect(text.length).toBeLessThan(3 * ids.size);
    expect(decodeLeadIds(undefined)).toEqual(new Set());
  });
});

describe('batch sizes', () => {
  it('start at 1 and double up to MAX_BATCH_ROWS as sends are answered (issue 16 item 17)', () => {
    const sizes = [0, 1, 3, 7, 15, 31, 100].map((answered) => batchSize({ ...EMPTY, answered }));
    expect(sizes).toEqual([1, 2, 4, 8, 16, 32, MAX_BATCH_ROWS]);
    expect(batchSize({ ...EMPTY, answered: 100, streak: 1 })).toBe(1);
  });
});

describe('windows and a batch planned before a kill', () => {
  it('finds planned rows by key at their data rows, in a window read below the first row', () => {
    const window = analyse([row('Ana', 1), row('Bia', 2)], { offset: 40, complete: false });
    expect(foundInPlace(window, [{ key: 'lead:2', at: 41 }])).toBe(true);
    expect(foundInPlace(window, [{ key: 'lead:2', at: 40 }])).toBe(false);
    // Marks and batches name data rows of the sheet, not of the window.
    expect(
      planStep(window, {
        jobId: 'j',
        templateName: 'T',
        t,
        now: NOW,
        lookups: new Map(),
        cursor: EMPTY,
        maxRows: 10,
      }).next,
    ).toEqual({
      kind: 'send',
      rows: [
        { key: 'lead:1', leadId: 1, at: 40 },
        { key: 'lead:2', leadId: 2, at: 41 },
      ],
    });
  });

  it('claims the leads of planned rows the stopped run marked, and of planned rows gone from the sheet', () => {
    const sheet = analyse([
      row('Ana', 1, 'SENDING', new Date(NOW - 1000)),
      row('Bia', 2, 'SENT', new Date(NOW - 1000)),
      row('Caio', 3, 'QUEUED'),
      row('Duda', 4, 'SENT', new Date(SINCE - 60_000)),
    ]);
    const planned = ['lead:1', 'lead:2', 'lead:3', 'lead:4', 'lead:5'].map((key, at) => ({
      key,
      at,
    }));
    const cursor = recoverPlanned(sheet, planned, EMPTY, SINCE);
    // 3 waits where it was planned (never marked): it may still be sent. 4 is not waiting.
    expect(decodeLeadIds(cursor.sent)).toEqual(new Set([1, 2, 4, 5]));
  });

  it('claims a planned lead by its id, though its row had another key (issue 16 item 1)', () => {
    // Row 0 was matched by e-mail: the lookup found lead 7, and the run died after sending.
    const sheet = analyse([row('Ana', 1, 'SENDING', new Date(NOW - 1000)), row('Bia', 7)]);
    const cursor = recoverPlanned(
      sheet,
      [{ key: 'email:ana@x.com', at: 0, leadId: 7 }],
      { ...EMPTY, plannedAt: NOW - 2000 },
      SINCE,
    );
    expect(decodeLeadIds(cursor.sent)).toEqual(new Set([7]));
    expect(cursor.unsure).toEqual({ '7': NOW - 2000 });
    // Lead 7's other row (its own key) is never sent by this job.
    const result = plan([row('Ana', 1), row('Bia', 7)], cursor);
    expect(result.marks.find((m) => m.index === 1)?.cells[0]).toBe('SKIPPED');
  });

  it("settles from the conversation: a message since the attempt is the send; another number's proves nothing", () => {
    const at = (ms: number) => new Date(ms).toISOString();
    expect(settlementOf(at(NOW + 1000), NOW)).toBe('sent');
    // A CRM clock up to SETTLE_SLACK_MS behind ours still reads as sent.
    expect(settlementOf(at(NOW - SETTLE_SLACK_MS + 1000), NOW)).toBe('sent');
    expect(settlementOf(at(NOW - 3_600_000), NOW)).toBe('not-sent');
    expect(settlementOf(null, NOW)).toBe('not-sent');
    // The CRM named the lead's conversation on number 9; the send went through number 2.
    expect(settlementOf(at(NOW - 3_600_000), NOW, 9)).toEqual({
      unsettled: 'conversation instance_id 9',
    });
    expect(settlementOf(at(NOW + 1000), NOW, 9)).toBe('sent');
  });

  it('settles a lead a killed run may have messaged only once the kill is SETTLE_QUIET_MS old', () => {
    // Lead 2 was planned 10 minutes ago (a long wait for slots), and its row is gone: the run
    // that died may have sent it just before dying, and that request may still reach the CRM.
    const planned = [{ key: 'lead:2', at: 1, leadId: 2 }];
    const cursor = recoverPlanned(
      analyse([row('Caio', 3)]),
      planned,
      { ...EMPTY, plannedAt: NOW - 600_000 },
      NOW,
    );
    expect(cursor.unsure).toEqual({ '2': NOW - 600_000 });
    const early = plan([row('Caio', 3, 'SENT')], cursor);
    expect(early.next.kind).toBe('wait');
    const due = planStep(analyse([row('Caio', 3, 'SENT')]), {
      jobId: 'job-1',
      templateName: 'T',
      t,
      now: NOW + SETTLE_QUIET_MS,
      lookups: new Map(),
      cursor,
      maxRows: MAX_BATCH_ROWS,
    });
    // Compared with the earliest the send may have left: a message since then is the send.
    expect(due.next).toEqual({ kind: 'settle', leads: [{ leadId: 2, since: NOW - 600_000 }] });
  });

  it('claims a planned lead whose row was deleted while a copy waits elsewhere (issue 16 item 2)', () => {
    // Lead 2 was planned at data row 1; that row is gone and a copy of it waits at row 0.
    const sheet = analyse([row('Bia', 2), row('Caio', 3)]);
    const planned = [
      { key: 'lead:2', at: 1, leadId: 2 },
      { key: 'lead:3', at: 1, leadId: 3 },
    ];
    const cursor = recoverPlanned(sheet, planned, EMPTY, SINCE);
    expect(decodeLeadIds(cursor.sent)).toEqual(new Set([2]));
  });

  it('skips a row whose key a stopped run may have messaged (matched by e-mail, lead id unknown)', () => {
    const cursor = claimKeys(EMPTY, ['email:ana@x.com', 'lead:7']);
    expect(cursor.claimed).toEqual(['email:ana@x.com']);
    expect(decodeLeadIds(cursor.sent)).toEqual(new Set([7]));
    const result = plan([row('Ana', 7), row('Bia', 8)], cursor);
    expect(result.marks[0]?.cells[0]).toBe('SKIPPED');
    expect(result.next).toEqual({ kind: 'send', rows: [{ key: 'lead:8', leadId: 8, at: 1 }] });
  });
});
