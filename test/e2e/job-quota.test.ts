/**
 * Issue 10.6: Apps Script quota refusals (thrown before a request leaves) make a job wait and
 * say so; no row is marked FAILED for a request that never left, and the job goes on by itself
 * once the quota is back.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createImportWorld } from './import-harness';
import { generateImportSheet } from './import-sheet';

const DAY = 24 * 3_600_000;

describe('an import that meets a platform quota', () => {
  it.each([
    ['Service invoked too many times for one day: urlfetch.', DAY],
    [
      'Service invoked too many times in a short time: urlfetch. Try Utilities.sleep(1000) between calls.',
      60_000,
    ],
  ])('"%s": waits, marks no row, and finishes after the wait', async (refusal, waitMs) => {
    const sheet = generateImportSheet(40, 21);
    const world = await createImportWorld({ sheet });
    const { runtime } = world;
    // Every upsert is refused from the start (a batch is refused whole: nothing leaves).
    let upserts = 0;
    let quotaBack = false;
    world.refuse = (request) => {
      if (!request.url.endsWith('/leads/upsert')) return undefined;
      upserts += 1;
      return quotaBack ? undefined : refusal;
    };
    const started = runtime.runOrThrow('crmImportLeads', { sheet: 'Leads' }) as JobSummary;
    expect(['queued', 'running']).toContain(started.state);
    expect(started.waitingUntil).toBeGreaterThanOrEqual(runtime.now() + waitMs - 60_000);
    expect(started.message).toMatch(/goes on by itself/);
    expect(world.statuses().filter((s) => s === 'FAILED' || (s === 'INVALID' && false))).toEqual(
      [],
    );
    expect(world.statuses().filter((s) => s === 'FAILED' || s === 'CREATED')).toEqual([]);
    expect(world.upserts()).toEqual([]);

    // Before the wait is over nothing is tried again.
    const before = upserts;
    runtime.advance(waitMs / 2);
    runtime.runUntilIdle({ maxSimulatedMs: 0 });
    expect(upserts).toBe(before);

    quotaBack = true;
    // The hourly backstop fires through the wait and finds nothing to do before it ends.
    runtime.runUntilIdle({ maxExecutions: 40 });
    const done = runtime.runOrThrow('crmGetJob', started.jobId) as JobSummary;
    expect(done).toMatchObject({ state: 'done', done: started.total });
    expect(world.statuses().filter((s) => s === 'FAILED')).toEqual([]);
    // No lead reached the CRM twice: one CRM lead per CREATED row, and no row UPDATED.
    const statuses = world.statuses();
    expect(statuses.filter((s) => s === 'UPDATED')).toEqual([]);
    expect(world.sandbox.state.leads.length).toBe(statuses.filter((s) => s === 'CREATED').length);
  });
});
