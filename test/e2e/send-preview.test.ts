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
            l?.phone ?? '',
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
});
