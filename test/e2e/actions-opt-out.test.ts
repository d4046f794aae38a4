/**
 * Issue 29 item 4 (PRODUCT.md "Opt-out"): the `message` lead action never reaches a lead that
 * carries the account's opt-out tag: its preview says WILL_FAIL, its run SKIPPED ("asked not to
 * be messaged"), with no message request. Tags compare as the CRM compares them (case-blind).
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index';
import { createActionsWorld, leadRows, plainLeads, runJob, SHEET } from './actions-harness';
import { BASE_URL, DEMO_KEYS, waitOutRateWindow } from './addon-harness';

describe('lead actions: message to an opted-out lead', () => {
  it('is WILL_FAIL in the preview and SKIPPED in the run, with no request', async () => {
    let ids: number[] = [];
    const world = await createActionsWorld({
      rows: (sandbox) => {
        const leads = plainLeads(sandbox, 200)
          .filter((l) => l.phone)
          .slice(0, 3);
        leads[0]?.tags.push('optout');
        leads[2]?.tags.push('OptOut');
        ids = leads.map((l) => l.id);
        return leadRows(sandbox, ids);
      },
    });
    const text = 'Olá {{Nome}}!';
    const preview = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'message',
      params: { text },
      preview: true,
    });
    // Before: WILL_CHANGE for all three.
    expect(world.statuses()).toEqual(['WILL_FAIL', 'WILL_CHANGE', 'WILL_FAIL']);
    expect(preview.counts.WILL_FAIL).toBe(2);
    expect(world.details()[0]).toMatch(/asked not to be messaged.*"optout"/);

    const before = world.sandbox.state.messages.length;
    world.sandbox.clearRequests();
    runJob(world, 'crmLeadActions', { sheet: SHEET, action: 'message', params: { text } });
    expect(world.statuses()).toEqual(['SKIPPED', 'DONE', 'SKIPPED']);
    expect(world.details()[2]).toMatch(/asked not to be messaged/);
    expect(world.sandbox.state.messages.slice(before)).toHaveLength(1);
    const posts = world
      .requests()
      .filter((r) => r.endsWith('/send-chatapp') && !r.includes('2147483647'));
    expect(posts).toEqual([`POST /api/v1/leads/${ids[1]}/send-chatapp`]);
  });

  it('skips a lead carrying the tag another person of the spreadsheet set', async () => {
    let ids: number[] = [];
    const world = await createActionsWorld({
      sharing: { owner: 'ana@example.com', editors: ['bia@example.com'] },
      rows: (sandbox) => {
        const leads = plainLeads(sandbox, 200)
          .filter((l) => l.phone)
          .slice(0, 4);
        leads[1]?.tags.push('nao-enviar');
        ids = leads.map((l) => l.id);
        return leadRows(sandbox, ids);
      },
    });
    // Bia (one key with Ana) asks for `nao-enviar`; Ana, who messages, keeps `optout`.
    world.runtime.runAs('bia@example.com', 'crmConfigure', {
      apiKey: DEMO_KEYS.admin,
      baseUrl: BASE_URL,
      optOutTag: 'nao-enviar',
    });
    waitOutRateWindow(world);
    const before = world.sandbox.state.messages.length;
    runJob(world, 'crmLeadActions', { sheet: SHEET, action: 'message', params: { text: 'Oi' } });
    // Before: 4 messages, the lead carrying Bia's tag among them.
    expect(world.statuses()).toEqual(['DONE', 'SKIPPED', 'DONE', 'DONE']);
    expect(world.details()[1]).toMatch(/asked not to be messaged.*"nao-enviar"/);
    expect(world.sandbox.state.messages.slice(before)).toHaveLength(3);
  });

  it('skips a tag another person sets after the message job started', async () => {
    const sharing = { owner: 'ana@example.com', editors: ['bia@example.com'] };
    const rows = (sandbox: Sandbox) => {
      const leads = plainLeads(sandbox, 200)
        .filter((l) => l.phone)
        .slice(0, 4);
      leads[1]?.tags.push('nao-enviar');
      return leadRows(
        sandbox,
        leads.map((l) => l.id),
      );
    };
    const message = { sheet: SHEET, action: 'message', params: { text: 'Oi' } };
    // A traced run of the same world: the first request the job makes once started.
    const traced = await createActionsWorld({ sharing, rows });
    const fetches: { index: number; requests: number }[] = [];
    traced.runtime.execute({
      fn: 'crmLeadActions',
      args: [message],
      interleave: {
        atServiceCall: (e) => {
          if (e.name.startsWith('UrlFetchApp.fetch')) {
            fetches.push({ index: e.index, requests: traced.sandbox.requests().length });
          }
          return false;
        },
        fn: 'crmListJobs',
      },
    });
    const paths = traced.sandbox.requests().map((r) => `${r.method} ${r.path}`);
    const read = fetches.find(({ requests }) => paths[requests]?.startsWith('GET /api/v1/leads'));
    expect(read).toBeDefined();

    const world = await createActionsWorld({ sharing, rows });
    // Bia asks for `nao-enviar` once Ana's job is made, before it reads a lead; the execution
    // dies there and trigger executions do the job.
    const first = world.runtime.execute({
      fn: 'crmLeadActions',
      args: [message],
      killAfterServiceCalls: read?.index ?? 0,
      interleave: {
        atServiceCall: read?.index ?? 0,
        fn: 'crmConfigure',
        args: [{ apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL, optOutTag: 'nao-enviar' }],
        user: 'bia@example.com',
      },
    });
    expect(first.interleaved?.ok, first.interleaved?.error?.message).toBe(true);
    expect(first.error?.message).toMatch(/Exceeded maximum execution time/);
    const before = world.sandbox.state.messages.length;
    world.finish();
    // Before: DONE, the lead carrying Bia's new tag messaged.
    expect(world.statuses()).toEqual(['DONE', 'SKIPPED', 'DONE', 'DONE']);
    expect(world.sandbox.state.messages.slice(before)).toHaveLength(3);
  });
});
