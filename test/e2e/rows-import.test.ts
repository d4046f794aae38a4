/**
 * `rows` of an import (issue 29, item 1): only the chosen rows are upserted, every other row
 * keeps its cells (status columns included), a sort during the job pulls no other row in, and a
 * bad list throws an error that says what to fix.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createImportWorld, type ImportWorld, SHEET } from './import-harness';

const HEADER = ['Nome', 'E-mail', 'Telefone'];
/** 14 data rows: sheet rows 2 … 15; row r holds lead r. */
const ROWS = Array.from({ length: 14 }, (_, i) => {
  const r = i + 2;
  return [`Pessoa ${String(r).padStart(2, '0')}`, `p${r}@rows.example`, `(11) 98765-${4300 + r}`];
});

async function world(): Promise<ImportWorld> {
  return createImportWorld({ sheet: { header: HEADER, rows: ROWS, expected: [], keys: [] } });
}

function run(w: ImportWorld, rows: string): JobSummary {
  w.runtime.runOrThrow('crmImportLeads', { sheet: SHEET, rows });
  w.runtime.runUntilIdle({ maxExecutions: 40 });
  return (w.runtime.runOrThrow('crmListJobs') as JobSummary[])[0] as JobSummary;
}

/** The sheet rows (2 …) whose lead the CRM now holds, by e-mail. */
function rowsInCrm(w: ImportWorld): number[] {
  const emails = new Set(w.sandbox.state.leads.map((l) => l.email));
  return ROWS.flatMap((row, i) => (emails.has(row[1] as string) ? [i + 2] : []));
}

/** Sheet rows (2 …) with anything in a status column, by the lead's row number in its e-mail. */
function rowsWithStatus(w: ImportWorld): number[] {
  const values = w.runtime.sheet(SHEET).getValues();
  const header = values[0] ?? [];
  const status = header.flatMap((h, i) => (String(h).startsWith('CRM ') ? [i] : []));
  return values
    .slice(1)
    .filter((row) => status.some((i) => String(row[i] ?? '') !== ''))
    .map((row) => Number(/^p(\d+)@/.exec(String(row[1]))?.[1]))
    .sort((a, b) => a - b);
}

/** The data cells of the rows not chosen, as they are now (by e-mail, whatever the order). */
function dataOf(w: ImportWorld, rows: number[]): string[] {
  const values = w.runtime.sheet(SHEET).getValues().slice(1);
  return rows
    .map(
      (r) =>
        values
          .find((line) => line[1] === `p${r}@rows.example`)
          ?.slice(0, 3)
          .join('|') ?? '',
    )
    .sort();
}

const span = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => first + i);
const others = (chosen: number[]) => span(2, 15).filter((r) => !chosen.includes(r));

describe('crmImportLeads rows', () => {
  it('"5:9,12": only those rows are imported; the others keep their cells', async () => {
    const w = await world();
    const chosen = [...span(5, 9), 12];
    const before = dataOf(w, others(chosen));
    const final = run(w, '5:9,12');
    expect(final.state).toBe('done');
    expect(final.total).toBe(6);
    expect(rowsInCrm(w)).toEqual(chosen);
    expect(rowsWithStatus(w)).toEqual(chosen);
    expect(dataOf(w, others(chosen))).toEqual(before);
  });

  it('"visible": rows hidden by a filter or by hand are left alone', async () => {
    const w = await world();
    w.runtime.sheet(SHEET).filterRows([3, 4, 10]);
    w.runtime.sheet(SHEET).hideRows(14, 1);
    run(w, 'visible');
    const chosen = span(2, 15).filter((r) => ![3, 4, 10, 14].includes(r));
    expect(rowsInCrm(w)).toEqual(chosen);
    expect(rowsWithStatus(w)).toEqual(chosen);
  });

  it('"selection": the rows of every selected range, on the sheet the person is on', async () => {
    const w = await world();
    w.runtime.workbook.select(SHEET, ['B3:C4', '7:7']);
    run(w, 'selection');
    expect(rowsInCrm(w)).toEqual([3, 4, 7]);
    expect(rowsWithStatus(w)).toEqual([3, 4, 7]);
  });

  it('a sort while the job runs pulls no other row in', async () => {
    const w = await world();
    let sorted = false;
    w.onRequest = (request) => {
      if (sorted || !request.url.includes('/leads/upsert')) return;
      sorted = true;
      w.runtime.sheet(SHEET).sortRows(2, 15, 1, false);
    };
    const chosen = [2, 3, 11, 15];
    const before = dataOf(w, others(chosen));
    run(w, '2:3,11,15');
    expect(sorted).toBe(true);
    expect(rowsInCrm(w)).toEqual(chosen);
    expect(rowsWithStatus(w)).toEqual(chosen);
    expect(dataOf(w, others(chosen))).toEqual(before);
  });

  it('a bad list throws an error naming what to fix, and nothing is written', async () => {
    const w = await world();
    const before = w.runtime.sheet(SHEET).getValues();
    for (const [rows, words] of [
      [
        '5-9',
        /rows must be "all", "visible", "selection" or a list of sheet rows such as "5:9,12" \("5-9" is not a row or a span\)/,
      ],
      ['9:5', /the span "9:5" ends before it starts/],
      ['30:40', /names no row with data below row 1 of "Leads"/],
    ] as const) {
      const result = w.runtime.run('crmImportLeads', { sheet: SHEET, rows });
      expect(result.ok).toBe(false);
      expect(result.error?.message).toMatch(words);
    }
    expect(w.runtime.sheet(SHEET).getValues()).toEqual(before);
    expect(w.sandbox.requests().filter((r) => r.path.includes('upsert'))).toEqual([]);
  });
});
