/**
 * A push preview foresees the field values the CRM refuses (PRODUCT.md "A preview tells the
 * truth"; the CRM answers 422 on the field): a negative deal value, a text longer than the CRM
 * keeps. Each is INVALID already in the preview, and the run sends nothing for it (it was
 * WILL_CHANGE in the preview and FAILED in the run). The real bundle against the sandbox.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBundle } from './export-harness';
import { createPushWorld } from './push-harness';

beforeAll(async () => {
  await buildBundle();
});

describe('a push preview of values the CRM refuses', () => {
  it('is INVALID in the preview and costs the run no request', async () => {
    const w = await createPushWorld(6);
    const [value, name, company, source, phone] = w.ids as [number, number, number, number, number];
    const names = new Map([
      [value, w.lead(value).name],
      [name, w.lead(name).name],
    ]);
    w.set(value, 'Valor', -500);
    w.set(name, 'Nome', 'x'.repeat(300));
    w.set(company, 'Empresa', 'y'.repeat(256));
    w.set(source, 'Origem', 'z'.repeat(256));
    // 16 digits: a numbering plan may allow it, E.164 (and the CRM) does not.
    w.set(phone, 'Telefone', '+49 1234 5678901234');
    const rows = [value, name, company, source, phone];
    const preview = w.run('crmPushChanges', { sheet: 'Export', preview: true });
    expect(preview.state, preview.message).toBe('done');
    expect(rows.map((id) => w.status(id))).toEqual(Array(5).fill('INVALID'));
    expect(w.detail(value)).toContain('-500');
    expect(w.detail(name)).toContain('255');
    w.sandbox.clearRequests();
    const run = w.run('crmPushChanges', { sheet: 'Export' });
    expect(run.state, run.message).toBe('done');
    expect(w.writes()).toEqual([]);
    expect(run.counts.FAILED ?? 0).toBe(0);
    expect(rows.map((id) => w.status(id))).toEqual(Array(5).fill('INVALID'));
    expect(w.lead(value).name).toBe(names.get(value));
    expect(w.lead(name).name).toBe(names.get(name));
  });
});
