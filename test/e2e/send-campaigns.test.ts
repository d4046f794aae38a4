/**
 * A sheet remembers which template each SENT row got (issue 18 item 3, issue 16 item 4): the
 * same template never goes twice to a lead from that sheet, even to another row of the lead
 * that an earlier send skipped; another template is a new campaign for those rows, and their
 * details keep what they got before.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createSendWorld, DEMO, type SendWorld, SHEET } from './send-harness';

const HEADER = ['Nome', 'CRM Lead ID', 'Valor'];

/** Body {{1}} {{2}}, no header. */
const WELCOME = {
  sheet: SHEET,
  templateId: DEMO.templates.boasVindas,
  leadIdColumn: 'CRM Lead ID',
  variables: { '1': 'Nome', '2': 'Valor' },
};
/** DOCUMENT header, body {{1}}. */
const PROPOSAL = {
  sheet: SHEET,
  templateId: DEMO.templates.document,
  leadIdColumn: 'CRM Lead ID',
  variables: { '1': 'Nome' },
  headerMediaUrl: { value: 'https://files.example.com/p.pdf' },
};

function leadsWithPhones(world: Pick<SendWorld, 'sandbox'>, count: number) {
  return world.sandbox.state.leads
    .filter((l) => l.account_id === 1 && l.phone && l.id !== DEMO.leads.noPhone)
    .slice(0, count);
}

function send(world: SendWorld, options: object): JobSummary {
  const job = world.runtime.runOrThrow('crmSendTemplate', options) as JobSummary;
  if (job.state === 'done') return job;
  world.runtime.runUntilIdle({ maxExecutions: 40 });
  return world.lastJob();
}

/** Template messages per lead since the world was made, by template id. */
function templatesByLead(world: SendWorld): Map<number, number[]> {
  const leadOf = new Map(world.sandbox.state.conversations.map((c) => [c.id, c.lead_id]));
  const ids = new Set([...world.messagesByLead().values()].flat());
  const byLead = new Map<number, number[]>();
  for (const m of world.sandbox.state.messages) {
    if (!ids.has(m.id)) continue;
    const lead = leadOf.get(m.conversation_id) ?? 0;
    byLead.set(lead, [...(byLead.get(lead) ?? []), m.template_id ?? 0]);
  }
  return byLead;
}

describe('two campaigns on one sheet', () => {
  it('never sends a template twice to a lead from the sheet; another template is a new campaign', async () => {
    let leads: { id: number; name: string }[] = [];
    const world = await createSendWorld({
      sheet: (sandbox) => {
        leads = leadsWithPhones({ sandbox }, 4);
        const rows = leads.map((l) => [l.name, l.id, 'R$ 10,00']);
        // The first lead again, below: the first send skips it as the same lead.
        return { header: HEADER, rows: [...rows, [leads[0]?.name, leads[0]?.id, 'R$ 20,00']] };
      },
    });
    expect(send(world, WELCOME).state).toBe('done');
    expect(world.statuses()).toEqual(['SENT', 'SENT', 'SENT', 'SENT', 'SKIPPED']);

    // The same template again: nothing is sent, not even to the row skipped as the same lead.
    const again = send(world, WELCOME);
    expect(again.state).toBe('done');
    expect(world.statuses()).toEqual(['SENT', 'SENT', 'SENT', 'SENT', 'SKIPPED']);
    for (const [lead, templates] of templatesByLead(world)) {
      expect(templates, `lead ${lead}`).toEqual([DEMO.templates.boasVindas]);
    }

    // Another template: the preview says what those rows got before, and when.
    const preview = world.runtime.runOrThrow('uiPreviewSend', PROPOSAL) as {
      campaigns: { template: string; rows: number; last: string }[];
      counts: Record<string, number>;
    };
    expect(preview.campaigns).toEqual([
      { template: 'boas_vindas', rows: 4, last: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) },
    ]);
    expect(preview.counts.QUEUED).toBe(4);
    // A new campaign for every lead, once each.
    expect(send(world, PROPOSAL).state).toBe('done');
    expect(world.statuses()).toEqual(['SENT', 'SENT', 'SENT', 'SENT', 'SKIPPED']);
    for (const lead of leads) {
      expect(templatesByLead(world).get(lead.id), `lead ${lead.id}`).toEqual([
        DEMO.templates.boasVindas,
        DEMO.templates.document,
      ]);
    }
    const details = world.column('CRM Send Detail').map(String);
    expect(details[0]).toMatch(/^Sent "[^"]+" to lead \d+.* \[✓ "boas_vindas" \d{4}-\d\d-\d\d\]$/);

    // Either template once more: nothing leaves.
    const before = world.sendRequests().length;
    send(world, WELCOME);
    send(world, PROPOSAL);
    expect(world.sendRequests().length).toBe(before);
  });
});

