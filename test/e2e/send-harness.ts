/**
 * The add-on world (addon-harness.ts) set up for bulk-send tests and the send benchmark: the
 * demo account's data, one sheet of its leads, a full rate-limit budget to start with.
 */
import { expect } from 'vitest';
import { DEMO, type Sandbox } from '../../sandbox/index';
import type { JobSummary } from '../../src/core/jobs/record';
import { seededRandom } from '../unit/core/jobs/fakes';
import {
  type AddonRuntimeOptions,
  type AddonWorld,
  createAddonWorld,
  sheetColumn,
  waitOutRateWindow,
} from './addon-harness';

export { BASE_URL, busiestMinute, DEMO_KEYS, SANDBOX_ORIGIN } from './addon-harness';
export const SHEET = 'Clientes';

export const SEND_HEADER = ['Nome', 'E-mail', 'Telefone', 'CRM Lead ID', 'Pedido', 'Arquivo'];

/**
 * - SENT: a valid row; sent once.
 * - RULE: a documented rule refuses it (empty or multi-line variable, no lead id, a media URL
 *   that is not public): SKIPPED without a request.
 * - NO_PHONE: the lead has no phone, and its phone cell is empty: SKIPPED without a request.
 * - BLANK: an empty row; no status.
 */
export type SendExpectation = 'SENT' | 'RULE' | 'NO_PHONE' | 'BLANK';

export interface SendSheet {
  header: string[];
  rows: unknown[][];
  expected: SendExpectation[];
  /** The lead id of each row (0 when none). */
  leadIds: number[];
}

const RULE_BREAKERS: ((row: unknown[]) => void)[] = [
  (row) => {
    row[0] = '';
  },
  (row) => {
    row[0] = 'Ana\nSilva';
  },
  (row) => {
    row[3] = '';
  },
  (row) => {
    row[5] = 'http://192.168.0.10/propostas/p.pdf';
  },
  (row) => {
    row[5] = 'https://localhost/p.pdf';
  },
  (row) => {
    row[5] = 'ftp://files.example.com/p.pdf';
  },
];

/**
 * `count` rows over distinct demo leads with phones: mostly valid, with rule breakers, the lead
 * without phone, and blank rows mixed in. Column F holds a public (or not) file URL for a
 * DOCUMENT header; column E a second variable.
 */
export function generateSendSheet(sandbox: Sandbox, count: number, seed = 1): SendSheet {
  const random = seededRandom(seed);
  const leads = sandbox.state.leads.filter(
    (l) => l.account_id === 1 && l.phone && l.id !== DEMO.leads.noPhone,
  );
  const noPhone = sandbox.state.leads.find((l) => l.id === DEMO.leads.noPhone);
  const rows: unknown[][] = [];
  const expected: SendExpectation[] = [];
  const leadIds: number[] = [];
  let next = 0;
  for (let i = 0; i < count; i++) {
    const roll = random();
    if (roll < 0.04) {
      rows.push(['', '', '', '', '', '']);
      expected.push('BLANK');
      leadIds.push(0);
      continue;
    }
    if (i === 7 && noPhone) {
      rows.push([noPhone.name, noPhone.email ?? '', '', noPhone.id, `#${1000 + i}`, fileUrl(i)]);
      expected.push('NO_PHONE');
      leadIds.push(noPhone.id);
      continue;
    }
    const lead = leads[next++ % leads.length];
    if (!lead) throw new Error('no demo lead');
    const row: unknown[] = [
      lead.name,
      lead.email ?? '',
      lead.phone,
      lead.id,
      `#${1000 + i}`,
      fileUrl(i),
    ];
    if (roll < 0.25) {
      const breaker = RULE_BREAKERS[Math.floor(random() * RULE_BREAKERS.length)];
      breaker?.(row);
      expected.push('RULE');
    } else {
      expected.push('SENT');
    }
    rows.push(row);
    leadIds.push(row[3] === '' ? 0 : lead.id);
  }
  return { header: [...SEND_HEADER], rows, expected, leadIds };
}

