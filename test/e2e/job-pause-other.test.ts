/**
 * Review 5: a Pause clicked by ANOTHER editor reaches a running job before its next request.
 * The running job reads pause requests from developer metadata only when a flag in the script
 * cache says one came (or every 30 s); the other person's click writes that flag from their own
 * execution. Landed at several points of a slice, the upserts made after it are counted.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createImportWorld } from './import-harness';
import { generateImportSheet } from './import-sheet';

const BIA = 'bia@example.com';

describe('a pause from another editor', () => {
  it('stops an import slice before its next batch', async () => {
    const latencies: number[] = [];
    for (const at of [160, 650]) {
      const world = await createImportWorld({ sheet: generateImportSheet(800, 51) });
      const { runtime } = world;
      const started = runtime.runOrThrow('crmImportLeads', { sheet: 'Leads' }) as JobSummary;
      let upsertsAtPause = -1;
      const slice = runtime.execute({
        fn: 'uiContinueJob',
        args: [started.jobId],
        interleave: {
          atServiceCall: (event) => {
            if (event.index !== at) return false;
            upsertsAtPause = world.upserts().length;
            return true;
          },
          fn: 'uiPauseJob',
          args: [started.jobId],
          user: BIA,
        },
      });
      expect(slice.ok, slice.error?.message).toBe(true);
      expect(slice.interleaved?.ok, slice.interleaved?.error?.message).toBe(true);
      expect(upsertsAtPause).toBeGreaterThanOrEqual(0);
      latencies.push(world.upserts().length - upsertsAtPause);
      const job = runtime.runOrThrow('crmGetJob', started.jobId) as JobSummary;
      expect(job).toMatchObject({ state: 'paused' });
      expect(job.message).toMatch(/^Paused by /);
    }
    expect(Math.max(...latencies)).toBeLessThanOrEqual(1);
  });
});
