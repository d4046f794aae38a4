/**
 * Issue 16 "never twice, never wrong": a randomised property test over seeds that mix, in one
 * send of one template,
 * - kills of the first execution at a random service call (the triggers then finish the job),
 * - a person sorting, inserting, appending, deleting rows and pasting copies of rows (status
 *   cells included) at random service calls of the real bundle,
 * - a second person (Bia) who, at a random moment, cancels Ana's job and starts her own send of
 *   the same template on the sheet, or tries to start one while Ana's runs (refused),
 * - sheets whose rows find their leads by lead id, or by e-mail or phone (matchBy), where one
 *   lead may have an e-mail row and a phone row.
 * Whatever happens: no lead gets the template twice, even when the rows recording the first
 * send were deleted before a second job (the spreadsheet's send record remembers, issue 16
 * item 2); every SENT row's message id is its own
 * lead's message; no row is left QUEUED or SENDING; every job ends.
 *
 * Two ways the people work: never between a read and the writes placed by it, and at every
 * service call, those gaps included (see send-busy.test.ts): every SENT row names its own
 * lead's message and every detail that names a lead names the row's own.
 * Seeds per mode: SEND_RACE_SEEDS (default 16; the figure was taken with 300).
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import type { ServiceCallEvent } from '../../tools/gas-runtime/index';
import { seededRandom } from '../unit/core/jobs/fakes';
import {
  BASE_URL,
  createSendWorld,
  DEMO,
  DEMO_KEYS,
  DOCUMENT_SEND,
  forgetSendRecord,
  type SendWorld,
  SHEET,
} from './send-harness';

const SEED_COUNT = Number(process.env.SEND_RACE_SEEDS) || 16;
/** The first seed (to replay one: SEND_RACE_FIRST=201 SEND_RACE_SEEDS=1). */
const FIRST_SEED = Number(process.env.SEND_RACE_FIRST) || 1;
const ANA = 'user@example.com';
const BIA = 'bia@example.com';
const HEADER = ['Nome', 'E-mail', 'Telefone', 'CRM Lead ID', 'Pedido', 'Arquivo'];
const EDIT_CHANCE = 0.05;
/** Calls between a read and the writes it places (see send-busy.test.ts). */
const READ_WRITE_GAP = new Set(['Sheet.getRange', 'Range.setValues', 'Range.getDisplayValues']);
const MODES = [
  { name: 'between reads and writes', noEdit: READ_WRITE_GAP },
  { name: 'at every call', noEdit: new Set<string>() },
];

const BY_ID = DOCUMENT_SEND;
const MATCHED = { ...DOCUMENT_SEND, leadIdColumn: undefined, matchBy: 'email_or_phone' };

interface Lead {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
}

function usableLeads(world: SendWorld): Lead[] {
  const leads = world.sandbox.state.leads.filter((l) => l.account_id === 1);
  const once = (pick: (l: Lead) => string | null, value: string | null) =>
    value !== null && leads.filter((l) => pick(l) === value).length === 1;
  return leads.filter(
    (l) =>
      l.id !== DEMO.leads.noPhone &&
      once((x) => x.phone, l.phone) &&
      (l.email === null || once((x) => x.email, l.email)),
  );
}

function rowOf(lead: Lead, how: 'id' | 'email' | 'phone', i: number): unknown[] {
  return [
    lead.name,
    how === 'phone' ? '' : (lead.email ?? ''),
    how === 'email' && lead.email ? '' : lead.phone,
    how === 'id' ? lead.id : '',
    `#${i}`,
    `https://files.example.com/p/${i}.pdf`,
  ];
}

/** Rows of 12 leads; some leads twice (by e-mail and by phone, or a copy). */
function sheetRows(world: SendWorld, random: () => number, matched: boolean): unknown[][] {
  const leads = usableLeads(world).slice(0, 12);
  const rows: unknown[][] = [];
  leads.forEach((lead, i) => {
    rows.push(rowOf(lead, matched ? 'email' : 'id', i));
    if (random() < 0.3) rows.push(rowOf(lead, matched ? 'phone' : 'id', i + 100));
  });
  return rows.sort(() => random() - 0.5);
}

/** The lead of a row: its id, else the lead with its e-mail, else with its phone. */
function leadOfRow(leads: readonly Lead[], row: readonly unknown[]): number {
  const id = Number(row[3]) || 0;
  if (id) return id;
  const digits = (value: unknown) => String(value ?? '').replace(/\D/g, '');
  const email = String(row[1] ?? '').trim();
  const phone = digits(row[2]);
  const byEmail = email === '' ? undefined : leads.find((l) => l.email === email);
  const byPhone = phone === '' ? undefined : leads.find((l) => digits(l.phone) === phone);
  return (byEmail ?? byPhone)?.id ?? 0;
}

