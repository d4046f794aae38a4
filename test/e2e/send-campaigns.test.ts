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
