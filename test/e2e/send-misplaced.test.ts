/**
 * Issue 16 item 12: a status on another lead's row. A person may sort or insert between a
 * step's read and its write; by the end of the job each status, id and detail stands on its
 * own lead's row: the job checks the sheet against what it wrote (every SENT record names its
 * lead) and repairs what moved.
 */
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_SEND,
  expectOneMessagePerSentRow,
  mixedWorld,
  runToEnd,
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
});