function busyPerson(
  world: SendWorld,
  random: () => number,
  leads: readonly Lead[],
  noEdit: ReadonlySet<string>,
): { edits: number; erased: Set<number> } {
  const model = world.runtime.sheet(SHEET);
  /** Leads of deleted rows that recorded a send (a status of the job's in the row). */
  const run = { edits: 0, erased: new Set<number>() };
  world.onServiceCall = (event: ServiceCallEvent) => {
    if (noEdit.has(event.name) || random() >= EDIT_CHANCE) return;
    run.edits += 1;
    const values = model.getValues();
    const last = model.lastRow();
    const pick = random();
    const anyRow = () => 2 + Math.floor(random() * Math.max(1, last - 1));
    if (pick < 0.35 && last > 2) {
      model.sortRows(2, last, 1 + Math.floor(random() * 6), random() < 0.5);
    } else if (pick < 0.55 && last > 1) {
      // A copy of a row, status cells and all, pasted into a new row at the top.
      const copy = values[anyRow() - 1] ?? [];
      model.insertRows(2, 1);
      model.setValues(2, 1, [copy]);
    } else if (pick < 0.75 && last > 1) {
      // A copy of a row's data only (its status cells empty), appended.
      const copy = (values[anyRow() - 1] ?? []).slice(0, HEADER.length);
      model.setValues(last + 1, 1, [copy]);
    } else if (last > 2) {
      const row = anyRow();
      const status = String(values[row - 1]?.[HEADER.length] ?? '');
      if (status !== '') run.erased.add(leadOfRow(leads, values[row - 1] ?? []));
      model.deleteRows(row, 1);
    }
  };
  return run;
}

function biaStarts(world: SendWorld, send: object): void {
  world.runtime.setUser(BIA);
  try {
    world.runtime.run('crmSendTemplate', send);
  } finally {
    world.runtime.setUser(ANA);
  }
}

function biaCancelsAndSends(world: SendWorld, send: object): void {
  world.runtime.setUser(BIA);
  try {
    for (const job of world.runtime.runOrThrow('crmListJobs') as JobSummary[]) {
      if (job.state === 'queued' || job.state === 'running')
        world.runtime.run('crmCancelJob', job.jobId);
    }
    world.runtime.run('crmSendTemplate', send);
  } finally {
    world.runtime.setUser(ANA);
  }
}

/**
 * Leads messaged twice, and of those the leads a second job messaged again after the person
 * deleted the rows that recorded the first send: the spreadsheet's send record (not the rows)
 * must stop those too.
 */
interface Doubles {
  doubles: string[];
  afterErasing: string[];
}

function check(
  world: SendWorld,
  leads: readonly Lead[],
  seed: number,
  erased: ReadonlySet<number> | undefined,
  { doubles, afterErasing }: Doubles,
): number {
  const values = world.runtime.sheet(SHEET).getValues();
  const header = values[0] ?? [];
  const at = (name: string) => header.indexOf(name);
  const messages = world.messagesByLead();
  for (const [lead, ids] of messages) {
    if (ids.length <= 1) continue;
    doubles.push(`seed ${seed}: lead ${lead} (${ids.length})`);
    if (erased?.has(lead)) afterErasing.push(`seed ${seed}: lead ${lead}`);
  }
  let sent = 0;
  for (const row of values.slice(1)) {
    const status = String(row[at('CRM Send Status')] ?? '');
    expect(['', 'SENT', 'SKIPPED', 'FAILED', 'UNCERTAIN'], `seed ${seed}: ${row}`).toContain(
      status,
    );
    const id = row[at('CRM Message ID')];
    const lead = leadOfRow(leads, row);
    // Every detail that names a lead names the row's own (none a sort moved onto another row).
    const named = /\blead (\d+)/.exec(String(row[at('CRM Send Detail')] ?? ''))?.[1];
    if (named !== undefined && lead !== 0) {
      expect(Number(named), `seed ${seed}: status on another lead's row: ${row}`).toBe(lead);
    }
    if (status !== 'SENT') {
      expect(String(id ?? ''), `seed ${seed}: ${row}`).toBe('');
      continue;
    }
    sent += 1;
    // A SENT row names its own lead's message (or, confirmed from the conversation, none).
    const got = messages.get(lead) ?? [];
    if (id !== '' && got.length <= 1) expect(got, `seed ${seed}: ${row}`).toEqual([id]);
    if (id !== '' && got.length > 1) expect(got, `seed ${seed}: ${row}`).toContain(id);
  }
  return sent;
}

/** Ends every job left unfinished (a failed seed), so the next seed starts alone. */
function cancelAll(world: SendWorld): void {
  for (const user of [ANA, BIA]) {
    world.runtime.setUser(user);
    for (const job of world.runtime.runOrThrow('crmListJobs') as JobSummary[]) {
      if (job.state !== 'done' && job.state !== 'cancelled') {
        world.runtime.run('crmCancelJob', job.jobId);
      }
    }
  }
  world.runtime.setUser(ANA);
}

