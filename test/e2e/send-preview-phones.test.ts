/**
 * The send preview checks the CRM phone of every lead it would send to, not only the first few
 * (PRODUCT.md "A preview tells the truth"): a lead past the fifth that the CRM holds without a
 * phone was counted to send, then SKIPPED by the run. With many leads it reads the account's
 * leads a page of 200 at a time instead of one request per lead.
 */
import { describe, expect, it } from 'vitest';
import { createSendWorld, DEMO, DOCUMENT_SEND, SEND_HEADER, sendRowOf } from './send-harness';

const LEADS = 20;
/** The row (1-based among the leads) whose lead the CRM holds without a phone. */
const NO_PHONE_AT = 12;

describe('the send preview of 20 leads, lead 12 without a phone in the CRM', () => {
  it('counts what the run does, with fewer reads than one per lead', async () => {
    let noPhoneId = 0;
    const world = await createSendWorld({
      sheet: (sandbox) => {
        const leads = sandbox.state.leads
          .filter((l) => l.account_id === 1 && l.phone && l.id !== DEMO.leads.noPhone)
          .filter((l) => !(l.tags ?? []).includes('optout'))
          .slice(0, LEADS);
        const rows = leads.map(sendRowOf);
        // The sheet still shows the phone; only the CRM can tell it is gone.
        const gone = leads[NO_PHONE_AT - 1];
        if (!gone) throw new Error('the demo seed has fewer leads than the test needs');
        gone.phone = null;
        noPhoneId = gone.id;
        return { header: SEND_HEADER, rows };
      },
    });
    world.sandbox.clearRequests();
    const preview = world.runtime.runOrThrow('uiPreviewSend', DOCUMENT_SEND) as {
      counts: Record<string, number>;
      skipped: { row: number; reason: string }[];
    };
    const leadReads = world.sandbox
      .requests()
      .filter((r) => r.method === 'GET' && /^\/api\/v1\/leads(\/\d+)?$/.test(r.path));
    // Before the fix: QUEUED 20, SKIPPED 0 (only the first 5 leads were read).
    expect(preview.counts).toMatchObject({ QUEUED: LEADS - 1, SKIPPED: 1 });
    expect(preview.skipped).toEqual([
      {
        row: NO_PHONE_AT + 1,
        reason: expect.stringMatching(new RegExp(`lead ${noPhoneId} has no phone in the CRM`)),
      },
    ]);
    // One GET per lead would be 20 reads (and 20 s of the rate limit).
    expect(leadReads.length).toBeLessThan(LEADS / 2);
    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    const job = world.lastJob();
    expect(job.counts).toMatchObject({ SENT: preview.counts.QUEUED, SKIPPED: 1 });
    expect(world.statuses()[NO_PHONE_AT - 1]).toBe('SKIPPED');
  });
});
