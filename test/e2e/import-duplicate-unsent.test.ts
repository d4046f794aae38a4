/**
 * Issue 27 item 7d: a row identical to a lead was DUPLICATE of an earlier row that was
 * CONFLICT and never sent. A row is DUPLICATE only of an earlier row that is sent (or, in a
 * dry run, would be); when the earlier row ends without being sent, the later row is decided
 * on its own. Runs the real bundle against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import {
  createImportWorld,
  type DemoLead,
  demoLeadsWithKeys,
  finishImport,
  typedPhone,
} from './import-harness';

/** Rows between the two copies: more than a batch (SCAN_BATCH_ROWS, 20). */
const FILLERS = 25;
const CARLA_ROW = 6;
const fillers = (status: string) => Array.from({ length: FILLERS }, () => status);

async function world() {
  const [maria, bruno] = (await demoLeadsWithKeys(2)) as [DemoLead, DemoLead];
  const rows = [
    // Another person with Maria's phone: CONFLICT, never sent.
    ['Ana Beatriz Gonçalves', 'ana.beatriz@exemplo.com.br', typedPhone(maria.phone ?? ''), '1500'],
    // Maria herself, same phone: decided on its own (it updates her lead).
    [maria.name, maria.email, typedPhone(maria.phone ?? ''), '1500'],
    // Another person with Bruno's e-mail (the match key): CONFLICT; then Bruno himself,
    // the same match key: decided on its own, and the end check leaves both as they are.
    ['Zélia Fontes', bruno.email, '(11) 3333-4444', '900'],
    [bruno.name, bruno.email, typedPhone(bruno.phone ?? ''), '900'],
    // A new person, twice, more than a batch apart: the second is DUPLICATE of the first,
    // which is sent.
    ['Carla Nunes', 'carla.nunes@exemplo.com.br', '(31) 97123-0457', '300'],
    ...Array.from({ length: FILLERS }, (_, i) => [
      `Pessoa ${i}`,
      `pessoa.${i}@exemplo.com.br`,
      `(41) 96234-${String(1000 + i)}`,
      '10',
    ]),
    ['Carla Nunes', 'carla.nunes@exemplo.com.br', '(31) 97123-0457', '300'],
  ];
  const w = await createImportWorld({
    sheet: { header: ['Nome', 'E-mail', 'Telefone', 'Valor'], rows, expected: [], keys: [] },
    sandbox: { seed: 'demo' },
  });
  return { w, maria, bruno };
}

describe('a row with the key of an earlier row that is not sent', () => {
  it('the run decides it on its own, not DUPLICATE', async () => {
    const { w, maria, bruno } = await world();
    const final = finishImport(w, {});
    const details = w.column('CRM Import Detail').map(String);
    // Before the fix: CONFLICT, DUPLICATE, CONFLICT, DUPLICATE, CREATED, …, DUPLICATE.
    expect(w.statuses(), details.join(' | ')).toEqual([
      'CONFLICT',
      'UPDATED',
      'CONFLICT',
      'UPDATED',
      'CREATED',
      ...fillers('CREATED'),
      'DUPLICATE',
    ]);
    const ids = w.column('CRM Lead ID');
    expect([ids[1], ids[3]]).toEqual([maria.id, bruno.id]);
    expect(details.at(-1)).toMatch(new RegExp(`row ${CARLA_ROW}\\b`));
    expect(w.upserts()).toHaveLength(3 + FILLERS);
    expect(w.sandbox.state.leads.find((l) => l.id === maria.id)?.value).toBe(1500);
    expect(final.counts).toMatchObject({
      CONFLICT: 2,
      UPDATED: 2,
      CREATED: 1 + FILLERS,
      DUPLICATE: 1,
    });
  });

  it('the dry run says the same', async () => {
    const { w, maria, bruno } = await world();
    const dry = finishImport(w, { dryRun: true });
    const details = w.column('CRM Import Detail').map(String);
    // Before the fix: CONFLICT, DUPLICATE, CONFLICT, DUPLICATE, VALID, …, DUPLICATE.
    expect(w.statuses(), details.join(' | ')).toEqual([
      'CONFLICT',
      'VALID',
      'CONFLICT',
      'VALID',
      'VALID',
      ...fillers('VALID'),
      'DUPLICATE',
    ]);
    expect(details[1]).toContain(`would update lead ${maria.id}`);
    expect(details[3]).toContain(`would update lead ${bruno.id}`);
    expect(details.at(-1)).toMatch(new RegExp(`row ${CARLA_ROW}\\b`));
    expect(dry.counts).toMatchObject({ CONFLICT: 2, VALID: 3 + FILLERS, DUPLICATE: 1 });
    expect(w.upserts()).toHaveLength(0);
    // The run then does what the dry run said.
    finishImport(w, {});
    expect(w.statuses()).toEqual([
      'CONFLICT',
      'UPDATED',
      'CONFLICT',
      'UPDATED',
      'CREATED',
      ...fillers('CREATED'),
      'DUPLICATE',
    ]);
  });
});
