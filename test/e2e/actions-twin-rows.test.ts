/**
 * Two rows that name the same lead by different keys (one by its e-mail, one by its phone) are
 * one lead: a won, enroll, message or delete is not safe to repeat, so the lead is acted on once
 * and the later row says why it was left alone (PRODUCT.md "At most once").
 */
import { describe, expect, it } from 'vitest';
import { createActionsWorld, plainLeads, runJob, SHEET } from './actions-harness';

describe('lead actions: two rows naming one lead', () => {
  it('marks won once, not twice, when one row has the e-mail and another the phone', async () => {
    let id = 0;
    const world = await createActionsWorld({
      header: ['Nome', 'E-mail', 'Telefone'],
      rows: (sandbox) => {
        const closed = new Set(
          sandbox.state.stages.filter((s) => s.is_won || s.is_lost).map((s) => s.id),
        );
        const lead = plainLeads(sandbox, 80).find(
          (l) =>
            l.email &&
            l.phone &&
            !closed.has(l.stage_id) &&
            sandbox.state.leads.filter((o) => o.email === l.email || o.phone === l.phone).length ===
              1,
        );
        if (!lead) throw new Error('no demo lead with a unique e-mail and phone');
        id = lead.id;
        return [
          [lead.name, lead.email, ''],
          [lead.name, '', lead.phone],
        ];
      },
    });
    const salesBefore = world.sandbox.state.sales.filter((s) => s.lead_id === id).length;
    const preview = runJob(world, 'crmLeadActions', { sheet: SHEET, action: 'won', preview: true });
    expect(preview.counts.WILL_CHANGE).toBe(1);
    expect(world.statuses()).toEqual(['WILL_CHANGE', 'WILL_FAIL']);
    const run = runJob(world, 'crmLeadActions', { sheet: SHEET, action: 'won' });
    expect(run.state).toBe('done');
    expect(world.sandbox.state.sales.filter((s) => s.lead_id === id).length - salesBefore).toBe(1);
    expect(world.statuses()).toEqual(['DONE', 'SKIPPED']);
    expect(world.details()[1]).toContain(`#${id}`);
  });
});
