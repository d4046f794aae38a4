import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createSendWorld, DEMO, SHEET } from './send-harness';

/**
 * Rows without lead ids: each lead is found with GET /leads?q=… by e-mail, then phone
 * (matchBy email_or_phone), and the text-header template takes header_1.
 */
const HEADER = ['Nome', 'E-mail', 'Celular', 'Pedido', 'Valor'];
const ROWS: { row: unknown[]; expect: string; lead?: number; detail?: RegExp }[] = [
  { row: ['Ana', 'ana.costa@example.com', '', 'A-1', 'R$ 10,00'], expect: 'SENT', lead: 3 },
  // Unknown e-mail: found by its phone, typed the Brazilian way, without +55.
  {
    row: ['Pedro', 'pedro@nowhere.example', '(31) 99123-4567', 'A-2', 'R$ 20,00'],
    expect: 'SENT',
    lead: 4,
  },
  { row: ['Carlos', '', '+55 41 99988-7766', 'A-3', 'R$ 30,00'], expect: 'SENT', lead: 6 },
  {
    row: ['Ninguém', 'ninguem@nowhere.example', '', 'A-4', 'R$ 40,00'],
    expect: 'SKIPPED',
    detail: /^Not sent: no CRM lead has the e-mail ninguem@nowhere\.example\./,
  },
  {
    row: ['João', 'joao.pereira@example.com', '', 'A-5', 'R$ 50,00'],
    expect: 'SKIPPED',
    detail: /^Not sent: lead 2 has no phone in the CRM \(Lead sem telefone cadastrado\.\)/,
  },
  {
    // Maria and her sibling deal share this phone: which lead is meant cannot be told.
    row: ['Maria', '', '11 98765-4321', 'A-6', 'R$ 60,00'],
    expect: 'SKIPPED',
    detail:
      /^Not sent: 2 CRM leads have the phone \+5511987654321 \(ids (1, 5|5, 1)\); put the lead id in a column and pass it as leadIdColumn\./,
  },
  {
    row: ['Beatriz', 'beatriz.rocha@example.com', '', '', 'R$ 70,00'],
    expect: 'SKIPPED',
    detail: /^Not sent: header_1 \(the text header’s \{\{1\}\}\) \(column "Pedido"\) is empty\.$/,
  },
  {
    row: ['Sem contato', '', '', 'A-8', 'R$ 80,00'],
    expect: 'SKIPPED',
    detail:
      /^Not sent: No lead to send to: "E-mail", "Celular" empty; fill in the lead.s e-mail or phone\./,
  },
  // The same lead twice: the second row is skipped, never a second message.
  {
    row: ['Ana de novo', 'ANA.COSTA@example.com', '', 'A-9', 'R$ 90,00'],
    expect: 'SKIPPED',
    detail:
      /^Not sent: same lead \(email ana\.costa@example\.com\) as row 2; one send per lead per job\.$/,
  },
];

const SEND = {
  sheet: SHEET,
  templateId: DEMO.templates.textHeader,
  variables: { header_1: 'Pedido', '1': 'Nome', '2': 'Valor', '3': { value: '30/11/2026' } },
};

describe('crmSendTemplate with matchBy (no lead id column)', () => {
  it('finds each lead by e-mail or phone with one paced lookup, and sends the text header variable', async () => {
    const world = await createSendWorld({
      sheet: () => ({ header: HEADER, rows: ROWS.map((r) => r.row) }),
    });
    const job = world.runtime.runOrThrow('crmSendTemplate', SEND) as JobSummary;
    expect(job.state).toBe('done');
    expect(world.statuses()).toEqual(ROWS.map((r) => r.expect));
    const details = world.column('CRM Send Detail').map(String);
    ROWS.forEach((r, i) => {
      if (r.detail) expect(details[i]).toMatch(r.detail);
    });
    const messages = world.messagesByLead();
    expect([...messages.keys()].sort()).toEqual([3, 4, 6]);
    const ana = world.sandbox.state.messages.find((m) => m.id === messages.get(3)?.[0]);
    expect(ana).toMatchObject({
      body: 'Olá Ana, o pagamento de R$ 10,00 vence em 30/11/2026.',
      variables: { header_1: 'A-1', '1': 'Ana', '2': 'R$ 10,00', '3': '30/11/2026' },
    });
    // Lookups: one for each of the 6 rows that reach one, plus the phone after Pedro's unknown e-mail.
    const reads = world.sandbox.requests().filter((r) => r.path.startsWith('/api/v1/leads?'));
    const lookups = reads.filter((r) => r.path.includes('q='));
    expect(lookups).toHaveLength(7);
    // And one read of the opted-out leads (GET /leads?tags[]=optout) for the one execution.
    expect(reads.filter((r) => r.path.includes('tags'))).toHaveLength(1);
    // Only found leads with a phone get a send request.
    expect(world.sendRequests()).toHaveLength(3);
  });

  it('uiPreviewSend shows the mapping, what would happen and a sample message, writing nothing', async () => {
    const world = await createSendWorld({
      sheet: () => ({ header: HEADER, rows: ROWS.map((r) => r.row) }),
    });
    const before = world.runtime.sheet(SHEET).getValues();
    const preview = world.runtime.runOrThrow('uiPreviewSend', SEND) as {
      variables: { key: string; source: string }[];
      lead: string;
      counts: Record<string, number>;
      sample: { row: number; text: string };
      statusColumns: string[];
    };
    expect(preview.variables).toEqual([
      { key: 'header_1', source: 'column D "Pedido"' },
      { key: '1', source: 'column A "Nome"' },
      { key: '2', source: 'column E "Valor"' },
      { key: '3', source: 'fixed: 30/11/2026' },
    ]);
    expect(preview.lead).toBe('lead looked up by e-mail or phone');
    // Lookups are not run by a preview: the rows they would skip still count as to send.
    expect(preview.counts).toMatchObject({ QUEUED: 6, SKIPPED: 3, SENT: 0 });
    expect(preview.sample).toEqual({
      row: 2,
      text: 'Olá Ana, o pagamento de R$ 10,00 vence em 30/11/2026.',
    });
    expect(preview.statusColumns).toEqual([]);
    expect(world.runtime.sheet(SHEET).getValues()).toEqual(before);
    expect(world.sendRequests()).toHaveLength(0);
  });
});
