/**
 * Issue 10.4: a pause reaches a running job before its next request. A pause from another
 * execution (the sidebar) lands at many points of a running slice; the requests the slice still
 * makes after it are counted: at most the batch already on its way (a handler that asks
 * ctx.stopRequested() just before a batch leaves sends none).
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createImportWorld } from './import-harness';
import { generateImportSheet } from './import-sheet';

describe('pause-to-stop latency', () => {
  it('an import slice sends at most the batch in flight after a pause lands', async () => {
    const latencies: number[] = [];
    for (const at of [40, 160, 400, 650]) {
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
        },
      });
      expect(slice.ok, slice.error?.message).toBe(true);
      expect(slice.interleaved?.ok, slice.interleaved?.error?.message).toBe(true);
      expect(upsertsAtPause).toBeGreaterThanOrEqual(0);
      latencies.push(world.upserts().length - upsertsAtPause);
      expect(runtime.runOrThrow('crmGetJob', started.jobId)).toMatchObject({ state: 'paused' });
    }
    // The engine looks before each step, and pacedAll before each round that waited for slots:
    // a pause that lands mid-slice stops the upserts before the next batch leaves (measured 0 at
    // all four points; the bound was a whole batch of up to 20 upserts before).
    expect(Math.max(...latencies)).toBeLessThanOrEqual(1);
  });
});
