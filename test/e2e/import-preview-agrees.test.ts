/**
 * Issue 27 "Done when": the import's dry run and its run agree on the same sheet (PRODUCT.md
 * "What a person confirmed is what happens"). A varied sheet (new rows, rows that update, a
 * row unchanged since an earlier import, an invalid row, an error cell, a duplicate, a
 * conflict, a row whose e-mail two leads hold) is dry-run, then run unchanged: per row, the
 * dry run's status maps to the run's (VALID "would create" → CREATED, "would update lead N" →
 * UPDATED on lead N, every other status to itself), and the counts agree. Runs the real
 * bundle against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { createImportWorld, DEMO_ACCOUNT, finishImport, SHEET, typedPhone } from './import-harness';

/** What the run must write for a row the dry run wrote `status` / `detail` on. */
function expectedRun(status: string, detail: string): { status: string; leadId?: number } {
  if (status !== 'VALID') return { status };
  const update = /would update lead (\d+)/.exec(detail);
  if (update) return { status: 'UPDATED', leadId: Number(update[1]) };
  if (/would create/.test(detail)) return { status: 'CREATED' };
  throw new Error(`a VALID row that says neither create nor update: ${detail}`);
}

const HEADER = ['Nome', 'E-mail', 'Telefone', 'Valor'];
const EARLIER = ['Eva Lima', 'eva.lima@exemplo.com.br', '(31) 97123-0457', '500'];

async function variedSheet() {
  const w = await createImportWorld({
    sheet: { header: HEADER, rows: [EARLIER], expected: [], keys: [] },
    sandbox: { seed: 'demo' },
  });
  // An earlier import: its row is UNCHANGED in the sheet imported next.
  expect(finishImport(w, {}).counts).toMatchObject({ CREATED: 1 });
  const [updated, other, held, twin] = w.sandbox.state.leads.filter(
    (l) => l.account_id === DEMO_ACCOUNT && l.email && l.phone && l.name,
  );
  if (!updated || !other || !held || !twin) throw new Error('the demo seed lacks leads');
  // Two leads hold one e-mail: a row with it is CONFLICT naming both.
  twin.email = held.email;
  const rows = [
    ['Carla Nunes', 'carla.nunes@exemplo.com.br', '(41) 96234-1868', '300'],
    ['Davi Reis', 'davi.reis@exemplo.com.br', '', '200'],
    [updated.name, updated.email, typedPhone(updated.phone ?? ''), '4321'],
    ['Fábio Melo', 'fabio.melo@', '', '100'],
    ['Gil Souto', '#N/A', '(11) 98765-4322', '100'],
    ['Carla Nunes', 'carla.nunes@exemplo.com.br', '(41) 96234-1868', '300'],
    ['Zélia Fontes', other.email, '(11) 3333-4444', '900'],
    [held.name, held.email, '', '700'],
  ];
  w.runtime.sheet(SHEET).setValues(3, 1, rows);
  return { w, updated, held, twin };
}

describe('the import dry run and the run on the same sheet', () => {
  it('agree row by row, and in their counts', async () => {
    const { w, updated, held, twin } = await variedSheet();
    const dry = finishImport(w, { dryRun: true });
    const dryStatuses = w.statuses();
    const dryDetails = w.column('CRM Import Detail').map(String);
    expect(dryStatuses, dryDetails.join(' | ')).toEqual([
      'UNCHANGED',
      'VALID',
      'VALID',
      'VALID',
      'INVALID',
      'INVALID',
      'DUPLICATE',
      'CONFLICT',
      'CONFLICT',
    ]);
    expect(dryDetails[3]).toContain(`would update lead ${updated.id}`);
    for (const id of [held.id, twin.id]) expect(dryDetails[8]).toContain(`${id} "`);
    expect(w.upserts()).toHaveLength(1);

    const run = finishImport(w, {});
    const details = w.column('CRM Import Detail').map(String);
    const ids = w.column('CRM Lead ID');
    const expected = dryStatuses.map((status, i) => expectedRun(status, dryDetails[i] ?? ''));
    expect(w.statuses(), details.join(' | ')).toEqual(expected.map((e) => e.status));
    expected.forEach((e, i) => {
      if (e.leadId !== undefined) expect(ids[i], `row ${i + 2}`).toBe(e.leadId);
    });
    // The CONFLICT and DUPLICATE rows say the same thing in both.
    for (const i of [6, 7, 8]) expect(details[i]).toBe(dryDetails[i]);

    const mapped: Record<string, number> = {};
    for (const e of expected) mapped[e.status] = (mapped[e.status] ?? 0) + 1;
    const counts = (c: Record<string, number>) =>
      Object.fromEntries(Object.entries(c).filter(([, n]) => n > 0));
    expect(counts(run.counts)).toEqual(mapped);
    const dryMapped: Record<string, number> = {};
    for (const s of dryStatuses) dryMapped[s] = (dryMapped[s] ?? 0) + 1;
    expect(counts(dry.counts)).toEqual(dryMapped);
    // One upsert per row the dry run said would be sent, and none for the others.
    expect(w.upserts()).toHaveLength(1 + dryStatuses.filter((s) => s === 'VALID').length);
  });
});
