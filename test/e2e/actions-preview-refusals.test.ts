/**
 * A lead-actions preview foresees what the CRM will refuse (PRODUCT.md "A preview tells the
 * truth"): a stage, won or lost move held by a mandatory task of the lead's stage the pipeline
 * spec does not name (added in the CRM, or left by a spec changed since: the CRM holds the move
 * all the same), and a won value below 0. The preview says WILL_FAIL naming the task (or the
 * value), and the run sends no request the CRM refuses. The real bundle against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import { ACTION_HEADER, createActionsWorld, leadRows, plainLeads, runJob } from './actions-harness';
import { addMandatoryTask } from './addon-harness';

const CASES = [
  { action: 'stage', params: { stage: 'Negociação' } },
  { action: 'won', params: {} },
  { action: 'lost', params: {} },
] as const;

describe('a lead-actions preview of a move the CRM holds', () => {
  for (const c of CASES) {
    it(`${c.action}: WILL_FAIL naming the task, and no refused request in the run`, async () => {
      let ids: number[] = [];
      const w = await createActionsWorld({
        rows: (sandbox) => {
          const chosen = plainLeads(sandbox, 40)
            .filter((l) => {
              const stage = sandbox.state.stages.find((s) => s.id === l.stage_id);
              return (
                l.pipeline_id === DEMO.pipelines.vendas &&
                stage &&
                !stage.is_won &&
                !stage.is_lost &&
                stage.name !== 'Negociação'
              );
            })
            .slice(0, 2);
          ids = chosen.map((l) => l.id);
          const [held] = ids as [number];
          addMandatoryTask(sandbox, held, 'Assinar NDA');
          return leadRows(sandbox, ids);
        },
        header: ACTION_HEADER,
      });
      const options = { sheet: 'Leads', action: c.action, params: c.params };
      w.sandbox.clearRequests();
      const preview = runJob(w, 'crmLeadActions', { ...options, preview: true });
      expect(preview.state, preview.message).toBe('done');
      expect(w.statuses()).toEqual(['WILL_FAIL', 'WILL_CHANGE']);
      expect(w.details()[0]).toContain('Assinar NDA');
      w.sandbox.clearRequests();
      const run = runJob(w, 'crmLeadActions', options);
      expect(run.state, run.message).toBe('done');
      expect(w.statuses()).toEqual(['BLOCKED', 'DONE']);
      expect(w.details()[0]).toContain('Assinar NDA');
      const writes = w.requests().filter((r) => !r.startsWith('GET'));
      expect(writes.filter((r) => r.includes(`/leads/${ids[0]}/`))).toEqual([]);
      expect(writes.filter((r) => r.includes(`/leads/${ids[1]}/`))).toHaveLength(1);
    });
  }
});

describe('a lead-actions preview of a won value the CRM refuses', () => {
  it('WILL_FAIL naming the value, and the run sends nothing', async () => {
    let ids: number[] = [];
    const w = await createActionsWorld({
      rows: (sandbox) => {
        const chosen = plainLeads(sandbox, 40)
          .filter((l) => {
            const stage = sandbox.state.stages.find((s) => s.id === l.stage_id);
            return l.pipeline_id === DEMO.pipelines.vendas && stage && !stage.is_won;
          })
          .slice(0, 2);
        ids = chosen.map((l) => l.id);
        return leadRows(sandbox, ids).map((row, i) => {
          const out = [...row];
          out[3] = i === 0 ? '-R$ 100,00' : 'R$ 100,00';
          return out;
        });
      },
    });
    const options = { sheet: 'Leads', action: 'won', params: { value: { column: 'Valor' } } };
    const preview = runJob(w, 'crmLeadActions', { ...options, preview: true });
    expect(preview.state, preview.message).toBe('done');
    expect(w.statuses()).toEqual(['WILL_FAIL', 'WILL_CHANGE']);
    expect(w.details()[0]).toContain('-R$ 100,00');
    w.sandbox.clearRequests();
    const run = runJob(w, 'crmLeadActions', options);
    expect(run.state, run.message).toBe('done');
    expect(w.statuses()).toEqual(['SKIPPED', 'DONE']);
    // The scope probe (an id no lead has) aside, the one won request.
    const writes = w.requests().filter((r) => !r.startsWith('GET') && !r.includes('2147483647'));
    expect(writes).toEqual([`PUT /api/v1/leads/${ids[1]}/won`]);
  });
});

describe('a lead-actions revert preview of a move back the CRM holds', () => {
  it('BLOCKED naming the task added since, and the revert sends no refused move', async () => {
    let ids: number[] = [];
    const w = await createActionsWorld({
      rows: (sandbox) => {
        const chosen = plainLeads(sandbox, 40)
          .filter((l) => {
            const stage = sandbox.state.stages.find((s) => s.id === l.stage_id);
            return l.pipeline_id === DEMO.pipelines.vendas && stage?.name === 'Novo';
          })
          .slice(0, 2);
        ids = chosen.map((l) => l.id);
        return leadRows(sandbox, ids);
      },
    });
    const options = { sheet: 'Leads', action: 'stage', params: { stage: 'Negociação' } };
    expect(runJob(w, 'crmLeadActions', { ...options, preview: true }).state).toBe('done');
    const run = runJob(w, 'crmLeadActions', options);
    expect(w.statuses()).toEqual(['DONE', 'DONE']);
    // Since the run, a mandatory task of Negociação the spec does not name holds the first lead.
    addMandatoryTask(w.sandbox, ids[0] as number, 'Revisar contrato');
    const preview = runJob(w, 'crmRevertLeadActions', run.jobId, { preview: true });
    expect(preview.state, preview.message).toBe('done');
    expect(preview.counts.BLOCKED).toBe(1);
    expect(preview.counts.WILL_CHANGE).toBe(1);
    expect(w.details()[0]).toContain('Revisar contrato');
    w.sandbox.clearRequests();
    const revert = runJob(w, 'crmRevertLeadActions', run.jobId);
    expect(revert.state, revert.message).toBe('done');
    expect(revert.counts.BLOCKED).toBe(1);
    expect(revert.counts.REVERTED).toBe(1);
    const writes = w.requests().filter((r) => !r.startsWith('GET') && !r.includes('2147483647'));
    expect(writes).toEqual([`PUT /api/v1/leads/${ids[1]}/stage`]);
  });
});
