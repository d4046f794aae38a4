/**
 * A push row whose stage move is held by the lead's pending mandatory tasks while its other
 * changes go (PRODUCT.md "Round trip"): the held stage is not taken as sent. Once the tasks are
 * done, the next push moves the lead; the person's stage edit is never forgotten. The real bundle.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import { addMandatoryTask } from './addon-harness';
import { buildBundle } from './export-harness';
import { createPushWorld } from './push-harness';

beforeAll(async () => {
  await buildBundle();
});

describe('a push whose stage move is held by mandatory tasks', () => {
  it('sends the other changes, and the next push (tasks done) sends the stage', async () => {
    const w = await createPushWorld(10);
    const [lead] = w.ids as [number];
    const row = w.lead(lead);
    const task = addMandatoryTask(w.sandbox, lead, 'Enviar contrato');
    w.set(lead, 'Nome', 'Nome Novo');
    w.set(lead, 'Etapa', 'Proposta');
    const first = w.run('crmPushChanges', { sheet: 'Export' });
    expect(first.state, first.message).toBe('done');
    expect(w.lead(lead).name).toBe('Nome Novo');
    expect(w.lead(lead).stage_id).not.toBe(DEMO.stages.proposta);
    expect(w.detail(lead)).toContain('Enviar contrato');
    // A push status (PRODUCT.md lists them): the held move is SKIPPED with its words.
    expect(w.status(lead)).toBe('SKIPPED');
    expect(first.counts.BLOCKED ?? 0).toBe(0);
    // The task is done: the stage the person set still goes.
    Object.assign(task, { status: 'completed', completed_at: row.updated_at });
    w.sandbox.clearRequests();
    const second = w.run('crmPushChanges', { sheet: 'Export' });
    expect(second.state, second.message).toBe('done');
    expect(w.lead(lead).stage_id).toBe(DEMO.stages.proposta);
    expect(w.status(lead)).toBe('DONE');
    expect(w.writes()).toEqual([`PUT /api/v1/leads/${lead}/stage`]);
  });
});
