import { describe, expect, it } from 'vitest';
import { REFERENCE_MAX_AGE_MS } from '../../src/core/import/job/reference-cache';
import type { JobSummary } from '../../src/core/jobs/record';
import { driveJob } from './addon-harness';
import { createImportWorld, SHEET } from './import-harness';
import { generateImportSheet } from './import-sheet';

/**
 * Issue 30: each execution of an import's trigger chain read the account's custom fields,
 * pipelines and users again, 3 of the 60 requests a minute the key allows. The person's cache
 * keeps them across executions for as long as a sidebar slice keeps its own copy.
 */
describe('an import continued by a trigger chain', () => {
  it('reads the reference data about once per slice length, not once per execution', async () => {
    const world = await createImportWorld({
      sheet: generateImportSheet(700),
      runtime: { costs: { profile: 'typical', seed: 7, triggerLateness: 'uniform' } },
    });
    const { runtime, clock, sandbox } = world;
    const started = runtime.runOrThrow('crmImportLeads', { sheet: SHEET }) as JobSummary;
    const chainFrom = clock.now();
    driveJob(world, started.jobId, 'trigger', 200);
    const done = runtime.runOrThrow('crmGetJob', started.jobId) as JobSummary;
    expect(done.state).toBe('done');

    const inChain = sandbox.requests().filter((r) => r.at >= chainFrom);
    const reads = inChain.filter((r) => r.path.endsWith('/custom-fields')).map((r) => r.at);
    const working = runtime.executions.filter(
      (e) =>
        e.startedAt >= chainFrom &&
        inChain.some(
          (r) => r.path.endsWith('/leads/upsert') && r.at >= e.startedAt && r.at <= e.endedAt,
        ),
    ).length;
    const chainMs = Math.max(...inChain.map((r) => r.at)) - chainFrom;
    expect(working).toBeGreaterThanOrEqual(5);
    // Before: one read per working execution (6 reads where at most 3 are allowed now).
    expect(reads.length).toBeLessThanOrEqual(Math.ceil(chainMs / REFERENCE_MAX_AGE_MS) + 1);
    expect(reads.length).toBeLessThan(working);
  });
});
