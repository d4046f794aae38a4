/**
 * A sidebar run keeps to the preview it showed (PRODUCT.md "A run does what its preview
 * showed", "The sidebars always run from a preview"). When that preview can no longer be kept to
 * (older than 24 hours: a sidebar left open over a weekend), the run must not act on every row of the sheet unpreviewed: it stops before any
 * request with an error that says to preview again.
 */
import { describe, expect, it } from 'vitest';
import { createActionsWorld, leadRows, plainLeads, runJob, SHEET } from './actions-harness';

async function world() {
  let ids: number[] = [];
  let spare: number[] = [];
  const w = await createActionsWorld({
    rows: (sandbox) => {
      const leads = plainLeads(sandbox, 4).map((l) => l.id);
      ids = leads.slice(0, 3);
      spare = leads.slice(3);
      return leadRows(sandbox, ids);
    },
  });
  return { w, ids, spare };
}

const OPTIONS = { sheet: SHEET, action: 'addTags', params: { tags: 'revisado' } };
const tagged = (w: Awaited<ReturnType<typeof world>>['w']) =>
  w.sandbox.state.leads.filter((l) => l.tags.includes('revisado')).map((l) => l.id);

describe('a sidebar run whose preview is gone', () => {
  it('a preview older than 24 hours: the run throws previewGone, no lead is changed', async () => {
    const { w, spare } = await world();
    const preview = runJob(w, 'crmLeadActions', { ...OPTIONS, preview: true });
    expect(preview.counts).toMatchObject({ WILL_CHANGE: 3 });
    w.clock.advance(25 * 60 * 60_000);
    // A row pasted since: the person never saw it in a preview.
    const model = w.runtime.sheet(SHEET);
    model.setValues(model.lastRow() + 1, 1, leadRows(w.sandbox, spare));
    const result = w.runtime.run('crmLeadActions', { ...OPTIONS, previewId: preview.jobId });
    w.finish();
    expect(tagged(w)).toEqual([]);
    expect(result.ok).toBe(false);
    expect(result.error?.message).toMatch(/preview again/i);
  });

  it('the preview it showed, fresh: the run keeps to it', async () => {
    const { w, ids } = await world();
    const preview = runJob(w, 'crmLeadActions', { ...OPTIONS, preview: true });
    const run = runJob(w, 'crmLeadActions', { ...OPTIONS, previewId: preview.jobId });
    expect(run.counts).toMatchObject({ DONE: 3 });
    expect(tagged(w).sort()).toEqual([...ids].sort());
  });
});
