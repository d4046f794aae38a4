/**
 * `rows` of lead actions (issue 29, item 1): only the chosen rows' leads change, every other row
 * keeps its cells (status columns included), a person sorting during the run pulls no other row
 * in, a delete's confirm counts the chosen rows, and a bad list throws an error naming the fix.
 */
import { describe, expect, it } from 'vitest';
import type { ServiceCallEvent } from '../../tools/gas-runtime/index';
import { seededRandom } from '../unit/core/jobs/fakes';
import {
  type ActionsWorld,
  createActionsWorld,
  leadRows,
  plainLeads,
  runJob,
  SHEET,
} from './actions-harness';

const TAG = 'rows-tag';
const NO_EDIT_CALLS = new Set(['Sheet.getRange', 'Range.setValues']);
const SEEDS = Number(process.env.ROWS_SORT_SEEDS) || 3;
const ADD = { sheet: SHEET, action: 'addTags', params: { tags: TAG } };

/** 12 data rows (sheet rows 2 … 13), each a distinct plain demo lead. */
async function world(): Promise<{ w: ActionsWorld; leadOfRow: Map<number, number> }> {
  const leadOfRow = new Map<number, number>();
  const w = await createActionsWorld({
    rows: (sandbox) => {
      const ids = plainLeads(sandbox, 12).map((l) => l.id);
      ids.forEach((id, i) => {
        leadOfRow.set(i + 2, id);
      });
      return leadRows(sandbox, ids);
    },
  });
  return { w, leadOfRow };
}

/** Initial sheet rows whose lead carries the tag now (the CRM's own record). */
function rowsTagged(w: ActionsWorld, leadOfRow: Map<number, number>): number[] {
  const tagged = new Set(
    w.sandbox.state.leads.filter((l) => l.tags.includes(TAG)).map((l) => l.id),
  );
  return [...leadOfRow].filter(([, id]) => tagged.has(id)).map(([row]) => row);
}

/** Initial sheet rows with anything in a CRM Action column now, wherever they moved. */
function rowsWithStatus(w: ActionsWorld, leadOfRow: Map<number, number>): number[] {
  const rowOfLead = new Map([...leadOfRow].map(([row, id]) => [id, row]));
  const values = w.runtime.sheet(SHEET).getValues();
  const header = values[0] ?? [];
  const id = header.indexOf('CRM Lead ID');
  const status = header.flatMap((h, i) => (String(h).startsWith('CRM Action') ? [i] : []));
  return values
    .slice(1)
    .filter((row) => status.some((i) => String(row[i] ?? '') !== ''))
    .map((row) => rowOfLead.get(Number(row[id])) ?? -1)
    .sort((a, b) => a - b);
}

describe('crmLeadActions rows', () => {
  it('"5:9,12": only those leads change; the other rows keep their cells', async () => {
    const { w, leadOfRow } = await world();
    const before = w.runtime.sheet(SHEET).getValues();
    const run = runJob(w, 'crmLeadActions', { ...ADD, rows: '5:9,12' });
    expect(run.state).toBe('done');
    expect(run.total).toBe(6);
    expect(rowsTagged(w, leadOfRow)).toEqual([5, 6, 7, 8, 9, 12]);
    expect(rowsWithStatus(w, leadOfRow)).toEqual([5, 6, 7, 8, 9, 12]);
    const after = w.runtime.sheet(SHEET).getValues();
    for (const r of [2, 3, 4, 10, 11, 13]) expect(after[r - 1]?.slice(0, 5)).toEqual(before[r - 1]);
  });

  it('"visible" and "selection", a preview then its run', async () => {
    const { w, leadOfRow } = await world();
    w.runtime.sheet(SHEET).filterRows([2, 3, 4]);
    w.runtime.sheet(SHEET).hideRows(13, 1);
    const preview = runJob(w, 'crmLeadActions', { ...ADD, rows: 'visible', preview: true });
    expect(preview.total).toBe(8);
    expect(rowsWithStatus(w, leadOfRow)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    const run = runJob(w, 'crmLeadActions', { ...ADD, rows: 'visible' });
    expect(run.counts.DONE).toBe(8);
    expect(run.counts.NOT_PREVIEWED ?? 0).toBe(0);
    expect(rowsTagged(w, leadOfRow)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);

    const other = await world();
    other.w.runtime.workbook.select(SHEET, ['A2:E3', 'B11']);
    runJob(other.w, 'crmLeadActions', { ...ADD, rows: 'selection' });
    expect(rowsTagged(other.w, other.leadOfRow)).toEqual([2, 3, 11]);
    expect(rowsWithStatus(other.w, other.leadOfRow)).toEqual([2, 3, 11]);
  });

  it('a person sorting during the run pulls no other row in', async () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const { w, leadOfRow } = await world();
      const random = seededRandom(seed);
      const model = w.runtime.sheet(SHEET);
      let sorts = 0;
      // From the call's own read on (the rows are those of the sheet the person called on).
      let read = false;
      w.onServiceCall = (event: ServiceCallEvent) => {
        if (!read) {
          read = event.name === 'Range.getDisplayValues';
          return;
        }
        // Anywhere but between a write's range and the write itself (Sheets has no atomic
        // read-and-write): between a read's values and its display values too.
        if (NO_EDIT_CALLS.has(event.name) || random() >= 0.1) return;
        sorts += 1;
        model.sortRows(2, model.lastRow(), 1 + Math.floor(random() * 4), random() < 0.5);
      };
      const run = runJob(w, 'crmLeadActions', { ...ADD, rows: '2:4,9,13' });
      w.onServiceCall = null;
      expect(sorts, `seed ${seed}`).toBeGreaterThan(0);
      expect(run.state).toBe('done');
      expect(rowsTagged(w, leadOfRow), `seed ${seed}`).toEqual([2, 3, 4, 9, 13]);
      expect(rowsWithStatus(w, leadOfRow), `seed ${seed}`).toEqual([2, 3, 4, 9, 13]);
    }
  });

  it("a delete's confirm counts the chosen rows only; a bad list names the fix", async () => {
    const { w, leadOfRow } = await world();
    const refused = w.runtime.run('crmLeadActions', {
      sheet: SHEET,
      action: 'delete',
      rows: '3,5',
      confirm: 12,
    });
    expect(refused.error?.message).toMatch(/pass confirm: 2/);
    const bad = w.runtime.run('crmLeadActions', { ...ADD, rows: '3,,5' });
    expect(bad.error?.message).toMatch(
      /rows must be .* \("" is not a row or a span\) \(got "3,,5"\)/,
    );
    runJob(w, 'crmLeadActions', { sheet: SHEET, action: 'delete', rows: '3,5', confirm: 2 });
    const gone = [...leadOfRow].filter(([, id]) => !w.sandbox.state.leads.some((l) => l.id === id));
    expect(gone.map(([row]) => row)).toEqual([3, 5]);
  });
});
