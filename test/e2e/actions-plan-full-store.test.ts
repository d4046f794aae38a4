/**
 * A lead actions run after a preview saves its plan (core/plan) in the person's user properties
 * (500 KB for every spreadsheet of theirs). When that store is nearly full of what the add-on
 * can give up (another spreadsheet's import memory, a cache), the run makes room as every job
 * start does, and runs; it must not fail on Apps Script's bare quota error with nothing done.
 */
import { describe, expect, it } from 'vitest';
import { createActionsWorld, leadRows, plainLeads, runJob, SHEET } from './actions-harness';

const OPTIONS = { sheet: SHEET, action: 'addTags', params: { tags: 'revisado' } };

describe('a run after a preview with the person storage nearly full', () => {
  it('an import memory of another spreadsheet gives way: the run keeps to its preview', async () => {
    let ids: number[] = [];
    const w = await createActionsWorld({
      rows: (sandbox) => {
        ids = plainLeads(sandbox, 40).map((l) => l.id);
        return leadRows(sandbox, ids);
      },
    });
    const preview = runJob(w, 'crmLeadActions', { ...OPTIONS, preview: true });
    expect(preview.counts).toMatchObject({ WILL_CHANGE: 40 });
    const bytes = () =>
      Object.entries(w.runtime.properties('user')).reduce(
        (n, [k, v]) => n + k.length + v.length,
        0,
      );
    // Another spreadsheet's import memory (a cache the add-on gives up) fills the store to ~499 KB.
    const fill: Record<string, string> = { 'crm.ss.other.data.crm.import.mem.7.at': '1' };
    let left = 499 * 1024 - bytes();
    for (let shard = 0; left > 200; shard++) {
      const size = Math.min(8_000, left - 60);
      fill[`crm.ss.other.data.crm.import.mem.7.${shard}`] = 'x'.repeat(size);
      left -= size + 40;
    }
    w.runtime.setProperties('user', fill);
    const result = w.runtime.run('crmLeadActions', { ...OPTIONS, previewId: preview.jobId });
    expect(result.error?.message).toBeUndefined();
    w.finish();
    const run = w.job((result.value as { jobId: string }).jobId);
    expect(run.counts).toMatchObject({ DONE: 40 });
    expect(bytes()).toBeLessThan(400 * 1024);
  });
});
