/**
 * Rows a person deleted from an export sheet leave its push memory (PRODUCT.md "Round trip":
 * the memory is "refreshed by a sync or a push"): a push's or a sync's complete read of the
 * sheet that names no row of a remembered lead forgets that lead, rather than keep it until the
 * next replace export. A push of some rows only (`rows`) reads no complete sheet: it forgets
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import { createPushWorld, PUSH_SHEET, type PushWorld } from './push-harness';

function remembered(w: PushWorld): number[] {
  const rows = w.runtime.sheet('CRM Push Memory').getValues().slice(1);
  return rows.map((row) => Number(row[0])).filter((id) => id > 0);
}

function deleteRowOf(w: PushWorld, id: number): void {
  w.runtime.sheet(PUSH_SHEET).deleteRows(w.rowOf(id), 1);
}

describe('the push memory of deleted rows', () => {
  it('is forgotten by a push and by a sync, not by a push of some rows', async () => {
    const w = await createPushWorld(12);
    const [renamed, byScoped, byPush, bySync] = w.ids as [number, number, number, number];
    w.set(renamed, 'Nome', `N-${renamed}`);
    deleteRowOf(w, byScoped);
    expect(w.run('crmPushChanges', { sheet: PUSH_SHEET, rows: '2:3' }).state).toBe('done');
    expect(remembered(w)).toContain(byScoped);

    deleteRowOf(w, byPush);
    expect(w.run('crmPushChanges', { sheet: PUSH_SHEET }).state).toBe('done');
    expect(w.lead(renamed).name).toBe(`N-${renamed}`);
    const afterPush = remembered(w);
    expect(afterPush).not.toContain(byScoped);
    expect(afterPush).not.toContain(byPush);
    expect(afterPush).toHaveLength(w.ids.length - 2);

    // A lead that left the export's filters and whose row was deleted: the sync adds no row back.
    w.lead(bySync).tags = [];
    deleteRowOf(w, bySync);
    w.clock.advance(61_000);
    expect(w.run('crmRefreshExport', PUSH_SHEET).state).toBe('done');
    expect(remembered(w)).not.toContain(bySync);
    expect(remembered(w)).toHaveLength(w.ids.length - 3);
  });
});
