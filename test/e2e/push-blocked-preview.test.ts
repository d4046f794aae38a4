/**
 * A push preview foresees a stage move the CRM will hold (PRODUCT.md "A preview tells the
 * truth"): a mandatory task of the lead's stage still pending. The preview names the task and
 * costs no changing request; the run keeps to it and sends no stage request the CRM refuses.
 * The real bundle against the sandbox.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import { addMandatoryTask } from './addon-harness';
import { buildBundle } from './export-harness';
import { createPushWorld } from './push-harness';

beforeAll(async () => {
  await buildBundle();
});

describe('a push preview of a stage move held by a mandatory task', () => {
  it('says so in the preview, naming the task; the run sends no refused stage request', async () => {
    const w = await createPushWorld(10);
    const [lead, stageOnly] = w.ids as [number, number];
    // A mandatory task the stage's spec does not name (added in the CRM, or left by a spec
    // changed since): the CRM holds the move all the same.
    addMandatoryTask(w.sandbox, lead, 'Enviar contrato');
    addMandatoryTask(w.sandbox, stageOnly, 'Assinar NDA');
    w.set(lead, 'Nome', 'Nome Novo');
    w.set(lead, 'Etapa', 'Proposta');
    w.set(stageOnly, 'Etapa', 'Proposta');
    w.sandbox.clearRequests();
    const preview = w.run('crmPushChanges', { sheet: 'Export', preview: true });
    expect(preview.state, preview.message).toBe('done');
    expect(w.writes()).toEqual([]);
    // The name goes, the move is held: the detail names the task.
    expect(w.status(lead)).toBe('WILL_CHANGE');
    expect(w.detail(lead)).toContain('Enviar contrato');
    expect(w.detail(lead)).not.toContain('Proposta');
    // Nothing but the held move: SKIPPED already in the preview.
    expect(w.status(stageOnly)).toBe('SKIPPED');
    expect(w.detail(stageOnly)).toContain('Assinar NDA');
    w.sandbox.clearRequests();
    const run = w.run('crmPushChanges', { sheet: 'Export' });
    expect(run.state, run.message).toBe('done');
    // No request the CRM refuses: the upsert of the name alone.
    expect(w.writes()).toEqual(['POST /api/v1/leads/upsert']);
    expect(w.lead(lead).name).toBe('Nome Novo');
    expect(w.lead(lead).stage_id).not.toBe(DEMO.stages.proposta);
    expect(w.status(lead)).toBe('SKIPPED');
    expect(w.detail(lead)).toContain('Enviar contrato');
    expect(w.status(stageOnly)).toBe('SKIPPED');
    expect(w.detail(stageOnly)).toContain('Assinar NDA');
  });
});
