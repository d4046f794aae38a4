/**
 * `rows` of a send (issue 29, item 1): only the chosen rows' leads get the template, every
 * other row keeps its cells (status columns included), a sort during the send pulls no other
 * row in, and a bad list throws an error that says what to fix.
 */
import { describe, expect, it } from 'vitest';
import { createSendWorld, DOCUMENT_SEND, SEND_HEADER, type SendWorld, SHEET } from './send-harness';

/** 12 data rows (sheet rows 2 … 13), each a distinct demo lead with a phone. */
async function world(): Promise<{ w: SendWorld; leadOfRow: Map<number, number> }> {
  const leadOfRow = new Map<number, number>();
  const w = await createSendWorld({
    sheet: (sandbox) => {
      const leads = sandbox.state.leads
        .filter((l) => l.account_id === 1 && l.phone && !l.tags.includes('optout'))
        .slice(0, 12);
      expect(leads).toHaveLength(12);
      const rows = leads.map((lead, i) => {
        leadOfRow.set(i + 2, lead.id);
        return [
          `Cliente ${i + 2}`,
          '',
          lead.phone,
          lead.id,
          `#${i}`,
          'https://files.example.com/p.pdf',
        ];
      });
      return { header: SEND_HEADER, rows };
    },
  });
  return { w, leadOfRow };
}

function send(w: SendWorld, rows: string) {
  w.runtime.runOrThrow('crmSendTemplate', { ...DOCUMENT_SEND, rows });
  w.runtime.runUntilIdle({ maxExecutions: 40 });
  return w.lastJob();
}

/** Sheet rows whose lead got a message from this send, by the sheet's initial row numbers. */
function rowsMessaged(w: SendWorld, leadOfRow: Map<number, number>): number[] {
  const messaged = w.messagesByLead();
  return [...leadOfRow].filter(([, lead]) => messaged.has(lead)).map(([row]) => row);
}

/** Initial row numbers of the rows with anything in a CRM Send column now (wherever they are). */
function rowsWithStatus(w: SendWorld): number[] {
  const values = w.runtime.sheet(SHEET).getValues();
  const header = values[0] ?? [];
  const status = header.flatMap((h, i) => (String(h).startsWith('CRM Send') ? [i] : []));
  return values
    .slice(1)
    .filter((row) => status.some((i) => String(row[i] ?? '') !== ''))
    .map((row) => Number(/^Cliente (\d+)$/.exec(String(row[0]))?.[1]))
    .sort((a, b) => a - b);
}

describe('crmSendTemplate rows', () => {
  it('"5:9,12": only those rows are sent; the others keep their cells', async () => {
    const { w, leadOfRow } = await world();
    const before = w.runtime.sheet(SHEET).getValues();
    const final = send(w, '5:9,12');
    expect(final.state).toBe('done');
    expect(final.total).toBe(6);
    expect(rowsMessaged(w, leadOfRow)).toEqual([5, 6, 7, 8, 9, 12]);
    expect(rowsWithStatus(w)).toEqual([5, 6, 7, 8, 9, 12]);
    const after = w.runtime.sheet(SHEET).getValues();
    for (const r of [2, 3, 4, 10, 11, 13]) {
      expect(after[r - 1]?.slice(0, 6)).toEqual(before[r - 1]);
    }
  });

  it('"visible": rows hidden by a filter or by hand get nothing', async () => {
    const { w, leadOfRow } = await world();
    w.runtime.sheet(SHEET).filterRows([2, 3]);
    w.runtime.sheet(SHEET).hideRows(13, 1);
    send(w, 'visible');
    expect(rowsMessaged(w, leadOfRow)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rowsWithStatus(w)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('"selection": the rows of the selected ranges', async () => {
    const { w, leadOfRow } = await world();
    w.runtime.workbook.select(SHEET, ['A4:B5', 'C10']);
    send(w, 'selection');
    expect(rowsMessaged(w, leadOfRow)).toEqual([4, 5, 10]);
    expect(rowsWithStatus(w)).toEqual([4, 5, 10]);
  });

  it('a sort while the send runs pulls no other row in', async () => {
    const { w, leadOfRow } = await world();
    let sorted = false;
    w.onRequest = (request) => {
      if (sorted || !request.url.includes('send-chatapp-template')) return;
      sorted = true;
      // Descending by name: the chosen rows move among the others.
      w.runtime.sheet(SHEET).sortRows(2, 13, 1, false);
    };
    send(w, '2:3,8,13');
    expect(sorted).toBe(true);
    expect(rowsMessaged(w, leadOfRow)).toEqual([2, 3, 8, 13]);
    expect(rowsWithStatus(w)).toEqual([2, 3, 8, 13]);
  });

  it('a bad list throws, and nothing is written or sent', async () => {
    const { w } = await world();
    const before = w.runtime.sheet(SHEET).getValues();
    const result = w.runtime.run('crmSendTemplate', { ...DOCUMENT_SEND, rows: '5:9;12' });
    expect(result.ok).toBe(false);
    expect(result.error?.message).toMatch(/"5:9;12" is not a row or a span/);
    expect(w.runtime.sheet(SHEET).getValues()).toEqual(before);
    expect(w.sendRequests()).toEqual([]);
  });
});
