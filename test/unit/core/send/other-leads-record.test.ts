/**
 * Issue 16 item 12: a write a person's sort moved onto another lead's row (Sheets has no atomic
 * read-and-write). The row's lead is decided as if the row showed nothing, answers go to the
 * rows of their keys, and the end-of-job check writes the job's SENT records back from its
 * ledger. Each case failed before (the row was skipped, or the answer confirmed on b's row).
 */
import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/core/i18n';
import type { SendCursor } from '../../../../src/core/send/batch';
import { placeAnswers } from '../../../../src/core/send/batch';
import { misplacedRepair } from '../../../../src/core/send/misplaced';
import type { Cells } from '../../../../src/core/send/outcome';
import { rowKeyNamedIn } from '../../../../src/core/send/rows';
import { analyseRows, BY_LEAD_ID, LEAD_ID_HEADER } from './analyse-fixture';

const NOW = Date.UTC(2026, 10, 27, 12);
const SINCE = NOW - 60_000;
const HEADER = LEAD_ID_HEADER;
const EMPTY: SendCursor = { retries: {}, streak: 0, unplaced: 0 };
const t = translator('en');
const BLANK = ['', '', '', ''];

function analyse(rows: unknown[][]) {
  const options = { header: HEADER, lead: BY_LEAD_ID, now: NOW, since: SINCE, templateName: 'T' };
  return analyseRows(rows, options);
}

const sentTo = (lead: number): Cells => [
  'SENT',
  100 + lead,
  `Sent "T" to lead ${lead}.`,
  new Date(NOW),
];

describe("another lead's record on a row", () => {
  it('neither skips nor claims the row\'s own lead ("lead 12 got it" on lead 1\'s row)', () => {
    const skipped = [
      'SKIPPED',
      '',
      'Not sent: lead 12 already got (or may have got) this template from this sheet. [✓ "T" 2026-11-27]',
      '',
    ];
    const analysis = analyse([['Ana', 1, ...skipped]]);
    expect(analysis.foreign).toEqual([true]);
    expect(analysis.decisions[0]?.kind).toBe('send');
    expect(analysis.sentLeads.size).toBe(0);
    // On its own lead's row, what it says counts: the lead got T from this sheet.
    const refusal =
      'Column "CRM Lead ID" holds "lead 7", which is not a lead id (a whole number such as 42)';
    const own = analyse([['Bia', 'lead 7', 'SKIPPED', '', refusal, '']]);
    expect(own.foreign).toEqual([false]);
    expect(own.decisions[0]?.kind).toBe('skip');
  });

  it("is never where an answer goes: the answer goes to its key's row", () => {
    // b's row (lead 2) shows a's SENDING mark; a's row (lead 1) still QUEUED.
    const sending = ['SENDING', '', 'Sending now to lead 1 (job j).', new Date(NOW)];
    const queued = ['QUEUED', '', 'Queued by job j.', ''];
    const analysis = analyse([
      ['Bia', 2, ...sending],
      ['Ana', 1, ...queued],
    ]);
    const placed = placeAnswers(analysis, [{ key: 'lead:1', cells: sentTo(1) }]);
    expect(placed).toEqual({
      entries: [{ index: 1, cells: sentTo(1), notOwnHistory: false }],
      unplaced: 0,
    });
  });

  it('a key that only looks like one in a reason names none', () => {
    expect(rowKeyNamedIn('Not sent: the CRM search for the phone found more than 200 leads')).toBe(
      undefined,
    );
    expect(rowKeyNamedIn('Sent. Row found by phone +5511987654321. [✓ "T" 2026-11-27]')).toBe(
      'phone:+5511987654321',
    );
  });
});

describe("the end-of-job check with the job's ledger", () => {
  it("moves b's record home and writes a's SENT record back on a's row from the ledger", () => {
    // b's SENT record landed on a's row, over a's own SENT record (both this job's).
    const analysis = analyse([
      ['Ana', 1, ...sentTo(2)],
      ['Bia', 2, 'QUEUED', '', 'Queued by job j.', ''],
    ]);
    const repair = misplacedRepair(analysis, EMPTY, {
      t,
      since: SINCE,
      templateName: 'T',
      sent: new Map([['lead:1', sentTo(1)]]),
    });
    const at = (index: number) => repair.entries.find((e) => e.index === index)?.cells;
    expect(at(1)).toEqual(sentTo(2));
    expect(at(0)).toEqual(sentTo(1));
  });

  it("clears a row this job's record covered when the ledger has nothing of its lead", () => {
    const analysis = analyse([
      ['Ana', 1, ...sentTo(2)],
      ['Bia', 2, ...BLANK],
    ]);
    const repair = misplacedRepair(analysis, EMPTY, { t, since: SINCE, templateName: 'T' });
    const cells = repair.entries.find((e) => e.index === 0)?.cells;
    // Decided afresh (queued), never UNCERTAIN since ever: a lead with any earlier message
    // would be confirmed SENT though it never got this template.
    expect(cells?.[0]).toBe('QUEUED');
    expect(cells?.[2]).toBe(t('send.detail.movedBack'));
  });

  it("writes a SENT record of the ledger on its lead's row when no row shows it", () => {
    const analysis = analyse([['Ana', 1, 'SKIPPED', '', 'Not sent: lead 1 already got it.', '']]);
    const repair = misplacedRepair(analysis, EMPTY, {
      t,
      since: SINCE,
      templateName: 'T',
      sent: new Map([['lead:1', sentTo(1)]]),
    });
    expect(repair.entries).toEqual([{ index: 0, cells: sentTo(1), notOwnHistory: false }]);
  });

  it("moves a lead's record off a row whose lead id cell is empty, which is decided as its own", () => {
    // Bia's row has her name but no lead id: it finds no lead, so b's SENT record is a stray.
    const analysis = analyse([
      ['Bia', '', ...sentTo(2)],
      ['Ana', 2, 'QUEUED', '', 'Queued by job j.', ''],
    ]);
    expect(analysis.foreign).toEqual([true, false]);
    expect(analysis.decisions[0]?.kind).toBe('skip');
    const repair = misplacedRepair(analysis, EMPTY, {
      t,
      since: SINCE,
      templateName: 'T',
      sent: new Map([['lead:2', sentTo(2)]]),
    });
    expect(repair.entries.find((e) => e.index === 1)?.cells).toEqual(sentTo(2));
    // Its own refusal, quoting what it holds, is its own record.
    const own = analyse([
      [
        'Bia',
        'lead 7',
        'SKIPPED',
        '',
        analysis.decisions[0]?.kind === 'skip'
          ? 'Column "CRM Lead ID" holds "lead 7", which is not a lead id (a whole number such as 42)'
          : '',
        '',
      ],
    ]);
    expect(own.foreign).toEqual([false]);
  });

  it("clears a lead's record left on a row with no lead cells", () => {
    const analysis = analyse([['', '', ...sentTo(2)]]);
    expect(
      misplacedRepair(analysis, EMPTY, { t, since: SINCE, templateName: 'T' }).cleared,
    ).toEqual([0]);
  });
});
