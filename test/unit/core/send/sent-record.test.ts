/**
 * The send record (issue 16 item 2): what a later job learns from it, and how planning uses it.
 */
import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/core/i18n';
import { MAX_BATCH_ROWS, planStep, type SendCursor } from '../../../../src/core/send/batch';
import { placeSources, statusColumnsOf } from '../../../../src/core/send/columns';
import { analyseSendSheet } from '../../../../src/core/send/rows';
import {
  compactRecord,
  parseRecordRow,
  type RecordView,
  recordRow,
  recordView,
  type SendRecordEntry,
  unsureFromRecord,
  withDue,
} from '../../../../src/core/send/sent-record';
import { seededRandom } from '../jobs/fakes';

const NOW = Date.UTC(2026, 10, 27, 12);
const HEADER = [
  'Nome',
  'CRM Lead ID',
  'CRM Send Status',
  'CRM Message ID',
  'CRM Send Detail',
  'CRM Sent At',
];
const t = translator('en');
const EMPTY: SendCursor = { retries: {}, streak: 0, unplaced: 0 };
const SCOPE = { sheetId: 7, sheetName: 'Leads', templateId: 3, templateName: 'boas_vindas' };

function entry(at: number, parts: Partial<SendRecordEntry>): SendRecordEntry {
  return { ...SCOPE, jobId: 'job-a', at, trying: [], sent: [], notSent: [], ...parts };
}

