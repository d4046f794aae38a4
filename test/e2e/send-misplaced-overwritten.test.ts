/**
 * Review of the end-of-job check on matched sheets (misplaced.ts): a row whose own SENT record
 * another lead's record was written over (a sort between a read and a write) goes back to the
 * queue and is skipped only when "this job's sent or the send record" says its lead got the
 * template. Its own lost SENT record said so; the send record may not: a sheet SENT before the
 * record existed (every sheet of a person upgrading), or a send asked with `resend: true`
 * (whose contract is "rows still SENT are never sent again").
 */
import { describe, expect, it } from 'vitest';
import { DOCUMENT_SEND, forgetSendRecord, mixedWorld, runToEnd, SHEET } from './send-harness';

async function overwrittenRecord(then: { forget?: boolean; resend?: boolean }) {
  const { world, sheet } = await mixedWorld(30, 5);
  const matched = { ...DOCUMENT_SEND, leadIdColumn: undefined, matchBy: 'email_or_phone' };
  world.runtime.runOrThrow('crmSendTemplate', matched);
  expect(runToEnd(world).state).toBe('done');
  const model = world.runtime.sheet(SHEET);
  const statusColumn = sheet.header.length + 1;
  const [a, c] = world.statuses().flatMap((status, i) => (status === 'SENT' ? [i + 2] : []));
  if (!a || !c) throw new Error('no rows');
  const cells = (row: number) => model.getValues()[row - 1]?.slice(statusColumn - 1) ?? [];
  // As if a sort had landed between a read and a write: a's record written over c's.
  model.setValues(c, statusColumn, [cells(a)]);
  if (then.forget) forgetSendRecord(world);
  world.runtime.runOrThrow('crmSendTemplate', then.resend ? { ...matched, resend: true } : matched);
  expect(runToEnd(world).state).toBe('done');
  return world;
}

function twice(world: Awaited<ReturnType<typeof mixedWorld>>['world']): number[] {
  return [...world.messagesByLead()].filter(([, ids]) => ids.length > 1).map(([lead]) => lead);
}

describe('review: a matched row whose SENT record was overwritten', () => {
  it('(control) with the send record, its lead is not sent again', async () => {
    const world = await overwrittenRecord({});
    expect(twice(world)).toEqual([]);
  });

  it('on a sheet SENT before the send record existed, its lead is not sent again', async () => {
    const world = await overwrittenRecord({ forget: true });
    // Before the fix: c's lead gets the template a second time.
    expect(twice(world)).toEqual([]);
  });

  it('with resend: true (rows still SENT are never sent again), its lead is not sent again', async () => {
    const world = await overwrittenRecord({ resend: true });
    // Before the fix: c's lead gets the template a second time.
    expect(twice(world)).toEqual([]);
  });
});
