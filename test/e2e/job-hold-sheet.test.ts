/**
 * Issue 16.3: a job that is not finished (failed, paused, waiting) holds its sheet until it is
 * cancelled, and a Resume checks "one job per sheet" under the same lock as a start. Before:
 * one transient failure failed person A's send, a second send started on the same sheet (a
 * failed job did not count), A resumed, and both worked the same rows.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { DOCUMENT_SEND, mixedWorld, type SendWorld } from './send-harness';

/** Sets a job's stored state, as an earlier failure (or an earlier version) left it. */
function setState(world: SendWorld, jobId: string, state: JobSummary['state']): void {
  const props = world.runtime.properties('user');
  const key = Object.keys(props).find((k) => k.endsWith(`crm.job.${jobId}`));
  if (!key) throw new Error(`No record of ${jobId}`);
  // A small record sits inline in its index: {value: record}.
  const index = JSON.parse(props[key] as string) as { value: Record<string, unknown> };
  const value = { ...index.value, state };
  world.runtime.setProperties('user', { [key]: JSON.stringify({ ...index, value }) });
}

function errorOf(world: SendWorld, fn: string, ...args: unknown[]) {
  const result = world.runtime.run(fn, ...args);
  expect(result.ok).toBe(false);
  return result.error?.message ?? '';
}

describe('a send that is not finished holds its sheet', () => {
  it('a failed send refuses a second send on its sheet until it is cancelled', async () => {
    const { world } = await mixedWorld(30, 5);
    const first = world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND) as JobSummary;
    setState(world, first.jobId, 'failed');
    expect(errorOf(world, 'crmSendTemplate', DOCUMENT_SEND)).toMatch(
      new RegExp(`Send ${first.jobId} is already failed on "Clientes": resume it`),
    );
    world.runtime.runOrThrow('crmCancelJob', first.jobId);
    // A cancelled send reads back what it may have sent before it lets the sheet go (its
    // owner's driver finishes that): only then does a new send start.
    world.runtime.runOrThrow('crmRunJobs');
    const second = world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND) as JobSummary;
    expect(second.jobId).not.toBe(first.jobId);
  });

  it('resuming a failed send is refused while another send holds the sheet', async () => {
    const { world } = await mixedWorld(30, 6);
    const first = world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND) as JobSummary;
    // Two sends on one sheet, as an earlier version let happen: the first failed meanwhile.
    setState(world, first.jobId, 'done');
    const second = world.runtime.runOrThrow('crmSendTemplate', DOCUMENT_SEND) as JobSummary;
    setState(world, first.jobId, 'failed');
    setState(world, second.jobId, 'paused');
    for (const fn of ['crmResumeJob', 'uiResumeJob']) {
      expect(errorOf(world, fn, first.jobId)).toMatch(
        new RegExp(`Send ${second.jobId} is already paused on "Clientes"`),
      );
    }
    expect((world.runtime.runOrThrow('crmGetJob', first.jobId) as JobSummary).state).toBe('failed');
    world.runtime.runOrThrow('crmCancelJob', second.jobId);
    world.runtime.runOrThrow('crmRunJobs');
    const resumed = world.runtime.runOrThrow('uiResumeJob', first.jobId) as JobSummary;
    expect(resumed.state).toBe('queued');
  });
});
