/**
 * Review of the send record (issue 16 item 2): a person who renames the hidden 'CRM Send Record'
 * sheet (it is found by name) makes the next send start an empty record, so a lead whose SENT
 * row was deleted gets the same template again from the same sheet.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createSendWorld, DEMO, type SendWorld, SHEET } from './send-harness';

const HEADER = ['Nome', 'CRM Lead ID', 'Valor'];
const WELCOME = {
  sheet: SHEET,
  templateId: DEMO.templates.boasVindas,
  leadIdColumn: 'CRM Lead ID',
  variables: { '1': 'Nome', '2': 'Valor' },
};

function send(world: SendWorld, options: object): JobSummary {
  const job = world.runtime.runOrThrow('crmSendTemplate', options) as JobSummary;
  if (job.state === 'done') return job;
  world.runtime.runUntilIdle({ maxExecutions: 40 });
  return world.lastJob();
}

describe('review: the send record sheet renamed by a person', () => {
  it('still keeps a lead whose SENT row was deleted from getting the template again', async () => {
    let leads: { id: number; name: string }[] = [];
    const world = await createSendWorld({
      sheet: (sandbox) => {
        leads = sandbox.state.leads
          .filter((l) => l.account_id === 1 && l.phone && l.id !== DEMO.leads.noPhone)
          .slice(0, 2);
        return { header: HEADER, rows: leads.map((l) => [l.name, l.id, 'R$ 10,00']) };
      },
    });
    expect(send(world, WELCOME).state).toBe('done');
    expect(world.statuses()).toEqual(['SENT', 'SENT']);
    const requests = world.sendRequests().length;
    // A person unhides the record and renames it (Sheets lets any editor do so).
    const record = world.runtime.workbook.findSheet('CRM Send Record');
    expect(record).toBeDefined();
    if (record) record.name = 'Histórico de envios';
    // The person deletes the first SENT row and pastes the lead again, data only.
    const model = world.runtime.sheet(SHEET);
    const first = leads[0] as { id: number; name: string };
    model.deleteRows(2, 1);
    model.setValues(3, 1, [[first.name, first.id, 'R$ 10,00']]);

    send(world, WELCOME);
    // Before the fix: one more request, lead `first` messaged twice with the same template.
    expect(world.sendRequests().length).toBe(requests);
  });
});
