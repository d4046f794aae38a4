import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { BASE_URL, createAddonWorld, DEMO_KEYS, waitOutRateWindow } from './addon-harness';
import { generateImportSheet } from './import-sheet';

describe('a job runs only with the API key that started it', () => {
  it("another editor's trigger or sidebar never continues it with their own key", async () => {
    const sheet = generateImportSheet(600, 3);
    const world = await createAddonWorld({
      sandbox: { leadLimit: 1_000_000 },
      runtime: {
        workbook: {
          sheets: { Leads: [sheet.header, ...sheet.rows] },
          timeZone: 'America/Sao_Paulo',
        },
      },
    });
    const { runtime, sandbox } = world;
    waitOutRateWindow(world);
    const started = runtime.runOrThrow('crmImportLeads', { sheet: 'Leads' }) as JobSummary;
    expect(started.state).toBe('running');

    // Bia edits the same spreadsheet with a key of another CRM account.
    runtime.setUser('bia@example.com');
    runtime.runOrThrow('crmConfigure', { apiKey: DEMO_KEYS.other, baseUrl: BASE_URL });
    sandbox.clearRequests();
    const biaRun = runtime.runOrThrow('crmRunJobs') as JobSummary[];
    expect(biaRun).toEqual([]);
    const biaSidebar = runtime.run('uiContinueJob', started.jobId);
    expect(biaSidebar.error?.message).toMatch(/started with another API key/);
    expect(sandbox.requests().filter((r) => r.path.includes('/leads'))).toEqual([]);
    expect(runtime.triggers().filter((t) => t.userEmail === 'bia@example.com')).toEqual([]);

    // Ana's own trigger chain finishes it, every upsert with her key's account.
    runtime.setUser(runtime.triggers()[0]?.userEmail ?? '');
    const idle = runtime.runUntilIdle({ maxExecutions: 40 });
    expect(idle.reason).toBe('idle');
    expect(runtime.runOrThrow('crmGetJob', started.jobId)).toMatchObject({ state: 'done' });
    const upserts = sandbox.requests().filter((r) => r.path.endsWith('/leads/upsert'));
    expect(upserts.length).toBeGreaterThan(0);
    expect(new Set(upserts.map((r) => r.accountId))).toEqual(new Set([1]));
  });
});
