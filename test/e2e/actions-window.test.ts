/**
 * The message preview foresees a closed 24-hour chat window (issue 17): the CRM answers 422
 * `window_closed` to a text outside it, so the preview reads each lead's conversation (only
 * `GET /leads/{id}` shows it) and says "window closed: send a template instead" where the
 * conversation proves it, at one read a row. Where it cannot (the last message is ours and
 * recent, the contact's older), it promises nothing it cannot keep and the run says SKIPPED.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, type Sandbox } from '../../sandbox/index';
import { createActionsWorld, leadRows, plainLeads, runJob, SHEET } from './actions-harness';

const HOUR = 3_600_000;

/** A demo lead with a phone and no conversation: the contact never wrote. */
function silentLead(sandbox: Sandbox): number {
  const talked = new Set(sandbox.state.conversations.map((c) => c.lead_id));
  const lead = plainLeads(sandbox, 200).find((l) => l.phone && !talked.has(l.id));
  if (!lead) throw new Error('no demo lead without a conversation');
  return lead.id;
}

/** A lead whose contact wrote 30 h ago and to whom we wrote 1 h ago (on the cloud number). */
function answeredLead(sandbox: Sandbox, silent: number): number {
  const talked = new Set(sandbox.state.conversations.map((c) => c.lead_id));
  const lead = plainLeads(sandbox, 200).find(
    (l) => l.phone && !talked.has(l.id) && l.id !== silent,
  );
  if (!lead) throw new Error('no second demo lead without a conversation');
  const now = sandbox.clock.now();
  sandbox.state.conversations.push({
    id: 90_001,
    account_id: 1,
    lead_id: lead.id,
    instance_id: DEMO.instances.cloud,
    phone: lead.phone ?? '',
    status: 'open',
    last_message_at: new Date(now - HOUR).toISOString(),
    last_inbound_at: new Date(now - 30 * HOUR).toISOString(),
    unread_count: 0,
    created_at: new Date(now - 30 * HOUR).toISOString(),
  });
  return lead.id;
}

describe('lead actions: the message preview and the 24-hour window', () => {
  it('says "window closed" per row where the conversation proves it, at one read a row', async () => {
    let ids: number[] = [];
    const world = await createActionsWorld({
      rows: (sandbox) => {
        const silent = silentLead(sandbox);
        ids = [
          DEMO.leads.windowOpen,
          DEMO.leads.windowClosed,
          silent,
          DEMO.leads.noPhone,
          answeredLead(sandbox, silent),
        ];
        return leadRows(sandbox, ids);
      },
    });
    const params = { text: 'Olá {{Nome}}', instanceId: DEMO.instances.cloud };
    world.sandbox.clearRequests();
    const preview = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'message',
      params,
      preview: true,
    });
    expect(preview.state).toBe('done');
    expect(world.statuses()).toEqual([
      'WILL_CHANGE',
      'WILL_FAIL',
      'WILL_FAIL',
      'WILL_FAIL',
      'WILL_CHANGE',
    ]);
    const details = world.details();
    expect(details[1]).toMatch(/^Window closed: .*send a template instead/);
    expect(details[2]).toMatch(/^Window closed: /);
    expect(details[3]).toMatch(/no phone/);
    // Reads: one a row (the conversation is on no list page), and nothing sent.
    const reads = world.requests().filter((r) => /^GET \/api\/v1\/leads/.test(r));
    expect(reads).toHaveLength(ids.length);
    const sends = world
      .requests()
      .filter((r) => r.startsWith('POST /api/v1/leads') && !r.includes('2147483647'));
    expect(sends, 'the scope probe aside').toEqual([]);
    // The figures count what the run will ask: the two open rows; the closed windows the run
    // keeps to its preview (core/plan) and sends nothing for them.
    const figures = world.runtime.runOrThrow('uiLeadActionsPreview', preview.jobId) as {
      writeRequests: number;
      readRequests: number;
    };
    expect(figures).toMatchObject({ writeRequests: 2, readRequests: ids.length });
    // The run agrees with every row the preview foresaw.
    const run = runJob(world, 'crmLeadActions', { sheet: SHEET, action: 'message', params });
    expect(run.state).toBe('done');
    expect(world.statuses()).toEqual(['DONE', 'SKIPPED', 'SKIPPED', 'SKIPPED', 'SKIPPED']);
  });
});
