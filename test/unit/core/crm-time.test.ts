/**
 * CRM times (crm-api-v1.md says only "ISO 8601", which allows a time without a zone
 * designator): read in the script's time zone by Date.parse, such a time could confirm a send
 * that never left.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { settlementOf } from '../../../src/core/send/batch';

describe('a CRM time without an offset (ISO 8601 allows it; crm-api-v1.md says only "ISO 8601")', () => {
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