function fileUrl(i: number): string {
  return `https://files.example.com/propostas/${i}.pdf`;
}

export interface SendWorld extends AddonWorld {
  startedAt: number;
  /** Current values of a column of the data rows, by header. */
  column(header: string): unknown[];
  statuses(): string[];
  /** Sandbox log entries of POST /leads/{id}/send-chatapp-template. */
  sendRequests(): ReturnType<Sandbox['requests']>;
  /** Template messages the sandbox recorded since the world was made, per lead id. */
  messagesByLead(): Map<number, number[]>;
  lastJob(): JobSummary;
}

export interface SendWorldOptions {
  sheet: (sandbox: Sandbox) => { header: unknown[]; rows: unknown[][] };
  /** More tabs of the same spreadsheet, by name (header row first). */
  moreSheets?: (sandbox: Sandbox) => Record<string, unknown[][]>;
  publishedAddon?: boolean;
  /** Runtime options: the cost model, the wall-clock guard. */
  runtime?: Pick<AddonRuntimeOptions, 'costs' | 'realTimeoutMs'>;
  /** Who owns and edits the spreadsheet (runAs one of them); left out, one person. */
  sharing?: { owner: string; editors: string[] };
}

export async function createSendWorld(options: SendWorldOptions): Promise<SendWorld> {
  let knownMessages = new Set<number>();
  const base = await createAddonWorld({
    sandbox: { seed: 'demo' },
    runtime: (sandbox) => {
      knownMessages = new Set(sandbox.state.messages.map((m) => m.id));
      const sheet = options.sheet(sandbox);
      return {
        publishedAddon: options.publishedAddon ?? false,
        ...options.runtime,
        ...(options.sharing ? { sharing: options.sharing } : {}),
        workbook: {
          sheets: { [SHEET]: [sheet.header, ...sheet.rows], ...options.moreSheets?.(sandbox) },
          timeZone: 'America/Sao_Paulo',
        },
      };
    },
  });
  const { sandbox } = base;
  const world: SendWorld = Object.assign(base, {
    startedAt: 0,
    column: (header: string) => sheetColumn(base.runtime, SHEET, header),
    statuses: () => world.column('CRM Send Status').map((v) => String(v ?? '')),
    sendRequests: () =>
      sandbox.requests().filter((r) => /\/leads\/\d+\/send-chatapp-template$/.test(r.path)),
    messagesByLead() {
      const leadOf = new Map(sandbox.state.conversations.map((c) => [c.id, c.lead_id]));
      const byLead = new Map<number, number[]>();
      for (const message of sandbox.state.messages) {
        if (knownMessages.has(message.id) || message.type !== 'template') continue;
        const lead = leadOf.get(message.conversation_id) ?? 0;
        byLead.set(lead, [...(byLead.get(lead) ?? []), message.id]);
      }
      return byLead;
    },
    lastJob() {
      const jobs = base.runtime.runOrThrow('crmListJobs') as JobSummary[];
      return jobs[0] as JobSummary;
    },
  });
  waitOutRateWindow(world);
  world.startedAt = world.clock.now();
  return world;
}

/** A 502 of the WhatsApp provider with its raw error `code`, as the CRM relays it. */
export function providerFault(code: number, options: { count?: number; leadId?: number } = {}) {
  return {
    kind: '502' as const,
    message: `Provedor retornou erro: (#${code}) erro do provedor.`,
    raw: { error: { message: `(#${code}) provider error`, type: 'OAuthException', code } },
    ...(options.count === undefined ? {} : { count: options.count }),
    ...(options.leadId === undefined
      ? { pathPrefix: '/leads/', method: 'POST' }
      : { pathPrefix: `/leads/${options.leadId}/send-chatapp-template` }),
  };
}

