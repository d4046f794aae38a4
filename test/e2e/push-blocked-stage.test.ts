/**
 * A push row whose stage move is held by the lead's pending mandatory tasks while its other
 * changes go (PRODUCT.md "Round trip"): the held stage is not taken as sent. Once the tasks are
 * done, the next push moves the lead; the person's stage edit is never forgotten. The real bundle.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
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
    const task = {
      id: 990001,
      account_id: row.account_id,
      lead_id: lead,
      stage_id: row.stage_id,
      is_required: true,
      subject: 'Enviar contrato',
      description: null,
      type: 'task',
      status: 'pending',
      priority: 'high',
      due_date: '2026-11-30',
      due_time: null,
      completed_at: null,
      assigned_to: row.assigned_to,
      created_at: row.updated_at,
      updated_at: row.updated_at,
    };
    w.sandbox.state.tasks.push(task as unknown as (typeof w.sandbox.state.tasks)[number]);
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
