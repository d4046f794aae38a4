import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import {
  busiestMinute,
  createSendWorld,
  DOCUMENT_SEND,
  generateSendSheet,
  type SendSheet,
  type SendWorld,
  SHEET,
} from './send-harness';

function expectedStatus(e: SendSheet['expected'][number]): string {
  return e === 'SENT' ? 'SENT' : e === 'BLANK' ? '' : 'SKIPPED';
}

function runToEnd(world: SendWorld): JobSummary {
  world.runtime.runUntilIdle({ maxExecutions: 40 });
  return world.lastJob();
}

describe('crmSendTemplate end to end', () => {
  it('sends ~200 mixed rows once each: rules checked before any request, message ids from the CRM', async () => {
    let sheet: SendSheet | undefined;
    const world = await createSendWorld({
      sheet: (sandbox) => {
        sheet = generateSendSheet(sandbox, 200, 3);
        return sheet;
      },
    });
    if (!sheet) throw new Error('no sheet');
    const first = world.runtime.run('crmSendTemplate', DOCUMENT_SEND);
    expect(first.error).toBeUndefined();
    expect(first.value).toMatchObject({ kind: 'send' });
    const final = runToEnd(world);
    expect(final.state).toBe('done');

    const header = world.runtime.sheet(SHEET).getValues()[0];
    expect(header?.slice(sheet.header.length)).toEqual([
      'CRM Send Status',
      'CRM Message ID',
      'CRM Send Detail',
      'CRM Sent At',
    ]);
    expect(world.statuses()).toEqual(sheet.expected.map(expectedStatus));

    // Every SENT row: exactly one message in the CRM for its lead, with the id in the sheet.
    const messages = world.messagesByLead();
    const ids = world.column('CRM Message ID');
    sheet.expected.forEach((e, i) => {
      const lead = sheet?.leadIds[i] ?? 0;
      if (e === 'SENT') expect(messages.get(lead), `row ${i + 2}`).toEqual([ids[i]]);
      else if (lead) expect(messages.get(lead), `row ${i + 2}`).toBeUndefined();
    });
    const sent = sheet.expected.filter((e) => e === 'SENT').length;
    // One request per SENT row and one for the lead without phone; none for rule breakers.
    const requests = world.sendRequests();
    expect(requests.filter((r) => r.status === 200)).toHaveLength(sent);
    expect(requests).toHaveLength(sent + 1);
    const details = world.column('CRM Send Detail').map(String);
    const noPhone = sheet.expected.indexOf('NO_PHONE');
    expect(details[noPhone]).toMatch(/Lead sem telefone cadastrado\./);
    expect(final.counts).toMatchObject({
      SENT: sent,
      FAILED: 0,
      UNCERTAIN: 0,
      SENDING: 0,
      QUEUED: 0,
    });
    expect(final.counts.SKIPPED).toBe(
      sheet.expected.filter((e) => e === 'RULE' || e === 'NO_PHONE').length,
    );
    expect(final.message).toBe(
      `Send finished: ${sent} sent, ${final.counts.SKIPPED} skipped.`,
    );
    expect(busiestMinute(world.sandbox.requests().map((r) => r.at))).toBeLessThanOrEqual(60);
  });
});
