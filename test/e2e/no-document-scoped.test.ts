/**
 * A published add-on whose hourly trigger runs with no active spreadsheet goes on with a job
 * that keeps a rows scope (core/rows/scope): the trigger finds the rows chosen at the call and
 * no others, and the job ends with a status on exactly those rows (review of the rows scope).
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createImportWorld } from './import-harness';
import { generateImportSheet } from './import-sheet';

describe('a rows scope through a trigger with no active spreadsheet', () => {
  it('an import of rows 2:801 of 900 ends with statuses on those rows only', async () => {
    const sheet = generateImportSheet(900, 11);
    const world = await createImportWorld({
      sheet,
      publishedAddon: true,
      runtime: { triggersWithoutDocument: true },
    });
    const { runtime } = world;
    const started = runtime.runOrThrow('crmImportLeads', {
      sheet: 'Leads',
      rows: '2:801',
    }) as JobSummary;
    expect(started.done).toBeLessThan(started.total);
    const idle = runtime.runUntilIdle({ maxExecutions: 10 });
    for (const fired of idle.fired) expect(fired.result.error?.message).toBeUndefined();
    const done = runtime.runOrThrow('crmGetJob', started.jobId) as JobSummary;
    expect(done).toMatchObject({ state: 'done', done: started.total });
    const statuses = world.statuses();
    const withStatus = statuses.flatMap((s, i) => (s === '' ? [] : [i + 2]));
    expect(withStatus.length).toBe(started.total);
    expect(Math.max(...withStatus)).toBeLessThanOrEqual(801);
  });
});