describe('a lead whose SENT row is gone (issue 16 item 2)', () => {
  it('never gets the same template again from the sheet, unless the person asks to send again', async () => {
    let leads: { id: number; name: string }[] = [];
    const world = await createSendWorld({
      sheet: (sandbox) => {
        leads = leadsWithPhones({ sandbox }, 3);
        return { header: HEADER, rows: leads.map((l) => [l.name, l.id, 'R$ 10,00']) };
      },
    });
    expect(send(world, WELCOME).state).toBe('done');
    expect(world.statuses()).toEqual(['SENT', 'SENT', 'SENT']);
    // The person deletes the first SENT row and pastes the lead again (data only), and clears
    // the second row's status and detail: the rows no longer say those leads got it.
    const model = world.runtime.sheet(SHEET);
    const first = leads[0] as { id: number; name: string };
    model.deleteRows(2, 1);
    model.setValues(4, 1, [[first.name, first.id, 'R$ 10,00']]);
    model.setValues(2, 4, [['', '', '', '']]);
    const requests = world.sendRequests().length;

    // The Send sidebar's preview says so before anything leaves.
    const preview = world.runtime.runOrThrow('uiPreviewSend', WELCOME) as {
      counts: Record<string, number>;
      sentBefore: { leads: number; last: string };
    };
    expect(preview.sentBefore).toEqual({
      leads: 2,
      last: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
    expect(preview.counts.QUEUED ?? 0).toBe(0);

    // The same template again: nothing leaves; each such row says when its lead got it.
    expect(send(world, WELCOME).state).toBe('done');
    expect(world.sendRequests().length).toBe(requests);
    expect(world.statuses()).toEqual(['SKIPPED', 'SENT', 'SKIPPED']);
    const details = world.column('CRM Send Detail').map(String);
    expect(details[0]).toMatch(
      /^Not sent: lead \d+ got "boas_vindas" from the sheet "Clientes" of this spreadsheet on \d\d\/\d\d\/\d{4} .*resend: true/,
    );

    // Sent again on purpose: the rows still SENT are not, the others are, once.
    expect(send(world, { ...WELCOME, resend: true }).state).toBe('done');
    expect(world.statuses()).toEqual(['SENT', 'SENT', 'SENT']);
    expect(world.sendRequests().length).toBe(requests + 2);
    const sentTwice = [...templatesByLead(world)].filter(([, t]) => t.length === 2);
    expect(sentTwice.map(([lead]) => lead).sort()).toEqual(
      [first.id, (leads[1] as { id: number }).id].sort(),
    );
  });

  it('is kept in a hidden sheet every editor shares', async () => {
    const world = await createSendWorld({
      sheet: (sandbox) => ({
        header: HEADER,
        rows: leadsWithPhones({ sandbox }, 2).map((l) => [l.name, l.id, 'R$ 10,00']),
      }),
    });
    send(world, WELCOME);
    const record = world.runtime.workbook.findSheet('CRM Send Record');
    expect(record?.hidden).toBe(true);
    const rows = record?.getValues() ?? [];
    expect(rows[0]).toEqual([
      'At',
      'Sheet ID',
      'Sheet',
      'Template ID',
      'Template',
      'Job',
      'May have left',
      'Sent',
      'Not sent',
    ]);
    // A batch of 1, then of 2 (a job's first sends go 1, 2, 4…): a row each, and the last answers.
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.slice(1).every((row) => row[4] === 'boas_vindas')).toBe(true);
    // The active sheet stays the person's.
    expect(world.runtime.workbook.activeSheet.name).toBe(SHEET);
  });
});