describe('sends under kills, busy people and a second person (issue 16)', () => {
  it.each(MODES)(
    `people edit $name: never messages a lead twice and keeps every status on its own row (${SEED_COUNT} seeds)`,
    async ({ name, noEdit }) => {
      const world = await createSendWorld({ sheet: () => ({ header: HEADER, rows: [] }) });
      world.runtime.setUser(BIA);
      world.runtime.runOrThrow('crmConfigure', { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL });
      world.runtime.setUser(ANA);
      const totals = { edits: 0, sent: 0, kills: 0, bia: 0, properties: 0 };
      const found: Doubles = { doubles: [], afterErasing: [] };
      const failures: string[] = [];
      const first = FIRST_SEED + (noEdit.size === 0 ? 1_000 : 0);
      for (let seed = first; seed < first + SEED_COUNT; seed++) {
        try {
          runSeed(world, seed, noEdit, totals, found);
        } catch (error) {
          failures.push(`seed ${seed}: ${String((error as Error).message).split('\n')[0]}`);
          cancelAll(world);
        }
      }
      const { doubles, afterErasing } = found;
      console.log(
        `send race, edits ${name}: ${SEED_COUNT} seeds, ${JSON.stringify(totals)}; seeds failed: ${failures.length}; leads messaged twice: ${doubles.length}, of which after the person deleted the rows recording the first send: ${afterErasing.length} (${afterErasing.join(', ')})`,
      );
      expect(doubles, `${doubles.length} leads messaged twice`).toEqual([]);
      expect(failures, `${failures.length} of ${SEED_COUNT} seeds`).toEqual([]);
      // The mix really happened (a replay of one seed checks the invariants only).
      if (SEED_COUNT >= 16) expect(totals.kills).toBeGreaterThan(SEED_COUNT / 4);
      if (SEED_COUNT >= 16) expect(totals.edits).toBeGreaterThan(SEED_COUNT * 2);
      if (SEED_COUNT >= 16) expect(totals.sent).toBeGreaterThan(SEED_COUNT * 3);
    },
    Math.max(120_000, SEED_COUNT * 5_000),
  );
});

interface Totals {
  edits: number;
  sent: number;
  kills: number;
  bia: number;
  properties: number;
}

/** One seed: Ana's send under kills, a busy person and maybe Bia, then the invariants. */
function runSeed(
  world: SendWorld,
  seed: number,
  noEdit: ReadonlySet<string>,
  totals: Totals,
  found: Doubles,
): void {
  const random = seededRandom(seed * 7_919);
  // Hundreds of sends in one world outlast a day's Properties quota (50,000 calls): the
  // next seeds are the next day's.
  const used = () =>
    world.runtime.quotaUsed('properties', ANA) + world.runtime.quotaUsed('properties', BIA);
  if (used() > 40_000) world.clock.advance(86_400_000);
  const usedBefore = used();
  world.sandbox.reset();
  forgetSendRecord(world);
  world.clock.advance(61_000);
  const matched = seed % 2 === 0;
  const send = matched ? MATCHED : BY_ID;
  const model = world.runtime.sheet(SHEET);
  model.deleteRows(1, model.lastRow());
  model.setValues(1, 1, [HEADER, ...sheetRows(world, random, matched)]);
  const leads = usableLeads(world);
  const person = busyPerson(world, random, leads, noEdit);
  const bia = random();
  if (bia < 0.3) {
    // Bia acts in the middle of Ana's execution, between two service calls.
    const at = 150 + Math.floor(random() * 300);
    let calls = 0;
    const busy = world.onServiceCall;
    world.onServiceCall = (event) => {
      busy?.(event);
      // Bia's writes are edits too (in the first mode, never between a read and its writes).
      if (++calls < at || calls > at + 1_000_000 || noEdit.has(event.name)) return;
      calls = at + 2_000_000;
      totals.bia += 1;
      if (bia < 0.15) biaCancelsAndSends(world, send);
      else biaStarts(world, send);
    };
  }
  const kill = random() < 0.5 ? 150 + Math.floor(random() * 400) : undefined;
  const first = world.runtime.execute({
    fn: 'crmSendTemplate',
    args: [send],
    ...(kill === undefined ? {} : { killAfterServiceCalls: kill }),
  });
  if (first.killed) totals.kills += 1;
  world.onServiceCall = null;
  const idle = world.runtime.runUntilIdle({ maxExecutions: 80 });
  expect(idle.reason, `seed ${seed}`).toBe('idle');
  for (const user of [ANA, BIA]) {
    world.runtime.setUser(user);
    for (const job of world.runtime.runOrThrow('crmListJobs') as JobSummary[]) {
      expect(['done', 'cancelled'], `seed ${seed}: ${job.message}`).toContain(job.state);
    }
  }
  world.runtime.setUser(ANA);
  if (process.env.SEND_RACE_DEBUG && Number(process.env.SEND_RACE_DEBUG) === seed) {
    console.log({ matched, bia, kill, killed: first.killed });
    for (const row of world.runtime.sheet(SHEET).getValues()) console.log(JSON.stringify(row));
    console.log(JSON.stringify(world.sendRequests().map((r) => [r.path, r.status, r.at])));
  }
  totals.edits += person.edits;
  totals.properties += used() - usedBefore;
  totals.sent += check(world, leads, seed, bia < 0.3 ? person.erased : undefined, found);
}
