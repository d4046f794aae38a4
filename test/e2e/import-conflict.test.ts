/**
 * An import never turns one person into another (issue 16 item 5, PRODUCT.md): a row whose
 * phone belongs to another person's lead is CONFLICT, costs no upsert and leaves that lead as
 * it was; the dry run shows it; `onConflict: "update"` sends it anyway; every detail says
 * which key matched. Runs the real bundle against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import {
  createImportWorld,
  type DemoLead,
  demoLeadsWithKeys,
  finishImport,
  SHEET,
  typedPhone,
} from './import-harness';

async function world() {
  const [maria, other, same] = (await demoLeadsWithKeys(3)) as [DemoLead, DemoLead, DemoLead];
  const firstName = (same.name ?? '').split(' ')[0];
  const rows = [
    // Another person typed with Maria's phone and a new e-mail: CONFLICT.
    ['Ana Beatriz Gonçalves', 'ana.beatriz@exemplo.com.br', typedPhone(maria.phone ?? ''), '1500'],
    // Another person with an existing lead's e-mail and another phone: CONFLICT.
    ['Zélia Fontes', other.email, '(11) 3333-4444', '900'],
    // The same person, a new e-mail: the names share a word, so it updates.
    [`${firstName} Souza`, 'novo.email@exemplo.com.br', typedPhone(same.phone ?? ''), '700'],
  ];
  const w = await createImportWorld({
    sheet: { header: ['Nome', 'E-mail', 'Telefone', 'Valor'], rows, expected: [], keys: [] },
    sandbox: { seed: 'demo' },
  });
  return { w, maria, other, same };
}

describe('a row whose key belongs to another person (CONFLICT)', () => {
  it('sends nothing for it, leaves that lead as it was, and names the lead and the key', async () => {
    const { w, maria, other, same } = await world();
    const final = finishImport(w, {});
    expect(w.statuses()).toEqual(['CONFLICT', 'CONFLICT', 'UPDATED']);
    for (const before of [maria, other]) {
      const after = w.sandbox.state.leads.find((l) => l.id === before.id);
      expect(after).toMatchObject({ name: before.name, email: before.email, value: before.value });
    }
    expect(w.upserts()).toHaveLength(1);
    const details = w.column('CRM Import Detail').map(String);
    expect(details[0]).toContain(`lead ${maria.id} "${maria.name}"`);
    expect(details[0]).toMatch(/its phone belongs/);
    expect(details[1]).toMatch(/its e-mail belongs/);
    // The same person: matched by phone, and the detail says so (it said e-mail before).
    expect(details[2]).toBe(`Updated lead ${same.id}, found by its phone.`);
    // Another person's id is never written as the row's lead id (a send would message them).
    expect(w.column('CRM Lead ID').slice(0, 2)).toEqual(['', '']);
    expect(final.counts).toMatchObject({ CONFLICT: 2, UPDATED: 1 });
  });

  it('the dry run shows it', async () => {
    const { w, same } = await world();
    finishImport(w, { dryRun: true });
    expect(w.statuses()).toEqual(['CONFLICT', 'CONFLICT', 'VALID']);
    expect(String(w.column('CRM Import Detail')[2])).toContain(
      `would update lead ${same.id} (found by its phone)`,
    );
    expect(w.upserts()).toHaveLength(0);
  });

  it('onConflict "update" sends it anyway, for a person who knows', async () => {
    const { w, maria } = await world();
    finishImport(w, { onConflict: 'update' });
    expect(w.statuses()).toEqual(['UPDATED', 'UPDATED', 'UPDATED']);
    expect(w.sandbox.state.leads.find((l) => l.id === maria.id)?.name).toBe(
      'Ana Beatriz Gonçalves',
    );
  });

  it('a bad onConflict says what to fix', async () => {
    const { w } = await world();
    expect(() =>
      w.runtime.runOrThrow('crmImportLeads', { sheet: SHEET, onConflict: 'yes' }),
    ).toThrow(/onConflict must be "mark".*or "update"/);
  });
});