/** The DOCUMENT-header template with the two columns of SEND_HEADER mapped. */
export const DOCUMENT_SEND = {
  sheet: SHEET,
  templateId: DEMO.templates.document,
  variables: { '1': 'Nome' },
  headerMediaUrl: 'Arquivo',
  headerMediaFilename: { value: 'Proposta.pdf' },
  leadIdColumn: 'CRM Lead ID',
};

export function expectedStatus(e: SendSheet['expected'][number]): string {
  return e === 'SENT' ? 'SENT' : e === 'BLANK' ? '' : 'SKIPPED';
}

export function runToEnd(world: SendWorld): JobSummary {
  world.runtime.runUntilIdle({ maxExecutions: 40 });
  return world.lastJob();
}

export async function mixedWorld(count: number, seed: number) {
  let sheet: SendSheet | undefined;
  const world = await createSendWorld({
    sheet: (sandbox) => {
      sheet = generateSendSheet(sandbox, count, seed);
      return sheet;
    },
  });
  if (!sheet) throw new Error('no sheet');
  return { world, sheet };
}

/** Every SENT row has exactly one message in the CRM for its lead, whose id the sheet holds. */
export function expectOneMessagePerSentRow(world: SendWorld): void {
  const values = world.runtime.sheet(SHEET).getValues();
  const header = values[0] ?? [];
  const at = (name: string) => header.indexOf(name);
  const messages = world.messagesByLead();
  const rowsByLead = new Map<number, string[]>();
  for (const row of values.slice(1)) {
    const lead = Number(row[at('CRM Lead ID')]);
    const status = String(row[at('CRM Send Status')]);
    if (!lead) continue;
    rowsByLead.set(lead, [...(rowsByLead.get(lead) ?? []), status]);
    // A row confirmed from the lead's conversation has no message id of its own.
    const id = row[at('CRM Message ID')];
    if (status === 'SENT' && id !== '') expect(messages.get(lead), `lead ${lead}`).toEqual([id]);
    if (status === 'SENT' && id === '')
      expect(messages.get(lead)?.length ?? 0).toBeLessThanOrEqual(1);
  }
  // No lead got two messages, and none got one without a SENT or UNCERTAIN row.
  for (const [lead, ids] of messages) {
    expect(ids, `lead ${lead}`).toHaveLength(1);
    expect(
      rowsByLead.get(lead)?.some((s) => s === 'SENT' || s === 'UNCERTAIN'),
      `lead ${lead}`,
    ).toBe(true);
  }
}

/**
 * Forgets every send of the world's spreadsheet (the hidden CRM Send Record sheet): a seed that
 * resets the sandbox, whose leads keep their ids, starts as a new spreadsheet would.
 */
export function forgetSendRecord(world: Pick<SendWorld, 'runtime'>): void {
  const record = world.runtime.workbook.findSheet('CRM Send Record');
  if (record) world.runtime.workbook.removeSheet(record);
}

/**
 * `count` demo leads with phones and e-mails as a send sheet; the tags given are put on the first
 * ones, one each (the opt-out tests).
 */
export function taggedSendSheet(count: number, tags: readonly string[]) {
  return (sandbox: Sandbox) => {
    const leads = sandbox.state.leads
      .filter((l) => l.account_id === 1 && l.phone && l.email && l.id !== DEMO.leads.noPhone)
      .slice(0, count);
    leads.forEach((lead, i) => {
      const tag = tags[i];
      if (tag !== undefined) lead.tags = [...lead.tags, tag];
    });
    return { header: SEND_HEADER, rows: leads.map(sendRowOf) };
  };
}

/** A CRM lead as the `i`-th row of a send sheet (SEND_HEADER): as the CRM holds it. */
export function sendRowOf(lead: Sandbox['state']['leads'][number], i: number): unknown[] {
  return [
    lead.name,
    lead.email ?? '',
    lead.phone ?? '',
    lead.id,
    `#${i}`,
    'https://files.example.com/a.pdf',
  ];
}

export { DEMO };
