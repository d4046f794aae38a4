/**
 * Issue 18 item 8: the send preview checks what it can know before promising a send (the lead's
 * phone, read for the first rows), in the user's language.
 */
import { describe, expect, it } from 'vitest';
import { createSendWorld, DEMO, DOCUMENT_SEND, SEND_HEADER, SHEET } from './send-harness';

describe('uiPreviewSend', () => {
  it('does not promise a send to a lead the CRM holds without a phone', async () => {
    const world = await createSendWorld({
      sheet: (sandbox) => {
        const lead = (id: number) => sandbox.state.leads.find((l) => l.id === id);
        const rows = [DEMO.leads.noPhone, DEMO.leads.windowOpen].map((id) => {
          const l = lead(id);
          return [
            l?.name,
            l?.email ?? '',
            // A phone in the sheet: only the CRM can tell (an empty cell is skipped by itself).
            l?.phone ?? '(11) 90000-0000',
            id,
            '#1',
            'https://files.example.com/a.pdf',
          ];
        });
        return { header: SEND_HEADER, rows };
      },
    });
    const preview = world.runtime.runOrThrow('uiPreviewSend', DOCUMENT_SEND) as {
      counts: Record<string, number>;
      skipped: { row: number; reason: string }[];
      sample?: { row: number };
    };
    expect(preview.counts).toMatchObject({ QUEUED: 1, SKIPPED: 1 });
    expect(preview.skipped).toEqual([
      { row: 2, reason: expect.stringMatching(/^Not sent: lead 2 has no phone in the CRM/) },
    ]);
    expect(preview.sample?.row).toBe(3);
    expect(world.sendRequests()).toHaveLength(0);
    expect(world.runtime.sheet(SHEET).getValues()[1]).toHaveLength(SEND_HEADER.length);
  });

  it('counts rows whose phone cell is empty as skipped, and the run spends no request on them', async () => {
    // Issue 27 item 7b: the confirmation said 319 would be sent; the run skipped 21 leads with
    // no phone at one request each, though their phone cells were empty.
    const world = await createSendWorld({
      sheet: (sandbox) => {
        const leads = sandbox.state.leads
          .filter((l) => l.account_id === 1 && l.phone && l.id !== DEMO.leads.noPhone)
          .slice(0, 4);
        const rows = leads.map((l, i) => [
          l.name,
          l.email ?? '',
          i % 2 === 0 ? (l.phone ?? '') : '',
          l.id,
          `#${i}`,
          'https://files.example.com/a.pdf',
        ]);
        const none = sandbox.state.leads.find((l) => l.id === DEMO.leads.noPhone);
        rows.push([
          none?.name ?? '',
          none?.email ?? '',
          '',
          DEMO.leads.noPhone,
          '#9',
          'https://files.example.com/a.pdf',
        ]);
        return { header: SEND_HEADER, rows };
      },
    });
    const preview = world.runtime.runOrThrow('uiPreviewSend', DOCUMENT_SEND) as {
      counts: Record<string, number>;
    };
    expect(preview.counts).toMatchObject({ QUEUED: 2, SKIPPED: 3 });
    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    const job = world.lastJob();
    // Before the fix: 5 requests, 3 of them refused for no phone.
    expect(world.sendRequests()).toHaveLength(2);
    expect(job.counts).toMatchObject({ SENT: 2, SKIPPED: 3 });
    expect(world.statuses()).toEqual(['SENT', 'SKIPPED', 'SENT', 'SKIPPED', 'SKIPPED']);
  });
});
