/**
 * Issue 27 "Done when": the send's confirmation (uiPreviewSend) and its run agree on the same
 * sheet (PRODUCT.md "What a person confirmed is what happens"): on a varied sheet (sendable
 * rows, an empty phone cell, an empty variable cell, an error cell, a lead the template already
 * reached from another tab), the rows the preview counts to send are exactly the rows SENT,
 * the ones it skips are SKIPPED with no request, and the counts agree. Runs the real bundle
 * against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createSendWorld, DEMO, type SendWorld, SHEET } from './send-harness';

const HEADER = ['Nome', 'Telefone', 'CRM Lead ID', 'Valor'];
const EARLIER_TAB = 'Semana 1';
const welcome = (sheet: string) => ({
  sheet,
  templateId: DEMO.templates.boasVindas,
  leadIdColumn: 'CRM Lead ID',
  variables: { '1': 'Nome', '2': 'Valor' },
});

function send(world: SendWorld, options: object): JobSummary {
  const job = world.runtime.runOrThrow('crmSendTemplate', options) as JobSummary;
  if (job.state === 'done') return job;
  world.runtime.runUntilIdle({ maxExecutions: 40 });
  return world.lastJob();
}

interface Preview {
  counts: Record<string, number>;
  skipped: { row: number; reason: string }[];
}

describe('the send preview and the run on the same sheet', () => {
  it('send exactly the rows the preview counted, and skip the others without a request', async () => {
    let rows: unknown[][] = [];
    let reached: unknown[] = [];
    const world = await createSendWorld({
      sheet: (sandbox) => {
        const leads = sandbox.state.leads
          .filter((l) => l.account_id === 1 && l.phone && l.id !== DEMO.leads.noPhone)
          .slice(0, 6);
        const [a, b, c, d, e, f] = leads;
        if (!a || !b || !c || !d || !e || !f) throw new Error('the demo seed lacks leads');
        reached = [e.name, e.phone, e.id, 'R$ 5,00'];
        rows = [
          [a.name, a.phone, a.id, 'R$ 10,00'],
          [b.name, '', b.id, 'R$ 10,00'],
          [c.name, c.phone, c.id, ''],
          ['#N/A', d.phone, d.id, 'R$ 10,00'],
          [e.name, e.phone, e.id, 'R$ 10,00'],
          [f.name, f.phone, f.id, 'R$ 30,00'],
        ];
        return { header: HEADER, rows };
      },
      moreSheets: () => ({ [EARLIER_TAB]: [HEADER, reached] }),
    });
    // The template reaches lead e from another tab first.
    expect(send(world, welcome(EARLIER_TAB)).counts).toMatchObject({ SENT: 1 });
    const before = world.sendRequests().length;

    const preview = world.runtime.runOrThrow('uiPreviewSend', welcome(SHEET)) as Preview;
    const skippedRows = preview.skipped.map(({ row }) => row - 2);
    expect(preview.skipped.length).toBe(preview.counts.SKIPPED);
    const toSend = rows.map((_, i) => i).filter((i) => !skippedRows.includes(i));
    expect(toSend).toHaveLength(preview.counts.QUEUED ?? 0);
    expect(world.sendRequests()).toHaveLength(before);

    const job = send(world, welcome(SHEET));
    const statuses = world.statuses();
    const details = world.column('CRM Send Detail').map(String);
    expect(
      statuses.map((_, i) => i).filter((i) => statuses[i] === 'SENT'),
      details.join(' | '),
    ).toEqual(toSend);
    for (const i of skippedRows) expect(statuses[i], details[i]).toBe('SKIPPED');
    expect(world.sendRequests().length - before).toBe(toSend.length);
    expect(job.counts.SENT).toBe(preview.counts.QUEUED);
    expect(job.counts.SKIPPED).toBe(preview.counts.SKIPPED);
    // The sheet's sendable rows: a, f. Every kind of skip is among the skipped.
    expect(toSend).toEqual([0, 5]);
  });
});
