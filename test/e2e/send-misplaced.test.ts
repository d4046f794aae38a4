/**
 * Issue 16 item 12: a status on another lead's row. A person may sort or insert between a
 * step's read and its write; by the end of the job each status, id and detail stands on its
 * own lead's row: the job checks the sheet against what it wrote (every SENT record names its
 * lead) and repairs what moved.
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index';
import type { JobSummary } from '../../src/core/jobs/record';
import {
  createSendWorld,
  DEMO_KEYS,
  DOCUMENT_SEND,
  expectOneMessagePerSentRow,
  mixedWorld,
  runToEnd,
  SEND_HEADER,
  SHEET,
} from './send-harness';

describe('the end-of-job check', () => {
  it('moves SENT records back to their own leads’ rows, and settles a row left without one', async () => {
    const { world, sheet } = await mixedWorld(30, 5);
    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    expect(runToEnd(world).state).toBe('done');
    const ok = () => world.sendRequests().filter((r) => r.status === 200).length;
    const sentBefore = ok();
    const model = world.runtime.sheet(SHEET);
    const statusColumn = sheet.header.length + 1;
    const [a, b, c] = sheet.expected.flatMap((e, i) => (e === 'SENT' ? [i + 2] : []));
    if (!a || !b || !c) throw new Error('no rows');
    // As if a sort had landed between reads and writes: a and b swapped their status cells,
    // and c's record was written over a's.
    const cells = (row: number) => model.getValues()[row - 1]?.slice(statusColumn - 1) ?? [];
    const [cellsA, cellsB] = [cells(a), cells(b)];
    model.setValues(a, statusColumn, [cellsB]);
    model.setValues(b, statusColumn, [cellsA]);
    model.setValues(c, statusColumn, [cellsA]);
    expect(cellsA[1]).not.toEqual(cellsB[1]);

    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    expect(runToEnd(world).state).toBe('done');
    // Each SENT row names its own lead's message; no lead got a second one.
    expectOneMessagePerSentRow(world);
    expect(cells(a)[1]).toEqual(cellsA[1]);
    expect(cells(b)[1]).toEqual(cellsB[1]);
    expect(cells(c)[0]).toBe('SENT');
    // Nothing was sent again (the lead without a phone is only asked again, and refused).
    expect(ok()).toBe(sentBefore);
  });

  it('does so on a sheet whose rows find their leads by e-mail or phone (matchBy)', async () => {
    const { world, sheet } = await mixedWorld(30, 5);
    const matched = { ...DOCUMENT_SEND, leadIdColumn: undefined, matchBy: 'email_or_phone' };
    world.runtime.runOrThrow('crmSendTemplate', matched);
    expect(runToEnd(world).state).toBe('done');
    const ok = () => world.sendRequests().filter((r) => r.status === 200).length;
    const sentBefore = ok();
    const model = world.runtime.sheet(SHEET);
    const statusColumn = sheet.header.length + 1;
    const [a, b, c] = world.statuses().flatMap((status, i) => (status === 'SENT' ? [i + 2] : []));
    if (!a || !b || !c) throw new Error('no rows');
    const cells = (row: number) => model.getValues()[row - 1]?.slice(statusColumn - 1) ?? [];
    const [cellsA, cellsB] = [cells(a), cells(b)];
    model.setValues(a, statusColumn, [cellsB]);
    model.setValues(b, statusColumn, [cellsA]);
    model.setValues(c, statusColumn, [cellsA]);

    world.runtime.runOrThrow('crmSendTemplate', matched);
    expect(runToEnd(world).state).toBe('done');
    expect(cells(a)[1]).toEqual(cellsA[1]);
    expect(cells(b)[1]).toEqual(cellsB[1]);
    // Every SENT row names its own lead's message; no lead got a second one.
    const messages = world.messagesByLead();
    for (const [lead, ids] of messages) expect(ids, `lead ${lead}`).toHaveLength(1);
    // A row's lead: the one with its e-mail, else its phone (the keys this sheet finds leads by).
    const digits = (value: unknown) => String(value ?? '').replace(/\D/g, '');
    const leadOf = (row: readonly unknown[] | undefined) =>
      world.sandbox.state.leads.find(
        (l) =>
          l.account_id === 1 &&
          (row?.[1]
            ? l.email === row[1]
            : digits(l.phone) !== '' && digits(l.phone) === digits(row?.[2])),
      )?.id;
    for (const values of model.getValues().slice(1)) {
      const id = values[statusColumn];
      if (values[statusColumn - 1] === 'SENT' && id !== '') {
        expect(messages.get(leadOf(values) ?? 0), JSON.stringify(values)).toEqual([id]);
      }
    }
    // c's row lost its record: looked up again, its lead is found to have got the template
    // (the send record), and its row says so, with the lead's own id; nothing leaves.
    const leadOfC = leadOf(model.getValues()[c - 1]);
    expect(cells(c)[0]).toBe('SKIPPED');
    expect(String(cells(c)[2])).toContain(`lead ${leadOfC} got`);
    expect(ok()).toBe(sentBefore);
  });
});

/** Rows of `count` new leads, each with a phone of its own (made with the rate limit lifted). */
function newLeadRows(sandbox: Sandbox, count: number): unknown[][] {
  sandbox.configure({ rateLimitPerMinute: 1_000_000, leadLimit: 1_000_000 });
  return Array.from({ length: count }, (_, i) => {
    const phone = `+55119${String(10_000_000 + i).slice(-8)}`;
    const lead = sandbox.handle({
      method: 'POST',
      path: '/api/v1/leads/upsert',
      headers: { 'X-API-Key': DEMO_KEYS.admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Cliente ${i + 1}`, phone, match_by: 'phone' }),
    });
    const id = (JSON.parse(String(lead.body)) as { lead: { id: number } }).lead.id;
    return [`Cliente ${i + 1}`, '', phone, id, `#${i}`, `https://files.example.com/p/${i}.pdf`];
  });
}

describe('the check at the end of each slice (issue 16 item 12)', () => {
  it('puts records back before a long send ends, not only at its end', async () => {
    const world = await createSendWorld({
      sheet: (sandbox) => ({ header: SEND_HEADER, rows: newLeadRows(sandbox, 550) }),
    });
    world.sandbox.configure({ rateLimitPerMinute: 60 });
    const model = world.runtime.sheet(SHEET);
    const statusColumn = SEND_HEADER.length + 1;
    const cells = (row: number) => model.getValues()[row - 1]?.slice(statusColumn - 1) ?? [];
    // While a batch is out (never between a read and its writes), a person's sort or paste
    // swaps two SENT rows' status cells, once 40 rows are SENT.
    let swapped: { a: number; b: number; cellsA: unknown[]; cellsB: unknown[] } | undefined;
    world.onServiceCall = (event) => {
      if (swapped || event.name !== 'UrlFetchApp.fetchAll') return;
      const sent = world.statuses().flatMap((status, i) => (status === 'SENT' ? [i + 2] : []));
      const [a, b] = sent;
      if (sent.length < 40 || !a || !b) return;
      swapped = { a, b, cellsA: cells(a), cellsB: cells(b) };
      model.setValues(a, statusColumn, [swapped.cellsB]);
      model.setValues(b, statusColumn, [swapped.cellsA]);
    };
    const first = world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND) as JobSummary;
    world.onServiceCall = null;
    // The first execution did not finish the job, yet put the records back.
    expect(first.state).not.toBe('done');
    if (!swapped) throw new Error('no swap');
    expect(cells(swapped.a)[1]).toEqual(swapped.cellsA[1]);
    expect(cells(swapped.b)[1]).toEqual(swapped.cellsB[1]);
    expect(runToEnd(world).state).toBe('done');
    expectOneMessagePerSentRow(world);
  }, 300_000);
});
