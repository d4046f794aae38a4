/**
 * The send record's sheet (issue 16 item 2, src/gas/send-record-sheet.ts) against what a person
 * or a kill may do to it: renamed (it was found by name, so the next send started an empty
 * record), or its fold killed half-way (it cleared the record before writing it folded). Either
 * way a lead whose SENT row was deleted got the same template again from the same sheet.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { BASE_URL, createSendWorld, DEMO, DEMO_KEYS, type SendWorld, SHEET } from './send-harness';

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

describe('the send record sheet renamed by a person', () => {
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

describe('the send record is the add-on’s hidden sheet, found by its mark (issue 27 item 8)', () => {
  it('is hidden after a send, again after a person unhid it, and never a person’s sheet of that name', async () => {
    let leads: { id: number; name: string }[] = [];
    const world = await createSendWorld({
      sheet: (sandbox) => {
        leads = sandbox.state.leads
          .filter((l) => l.account_id === 1 && l.phone && l.id !== DEMO.leads.noPhone)
          .slice(0, 3);
        const rows = leads.slice(0, 2).map((l) => [l.name, l.id, 'R$ 10,00']);
        return { header: HEADER, rows };
      },
    });
    // A person's own tab, named like the record's.
    const typed = [
      ['Envio', 'Responsável'],
      ['Campanha de novembro', 'Ana'],
    ];
    world.runtime.workbook.addSheet('CRM Send Record').setValues(1, 1, typed);
    expect(send(world, WELCOME).state).toBe('done');
    const own = world.runtime.workbook.findSheet('CRM Send Record');
    // Before: the record was taken by name: English rows appended to the person's visible tab.
    expect(own?.getValues()).toEqual(typed);
    expect(own?.hidden).toBe(false);
    const records = world.runtime.workbook.sheets.filter((sheet) =>
      sheet.metadata.some((m) => m.key === 'crm.sendRecord'),
    );
    expect(records).toHaveLength(1);
    const record = records[0];
    expect(record?.hidden).toBe(true);
    expect(record?.getValues().length).toBeGreaterThan(1);
    // A person unhides it to read it; the next send hides it again.
    if (record) record.hidden = false;
    const third = leads[2] as { id: number; name: string };
    world.runtime.sheet(SHEET).setValues(4, 1, [[third.name, third.id, 'R$ 10,00']]);
    expect(send(world, WELCOME).state).toBe('done');
    expect(world.statuses()).toEqual(['SENT', 'SENT', 'SENT']);
    expect(record?.hidden).toBe(true);
  });
});

/** The send record's lease keys of this world's spreadsheet (src/core/jobs/shared-lease.ts). */
function leaseKeys(world: SendWorld) {
  const key = `crm.sendRecord.${world.runtime.workbook.id}`;
  return { document: `${key}.doc`, fallback: `${key}.nodoc` };
}

/** Another execution (elsewhere) holds the spreadsheet's record lease for `ms`. */
function holdLease(world: SendWorld, kind: 'document' | 'fallback', ms: number): void {
  world.runtime.setProperties('script', {
    ...world.runtime.properties('script'),
    [leaseKeys(world)[kind]]: JSON.stringify({
      token: 'another-execution',
      until: world.runtime.now() + ms,
    }),
  });
}

