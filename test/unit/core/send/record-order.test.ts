/**
 * The send record (issue 16 item 2) is a sheet a person may sort ("hidden, not secret"), and a
 * fold killed half-way leaves the old rows and the folded ones: what it says of a lead must not
 * depend on its rows' order. Property: RECORD_ORDER_SEEDS seeds (20 by default).
 */
import { describe, expect, it } from 'vitest';
import {
  applyRecordEntry,
  compactRecord,
  parseRecordRow,
  type RecordView,
  recordRow,
  recordView,
  type SendRecordEntry,
} from '../../../../src/core/send/sent-record';
import { seededRandom } from '../jobs/fakes';

const scope = {
  sheetId: 7,
  sheetName: 'Leads',
  templateId: 3,
  templateName: 'boas_vindas',
  jobId: 'job-1',
};
const row = (at: number, trying: number[], sent: number[] = [], notSent: number[] = []) =>
  recordRow({ ...scope, at, trying, sent, notSent } satisfies SendRecordEntry);

describe('a record sorted by a person', () => {
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

const SEEDS = Number(process.env.RECORD_ORDER_SEEDS ?? 20);

/** A random history of one job's batches on 3 sheet × template scopes, rows as written. */
function history(random: () => number): unknown[][] {
  const rows: unknown[][] = [];
  const previous = new Map<number, number[]>();
  let at = Date.UTC(2026, 10, 1);
  for (let batch = 0; batch < 60; batch++) {
    // Often the same instant (two batches in one second), sometimes days apart.
    at += random() < 0.2 ? 0 : Math.floor(random() * (random() < 0.1 ? 3 * 86_400_000 : 60_000));
    const templateId = 1 + Math.floor(random() * 3);
    const leads = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
      Math.ceil(random() * 12),
    );
    const answered = previous.get(templateId) ?? [];
    const sent = answered.filter(() => random() < 0.7);
    const notSent = answered.filter((lead) => !sent.includes(lead) && random() < 0.8);
    previous.set(templateId, leads);
    rows.push(recordRow({ ...scope, templateId, at, trying: leads, sent, notSent }));
  }
  return rows;
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The view of rows applied one by one in the order written (true when no two share an instant). */
function asWritten(rows: readonly unknown[][], templateId: number): RecordView {
  const view: RecordView = new Map();
  for (const row of rows) {
    const entry = parseRecordRow(row);
    if (entry?.templateId === templateId) applyRecordEntry(view, entry);
  }
  return view;
}

/** A view compared as folding keeps it: states, a trying lead's instant, a sent lead's day. */
function gist(view: RecordView): string[] {
  return [...view]
    .sort(([a], [b]) => a - b)
    .map(([lead, { state, at }]) =>
      state === 'sent'
        ? `${lead} sent ${new Date(at).toISOString().slice(0, 10)}`
        : `${lead} ${at}`,
    );
}

describe(`the record's view, whatever its rows' order (${SEEDS} seeds)`, () => {
  it('is the same sorted by a person, folded, or folded half-way (old rows, then folded)', () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const random = seededRandom(seed);
      const rows = history(random);
      const folded = compactRecord(rows, Date.UTC(2026, 11, 1));
      for (const templateId of [1, 2, 3]) {
        const of = { sheetId: scope.sheetId, templateId };
        const view = recordView(rows, of);
        const written = gist(view);
        const where = `seed ${seed} template ${templateId}`;
        // No lead the rows as written name as sent or maybe sent is forgotten; a "maybe"
        // stays one (rows of one instant may make a "sent" a "maybe": asked to its conversation).
        for (const [lead, { state }] of asWritten(rows, templateId)) {
          const now = view.get(lead)?.state;
          expect(state === 'trying' ? [now] : [now === 'trying' ? 'sent' : now], where).toEqual([
            state,
          ]);
        }
        expect(gist(recordView(shuffled(rows, random), of)), where).toEqual(written);
        expect(gist(recordView(folded, of)), where).toEqual(written);
        expect(gist(recordView([...rows, ...folded], of)), where).toEqual(written);
        const sortedThenFolded = compactRecord(shuffled(rows, random), Date.UTC(2026, 11, 1));
        expect(gist(recordView(sortedThenFolded, of)), where).toEqual(written);
      }
    }
  });
});
