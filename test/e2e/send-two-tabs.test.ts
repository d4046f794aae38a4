/**
 * Issue 27 item 6: one template, two tabs. A new tab for each week's list gave the 5 leads on
 * both tabs the same template twice, though the spreadsheet's send record knew. A template
 * reaches a lead once per spreadsheet: the second tab's send skips them, naming the first tab
 * and the date, unless the person asks for it again (`resend: true`).
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createSendWorld, DEMO, type SendWorld, SHEET } from './send-harness';

const HEADER = ['Nome', 'CRM Lead ID', 'Valor'];
const WEEK_2 = 'Semana 2';
const welcome = (sheet: string, more: object = {}) => ({
  sheet,
  templateId: DEMO.templates.boasVindas,
  leadIdColumn: 'CRM Lead ID',
  variables: { '1': 'Nome', '2': 'Valor' },
  ...more,
});

function send(world: SendWorld, options: object): JobSummary {
  const job = world.runtime.runOrThrow('crmSendTemplate', options) as JobSummary;
  if (job.state === 'done') return job;
  world.runtime.runUntilIdle({ maxExecutions: 40 });
  return world.lastJob();
}

function column(world: SendWorld, sheet: string, header: string): unknown[] {
  const [head, ...rows] = world.runtime.sheet(sheet).getValues();
  const at = (head ?? []).indexOf(header);
  return rows.map((row) => row[at]);
}

describe('one template, two tabs of one spreadsheet', () => {
  it('skips on the second tab the leads the first reached, naming it, unless resend', async () => {
    let rows: unknown[][] = [];
    const world = await createSendWorld({
      sheet: (sandbox) => {
        rows = sandbox.state.leads
          .filter((l) => l.account_id === 1 && l.phone && l.id !== DEMO.leads.noPhone)
          .slice(0, 5)
          .map((l) => [l.name, l.id, 'R$ 10,00']);
        return { header: HEADER, rows };
      },
      moreSheets: () => ({ [WEEK_2]: [HEADER, ...rows.map((row) => [...row])] }),
    });
    expect(send(world, welcome(SHEET)).state).toBe('done');
    expect(world.statuses()).toEqual(['SENT', 'SENT', 'SENT', 'SENT', 'SENT']);
    const first = world.sendRequests().length;
    expect(first).toBe(5);

    const second = send(world, welcome(WEEK_2));
    // Before the fix: 5 more requests, each of the 5 leads messaged twice with one template.
    expect(world.sendRequests().length).toBe(first);
    expect(second.counts.SKIPPED).toBe(5);
    expect(column(world, WEEK_2, 'CRM Send Status')).toEqual(Array(5).fill('SKIPPED'));
    const today = new Date(world.clock.now()).toISOString().slice(0, 10);
    const [year, month, day] = today.split('-');
    for (const detail of column(world, WEEK_2, 'CRM Send Detail')) {
      expect(String(detail)).toContain(`"${SHEET}"`);
      // The date as the person writes it, not ISO (issue 29.7: "em 2026-11-28" in a sentence).
      const written = [`${day}/${month}/${year}`, `${month}/${day}/${year}`];
      expect(
        written.some((date) => String(detail).includes(date)),
        String(detail),
      ).toBe(true);
      expect(String(detail)).not.toContain(today);
    }
    for (const [, ids] of world.messagesByLead()) expect(ids).toHaveLength(1);

    // The person asks for it again: the SKIPPED rows are sent.
    const again = send(world, welcome(WEEK_2, { resend: true }));
    expect(again.counts.SENT).toBe(5);
    expect(world.sendRequests().length).toBe(first + 5);
  });
});
