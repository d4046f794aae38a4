/**
 * Issue 16 item 14: the rows a cancelled send never reached say so, instead of "queued — sent
 * in turn"; the next send on the sheet sends them.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import {
  DOCUMENT_SEND,
  expectedStatus,
  expectOneMessagePerSentRow,
  mixedWorld,
  runToEnd,
} from './send-harness';

describe('a cancelled send', () => {
  it('leaves no row QUEUED: each unsent row says the job was cancelled', async () => {
    const { world, sheet } = await mixedWorld(60, 31);
    // Cancelled from its first execution, after a few sends.
    let sends = 0;
    let jobId = '';
    world.onRequest = (request) => {
      if (!request.url.endsWith('/send-chatapp-template') || ++sends !== 8) return;
      jobId = (world.runtime.runOrThrow('crmListJobs') as JobSummary[])[0]?.jobId ?? '';
      const cancelled = world.runtime.runOrThrow('crmCancelJob', jobId) as JobSummary;
      expect(cancelled.state).toBe('cancelled');
    };
    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    world.onRequest = null;
    runToEnd(world);
    const statuses = world.statuses();
    console.log(`after the cancel: ${statuses.filter((st) => st === 'QUEUED').length} rows QUEUED`);
    expect(statuses).not.toContain('QUEUED');
    expect(statuses).not.toContain('SENDING');
    const details = world.column('CRM Send Detail').map(String);
    const cancelled = details.filter((d) => d.startsWith(`Not sent: job ${jobId} was cancelled`));
    expect(cancelled.length).toBeGreaterThan(20);

    // The next send sends them, once each.
    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    expect(runToEnd(world).state).toBe('done');
    expect(world.statuses()).toEqual(sheet.expected.map(expectedStatus));
    expectOneMessagePerSentRow(world);
  });
});
