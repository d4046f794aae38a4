/**
 * Provider failures by class (provider-failures.ts), end to end: the sandbox relays a 502 with
 * the WhatsApp provider's raw code, as the CRM does. And a cancel reaches a running send before
 * its next batch leaves.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { MAX_BATCH_ROWS } from '../../src/core/send/batch';
import { TRANSIENT_RETRIES } from '../../src/core/send/provider-failures';
import {
  DOCUMENT_SEND,
  expectedStatus,
  expectOneMessagePerSentRow,
  mixedWorld,
  providerFault,
  runToEnd,
  type SendWorld,
} from './send-harness';

/** Send requests per lead id, with their HTTP statuses. */
function sendsByLead(world: SendWorld): Map<number, number[]> {
  const byLead = new Map<number, number[]>();
  for (const r of world.sendRequests()) {
    const lead = Number(/\/leads\/(\d+)\//.exec(r.path)?.[1]);
    byLead.set(lead, [...(byLead.get(lead) ?? []), r.status]);
  }
  return byLead;
}

describe('provider failures during a send', () => {
  it('transient (131000): the row goes back to the queue and is sent later in the same job, once', async () => {
    const { world, sheet } = await mixedWorld(30, 4);
    const lead = sheet.leadIds[sheet.expected.indexOf('SENT')] ?? 0;
    world.sandbox.faults.add(providerFault(131000, { leadId: lead }));
    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    expect(runToEnd(world).state).toBe('done');
    expect(world.statuses()).toEqual(sheet.expected.map(expectedStatus));
    expect(sendsByLead(world).get(lead)).toEqual([502, 200]);
    const [refused, sent] = world.sendRequests().filter((r) => r.path.includes(`/leads/${lead}/`));
    // Retried later, not at once: after the provider's pause.
    expect((sent?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(30_000);
    expectOneMessagePerSentRow(world);
  });

  it(`transient that keeps failing: FAILED after ${TRANSIENT_RETRIES} retries, and the job finishes`, async () => {
    const { world, sheet } = await mixedWorld(30, 4);
    const index = sheet.expected.indexOf('SENT');
    const lead = sheet.leadIds[index] ?? 0;
    world.sandbox.faults.add(providerFault(130429, { leadId: lead, count: 50 }));
    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    const final = runToEnd(world);
    expect(final.state).toBe('done');
    expect(final.counts.FAILED).toBe(1);
    expect(world.statuses()[index]).toBe('FAILED');
    expect(String(world.column('CRM Send Detail')[index])).toMatch(
      /^Not sent: the WhatsApp provider's rate limit was reached \(provider code 130429\), still after 3 automatic retries\. CRM: Provedor retornou erro:/,
    );
    expect(sendsByLead(world).get(lead)).toEqual(Array(TRANSIENT_RETRIES + 1).fill(502));
    expectOneMessagePerSentRow(world);
  });

  it('systemic (132015 template paused): the job pauses after a few refusals with the cause and the fix; resumed, each row is sent once', async () => {
    const { world, sheet } = await mixedWorld(40, 15);
    let sends = 0;
    world.onRequest = (request) => {
      if (request.url.endsWith('/send-chatapp-template') && ++sends === 12)
        world.sandbox.faults.add(providerFault(132015, { count: 1000 }));
    };
    const started = world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND) as JobSummary;
    const paused = runToEnd(world);
    expect(paused.state).toBe('paused');
    expect(paused.message).toMatch(
      /^Paused after 3 sends in a row were refused: WhatsApp paused the template \(low quality\) \(provider code 132015; CRM: Provedor retornou erro: .*\)\. To fix it, wait until WhatsApp reactivates the template/,
    );
    const refused = world.sendRequests().filter((r) => r.status === 502).length;
    expect(refused).toBeGreaterThanOrEqual(3);
    expect(refused).toBeLessThanOrEqual(MAX_BATCH_ROWS);
    const statuses = world.statuses();
    expect(statuses).not.toContain('FAILED');
    expect(statuses).not.toContain('SENDING');
    expect(statuses.filter((s) => s === 'QUEUED').length).toBeGreaterThanOrEqual(refused);

    world.sandbox.faults.clear();
    world.runtime.runOrThrow('crmResumeJob', started.jobId);
    expect(runToEnd(world).state).toBe('done');
    expect(world.statuses()).toEqual(sheet.expected.map(expectedStatus));
    expectOneMessagePerSentRow(world);
    for (const [lead, codes] of sendsByLead(world)) {
      expect(
        codes.filter((c) => c === 200 || c === 422),
        `lead ${lead}`,
      ).toHaveLength(1);
    }
  });

  it('an unknown code, or a refusal without a code: FAILED, never retried', async () => {
    const { world, sheet } = await mixedWorld(30, 4);
    const rows = sheet.expected.flatMap((e, i) => (e === 'SENT' ? [i] : [])).slice(0, 2);
    const [unknown, bare] = rows.map((i) => sheet.leadIds[i] ?? 0);
    world.sandbox.faults.add(providerFault(987654, { leadId: unknown }));
    world.sandbox.faults.add({
      kind: '502',
      message: 'Falha ao enviar: erro desconhecido.',
      raw: { error: { message: 'upstream timeout' } },
      pathPrefix: `/leads/${bare}/send-chatapp-template`,
    });
    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    expect(runToEnd(world).state).toBe('done');
    for (const i of rows) {
      expect(world.statuses()[i]).toBe('FAILED');
      expect(String(world.column('CRM Send Detail')[i])).toMatch(/Not retried automatically/);
    }
    expect(sendsByLead(world).get(unknown ?? 0)).toEqual([502]);
    expect(sendsByLead(world).get(bare ?? 0)).toEqual([502]);
  });
});

describe('cancel reaches a running send before its next batch', () => {
  const latencies: number[] = [];
  afterAll(() => {
    // Requests after the cancel, all of them in the batch already in flight.
    console.log(`cancel-to-stop latency in requests: ${latencies.join(', ')}`);
  });
  it.each([1, 4, 10, 23])(
    'cancelled during send request %i: no request leaves after the batch in flight',
    async (at) => {
      const { world } = await mixedWorld(120, 8);
      let sends = 0;
      let cancelledInBatch: number | undefined;
      const batchOf: number[] = [];
      world.onRequest = (request) => {
        if (!request.url.endsWith('/send-chatapp-template')) return;
        sends += 1;
        const batch = world.runtime.stats.calls['UrlFetchApp.fetchAll'] ?? 0;
        batchOf.push(batch);
        if (sends === at) {
          cancelledInBatch = batch;
          const jobs = world.runtime.runOrThrow('crmListJobs') as JobSummary[];
          world.runtime.runOrThrow('crmCancelJob', jobs[0]?.jobId);
        }
      };
      world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
      world.runtime.runUntilIdle({ maxExecutions: 20 });
      expect(world.lastJob().state).toBe('cancelled');
      // Pause-to-stop latency in requests: sends that left after the cancel in a later batch.
      expect(new Set(batchOf).size).toBeGreaterThan(at > MAX_BATCH_ROWS ? 1 : 0);
      expect(batchOf.slice(at).filter((b) => b !== cancelledInBatch)).toEqual([]);
      latencies.push(batchOf.length - at);
      expect(world.statuses()).not.toContain('SENDING');
      expectOneMessagePerSentRow(world);
    },
  );

  it('cancelled while the send waits for the rate limit: nothing more leaves', async () => {
    const { world } = await mixedWorld(120, 8);
    let sends = 0;
    let sendsAtCancel: number | undefined;
    world.onRequest = (request) => {
      if (request.url.endsWith('/send-chatapp-template')) sends += 1;
    };
    world.onServiceCall = (event) => {
      // The first wait for a rate-limit slot, after a minute's worth of sends.
      if (event.name !== 'Utilities.sleep' || sendsAtCancel !== undefined || sends < 50) return;
      sendsAtCancel = sends;
      world.onServiceCall = null;
      const jobs = world.runtime.runOrThrow('crmListJobs') as JobSummary[];
      world.runtime.runOrThrow('crmCancelJob', jobs[0]?.jobId);
    };
    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    world.runtime.runUntilIdle({ maxExecutions: 20 });
    expect(sendsAtCancel).toBeGreaterThanOrEqual(50);
    expect(world.lastJob().state).toBe('cancelled');
    expect(sends).toBe(sendsAtCancel);
    expect(world.statuses()).not.toContain('SENDING');
  });
});
