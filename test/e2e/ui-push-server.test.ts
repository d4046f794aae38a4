import { beforeAll, describe, expect, it } from 'vitest';
import { createPushWorld, PUSH_SHEET, type PushWorld } from './push-harness';

/**
 * What the Push changes sidebar reads of the spreadsheet (src/addon/push-ui-api.ts), through the
 * real bundle: the exported sheets it offers, the runs Revert takes (never a preview), and what a
 * finished preview wrote on its rows (its NO_CHANGE rows and other jobs' rows left out).
 */
describe('the Push sidebar’s server calls', () => {
  let w: PushWorld;
  let previewId = '';
  let runId = '';

  beforeAll(async () => {
    w = await createPushWorld(12);
    // A sheet a person typed: never offered, even when it is the active one.
    w.runtime.workbook.addSheet('Notas').setValues(1, 1, [['Nome'], ['Maria']]);
  });

  it('offers only the sheets an export wrote, the active one when it is one', () => {
    const workbook = w.runtime.workbook;
    workbook.activeSheetId = workbook.sheet('Notas').sheetId;
    expect(w.runtime.runOrThrow('uiPushSetup')).toEqual({
      sheets: [PUSH_SHEET],
      sheet: PUSH_SHEET,
    });
    workbook.activeSheetId = workbook.sheet(PUSH_SHEET).sheetId;
    expect(w.runtime.runOrThrow('uiPushSetup')).toEqual({
      sheets: [PUSH_SHEET],
      sheet: PUSH_SHEET,
    });
  });

  it('a preview lists its changed rows with their details, not the untouched ones', () => {
    const [first = 0, second = 0] = w.ids;
    w.set(first, 'Valor', 9500.5);
    w.set(second, 'Valor', 1234);
    const preview = w.run('crmPushChanges', { sheet: PUSH_SHEET, preview: true });
    expect(preview.state).toBe('done');
    previewId = preview.jobId;
    const answer = w.runtime.runOrThrow('uiPushPreview', previewId) as {
      counts: Record<string, number>;
      sample: { row: number; status: string; detail: string; name?: string }[];
      marked: number;
      readRequests?: number;
    };
    expect(answer.counts).toMatchObject({ WILL_CHANGE: 2, NO_CHANGE: w.ids.length - 2 });
    expect(answer.marked).toBe(w.ids.length);
    expect(answer.sample.map((r) => r.row)).toEqual(
      [w.rowOf(first), w.rowOf(second)].sort((a, b) => a - b),
    );
    const value = answer.sample.find((r) => r.row === w.rowOf(first));
    expect(value?.status).toBe('WILL_CHANGE');
    expect(value?.detail).toMatch(/→ R\$\s9\.500,50$/);
    expect(value?.name).toBe(String(w.cell(first, 'Nome')));
    expect(answer.readRequests).toBeGreaterThan(0);
  });

  it('Revert is offered the run, never the preview, newest first', () => {
    expect(w.runtime.runOrThrow('uiPushRuns', PUSH_SHEET)).toEqual({ runIds: [], lastRunId: null });
    const run = w.run('crmPushChanges', { sheet: PUSH_SHEET });
    expect(run.counts.DONE).toBe(2);
    runId = run.jobId;
    expect(w.runtime.runOrThrow('uiPushRuns', PUSH_SHEET)).toEqual({
      runIds: [runId],
      lastRunId: runId,
    });
  });

  it('a revert preview lists the rows it puts back; a later preview of another job is its own', () => {
    const revert = w.run('crmRevertPush', runId, { preview: true });
    expect(revert.state).toBe('done');
    const answer = w.runtime.runOrThrow('uiPushPreview', revert.jobId) as {
      counts: Record<string, number>;
      sample: { row: number; status: string }[];
    };
    expect(answer.counts.WILL_CHANGE).toBe(2);
    expect(answer.sample.map((r) => r.status)).toEqual(['WILL_CHANGE', 'WILL_CHANGE']);
    // The first preview's rows now carry the revert preview's id: it lists none of them.
    const first = w.runtime.runOrThrow('uiPushPreview', previewId) as { sample: unknown[] };
    expect(first.sample).toEqual([]);
  });

  it('says in the person’s words that a run is no preview', () => {
    const result = w.runtime.run('uiCall', 'uiPushPreview', [runId]);
    expect(result.ok).toBe(false);
  });
});