describe("the send record's lease", () => {
  const twoRows = (runtime: object = {}) =>
    createSendWorld({
      runtime,
      sheet: (sandbox) => {
        const leads = sandbox.state.leads
          .filter((l) => l.account_id === 1 && l.phone && l.id !== DEMO.leads.noPhone)
          .slice(0, 2);
        return { header: HEADER, rows: leads.map((l) => [l.name, l.id, 'R$ 10,00']) };
      },
    });

  it('held by a trigger without a document keeps a sidebar out: no batch is recorded or sent', async () => {
    const world = await twoRows();
    // Another person's trigger with no active document (no document lock: it took the lease
    // under the script lock) appends to the record for a long while (as a slow flush would).
    holdLease(world, 'fallback', 5 * 60_000);
    const run = world.runtime.execute({ fn: 'crmSendTemplate', args: [WELCOME] });
    expect(run.ok).toBe(true);
    expect(world.sendRequests()).toHaveLength(0);
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    expect(world.statuses()).toEqual(['SENT', 'SENT']);
  });

  it('held by a sidebar keeps a trigger without a document out', async () => {
    const world = await twoRows({ triggersWithoutDocument: true });
    // Another person's sidebar (document lock) holds the lease for 5 minutes: this job's first
    // slice yields, and its triggers, with no document lock, run meanwhile.
    const heldUntil = world.runtime.now() + 5 * 60_000;
    holdLease(world, 'document', 5 * 60_000);
    world.runtime.runOrThrow('crmSendTemplate', WELCOME);
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    const triggersWhileHeld = world.runtime.executions.filter(
      (e) => e.kind === 'trigger' && e.startedAt < heldUntil,
    );
    expect(triggersWhileHeld.length).toBeGreaterThan(0);
    expect(world.sendRequests().every((r) => r.at >= heldUntil)).toBe(true);
    expect(world.statuses()).toEqual(['SENT', 'SENT']);
    expect(world.sendRequests()).toHaveLength(2);
  });

  it("a sidebar's batch waits while another person's trigger without a document holds it", async () => {
    let others: { id: number; name: string }[] = [];
    // Triggers run with no active document (the runtime's reading of the undocumented case).
    const noDocument: object = { triggersWithoutDocument: true };
    const world = await createSendWorld({
      runtime: noDocument,
      sheet: (sandbox) => {
        const leads = sandbox.state.leads
          .filter((l) => l.account_id === 1 && l.phone && l.id !== DEMO.leads.noPhone)
          .slice(0, 4);
        others = leads.slice(2);
        return { header: HEADER, rows: leads.slice(0, 2).map((l) => [l.name, l.id, 'R$ 10,00']) };
      },
    });
    const bia = 'bia@example.com';
    world.runtime.setUser(bia);
    world.runtime.runOrThrow('crmConfigure', { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL });
    world.runtime.setUser('user@example.com');
    world.runtime.workbook.addSheet('Outros');
    world.runtime
      .sheet('Outros')
      .setValues(1, 1, [HEADER, ...others.map((l) => [l.name, l.id, 'R$ 10,00'])]);
    // Ana's sidebar finds the record busy for a moment: her job goes on by trigger, where there
    // is no document (no document lock: the trigger takes the lease under the script lock).
    holdLease(world, 'document', 20_000);
    world.runtime.runOrThrow('crmSendTemplate', WELCOME);
    // While her trigger holds the lease, Bia sends to the other sheet from her sidebar.
    let during: number | undefined;
    let started = false;
    world.onServiceCall = (event) => {
      // At the flush of the marks and record row: the lease held, its guard (the script lock,
      // which starting a job takes too) long released.
      if (started || event.name !== 'SpreadsheetApp.flush') return;
      const held = Object.entries(world.runtime.properties('script')).some(
        ([key, value]) => key.startsWith('crm.sendRecord.') && !value.includes('another-execution'),
      );
      if (!held) return;
      started = true;
      const before = world.sendRequests().length;
      world.runtime.setUser(bia);
      try {
        world.runtime.run('crmSendTemplate', { ...WELCOME, sheet: 'Outros' });
      } finally {
        world.runtime.setUser('user@example.com');
      }
      during = world.sendRequests().length - before;
    };
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    world.onServiceCall = null;
    // Bia's batch did not go while Ana's held the lease (a document lock alone does not
    // exclude a trigger that has none).
    expect(started).toBe(true);
    expect(during).toBe(0);
    world.runtime.setUser(bia);
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    world.runtime.setUser('user@example.com');
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    expect(world.statuses()).toEqual(['SENT', 'SENT']);
    const outros = world.runtime.sheet('Outros').getValues();
    const status = (outros[0] ?? []).indexOf('CRM Send Status');
    expect(outros.slice(1).map((row) => row[status])).toEqual(['SENT', 'SENT']);
    const perLead = new Map<string, number>();
    for (const r of world.sendRequests()) perLead.set(r.path, (perLead.get(r.path) ?? 0) + 1);
    expect([...perLead.values()]).toEqual([1, 1, 1, 1]);
  });

  it('left by a killed execution frees itself once that execution must have ended', async () => {
    // Where an execution first holds the lease: the first call that finds its key written.
    const probe = await twoRows();
    let held = 0;
    probe.runtime.execute({
      fn: 'crmSendTemplate',
      args: [WELCOME],
      failServiceCall: (event) => {
        const written = leaseKeys(probe).document in probe.runtime.properties('script');
        if (held === 0 && written) held = event.index;
        return undefined;
      },
    });
    expect(held).toBeGreaterThan(0);

    const world = await twoRows();
    const killed = world.runtime.execute({
      fn: 'crmSendTemplate',
      args: [WELCOME],
      killAfterServiceCalls: held + 1,
    });
    expect(killed.killed).toBe(true);
    // Killed while holding it: its lease stays (no LockService lock does: Apps Script frees those).
    expect(world.runtime.properties('script')).toHaveProperty(leaseKeys(world).document);
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    expect(world.lastJob().state).toBe('done');
    expect(world.statuses()).toEqual(['SENT', 'SENT']);
    expect(world.sendRequests()).toHaveLength(2);
    // Nothing left after it in the store every user of the add-on shares.
    expect(Object.keys(world.runtime.properties('script'))).toEqual([]);
    // The lease freed itself when the killed execution must have ended (6 min and a margin).
    const ended = killed.startedAt + 6 * 60_000;
    expect(world.sendRequests().every((r) => r.at >= ended)).toBe(true);
  });

  it("is not another spreadsheet's: a send here goes on while another spreadsheet holds its own", async () => {
    const world = await twoRows();
    // A send in another spreadsheet of the add-on holds its record lease there, and its
    // executions take the script lock (the one lock of every user of a published add-on).
    world.runtime.setProperties('script', {
      'crm.sendRecord.another-spreadsheet.doc': JSON.stringify({
        token: 'elsewhere',
        until: world.runtime.now() + 10 * 60_000,
      }),
    });
    // Once this job is started (its start lock, the script lock, released), that send holds
    // the script lock for a long while (as its slow flush did under the old record lock).
    let phase: 'before' | 'starting' | 'held' = 'before';
    const run = world.runtime.execute({
      fn: 'crmSendTemplate',
      args: [WELCOME],
      failServiceCall: (event) => {
        if (phase === 'before' && event.name === 'LockService.getScriptLock') phase = 'starting';
        else if (phase === 'starting' && event.name === 'Lock.releaseLock') {
          phase = 'held';
          world.runtime.holdLock('script', 10 * 60_000);
        }
        return undefined;
      },
    });
    expect(phase).toBe('held');
    expect(run.ok).toBe(true);
    // Before: the record's lock was the script lock: the job yielded "record busy", no send left.
    expect(world.sendRequests()).toHaveLength(2);
    expect(world.lastJob().state).toBe('done');
    expect(world.statuses()).toEqual(['SENT', 'SENT']);
  });
});

