/**
 * The scope check before a lead action (PRODUCT.md "Lead actions": one request before any
 * row) must change nothing even in an account that has a lead with the probe's id: a message
 * action's check must never send a text to a real person.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import { createActionsWorld, leadRows, runJob, SHEET } from './actions-harness';

const PROBE_ID = 2_147_483_647;

describe('lead actions: the scope check', () => {
  it('sends nothing to a lead that happens to have the probe id, and still starts the job', async () => {
    const world = await createActionsWorld({
      rows: (sandbox) => leadRows(sandbox, [DEMO.leads.windowOpen]),
    });
    const state = world.sandbox.state;
    const source = state.leads.find((l) => l.id === DEMO.leads.windowOpen);
    if (!source) throw new Error('no window-open demo lead');
    // A real person at the probe id, whose 24-hour window is open on every number.
    state.leads.push({ ...source, id: PROBE_ID });
    for (const conversation of state.conversations.filter((c) => c.lead_id === source.id)) {
      state.conversations.push({
        ...conversation,
        id: conversation.id + 1_000_000,
        lead_id: PROBE_ID,
      });
    }
    const conversationsBefore = state.conversations.length;
    const messagesBefore = state.messages.length;
    const preview = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'message',
      params: { text: 'Oi', instanceId: DEMO.instances.cloud },
      preview: true,
    });
    expect(preview.state).toBe('done');
    expect(state.messages.length).toBe(messagesBefore);
    expect(state.conversations.length).toBe(conversationsBefore);
  });

  it('a key without chatapp:write is refused before any row, naming the scope', async () => {
    const world = await createActionsWorld({
      rows: (sandbox) => leadRows(sandbox, [DEMO.leads.windowOpen]),
    });
    const key = world.sandbox.createApiKey({
      accountId: 1,
      scopes: ['leads:read', 'leads:write', 'pipelines:read', 'users:read', 'chatapp:read'],
    });
    world.runtime.runOrThrow('crmConfigure', {
      apiKey: key,
      baseUrl: 'http://localhost:8787/api/v1',
    });
    expect(() =>
      world.runtime.runOrThrow('crmLeadActions', {
        sheet: SHEET,
        action: 'message',
        params: { text: 'Oi', instanceId: DEMO.instances.cloud },
      }),
    ).toThrow(/chatapp:write/);
    expect(world.runtime.runOrThrow('crmListJobs')).toEqual([]);
  });
});
