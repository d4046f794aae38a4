/**
 * Issue 10.6, send side: an Apps Script quota refusal (thrown before the request leaves) makes
 * the job wait, never fail; a row is never sent twice. A lone refused send is QUEUED and goes
 * later; a refused batch of several is UNCERTAIN, because whether fetchAll may send part of a
 * batch before a quota refuses the rest is not documented (src/core/send/outcome.ts), until the
 * lead's conversation settles it.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createSendWorld, DOCUMENT_SEND, generateSendSheet } from './send-harness';

const DAILY = 'Service invoked too many times for one day: urlfetch.';
const SEND = /\/leads\/\d+\/send-chatapp-template$/;

describe('a send that meets a daily UrlFetch quota', () => {
  it('waits instead of failing, and never sends a row twice', async () => {
    const world = await createSendWorld({ sheet: (sandbox) => generateSendSheet(sandbox, 24, 5) });
    const { runtime } = world;
    // Every send is refused until the quota is back (a refused batch sends nothing).
    let quotaBack = false;
    world.refuse = (request) =>
      quotaBack || !SEND.test(new URL(request.url).pathname) ? undefined : DAILY;
    const started = runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND) as JobSummary;
    const waiting = runtime.runOrThrow('crmGetJob', started.jobId) as JobSummary;
    expect(waiting.state).not.toBe('failed');
    expect(waiting.waitingUntil).toBeGreaterThan(runtime.now());
    expect(world.statuses().filter((s) => s === 'FAILED')).toEqual([]);
    expect(world.sendRequests()).toEqual([]);
    const uncertain = world.statuses().filter((s) => s === 'UNCERTAIN').length;
    expect(uncertain).toBeLessThanOrEqual(10);

    quotaBack = true;
    runtime.runUntilIdle({ maxExecutions: 60 });
    const done = runtime.runOrThrow('crmGetJob', started.jobId) as JobSummary;
    expect(done.state).toBe('done');
    for (const [lead, messages] of world.messagesByLead()) {
      expect(messages, `lead ${lead}`).toHaveLength(1);
    }
    // The refused batch's rows (never sent in this world) are UNCERTAIN or were sent once.
    const statuses = world.statuses();
    expect(statuses.filter((s) => s === 'SENDING' || s === 'QUEUED')).toEqual([]);
    expect(statuses.filter((s) => s === 'SENT').length).toBe(world.messagesByLead().size);
    // Nothing left when the quota refused them: settled from the CRM, then sent once (issue 16
    // item 13), so no row stays UNCERTAIN for good.
    const left = statuses.filter((s) => s === 'UNCERTAIN').length;
    console.log(`after the quota: ${uncertain} rows UNCERTAIN at the wait, ${left} at the end`);
    expect(left).toBe(0);
  });
});
