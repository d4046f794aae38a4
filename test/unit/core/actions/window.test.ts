import { describe, expect, it } from 'vitest';
import type { Lead } from '../../../../src/api/schemas';
import { CHAT_WINDOW_MS, windowClosed } from '../../../../src/core/actions/window';

const NOW = Date.UTC(2026, 10, 27, 12);
const CLOUD = { instanceId: 2, window: true };
const iso = (ms: number) => new Date(ms).toISOString();
const lead = (conversation?: Lead['conversation']): Lead =>
  ({ id: 9, ...(conversation === undefined ? {} : { conversation }) }) as Lead;
const talk = (lastMessageAt: string | null, instanceId: number | null = 2) =>
  lead({ id: 1, last_message_at: lastMessageAt, instance_id: instanceId });
const SYNCED = { low: 0, high: 999 };

describe('the 24-hour window from a lead conversation (every reading of "last_message_at")', () => {
  it('a number without the window is never closed', () => {
    expect(windowClosed(lead(null), { instanceId: 1, window: false }, NOW, SYNCED)).toBe(false);
  });
  it('no conversation, or one without a message: the contact never wrote, closed', () => {
    expect(windowClosed(lead(null), CLOUD, NOW, SYNCED)).toBe(true);
    expect(windowClosed(talk(null), CLOUD, NOW, SYNCED)).toBe(true);
  });
  it('a last message over 24 hours old is closed whichever side wrote it', () => {
    expect(windowClosed(talk(iso(NOW - CHAT_WINDOW_MS - 5000)), CLOUD, NOW, SYNCED)).toBe(true);
  });
  it('a recent last message may be ours: nothing is promised', () => {
    expect(windowClosed(talk(iso(NOW - 3_600_000)), CLOUD, NOW, SYNCED)).toBeUndefined();
  });
  it("another number's conversation, none read, or an unreadable time: cannot tell", () => {
    expect(
      windowClosed(talk(iso(NOW - 2 * CHAT_WINDOW_MS), 3), CLOUD, NOW, SYNCED),
    ).toBeUndefined();
    expect(
      windowClosed(talk(iso(NOW - 2 * CHAT_WINDOW_MS), null), CLOUD, NOW, SYNCED),
    ).toBeUndefined();
    expect(windowClosed(lead(), CLOUD, NOW, SYNCED)).toBeUndefined();
    expect(windowClosed(talk('ontem'), CLOUD, NOW, SYNCED)).toBeUndefined();
  });
  it("judges 24 hours by the CRM's clock", () => {
    const behind = { low: -300_500, high: -299_500 };
    const ahead = { low: 299_500, high: 300_500 };
    // Stamped 24 h 2 min before our now, by a CRM 5 minutes behind: 23 h 57 min old there.
    const older = talk(iso(NOW - CHAT_WINDOW_MS - 120_000));
    expect(windowClosed(older, CLOUD, NOW, behind)).toBeUndefined();
    expect(windowClosed(older, CLOUD, NOW, SYNCED)).toBe(true);
    // Stamped 23 h 57 min before our now, by a CRM 5 minutes ahead: 24 h 2 min old there.
    const newer = talk(iso(NOW - CHAT_WINDOW_MS + 180_000));
    expect(windowClosed(newer, CLOUD, NOW, ahead)).toBe(true);
    expect(windowClosed(newer, CLOUD, NOW, SYNCED)).toBeUndefined();
    // No reading: the CRM's clock may be 2 minutes behind ours.
    expect(
      windowClosed(talk(iso(NOW - CHAT_WINDOW_MS - 60_000)), CLOUD, NOW, undefined),
    ).toBeUndefined();
  });
});
