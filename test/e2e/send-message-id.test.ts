import { describe, expect, it } from 'vitest';
import { createSendWorld, DOCUMENT_SEND, generateSendSheet, SHEET } from './send-harness';

/**
 * The contract leaves message_id's type open (the client takes a number or a string). A string
 * id must reach the sheet as the CRM wrote it: Sheets would read "000123" as 123 and a 19-digit
 * id as a rounded number.
 */
describe('CRM Message ID', () => {
  it('keeps a string message_id exactly as the CRM answered it', async () => {
    const world = await createSendWorld({ sheet: (sandbox) => generateSendSheet(sandbox, 6, 3) });
    const handle = world.sandbox.handle.bind(world.sandbox);
    const ids: string[] = [];
    world.sandbox.handle = (request) => {
      const response = handle(request);
      if (!/send-chatapp-template$/.test(request.path) || response.status >= 300) return response;
      const body = JSON.parse(response.body) as Record<string, unknown>;
      const id = `00${String(body.message_id).padStart(19, '9')}`;
      ids.push(id);
      return { ...response, body: JSON.stringify({ ...body, message_id: id }) };
    };
    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    world.runtime.runUntilIdle({ maxExecutions: 10 });
    expect(world.lastJob().state).toBe('done');

    const values = world.runtime.sheet(SHEET).getValues();
    const header = values[0] ?? [];
    const status = header.indexOf('CRM Send Status');
    const messageId = header.indexOf('CRM Message ID');
    const written = values
      .slice(1)
      .filter((row) => row[status] === 'SENT')
      .map((row) => row[messageId]);
    expect(ids.length).toBeGreaterThan(0);
    // A batch's requests reach the CRM in the order of their latencies, not of their rows.
    expect([...written].sort()).toEqual([...ids].sort());
  });
});
