/**
 * Review of the send record (issue 16 item 2): the record is a sheet a person may sort
 * ("hidden, not secret"); what it says of a lead must not depend on its rows' order.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { settlementOf } from '../../../../src/core/send/batch';
import { recordRow, recordView, type SendRecordEntry } from '../../../../src/core/send/sent-record';

const scope = {
  sheetId: 7,
  sheetName: 'Leads',
  templateId: 3,
  templateName: 'boas_vindas',
  jobId: 'job-1',
};
const row = (at: number, trying: number[], sent: number[] = [], notSent: number[] = []) =>
  recordRow({ ...scope, at, trying, sent, notSent } satisfies SendRecordEntry);

describe('review: a record sorted by a person', () => {
  it('still says lead 57 got the template', () => {
    const t = Date.UTC(2026, 10, 27, 13, 0, 0);
    // One job: 57 tried, refused for now (transient: queued again), tried again, reached.
    const written = [
      row(t, [57]),
      row(t + 10_000, [60], [], [57]),
      row(t + 20_000, [57], [60]),
      row(t + 30_000, [58], [57]),
    ];
    expect(recordView(written, scope).get(57)?.state).toBe('sent');
    // The person sorts the record A→Z by "May have left" (column G): 57, 57, 58, 60.
    const sorted = [...written].sort((a, b) => String(a[6]).localeCompare(String(b[6])));
    // Before the fix: undefined (the "not sent" of the first try is applied last), so a
    // later job sends 57 again once its SENT row is gone.
    expect(recordView(sorted, scope).get(57)?.state).toBe('sent');
  });
});

describe('review: a CRM time without an offset (ISO 8601 allows it; crm-api-v1.md says only "ISO 8601")', () => {
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
