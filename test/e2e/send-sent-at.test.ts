import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_SEND,
  expectedStatus,
  expectOneMessagePerSentRow,
  mixedWorld,
  providerFault,
  runToEnd,
  type SendWorld,
} from './send-harness';

/**
 * `CRM Sent At` says when a message went (SENT) or may have (SENDING, UNCERTAIN): never on a
 * SKIPPED or FAILED row (issue 18 item 9). What tells a job which SKIPPED and FAILED rows are
 * its own is its record in the data store (core/send/job-ledger.ts), which goes when the job ends.
 */

function expectTimesOnlyOnSends(world: SendWorld): void {
  const times = world.column('CRM Sent At');
  world.statuses().forEach((status, i) => {
    const time = times[i];
    if (status === 'SENT') expect(time, `row ${i + 2}`).toBeInstanceOf(Date);
    else if (status !== 'UNCERTAIN') expect(time, `row ${i + 2} ${status}`).toBe('');
  });
}

/** Each data row's status, blank rows at the end of the sheet included. */
function statusesOf(world: SendWorld, count: number): string[] {
  const statuses = world.statuses();
  return Array.from({ length: count }, (_, i) => statuses[i] ?? '');
}

function ledgerKeys(world: SendWorld): string[] {
  return Object.keys(world.runtime.properties('user')).filter((key) => key.includes('snd.'));
}

/** Seeds of the kill sweep: SEND_SENT_AT_SEEDS for a deeper run (each seed is a whole send). */
const seeds = Number(process.env.SEND_SENT_AT_SEEDS ?? 1);

describe('CRM Sent At on a send', () => {
  it('holds the time of SENT rows only: SKIPPED and FAILED rows have none, and the job still ends', async () => {
    const { world, sheet } = await mixedWorld(60, 8);
    const failing = sheet.expected.indexOf('SENT');
    const lead = sheet.leadIds[failing] ?? 0;
    // This lead's number cannot receive messages: FAILED, never retried.
    world.sandbox.faults.add(providerFault(131026, { leadId: lead }));
    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    const final = runToEnd(world);
    expect(final.state).toBe('done');
    const expected = sheet.expected.map(expectedStatus);
    expected[failing] = 'FAILED';
    expect(statusesOf(world, expected.length)).toEqual(expected);
    expect(final.counts.FAILED).toBe(1);
    expect(final.counts.SKIPPED).toBe(expected.filter((s) => s === 'SKIPPED').length);
    expect(final.counts.SKIPPED).toBeGreaterThan(0);
    expectTimesOnlyOnSends(world);
    expectOneMessagePerSentRow(world);
    // The job's record of its SKIPPED and FAILED rows went with the job.
    expect(ledgerKeys(world)).toEqual([]);
    const failedTries = world.sendRequests().filter((r) => r.path.includes(`/leads/${lead}/`));
    expect(failedTries).toHaveLength(1);
  });

  it('a later send tries SKIPPED and FAILED rows again (another job, another record)', async () => {
    const { world, sheet } = await mixedWorld(30, 9);
    const failing = sheet.expected.indexOf('SENT');
    const lead = sheet.leadIds[failing] ?? 0;
    world.sandbox.faults.add(providerFault(131026, { leadId: lead, count: 1 }));
    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    expect(runToEnd(world).state).toBe('done');
    expect(world.statuses()[failing]).toBe('FAILED');

    world.clock.advance(60_000);
    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    const second = runToEnd(world);
    expect(second.state).toBe('done');
    expect(statusesOf(world, sheet.expected.length)).toEqual(sheet.expected.map(expectedStatus));
    expectTimesOnlyOnSends(world);
    expectOneMessagePerSentRow(world);
  });

  it(
    'executions killed at any instant: SKIPPED rows never get a time, no row is sent twice',
    async () => {
      for (let seed = 31; seed < 31 + seeds; seed++) {
        const { world, sheet } = await mixedWorld(30, seed);
        let random = seed * 7919;
        let started = false;
        for (let round = 0; round < 200; round++) {
          random = (random * 48271) % 2147483647;
          const result = world.runtime.execute({
            fn: started ? 'crmRunJobs' : 'crmSendTemplate',
            args: started ? [] : [DOCUMENT_SEND],
            killAfterServiceCalls: 5 + (random % 120),
          });
          if (!started) started = (world.runtime.runOrThrow('crmListJobs') as unknown[]).length > 0;
          world.clock.advance(5_000);
          if (!result.killed && started && world.lastJob().state === 'done') break;
        }
        world.runtime.runOrThrow('crmRunJobs');
        const final = runToEnd(world);
        expect(final.state, `seed ${seed}`).toBe('done');
        const statuses = statusesOf(world, sheet.expected.length);
        sheet.expected.forEach((e, i) => {
          if (e === 'SENT' || e === 'NO_PHONE')
            expect([expectedStatus(e), 'UNCERTAIN'], `seed ${seed} row ${i + 2}`).toContain(
              statuses[i],
            );
          else expect(statuses[i], `seed ${seed} row ${i + 2}`).toBe(expectedStatus(e));
        });
        expectTimesOnlyOnSends(world);
        expectOneMessagePerSentRow(world);
      }
      // About a minute a seed on a loaded 2-core machine.
    },
    Math.max(180_000, seeds * 120_000),
  );
});
