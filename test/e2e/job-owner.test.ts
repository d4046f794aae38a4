import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { BASE_URL, createAddonWorld, DEMO_KEYS, waitOutRateWindow } from './addon-harness';
import { generateImportSheet } from './import-sheet';

const ANA = 'user@example.com';
const BIA = 'bia@example.com';

async function anaImporting(rows: number) {
  const sheet = generateImportSheet(rows, 3);
  const world = await createAddonWorld({
    sandbox: { leadLimit: 1_000_000 },
    runtime: {
      workbook: { sheets: { Leads: [sheet.header, ...sheet.rows] }, timeZone: 'America/Sao_Paulo' },
    },
  });
  waitOutRateWindow(world);
  const started = world.runtime.runOrThrow('crmImportLeads', { sheet: 'Leads' }) as JobSummary;
  expect(started.state).toBe('running');
  return { ...world, started };
}

describe('a job belongs to the person who started it (issue 11.4)', () => {
  it.each([
    ['a key of another CRM account', DEMO_KEYS.other],
    ['a read-only key of the same CRM account', DEMO_KEYS.readonly],
  ])(
    'another editor with %s sees it but never continues it, from a trigger or the sidebar',
    async (_what, biaKey) => {
      const { runtime, sandbox, started } = await anaImporting(400);

      runtime.setUser(BIA);
      runtime.runOrThrow('crmConfigure', { apiKey: biaKey, baseUrl: BASE_URL });
      sandbox.clearRequests();
      expect(runtime.runOrThrow('crmRunJobs')).toEqual([]);
      const watched = runtime.runOrThrow('uiContinueJob', started.jobId) as {
        summaries: JobSummary[];
        callAgainInMs?: number;
      };
      expect(watched.summaries[0]).toMatchObject({
        jobId: started.jobId,
        state: 'running',
        startedBy: ANA,
        startedByYou: false,
        sheetName: 'Leads',
      });
      expect(watched.callAgainInMs).toBeGreaterThan(0);
      expect(runtime.run('crmResumeJob', started.jobId).error?.message).toMatch(
        /started by user@example.com: only they can resume it/,
      );
      expect(runtime.runOrThrow('crmListJobs')).toMatchObject([{ jobId: started.jobId }]);
      expect(sandbox.requests()).toEqual([]);
      expect(runtime.triggers().filter((t) => t.userEmail === BIA)).toEqual([]);

      // Ana's own trigger chain finishes it, every upsert with her key.
      runtime.setUser(ANA);
      const idle = runtime.runUntilIdle({ maxExecutions: 40 });
      expect(idle.reason).toBe('idle');
      expect(runtime.runOrThrow('crmGetJob', started.jobId)).toMatchObject({
        state: 'done',
        startedByYou: true,
      });
      const upserts = sandbox.requests().filter((r) => r.path.endsWith('/leads/upsert'));
      expect(upserts.length).toBeGreaterThan(0);
      expect(new Set(upserts.map((r) => r.keyPrefix))).toEqual(
        new Set([DEMO_KEYS.admin.slice(0, 12)]),
      );
    },
  );

  it('another editor pauses or cancels it; the starter’s driver stops before its next request', async () => {
    const { runtime, sandbox, started } = await anaImporting(400);
    runtime.setUser(BIA);
    runtime.runOrThrow('crmConfigure', { apiKey: DEMO_KEYS.readonly, baseUrl: BASE_URL });
    expect(runtime.runOrThrow('uiPauseJob', started.jobId)).toMatchObject({ state: 'paused' });

    runtime.setUser(ANA);
    sandbox.clearRequests();
    runtime.runUntilIdle({ maxExecutions: 10 });
    expect(sandbox.requests().filter((r) => r.path.endsWith('/leads/upsert'))).toEqual([]);
    const paused = runtime.runOrThrow('crmGetJob', started.jobId) as JobSummary;
    expect(paused).toMatchObject({ state: 'paused', done: started.done });
    expect(paused.message).toMatch(/bia@example.com/);

    runtime.runOrThrow('uiResumeJob', started.jobId);
    runtime.setUser(BIA);
    expect(runtime.runOrThrow('crmCancelJob', started.jobId)).toMatchObject({ state: 'cancelled' });
    runtime.setUser(ANA);
    runtime.runUntilIdle({ maxExecutions: 10 });
    expect(runtime.runOrThrow('crmGetJob', started.jobId)).toMatchObject({ state: 'cancelled' });
    expect(sandbox.requests().filter((r) => r.path.endsWith('/leads/upsert'))).toEqual([]);
  });

  it('a new key of the same person and account resumes it; a key of another account pauses it', async () => {
    const world = await anaImporting(400);
    const { runtime, sandbox, started } = world;
    runtime.runOrThrow('crmConfigure', { apiKey: DEMO_KEYS.other, baseUrl: BASE_URL });
    sandbox.clearRequests();
    runtime.runUntilIdle({ maxExecutions: 10 });
    const paused = runtime.runOrThrow('crmGetJob', started.jobId) as JobSummary;
    expect(paused.state).toBe('paused');
    expect(paused.message).toMatch(/another CRM account/);
    expect(sandbox.requests().filter((r) => r.path.endsWith('/leads/upsert'))).toEqual([]);

    // The chain's trigger came as soon as the slots freed, so the import's last minute of
    // requests may still fill the key's window: let it pass before checking the key again.
    waitOutRateWindow(world);
    runtime.runOrThrow('crmConfigure', { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL });
    runtime.runOrThrow('crmResumeJob', started.jobId);
    runtime.runUntilIdle({ maxExecutions: 40 });
    const done = runtime.runOrThrow('crmGetJob', started.jobId) as JobSummary;
    expect(done).toMatchObject({ state: 'done', done: started.total });
  });
});
