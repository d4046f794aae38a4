import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS_SHEET } from '../../scripts/playground/demo-workbook';
import { type Playground, startPlayground } from '../../scripts/playground/server';

interface Summary {
  jobId: string;
  state: string;
  done: number;
  total: number;
  counts: Record<string, number>;
}
interface Slice {
  summaries: Summary[];
  callAgainInMs?: number;
}

/**
 * A sidebar's Run answers before any request leaves, so the person sees the progress, Pause and
 * Cancel from the first second (the sidebar then drives the job with uiContinueJob). Before,
 * the start worked a whole first slice (up to 4.5 minutes at the CRM's rate) behind
 * "Starting…", and a Pause could only land after it. A script's call still works at once.
 */
describe('a run started from a sidebar', () => {
  let playground: Playground;

  beforeAll(async () => {
    playground = await startPlayground({ port: 0, uiPort: 0, build: 'never' });
  });
  afterAll(async () => {
    await playground?.close();
  });

  const uiCall = <T>(fn: string, ...args: unknown[]) =>
    playground.runtime.runOrThrow('uiCall', fn, args) as T;
  const tagged = (tag: string) =>
    playground.sandbox.state.leads.filter((lead) => lead.tags?.includes(tag)).length;
  /** Requests that changed something (the start's scope probe is a DELETE the CRM answers 404). */
  const writes = () =>
    playground.sandbox.requests().filter((r) => r.method !== 'GET' && r.status < 400).length;

  it('answers queued with nothing sent; a Pause then lands before the first request', () => {
    const before = writes();
    const started = uiCall<Summary>('crmLeadActions', {
      sheet: ACTIONS_SHEET,
      action: 'addTags',
      params: { tags: 'pausa-1' },
    });
    expect(started).toMatchObject({ state: 'queued', done: 0 });
    expect(started.total).toBeGreaterThan(0);
    expect(writes()).toBe(before);

    expect(uiCall<Summary>('uiPauseJob', started.jobId).state).toBe('paused');
    uiCall<Slice>('uiContinueJob', started.jobId);
    expect(tagged('pausa-1')).toBe(0);
    expect(writes()).toBe(before);

    // Resumed, the sidebar's slices finish it.
    uiCall<Summary>('uiResumeJob', started.jobId);
    let end: Summary | undefined;
    for (let slice = 0; slice < 20 && end?.state !== 'done'; slice++) {
      const answer = uiCall<Slice>('uiContinueJob', started.jobId);
      end = answer.summaries.find((s) => s.jobId === started.jobId) ?? end;
      if (answer.callAgainInMs !== undefined) playground.runtime.advance(answer.callAgainInMs);
    }
    expect(end?.state).toBe('done');
    expect(end?.counts.DONE).toBeGreaterThan(0);
    expect(tagged('pausa-1')).toBe(end?.counts.DONE);
  });

  it('a preview still answers in its one call; a script’s run still works at once', () => {
    const preview = uiCall<Summary>('crmLeadActions', {
      sheet: ACTIONS_SHEET,
      action: 'addTags',
      params: { tags: 'pausa-2' },
      preview: true,
    });
    expect(preview.state).toBe('done');
    const run = playground.runtime.runOrThrow('crmLeadActions', {
      sheet: ACTIONS_SHEET,
      action: 'addTags',
      params: { tags: 'pausa-2' },
    }) as Summary;
    expect(run.state).toBe('done');
    expect(run.counts.DONE).toBeGreaterThan(0);
    expect(tagged('pausa-2')).toBe(run.counts.DONE);
  });
});
