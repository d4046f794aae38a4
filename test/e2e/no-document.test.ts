/**
 * The published add-on when its time-driven triggers run with no active spreadsheet (issue
 * 11.2): null getActive(), document properties, cache and lock. Every background path finds its
 * spreadsheet by the id kept with its trigger and keeps its state where it is reachable.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createAddonWorld } from './addon-harness';
import { accountLeads } from './export-harness';
import { createImportWorld } from './import-harness';
import { generateImportSheet } from './import-sheet';

const HOUR = 3_600_000;

describe('a published add-on whose triggers have no active spreadsheet', () => {
  it('finishes an import after the sidebar is closed', async () => {
    const sheet = generateImportSheet(400, 11);
    const world = await createImportWorld({
      sheet,
      publishedAddon: true,
      runtime: { triggersWithoutDocument: true },
    });
    const { runtime } = world;
    const started = runtime.runOrThrow('crmImportLeads', { sheet: 'Leads' }) as JobSummary;
    expect(started.state).toBe('running');
    expect(started.done).toBeLessThan(started.total);

    // Nobody drives from a sidebar: only the hourly trigger, with no document, continues it.
    const idle = runtime.runUntilIdle({ maxExecutions: 10 });
    expect(idle.reason).toBe('idle');
    expect(idle.fired.length).toBeGreaterThan(0);
    for (const fired of idle.fired) expect(fired.result.error?.message).toBeUndefined();
    const done = runtime.runOrThrow('crmGetJob', started.jobId) as JobSummary;
    expect(done).toMatchObject({ state: 'done', done: started.total });
    const statuses = world.statuses().filter((s) => s !== '');
    expect(statuses).toHaveLength(started.total);
    expect(statuses.filter((s) => s === 'FAILED')).toEqual([]);
    expect(runtime.triggers()).toEqual([]);
  });

  it('lands a nightly export', async () => {
    const world = await createAddonWorld({
      runtime: {
        publishedAddon: true,
        triggersWithoutDocument: true,
        workbook: { sheets: { Leads: [['Nome']] }, timeZone: 'America/Sao_Paulo' },
      },
    });
    const { runtime, sandbox } = world;
    runtime.runOrThrow('crmSchedule', {
      kind: 'export',
      sheet: 'Nightly',
      hour: 2,
      columns: ['id', 'name'],
    });
    const fired = [];
    for (let hour = 0; hour < 24; hour++) {
      runtime.advance(HOUR);
      fired.push(...runtime.runUntilIdle({ maxSimulatedMs: 0 }).fired);
    }
    expect(fired.length).toBeGreaterThan(0);
    for (const run of fired) expect(run.result.error?.message).toBeUndefined();
    expect(runtime.sheet('Nightly').getValues().length - 1).toBe(accountLeads(sandbox).length);
    const [schedule] = runtime.runOrThrow('crmListSchedules') as Array<Record<string, unknown>>;
    expect(schedule).toMatchObject({ sheet: 'Nightly' });
    expect(schedule?.lastError).toBeUndefined();
    expect(schedule?.lastJobId).toEqual(expect.any(String));
    expect(runtime.runOrThrow('crmGetJob', schedule?.lastJobId)).toMatchObject({ state: 'done' });
  });
});
