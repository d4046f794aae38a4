/**
 * One template reaches a lead once per spreadsheet (PRODUCT.md), whoever sends it: two people
 * of one team, each with the team's one key saved in their own Settings, send the same template
 * from two tabs holding the same leads, the second starting while the first's batches leave.
 * No lead may get the template twice.
 */
import { describe, expect, it } from 'vitest';
import type { ServiceCallEvent } from '../../tools/gas-runtime/index';
import { BASE_URL, createAddonWorld, DEMO_KEYS, waitOutRateWindow } from './addon-harness';
import { DEMO } from './send-harness';

const OWNER = 'ana@example.com';
const EDITOR = 'bia@example.com';
const HEADER = ['Nome', 'CRM Lead ID', 'Valor'];
const welcome = (sheet: string) => ({
  sheet,
  templateId: DEMO.templates.boasVindas,
  leadIdColumn: 'CRM Lead ID',
  variables: { '1': 'Nome', '2': 'Valor' },
});

describe('two people, one key, one template from two tabs', () => {
  it('the second send, started while the first one sends, reaches no lead twice', async () => {
    let leadIds: number[] = [];
    let known = new Set<number>();
    const world = await createAddonWorld({
      sandbox: { seed: 'demo' },
      runtime: (sandbox) => {
        known = new Set(sandbox.state.messages.map((m) => m.id));
        const leads = sandbox.state.leads
          .filter((l) => l.account_id === 1 && l.phone && l.id !== DEMO.leads.noPhone)
          .slice(0, 30);
        leadIds = leads.map((l) => l.id);
        const rows = leads.map((l) => [l.name, l.id, 'R$ 10,00']);
        return {
          sharing: { owner: OWNER, editors: [EDITOR] },
          workbook: {
            sheets: { Ana: [HEADER, ...rows], Bia: [HEADER, ...rows.map((r) => [...r])] },
            timeZone: 'America/Sao_Paulo',
          },
        };
      },
    });
    world.runtime.runAs(EDITOR, 'crmConfigure', { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL });
    waitOutRateWindow(world);
    let started = false;
    const outer = world.runtime.execute({
      fn: 'crmSendTemplate',
      args: [welcome('Ana')],
      user: OWNER,
      interleave: {
        atServiceCall: (e: ServiceCallEvent) => {
          if (started || e.name !== 'UrlFetchApp.fetchAll') return false;
          started = true;
          return true;
        },
        fn: 'crmSendTemplate',
        args: [welcome('Bia')],
        user: EDITOR,
      },
    });
    expect(outer.ok, outer.error?.message).toBe(true);
    world.runtime.runUntilIdle({ maxExecutions: 80 });
    const leadOf = new Map(world.sandbox.state.conversations.map((c) => [c.id, c.lead_id]));
    const count = new Map<number, number>();
    for (const m of world.sandbox.state.messages) {
      if (known.has(m.id) || m.type !== 'template') continue;
      const lead = leadOf.get(m.conversation_id) ?? 0;
      count.set(lead, (count.get(lead) ?? 0) + 1);
    }
    const twice = [...count].filter(([, n]) => n > 1).map(([lead]) => lead);
    expect(twice).toEqual([]);
    expect([...count.keys()].sort()).toEqual([...leadIds].sort());
    // Every row says what happened: SENT on one tab, SKIPPED naming the other on the other.
    const statuses = ['Ana', 'Bia'].flatMap((tab) => {
      const [head, ...rows] = world.runtime.sheet(tab).getValues();
      const at = (head ?? []).indexOf('CRM Send Status');
      return rows.map((row) => String(row[at]));
    });
    expect(statuses.filter((s) => s === 'SENT')).toHaveLength(30);
    expect(statuses.filter((s) => s === 'SKIPPED')).toHaveLength(30);
  });
});
