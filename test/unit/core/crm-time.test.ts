/**
 * CRM times (crm-api-v1.md says only "ISO 8601", which allows a time without a zone
 * designator): read in the script's time zone by Date.parse, such a time could confirm a send
 * that never left.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ActionRequest } from '../../../src/core/actions/decide';
import type { ActionEntry } from '../../../src/core/actions/entry';
import { settledBy } from '../../../src/core/actions/requests';
import { crmTimeVersus, readCrmTime } from '../../../src/core/crm-time';
import { settlementOf } from '../../../src/core/send/batch';

describe('a CRM time without an offset', () => {
  const tz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = tz;
  });
  it('is not read in the script time zone to confirm a send that never left', () => {
    // appsscript.json: America/Sao_Paulo. The lead's own reply at 13:30 UTC, written by a
    // CRM that keeps UTC without a designator; the attempt at 15:00 UTC; nothing left.
    process.env.TZ = 'America/Sao_Paulo';
    const since = Date.UTC(2026, 10, 27, 15, 0, 0);
    // Before the fix: 'sent' (13:30 read as 16:30 UTC): the row is SENT, confirmed, and the
    // lead never gets the template. Either reading is possible: it cannot be settled.
    expect(settlementOf('2026-11-27T13:30:00', since)).not.toBe('sent');
  });
});

describe('readCrmTime', () => {
  const tz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = tz;
  });
  const at = Date.UTC(2026, 10, 27, 13, 30, 0);
  it('reads a time that names its zone as one instant, whatever the script zone', () => {
    process.env.TZ = 'America/Sao_Paulo';
    for (const text of [
      '2026-11-27T13:30:00Z',
      '2026-11-27T13:30:00.000000+00:00',
      '2026-11-27T10:30:00-03',
      '2026-11-27 10:30:00-0300',
    ]) {
      expect(readCrmTime(text), text).toEqual({ kind: 'at', earliest: at, latest: at });
    }
    expect(readCrmTime('')).toEqual({ kind: 'none' });
    expect(readCrmTime(null)).toEqual({ kind: 'none' });
    expect(readCrmTime('ontem')).toEqual({ kind: 'unreadable' });
  });
  it('reads a time without a zone as UTC and as the script zone, and concludes what both say', () => {
    process.env.TZ = 'America/Sao_Paulo';
    const time = readCrmTime('2026-11-27T13:30:00');
    expect(time).toEqual({ kind: 'at', earliest: at, latest: at + 3 * 3_600_000 });
    if (time.kind !== 'at') throw new Error('no time');
    expect(crmTimeVersus(time, at - 1)).toBe('at-or-after');
    expect(crmTimeVersus(time, at + 3_600_000)).toBe('either');
    expect(crmTimeVersus(time, at + 4 * 3_600_000)).toBe('before');
    // Where the script's zone is UTC the readings agree.
    process.env.TZ = 'UTC';
    expect(readCrmTime('2026-11-27T13:30:00')).toEqual({ kind: 'at', earliest: at, latest: at });
  });
  it('settles a send from a time without a zone only when both readings agree', () => {
    process.env.TZ = 'America/Sao_Paulo';
    const since = Date.UTC(2026, 10, 27, 15, 0, 0);
    expect(settlementOf('2026-11-27T13:30:00', since)).toEqual({
      unsettled:
        'last_message_at "2026-11-27T13:30:00" = 2026-11-27T13:30:00Z | 2026-11-27T16:30:00Z',
    });
    expect(settlementOf('2026-11-27T19:00:00', since)).toBe('sent');
    expect(settlementOf('2026-11-26T13:30:00', since)).toBe('not-sent');
  });
  it("says nothing of a lead action's message from a time without a zone either side of it", () => {
    process.env.TZ = 'America/Sao_Paulo';
    const message: ActionRequest = { op: 'message', body: 'x' };
    const entry = { u: Date.UTC(2026, 10, 27, 15, 0, 0) } as ActionEntry;
    const read = (last: string) => ({
      ok: true as const,
      value: { id: 9, conversation: { id: 1, last_message_at: last } },
    });
    // Before: 'done' (13:30 read as 16:30 UTC): the row says the message went, and it did not.
    expect(settledBy(message, entry, read('2026-11-27T13:30:00'))).toBe('unknown');
    expect(settledBy(message, entry, read('2026-11-27T19:00:00'))).toBe('done');
    expect(settledBy(message, entry, read('2026-11-26T13:30:00'))).toBe('not');
    expect(settledBy(message, entry, read('ontem'))).toBe('unknown');
  });
});
