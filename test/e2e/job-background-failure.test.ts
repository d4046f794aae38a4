/**
 * A background run that fails outside any job step is recorded on the job (add-on triggers send
 * no failure e-mails), and the hourly backstop trigger still finishes the job afterwards.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createImportWorld } from './import-harness';
import { generateImportSheet } from './import-sheet';

describe('a trigger execution that fails before it could re-arm', () => {
  it('leaves its reason in the job summary, and the hourly trigger finishes the job', async () => {
    const world = await createImportWorld({ sheet: generateImportSheet(400, 41) });
    const { runtime } = world;
    const started = runtime.runOrThrow('crmImportLeads', { sheet: 'Leads' }) as JobSummary;
    expect(started.state).toBe('running');

    // Another execution of the same user holds the user lock for half an hour.
    runtime.holdLock('user', 30 * 60_000);
    // The first triggers of the chain may come before the rate limit frees: those end without
    // touching the triggers (the rest of the chain is armed). The one that works must re-arm.
    let fired = runtime.runUntilIdle({ maxExecutions: 1 }).fired;
    for (let i = 0; i < 5 && fired[0]?.result.ok; i++) {
      fired = runtime.runUntilIdle({ maxExecutions: 1 }).fired;
    }
    expect(fired[0]?.result.ok).toBe(false);
    const failed = runtime.runOrThrow('crmGetJob', started.jobId) as JobSummary;
    expect(failed.state).toBe('running');
    // In the person's words (a coded error), not the developer's message (issue 18.2).
    expect(failed.lastFailure).toMatch(/^The background run failed: Another run is arranging/);
    expect(runtime.triggers().filter((t) => t.nextFireAt !== undefined).length).toBeGreaterThan(0);

    const idle = runtime.runUntilIdle({ maxExecutions: 20 });
    expect(idle.reason).toBe('idle');
    expect(runtime.runOrThrow('crmGetJob', started.jobId)).toMatchObject({
      state: 'done',
      done: started.total,
    });
    expect(runtime.triggers()).toEqual([]);
  });
});
