/**
 * Issue 29 item 4 (PRODUCT.md "Opt-out"): no send reaches a lead that carries the account's
 * opt-out tag (Settings, default `optout`); the row is SKIPPED ("asked not to be messaged"),
 * the preview counts it, and it costs no send request. Tags compare as the CRM compares them
 * (the sandbox folds case and accents: `OptOut` is `optout`).
 */
import { describe, expect, it } from 'vitest';
import { BASE_URL, DEMO_KEYS } from './addon-harness';
import { createSendWorld, DOCUMENT_SEND, taggedSendSheet } from './send-harness';

/** Six demo leads with phones and e-mails; the tags given are put on the first ones. */
const taggedSheet = (tags: string[]) => taggedSendSheet(6, tags);

interface Preview {
  counts: Record<string, number>;
  skipped: { row: number; reason: string }[];
  sample?: { row: number };
}

describe('opt-out tag in a send', () => {
  it('skips the opted-out leads in the preview and the run, without a request', async () => {
    // Rows 1-3 carry it (`OptOut`: the CRM compares tags blind to case); rows 4-6 do not.
    const world = await createSendWorld({ sheet: taggedSheet(['optout', 'OptOut', 'optout']) });
    const preview = world.runtime.runOrThrow('uiPreviewSend', DOCUMENT_SEND) as Preview;
    expect(preview.counts).toMatchObject({ QUEUED: 3, SKIPPED: 3 });
    expect(preview.skipped.map((s) => s.row)).toEqual([2, 3, 4]);
    expect(preview.skipped[0]?.reason).toMatch(/asked not to be messaged.*"optout"/);
    expect(preview.sample?.row).toBe(5);

    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    const job = world.lastJob();
    // Before: 6 requests, the opted-out leads messaged.
    expect(world.sendRequests()).toHaveLength(3);
    expect(job.counts).toMatchObject({ SENT: 3, SKIPPED: 3 });
    expect(world.statuses()).toEqual(['SKIPPED', 'SKIPPED', 'SKIPPED', 'SENT', 'SENT', 'SENT']);
    const details = world.column('CRM Send Detail').slice(0, 3);
    for (const detail of details) expect(String(detail)).toMatch(/asked not to be messaged/);
  });

  it('honours a custom tag set in Settings, and the default no longer counts', async () => {
    const world = await createSendWorld({
      sheet: taggedSheet(['nao-contatar', 'optout', 'Não-Contatar']),
    });
    world.runtime.runOrThrow('crmConfigure', {
      apiKey: DEMO_KEYS.admin,
      baseUrl: BASE_URL,
      optOutTag: 'nao-contatar',
    });
    expect(world.runtime.runOrThrow('uiGetSettings')).toMatchObject({ optOutTag: 'nao-contatar' });
    const preview = world.runtime.runOrThrow('uiPreviewSend', DOCUMENT_SEND) as Preview;
    expect(preview.counts).toMatchObject({ QUEUED: 4, SKIPPED: 2 });
    expect(preview.skipped.map((s) => s.row)).toEqual([2, 4]);

    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND);
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    expect(world.sendRequests()).toHaveLength(4);
    expect(world.statuses()).toEqual(['SKIPPED', 'SENT', 'SKIPPED', 'SENT', 'SENT', 'SENT']);
    expect(String(world.column('CRM Send Detail')[0])).toMatch(/"nao-contatar"/);
  });

  it('skips an opted-out lead found by e-mail (matchBy) in the preview and the run', async () => {
    const world = await createSendWorld({ sheet: taggedSheet(['optout']) });
    const { leadIdColumn: _byId, ...rest } = DOCUMENT_SEND;
    const byEmail = { ...rest, matchBy: 'email' };
    const preview = world.runtime.runOrThrow('uiPreviewSend', byEmail) as Preview;
    expect(preview.counts).toMatchObject({ SKIPPED: 1 });
    world.runtime.runOrThrow('crmSendTemplate', byEmail);
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    expect(world.statuses()[0]).toBe('SKIPPED');
    expect(String(world.column('CRM Send Detail')[0])).toMatch(/asked not to be messaged/);
    expect(world.sendRequests()).toHaveLength(5);
  });
});
