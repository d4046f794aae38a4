/**
 * The delete's backup sheet keeps every field of every lead it deletes (PRODUCT.md "Delete is
 * guarded"): custom fields, and the person the lead is assigned to (`assigned_to`, a lead field
 * the CRM returns only with `include=owner`).
 */
import { describe, expect, it } from 'vitest';
import { createActionsWorld, leadRows, plainLeads, runJob, SHEET } from './actions-harness';

describe('lead actions: the delete backup', () => {
  it('holds each lead’s owner and custom fields, before the lead is gone', async () => {
    let ids: number[] = [];
    const world = await createActionsWorld({
      rows: (sandbox) => {
        ids = plainLeads(sandbox, 3).map((l) => l.id);
        return leadRows(sandbox, ids);
      },
    });
    const state = world.sandbox.state;
    const user = state.users.find((u) => u.account_id === 1);
    const field = state.customFields.find((f) => f.account_id === 1 && f.field_type === 'text');
    if (!user || !field) throw new Error('demo account has no user or text custom field');
    for (const lead of state.leads.filter((l) => ids.includes(l.id))) {
      lead.assigned_to = user.id;
      lead.custom_fields = { ...lead.custom_fields, [field.name]: `=cf ${lead.id}` };
    }
    const run = runJob(world, 'crmLeadActions', { sheet: SHEET, action: 'delete', confirm: 3 });
    expect(run.state).toBe('done');
    expect(state.leads.filter((l) => ids.includes(l.id))).toHaveLength(0);
    const backup = world.runtime.workbook.sheets.find((s) => s.name.startsWith('CRM Backup Leads'));
    const [header = [], ...rows] = backup?.getValues() ?? [];
    const col = (name: string) => header.indexOf(name);
    expect(col('assigned_to')).toBeGreaterThanOrEqual(0);
    expect(col(`custom_fields.${field.name}`)).toBeGreaterThanOrEqual(0);
    for (const row of rows) {
      expect(Number(row[col('assigned_to')])).toBe(user.id);
      expect(String(row[col(`custom_fields.${field.name}`)])).toMatch(/^=cf \d+$/);
    }
    expect(rows.map((r) => Number(r[0])).sort()).toEqual([...ids].sort());
  });
});
