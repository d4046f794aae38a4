import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createImportWorld, SHEET } from './import-harness';
import { generateImportSheet } from './import-sheet';

const SIX_MINUTES = 6 * 60_000;

describe('one execution that drives several slices', () => {
  it('crmRunJobs starting a due nightly import stays inside the 6-minute limit', async () => {
    // DEMO_NOW is 12:00 in São Paulo: a schedule at hour 12 is due at once.
    const world = await createImportWorld({ sheet: generateImportSheet(1000) });
    const { runtime } = world;
    runtime.runOrThrow('crmSchedule', { kind: 'import', sheet: SHEET, hour: 12 });

    const run = runtime.run('crmRunJobs');
    expect(run.error?.message).toBeUndefined();
    expect(run.killed).toBe(false);
    expect(run.durationMs).toBeLessThan(SIX_MINUTES);
    const [job] = run.value as JobSummary[];
    expect(job).toMatchObject({ kind: 'import', state: 'running' });
    expect(job?.done).toBeGreaterThan(0);

    const [schedule] = runtime.runOrThrow('crmListSchedules') as Array<Record<string, unknown>>;
    expect(schedule).toMatchObject({ lastJobId: job?.jobId });
    expect(schedule?.lastError).toBeUndefined();
  });
});
