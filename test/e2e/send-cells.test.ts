/**
 * Sheet I/O of a bulk send that does not grow with the sheet (issue 9). The whole sheet is read
 * when the send starts and once more at its end; in between, each batch reads its own rows and
 * the rows after it. So a slice of the send reads as many cells per row sent from a
 * 10,000-row sheet as from a 1,000-row one, counted by the local runtime (`stats.cellsRead`).
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index';
import type { JobSummary } from '../../src/core/jobs/record';
import { createSendWorld, DEMO_KEYS, DOCUMENT_SEND, SEND_HEADER } from './send-harness';

/** Leads made in the CRM: more than two slices send (about 270 a slice at the rate limit). */
const REAL_LEADS = 700;
/** Lead ids no CRM lead has, for the rows no measured slice reaches (distinct: no row is a copy). */
const UNREACHED_LEAD_IDS = 5_000_000;

/** `count` rows, each a distinct lead: the first REAL_LEADS made in the sandbox. */
function sheetRows(sandbox: Sandbox, count: number): unknown[][] {
  sandbox.configure({ rateLimitPerMinute: 1_000_000, leadLimit: 1_000_000 });
  return Array.from({ length: count }, (_, i) => {
    const phone = `+55119${String(10_000_000 + i).slice(-8)}`;
    let id = UNREACHED_LEAD_IDS + i;
    if (i < REAL_LEADS) {
      const { body } = sandbox.handle({
        method: 'POST',
        path: '/api/v1/leads/upsert',
        headers: { 'X-API-Key': DEMO_KEYS.admin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `Cliente ${i + 1}`, phone, match_by: 'phone' }),
      });
      id = (JSON.parse(String(body)) as { lead: { id: number } }).lead.id;
    }
    return [`Cliente ${i + 1}`, '', phone, id, `#${i}`, `https://files.example.com/p/${i}.pdf`];
  });
}

interface SliceIo {
  sent: number;
  cellsPerRow: number;
  callsPerRow: number;
}

/** Starts the send, then measures the second slice (the sidebar's next call). */
async function measureSlice(rows: number): Promise<SliceIo> {
  const world = await createSendWorld({
    sheet: (sandbox) => ({ header: SEND_HEADER, rows: sheetRows(sandbox, rows) }),
  });
  const { runtime } = world;
  world.sandbox.configure({ rateLimitPerMinute: 60 });
  const job = runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND) as JobSummary;
  const before = world.sendRequests().length;
  runtime.resetStats();
  const drive = runtime.runOrThrow('uiContinueJob', job.jobId) as { summaries: JobSummary[] };
  const sent = world.sendRequests().length - before;
  expect(drive.summaries[0]?.state).toBe('running');
  expect(sent).toBeGreaterThan(200);
  return {
    sent,
    cellsPerRow: runtime.stats.cellsRead / sent,
    callsPerRow: (runtime.stats.byService.SpreadsheetApp ?? 0) / sent,
  };
}

describe('a bulk send reads the sheet in windows', () => {
  it('reads as many cells per row sent from 10,000 rows as from 1,000, and few calls', async () => {
    const small = await measureSlice(1_000);
    const large = await measureSlice(10_000);
    // The sheet has 10 columns with the status columns: a row costs a few reads of its own
    // cells (with display values) and of the rows after its batch, never the whole sheet.
    expect(small.cellsPerRow).toBeLessThan(100);
    expect(Math.abs(large.cellsPerRow - small.cellsPerRow)).toBeLessThan(0.2 * small.cellsPerRow);
    // About 1.4 for the sheet itself; the rest (about 0.8) reads the shared pause / cancel
    // requests and job board in the spreadsheet's developer metadata, three calls a read.
    expect(small.callsPerRow).toBeLessThan(2.5);
    expect(large.callsPerRow).toBeLessThan(2.5);
  }, 120_000);
});
