import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { BASE_URL, createAddonWorld, DEMO_KEYS, waitOutRateWindow } from './addon-harness';
import { createImportWorld, SHEET } from './import-harness';
import { generateImportSheet } from './import-sheet';

const SIX_MINUTES = 6 * 60_000;

describe('one execution that drives several slices', () => {
  it('crmRunJobs starting a due nightly import stays inside the 6-minute limit', async () => {
    // DEMO_NOW is 12:00 in São Paulo: a schedule at hour 13 first runs at 13:00 (its first
    // run is the next H:00 after it is saved, PRODUCT.md "Schedules keep their hour").
    const world = await createImportWorld({ sheet: generateImportSheet(1000) });
    const { runtime } = world;
    runtime.runOrThrow('crmSchedule', { kind: 'import', sheet: SHEET, hour: 13 });
    world.clock.advance(65 * 60_000);

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

describe('two people driving jobs in one bound spreadsheet', () => {
  it('each keeps a single one-off trigger: fired ones never pile up to the 20-trigger limit', async () => {
    const ana = generateImportSheet(600, 1);
    const bia = generateImportSheet(600, 2);
    const world = await createAddonWorld({
      sandbox: { seed: 'empty', leadLimit: 1_000_000 },
      runtime: {
        workbook: {
          sheets: { Ana: [ana.header, ...ana.rows], Bia: [bia.header, ...bia.rows] },
          timeZone: 'America/Sao_Paulo',
        },
      },
    });
    const { runtime } = world;
    waitOutRateWindow(world);
    const first = runtime.run('crmImportLeads', { sheet: 'Ana' });
    expect(first.error?.message).toBeUndefined();
    runtime.setUser('bia@example.com');
    waitOutRateWindow(world);
    runtime.runOrThrow('crmConfigure', { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL });
    const second = runtime.run('crmImportLeads', { sheet: 'Bia' });
    expect(second.error?.message).toBeUndefined();

    const idle = runtime.runUntilIdle({ maxExecutions: 60 });
    const failures = idle.fired.flatMap((f) => (f.result.ok ? [] : [f.result.error?.message]));
    expect(failures).toEqual([]);
    expect(idle.reason).toBe('idle');
    const jobs = runtime.runOrThrow('crmListJobs') as JobSummary[];
    expect(jobs.map((j) => j.state)).toEqual(['done', 'done']);
    // Nothing is left behind for either person, fired or pending.
    expect(runtime.triggers()).toEqual([]);
  });
});
