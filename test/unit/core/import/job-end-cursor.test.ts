/**
 * The import's end check on the planned walk (issue 17): what the check changes in the job's
 * cursor stands once the job is done. The check (job-place.ts auditAndRepair) consumes the
 * rows written and not yet checked (`checks`) and counts what it repaired (`repaired`); a walk
 * that saves the cursor it held before the check loses both, and a finished job keeps pending
 * checks that were already made. The windowed walk (pipeline-scan.ts, before issue 17) kept them.
 *
 * Regression of the planned walk (review of branch import-planned at 49371bc): progress()
 * (pipeline/planned/progress.ts) takes the cursor before kind.endCheck and, when the check
 * returns null (nothing repaired, or MAX_AUDIT_ROUNDS reached), saves that earlier cursor.
 * Fixed: the adapter keeps the cursor the check left (pipeline/repeatable.ts, finishRecord).
 */
import { describe, expect, it } from 'vitest';
import { generateImportSheet } from '../../../e2e/import-sheet';
import { createHarness } from './job-fakes';

describe('an import job once done', () => {
  it('keeps no rows waiting for a check: the end check made them', () => {
    const sheet = generateImportSheet(60, 17);
    const h = createHarness(sheet.header, sheet.rows);
    const job = h.start();
    h.drive(job.jobId);
    const done = h.store.get(job.jobId);
    expect(done?.state).toBe('done');
    const cursor = (done?.cursor ?? {}) as Record<string, unknown>;
    expect(cursor.checks, 'rows still waiting for the check the job ended with').toBeUndefined();
  });
});