describe('a send record busy at the end of a job', () => {
  const twoLeads = () =>
    createSendWorld({
      sheet: (sandbox) => {
        const leads = sandbox.state.leads
          .filter((l) => l.account_id === 1 && l.phone && l.id !== DEMO.leads.noPhone)
          .slice(0, 2);
        return { header: HEADER, rows: leads.map((l) => [l.name, l.id, 'R$ 10,00']) };
      },
    });
  /** Lead ids the record says were reached (its 'Sent' column). */
  const recordedSent = (world: SendWorld) =>
    (world.runtime.sheet('CRM Send Record').getValues().slice(1) ?? []).flatMap((row) =>
      String(row[7] ?? '')
        .split(' ')
        .filter((id) => id !== '')
        .map(Number),
    );

  it('keeps the last answers until they are written, then ends', async () => {
    const world = await twoLeads();
    const ids = world.runtime
      .sheet(SHEET)
      .getValues()
      .slice(1)
      .map((row) => Number(row[1]));
    // Once both rows show SENT, another execution holds the record's lease: the job's last
    // take of it (writing the last answers at its end) finds it busy.
    let held = false;
    world.runtime.execute({
      fn: 'crmSendTemplate',
      args: [WELCOME],
      failServiceCall: () => {
        if (!held && world.statuses().every((status) => status === 'SENT')) {
          held = true;
          holdLease(world, 'fallback', 10 * 60_000);
        }
        return undefined;
      },
    });
    expect(held).toBe(true);
    expect(world.statuses()).toEqual(['SENT', 'SENT']);
    // Before the fix: 'done', the last answers dropped (their leads "may have left" for good).
    expect(world.lastJob().state).not.toBe('done');
    world.runtime.advance(10 * 60_000);
    world.runtime.runUntilIdle({ maxExecutions: 40 });
    expect(world.lastJob().state).toBe('done');
    expect(recordedSent(world).sort()).toEqual([...ids].sort());
    expect(world.sendRequests()).toHaveLength(2);
  });
});

describe('the send record sheet as a job sheet', () => {
  it('is refused by name, and not listed among the sheets', async () => {
    const world = await createSendWorld({
      sheet: (sandbox) => {
        const leads = sandbox.state.leads
          .filter((l) => l.account_id === 1 && l.phone && l.id !== DEMO.leads.noPhone)
          .slice(0, 1);
        return { header: HEADER, rows: leads.map((l) => [l.name, l.id, 'R$ 10,00']) };
      },
    });
    expect(send(world, WELCOME).state).toBe('done');
    const record = world.runtime.workbook.findSheet('CRM Send Record');
    if (record) record.name = 'Envios feitos';
    // Before: a send, an import or lead actions took it as their sheet, with status columns.
    const calls: [string, object][] = [
      ['crmSendTemplate', { ...WELCOME, sheet: 'Envios feitos' }],
      ['crmImportLeads', { sheet: 'Envios feitos' }],
      ['crmLeadActions', { sheet: 'Envios feitos', action: 'won', params: { value: 1 } }],
    ];
    for (const [fn, options] of calls) {
      const refused = world.runtime.run(fn, options);
      expect(refused.error?.message, fn).toMatch(/is the CRM Send Record sheet/);
    }
    const missing = world.runtime.run('crmSendTemplate', { ...WELCOME, sheet: 'Nope' });
    expect(missing.error?.message).toBe(
      `No sheet is named "Nope"; the sheets are "${SHEET}". Pass one of them as sheet.`,
    );
  });
});

