/**
 * A run keeps to the rows its preview counted (PRODUCT.md "What a person confirmed is what
 * happens"), whatever the person does with the sheet between the preview and the click: the
 * sidebars preview `rows: "selection"` (or `visible`), then run. A person who clicks into the
 * sheet to look at a row, or sorts it, while the confirmation is on show, has another selection
 * at the run: the run must still act on the previewed rows, and on no other row.
 */
import { describe, expect, it } from 'vitest';
import {
  SHEET as ACTIONS_SHEET,
  createActionsWorld,
  leadRows,
  plainLeads,
  runJob,
} from './actions-harness';
import { createSendWorld, DOCUMENT_SEND, SEND_HEADER, type SendWorld, SHEET } from './send-harness';

/** 12 data rows (sheet rows 2 … 13), each a distinct demo lead with a phone. */
async function sendWorld(): Promise<{ w: SendWorld; leadOfRow: Map<number, number> }> {
  const leadOfRow = new Map<number, number>();
  const w = await createSendWorld({
    sheet: (sandbox) => {
      const leads = sandbox.state.leads
        .filter((l) => l.account_id === 1 && l.phone && !l.tags.includes('optout'))
        .slice(0, 12);
      const rows = leads.map((lead, i) => {
        leadOfRow.set(i + 2, lead.id);
        return [
          `Cliente ${i + 2}`,
          '',
          lead.phone,
          lead.id,
          `#${i}`,
          'https://files.example.com/p.pdf',
        ];
      });
      return { header: SEND_HEADER, rows };
    },
  });
  return { w, leadOfRow };
}

/** The sidebar's Send…: a preview, then the run with what the preview answered for its rows. */
function previewThenSend(w: SendWorld, between: () => void): { previewed: number } {
  const options = { ...DOCUMENT_SEND, rows: 'selection' };
  const preview = w.runtime.runOrThrow('uiPreviewSend', options) as {
    counts: Record<string, number>;
    runRows?: string;
  };
  between();
  w.runtime.runOrThrow('crmSendTemplate', {
    ...options,
    ...(preview.runRows ? { rows: preview.runRows } : {}),
  });
  w.runtime.runUntilIdle({ maxExecutions: 40 });
  return { previewed: preview.counts.QUEUED ?? 0 };
}

function rowsMessaged(w: SendWorld, leadOfRow: Map<number, number>): number[] {
  const messaged = w.messagesByLead();
  return [...leadOfRow].filter(([, lead]) => messaged.has(lead)).map(([row]) => row);
}

describe('a send keeps to the rows its preview counted', () => {
  it('the person clicks another row after the preview: only the previewed rows get the template', async () => {
    const { w, leadOfRow } = await sendWorld();
    w.runtime.workbook.select(SHEET, ['A4:B6']);
    const { previewed } = previewThenSend(w, () => w.runtime.workbook.select(SHEET, ['C10']));
    expect(previewed).toBe(3);
    expect(rowsMessaged(w, leadOfRow)).toEqual([4, 5, 6]);
  });

  it('the person sorts after the preview: the previewed leads get it, not the rows now selected', async () => {
    const { w, leadOfRow } = await sendWorld();
    w.runtime.workbook.select(SHEET, ['A2:B3']);
    previewThenSend(w, () => w.runtime.sheet(SHEET).sortRows(2, 13, 1, false));
    expect(rowsMessaged(w, leadOfRow)).toEqual([2, 3]);
  });
});

describe('a lead action keeps to the rows its preview read', () => {
  it('the person sorts after the preview: the run acts on the previewed rows', async () => {
    let ids: number[] = [];
    const world = await createActionsWorld({
      rows: (sandbox) => {
        ids = plainLeads(sandbox, 6).map((l) => l.id);
        return leadRows(sandbox, ids);
      },
    });
    world.runtime.workbook.select(ACTIONS_SHEET, ['A2:B3']);
    const options = { sheet: ACTIONS_SHEET, action: 'addTags', params: { tags: 'escolhido' } };
    const preview = runJob(world, 'crmLeadActions', {
      ...options,
      rows: 'selection',
      preview: true,
    });
    expect(preview.counts).toMatchObject({ WILL_CHANGE: 2 });
    const answer = world.runtime.runOrThrow('uiLeadActionsPreview', preview.jobId) as {
      runRows?: string;
    };
    const model = world.runtime.sheet(ACTIONS_SHEET);
    model.sortRows(2, model.lastRow(), 1, false);
    const run = runJob(world, 'crmLeadActions', {
      ...options,
      rows: answer.runRows ?? 'selection',
    });
    expect(run.counts.DONE ?? 0).toBe(2);
    const tagged = world.sandbox.state.leads
      .filter((l) => l.tags.includes('escolhido'))
      .map((l) => l.id);
    expect(tagged.sort()).toEqual(ids.slice(0, 2).sort());
  });
});