/** A row as a sheet gives it back: the text mark gone, a lone id maybe a number. */
function asRead(row: unknown[]): unknown[] {
  return row.map((cell) => (typeof cell === 'string' ? cell.replace(/^'/, '') : cell));
}

describe('the send record', () => {
  it('reads back what was appended, lead ids as text', () => {
    const written = entry(NOW, { trying: [42, 57], sent: [9], notSent: [] });
    const row = recordRow(written);
    // No cell may become a formula or a number: ids and names are written as text.
    expect(row.slice(6)).toEqual(["'42 57", "'9", '']);
    expect(parseRecordRow(asRead(row))).toEqual(written);
    expect(parseRecordRow(['', 'x', '', '', '', '', '', '', ''])).toBeUndefined();
  });

  it('says per lead the latest word for one template from any sheet: sent, may have left, or nothing', () => {
    const rows = [
      entry(NOW - 3_000, { trying: [1, 2, 3] }),
      entry(NOW - 2_000, { sent: [1], notSent: [2], trying: [4] }),
      // Another template: not this job's business.
      { ...entry(NOW - 1_500, { trying: [5] }), templateId: 4 },
      // Another sheet of the spreadsheet (issue 27 item 6): a template reaches a lead once per
      // spreadsheet; that sheet's "not sent" answers its own try, never this sheet's send.
      { ...entry(NOW - 1_500, { sent: [6] }), sheetId: 8, sheetName: 'Semana 2' },
      { ...entry(NOW - 1_400, { trying: [1], notSent: [] }), sheetId: 8, sheetName: 'Semana 2' },
      { ...entry(NOW - 1_300, { notSent: [1] }), sheetId: 8, sheetName: 'Semana 2' },
      // A lead tried again after nothing reached it.
      entry(NOW - 1_000, { trying: [2] }),
    ].map((e) => asRead(recordRow(e)));
    const view = recordView(rows, SCOPE);
    expect([...view].sort(([a], [b]) => a - b)).toEqual([
      [1, { state: 'sent', at: NOW - 3_000, sheetName: 'Leads' }],
      [2, { state: 'trying', at: NOW - 1_000, sheetName: 'Leads' }],
      [3, { state: 'trying', at: NOW - 3_000, sheetName: 'Leads' }],
      [4, { state: 'trying', at: NOW - 2_000, sheetName: 'Leads' }],
      [6, { state: 'sent', at: NOW - 1_500, sheetName: 'Semana 2' }],
    ]);
  });

  it('keeps the answers due in the checkpoint, the latest word on a lead winning', () => {
    const cursor = withDue(withDue(EMPTY, [1, 2], [3]), [3], [2]);
    expect(cursor.recordDue).toEqual({ sent: [1, 3], notSent: [2] });
    expect(withDue(EMPTY, [], [])).toBe(EMPTY);
  });

  it('settles a lead that may have got it from its conversation, unless this job knows it', () => {
    const view: RecordView = new Map([
      [1, { state: 'trying', at: NOW - 5_000, sheetName: 'Leads' }],
      [2, { state: 'sent', at: NOW - 5_000, sheetName: 'Leads' }],
      [3, { state: 'trying', at: NOW - 4_000, sheetName: 'Leads' }],
      [4, { state: 'trying', at: NOW - 4_000, sheetName: 'Leads' }],
    ]);
    const cursor = unsureFromRecord(view, { ...EMPTY, unsettled: [4] }, new Set([3]));
    expect(cursor.unsure).toEqual({ 1: NOW - 5_000 });
  });
});

function plan(record: RecordView, cursor = EMPTY) {
  const columns = statusColumnsOf(HEADER);
  if (!columns) throw new Error('no status columns');
  const analysis = analyseSendSheet({
    values: { header: HEADER, rows: [1, 2, 3, 4].map((id) => [`Lead ${id}`, id, '', '', '', '']) },
    columns,
    sources: placeSources(
      HEADER,
      { variables: { '1': { column: 'Nome' } }, lead: { by: 'column', column: 'CRM Lead ID' } },
      'Leads',
    ),
    since: NOW - 60_000,
    defaultCountry: 'BR',
    headerRow: 1,
    readAt: NOW,
  });
  return planStep(analysis, {
    jobId: 'job-b',
    templateName: 'boas_vindas',
    t,
    now: NOW,
    lookups: new Map(),
    cursor,
    maxRows: MAX_BATCH_ROWS,
    record,
  });
}

describe('folding the send record', () => {
  it('keeps what every sheet and template says, in far fewer rows', () => {
    const random = seededRandom(7);
    const day = 86_400_000;
    const rows: unknown[][] = [];
    // Each row: a batch that may leave, and the previous batch's answers (most reached their
    // lead, some did not, a few got none: killed runs).
    const previous = new Map<string, number[]>();
    for (let batch = 0; batch < 3_000; batch++) {
      const at = NOW - 30 * day + batch * 600_000;
      const scope = { sheetId: 1 + (batch % 3), templateId: 1 + (batch % 2) };
      const key = `${scope.sheetId} ${scope.templateId}`;
      const leads = Array.from({ length: 10 }, () => 1 + Math.floor(random() * 5_000));
      const answered = (previous.get(key) ?? []).map((lead) => ({ lead, roll: random() }));
      const sent = answered.filter(({ roll }) => roll < 0.85).map(({ lead }) => lead);
      const notSent = answered
        .filter(({ roll }) => roll >= 0.85 && roll < 0.98)
        .map(({ lead }) => lead);
      previous.set(key, leads);
      rows.push(asRead(recordRow({ ...entry(at, { trying: leads, sent, notSent }), ...scope })));
    }
    const folded = compactRecord(rows, NOW).map(asRead);
    expect(folded.length).toBeLessThan(rows.length / 2);
    // The view is per template, every sheet merged (issue 27 item 6).
    for (const _sheet of [1]) {
      for (const templateId of [1, 2]) {
        const before = recordView(rows, { sheetId: 1, templateId });
        const after = recordView(folded, { sheetId: 1, templateId });
        // The same leads, states and instants tried; a sent lead keeps its day.
        expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
        for (const [lead, was] of before) {
          const now = after.get(lead);
          expect(now?.state).toBe(was.state);
          if (was.state === 'trying') expect(now?.at).toBe(was.at);
          else
            expect(new Date(now?.at ?? 0).toISOString().slice(0, 10)).toBe(
              new Date(was.at).toISOString().slice(0, 10),
            );
        }
      }
    }
  });
});

describe('planning with the send record', () => {
  const record: RecordView = new Map([
    [1, { state: 'sent', at: Date.UTC(2026, 10, 25, 9), sheetName: 'Leads' }],
    [2, { state: 'trying', at: NOW - 10_000, sheetName: 'Leads' }],
    [3, { state: 'trying', at: Date.UTC(2026, 10, 26, 9), sheetName: 'Leads' }],
  ]);

  it('skips a lead that got the template, saying when and how to send again', () => {
    const result = plan(record, { ...EMPTY, unsure: { 2: NOW - 10_000 }, unsettled: [3] });
    const cells = (index: number) => result.marks.find((m) => m.index === index)?.cells;
    expect(cells(0)?.[0]).toBe('SKIPPED');
    expect(cells(0)?.[2]).toBe(
      'Not sent: lead 1 got "boas_vindas" from the sheet "Leads" of this spreadsheet on 11/25/2026 (the CRM Send Record sheet keeps it, though no row here says so). To send it again on purpose, clear this row\'s status and tick "Send again to leads that got it before" in the Send sidebar (a script passes resend: true).',
    );
    // Unsettled by its conversation: never sent blindly.
    expect(cells(2)?.[0]).toBe('SKIPPED');
    expect(cells(2)?.[2]).toMatch(
      /^Not sent: lead 3 may have got "boas_vindas" .* on 11\/26\/2026/,
    );
    // A lead that may have got it waits for its conversation; the rest goes out.
    expect(cells(1)?.[0]).toBe('QUEUED');
    expect(result.next).toEqual({ kind: 'send', rows: [{ key: 'lead:4', leadId: 4, at: 3 }] });
  });

  it('settles first a lead that may have got it, once its attempt is old enough', () => {
    const result = plan(record, { ...EMPTY, unsure: { 2: NOW - 10 * 60_000 }, unsettled: [3] });
    expect(result.next).toEqual({
      kind: 'settle',
      leads: [{ leadId: 2, since: NOW - 10 * 60_000 }],
    });
  });

  it('sends to every lead when the person asked to send again (no record given)', () => {
    const result = plan(new Map());
    expect(result.next.kind === 'send' && result.next.rows.map((r) => r.leadId)).toEqual([
      1, 2, 3, 4,
    ]);
  });
});