/** The world after a first send to `leads[0]` and 2,001 rows of another sheet's record. */
async function recordPastFold() {
  let leads: { id: number; name: string }[] = [];
  const world = await createSendWorld({
    sheet: (sandbox) => {
      leads = sandbox.state.leads
        .filter((l) => l.account_id === 1 && l.phone && l.id !== DEMO.leads.noPhone)
        .slice(0, 2);
      const first = leads[0] as { id: number; name: string };
      return { header: HEADER, rows: [[first.name, first.id, 'R$ 10,00']] };
    },
  });
  expect(send(world, WELCOME).state).toBe('done');
  // Another sheet's campaigns fill the record past the fold (2,000 rows).
  const filler = Array.from({ length: 2_001 }, (_, i) => [
    new Date(Date.UTC(2026, 0, 1) + i * 1000),
    999,
    "'Outra",
    DEMO.templates.boasVindas,
    "'boas_vindas",
    "'job-x",
    `'${100_000 + i}`,
    '',
    '',
  ]);
  const record = world.runtime.sheet('CRM Send Record');
  record.setValues(record.getValues().length + 1, 1, filler);
  // A second lead added: the next send finds the record past 2,000 rows and folds it at its end.
  const second = leads[1] as { id: number; name: string };
  world.runtime.sheet(SHEET).setValues(3, 1, [[second.name, second.id, 'R$ 10,00']]);
  return { world, leads };
}

describe('a kill while the record is folded', () => {
  it('loses no lead the record named, killed at any call of the fold', async () => {
    // The fold's calls: the section under the record's lock around its last write.
    const probe = await recordPastFold();
    const names: string[] = [];
    const whole = probe.world.runtime.execute({
      fn: 'crmSendTemplate',
      args: [WELCOME],
      failServiceCall: (event) => {
        names.push(event.name);
        return undefined;
      },
    });
    expect(whole.ok).toBe(true);
    const write = names.lastIndexOf('Range.setValues');
    const from = names.lastIndexOf('Lock.tryLock', write);
    const to = names.indexOf('Lock.releaseLock', write);
    expect(from).toBeGreaterThan(0);
    expect(to).toBeGreaterThan(write);
    // Call indexes are 1-based: killAfterServiceCalls k kills call k + 1 (0-based index k).
    const lost: number[] = [];
    for (let k = from; k <= to; k++) {
      const { world, leads } = await recordPastFold();
      const killed = world.runtime.execute({
        fn: 'crmSendTemplate',
        args: [WELCOME],
        killAfterServiceCalls: k,
      });
      expect(killed.killed, names[k]).toBe(true);
      world.runtime.runUntilIdle({ maxExecutions: 40 });
      expect(world.statuses()).toEqual(['SENT', 'SENT']);
      const requests = world.sendRequests().length;
      // The person deletes lead 1's SENT row and pastes the lead again, data only.
      const first = leads[0] as { id: number; name: string };
      const model = world.runtime.sheet(SHEET);
      model.deleteRows(2, 1);
      model.setValues(3, 1, [[first.name, first.id, 'R$ 10,00']]);
      send(world, WELCOME);
      if (world.sendRequests().length !== requests) lost.push(k);
    }
    // Before the fix: killed at the folded rows' write (after the clear), lead 1 messaged again.
    expect(lost.map((k) => names[k])).toEqual([]);
    // One run per call of the fold: 137 s on a machine at load 15, hence the room.
  }, 300_000);
  it('(control) without a kill, the fold keeps lead 1', async () => {
    const { world, leads } = await recordPastFold();
    expect(send(world, WELCOME).state).toBe('done');
    const requests = world.sendRequests().length;
    const first = leads[0] as { id: number; name: string };
    const model = world.runtime.sheet(SHEET);
    model.deleteRows(2, 1);
    model.setValues(3, 1, [[first.name, first.id, 'R$ 10,00']]);
    send(world, WELCOME);
    expect(world.sendRequests().length).toBe(requests);
  });
});
