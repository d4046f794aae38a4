/**
 * Issue 16 item 17: a job's first sends go out 1, 2, 4 … up to the batch size, so a provider
 * that refuses every send from the start (template paused) costs a few requests, not a batch.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { DOCUMENT_SEND, mixedWorld, providerFault, runToEnd } from './send-harness';

describe('a send whose template the provider refuses from the first request', () => {
  it('pauses after at most 5 refused requests', async () => {
    const { world } = await mixedWorld(40, 15);
    world.sandbox.faults.add(providerFault(132015, { count: 1000 }));
    world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND) as JobSummary;
    const paused = runToEnd(world);
    expect(paused.state).toBe('paused');
    const refused = world.sendRequests().filter((r) => r.status === 502).length;
    console.log(`template paused from the start: ${refused} refused requests before the pause`);
    expect(refused).toBeGreaterThanOrEqual(3);
    expect(refused).toBeLessThanOrEqual(5);
    expect(world.statuses()).not.toContain('FAILED');
  });
});
