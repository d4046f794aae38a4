/**
 * PRODUCT.md "Opt-out": no send ever reaches a lead that carries the opt-out tag. The tag is
 * kept in each person's own Settings, so the spreadsheet keeps every person's tag too
 * (core/settings/opt-out-tags.ts): a send by anyone skips a lead carrying anyone's tag, and a
 * tag replaced after a preview still keeps the leads that preview showed SKIPPED out of its run.
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index';
import { BASE_URL, DEMO_KEYS, waitOutRateWindow } from './addon-harness';
import {
  createSendWorld,
  DEMO,
  DOCUMENT_SEND,
  SEND_HEADER,
  sendRowOf,
  taggedSendSheet,
} from './send-harness';

const OWNER = 'ana@example.com';
const EDITOR = 'bia@example.com';

/** Four demo leads with phones and e-mails; the tags given are put on the first ones. */
const taggedSheet = (tags: string[]) => taggedSendSheet(4, tags);

interface Preview {
  counts: Record<string, number>;
  skipped: { row: number; reason: string }[];
}

describe('opt-out tags of everyone in the spreadsheet', () => {
  it("one person's send skips a lead carrying the tag another person set", async () => {
    const world = await createSendWorld({
      sheet: taggedSheet(['nao-enviar']),
      sharing: { owner: OWNER, editors: [EDITOR] },
    });
    // Bia (one key with Ana) asks for `nao-enviar`; Ana keeps the default `optout`.
    world.runtime.runAs(EDITOR, 'crmConfigure', {
      apiKey: DEMO_KEYS.admin,
      baseUrl: BASE_URL,
      optOutTag: 'nao-enviar',
    });
    waitOutRateWindow(world);
    expect(world.runtime.runOrThrow('uiGetSettings')).toMatchObject({ optOutTag: 'optout' });
    const preview = world.runtime.runOrThrow('uiPreviewSend', DOCUMENT_SEND) as Preview;
    expect(preview.counts).toMatchObject({ QUEUED: 3, SKIPPED: 1 });
    expect(preview.skipped[0]?.reason).toMatch(/"nao-enviar"/);

    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    // Before: 4 requests, the lead that asked Bia's tag messaged by Ana's send.
    expect(world.sendRequests()).toHaveLength(3);
    expect(world.statuses()).toEqual(['SKIPPED', 'SENT', 'SENT', 'SENT']);
    expect(String(world.column('CRM Send Detail')[0])).toMatch(/"nao-enviar"/);
  });

  it('a tag replaced between the preview and the run still keeps its leads out', async () => {
    const world = await createSendWorld({ sheet: taggedSheet(['optout', 'nao-enviar']) });
    const preview = world.runtime.runOrThrow('uiPreviewSend', DOCUMENT_SEND) as Preview;
    expect(preview.counts).toMatchObject({ QUEUED: 3, SKIPPED: 1 });
    expect(preview.skipped.map((s) => s.row)).toEqual([2]);
    // The person changes their tag after seeing the preview, then sends.
    world.runtime.runOrThrow('crmConfigure', {
      apiKey: DEMO_KEYS.admin,
      baseUrl: BASE_URL,
      optOutTag: 'nao-enviar',
    });
    waitOutRateWindow(world);
    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    // Before: row 2 (shown SKIPPED, carrying only the old tag) got the template.
    expect(world.statuses()).toEqual(['SKIPPED', 'SKIPPED', 'SENT', 'SENT']);
    expect(world.sendRequests()).toHaveLength(2);
    expect(String(world.column('CRM Send Detail')[0])).toMatch(/"optout"/);
  });
});

describe('a tag replaced while a send runs', () => {
  /** Twenty leads; the 18th carries `optout` only, so a later batch than the first meets it. */
  const twenty = (sandbox: Sandbox) => {
    const leads = sandbox.state.leads
      .filter((l) => l.account_id === 1 && l.phone && l.email && l.id !== DEMO.leads.noPhone)
      .slice(0, 20);
    const tagged = leads[17];
    if (tagged) tagged.tags = [...tagged.tags, 'optout'];
    return { header: SEND_HEADER, rows: leads.map(sendRowOf) };
  };
  it('keeps the tags the send started with to its end', async () => {
    // A traced run of the same world: which call of the start reads the opted-out leads.
    const traced = await createSendWorld({ sheet: twenty });
    const fetches: { index: number; requests: number }[] = [];
    traced.runtime.execute({
      fn: 'crmSendTemplate',
      args: [DOCUMENT_SEND],
      interleave: {
        atServiceCall: (e) => {
          if (e.name === 'UrlFetchApp.fetch') {
            fetches.push({ index: e.index, requests: traced.sandbox.requests().length });
          }
          return false;
        },
        fn: 'crmListJobs',
      },
    });
    const paths = traced.sandbox.requests().map((r) => r.path);
    const read = fetches.find(({ requests }) => paths[requests]?.startsWith('/api/v1/leads?tags'));
    expect(read).toBeDefined();

    const world = await createSendWorld({ sheet: twenty });
    // Once the job is made, before its first step reads a row, the person replaces `optout` by
    // `nao-enviar`; the execution dies there, and trigger executions do the send.
    const first = world.runtime.execute({
      fn: 'crmSendTemplate',
      args: [DOCUMENT_SEND],
      killAfterServiceCalls: read?.index ?? 0,
      interleave: {
        atServiceCall: read?.index ?? 0,
        fn: 'crmConfigure',
        args: [{ apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL, optOutTag: 'nao-enviar' }],
      },
    });
    expect(first.interleaved?.ok, first.interleaved?.error?.message).toBe(true);
    expect(first.error?.message).toMatch(/Exceeded maximum execution time/);
    expect(world.sendRequests()).toHaveLength(0);
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    // Before: the 18th lead, which the send started skipping, got the template.
    expect(world.statuses()[17]).toBe('SKIPPED');
    expect(String(world.column('CRM Send Detail')[17])).toMatch(/"optout"/);
    expect(world.sendRequests()).toHaveLength(19);
  });
});
