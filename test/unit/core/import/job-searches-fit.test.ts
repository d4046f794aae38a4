import { describe, expect, it } from 'vitest';
import { IMPORT_BATCH_ROWS } from '../../../../src/core/import/job/job';
import { generateImportSheet } from '../../../e2e/import-sheet';
import { createHarness } from './job-fakes';

/**
 * Issue 30: a batch is a whole budget (60 rows). In an empty account each row's lead is
 * searched by itself, so a batch of new leads spent the minute's requests on its searches and
 * found no slot for a single upsert; the next execution, knowing none of it, searched the same
 * rows again: the import never went on (job-errors' "status columns deleted" test hung).
 * Before the fix: 0 of 66 rows done after 30 short executions (4 s each); the searches now
 * leave half the minute to the upserts of the rows they answer.
 */
function newLeads() {
  const count = IMPORT_BATCH_ROWS + 6;
  const sheet = generateImportSheet(count * 2, 3);
  const rows = sheet.rows.filter((_, i) => sheet.expected[i] === 'VALID').slice(0, count);
  return { count, h: createHarness(sheet.header, rows) };
}

/** Executions of `budgetMs`, each the next when the pacer says; rows done after each. */
function executions(h: ReturnType<typeof newLeads>['h'], jobId: string, budgetMs: number) {
  const doneAfter: number[] = [];
  for (let i = 0; i < 30; i++) {
    const result = h.slice(jobId, budgetMs);
    doneAfter.push(h.store.get(jobId)?.done ?? 0);
    if (!result.moreWork) break;
    h.clock.advance(Math.max(1_000, (result.nextRunAt ?? 0) - h.clock.peek()));
  }
  return doneAfter;
}

describe('import job: a batch of new leads, each searched by itself', () => {
  it('sends rows in its first short execution', { timeout: 30_000 }, () => {
    const { h } = newLeads();
    const job = h.start();
    const doneAfter = executions(h, job.jobId, 4_000);
    expect(doneAfter[0]).toBeGreaterThan(0);
    expect(h.upserts()).toBeGreaterThan(0);
  });

  it('finishes in executions shorter than a trigger wait for slots', { timeout: 30_000 }, () => {
    const { h, count } = newLeads();
    const job = h.start();
    executions(h, job.jobId, 10_000);
    expect(h.store.get(job.jobId)?.state).toBe('done');
    expect(h.status().every((s) => s === 'CREATED')).toBe(true);
    expect(h.upserts()).toBe(count);
  });
});
