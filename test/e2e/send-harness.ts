/**
 * The add-on bundle in the local Apps Script runtime against an in-process sandbox (demo data,
 * the same simulated clock), set up for bulk-send tests and the send benchmark.
 */
import { createSandbox, DEMO, DEMO_KEYS, DEMO_NOW, type Sandbox } from '../../sandbox/index';
import type { HttpRequest } from '../../src/api/transport';
import type { JobSummary } from '../../src/core/jobs/record';
import {
  createGasRuntime,
  createSimulatedClock,
  type GasRuntime,
  routeToSandbox,
  type SimulatedClock,
} from '../../tools/gas-runtime/index';
import { importBundle } from './import-harness';

export const SANDBOX_ORIGIN = 'http://localhost:8787';
export const BASE_URL = `${SANDBOX_ORIGIN}/api/v1`;
export const SHEET = 'Clientes';

export const SEND_HEADER = ['Nome', 'E-mail', 'Telefone', 'CRM Lead ID', 'Pedido', 'Arquivo'];

/**
 * - SENT: a valid row; sent once.
 * - RULE: a documented rule refuses it (empty or multi-line variable, no lead id, a media URL
 *   that is not public): SKIPPED without a request.
 * - NO_PHONE: the lead has no phone; the CRM refuses it (one request): SKIPPED.
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

/** mulberry32: the same rows on every run. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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
  const random = prng(seed);
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

export interface SendWorld {
  runtime: GasRuntime;
  sandbox: Sandbox;
  clock: SimulatedClock;
  /** Called before the sandbox answers each request: a test may edit the sheet "during" it. */
  onRequest: ((request: HttpRequest) => void) | null;
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
  publishedAddon?: boolean;
}

export async function createSendWorld(options: SendWorldOptions): Promise<SendWorld> {
  const code = await importBundle(options.publishedAddon ?? false);
  const clock = createSimulatedClock(DEMO_NOW);
  const sandbox = createSandbox({ seed: 'demo', now: () => clock.now() });
  const route = routeToSandbox(sandbox, SANDBOX_ORIGIN);
  const knownMessages = new Set(sandbox.state.messages.map((m) => m.id));
  const sheet = options.sheet(sandbox);
  const world: SendWorld = {
    runtime: undefined as unknown as GasRuntime,
    sandbox,
    clock,
    onRequest: null,
    startedAt: 0,
    column(header) {
      const values = world.runtime.sheet(SHEET).getValues();
      const index = (values[0] ?? []).indexOf(header);
      return values.slice(1).map((row) => (index < 0 ? '' : row[index]));
    },
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
      const jobs = world.runtime.runOrThrow('crmListJobs') as JobSummary[];
      return jobs[0] as JobSummary;
    },
  };
  world.runtime = createGasRuntime({
    code,
    clock,
    publishedAddon: options.publishedAddon ?? false,
    workbook: {
      sheets: { [SHEET]: [sheet.header, ...sheet.rows] },
      timeZone: 'America/Sao_Paulo',
    },
    fetch: (request) => {
      world.onRequest?.(request);
      return route(request);
    },
  });
  world.runtime.runOrThrow('crmConfigure', { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL });
  sandbox.clearRequests();
  // A full rate-limit budget to start with.
  clock.advance(61_000);
  world.startedAt = clock.now();
  return world;
}

/** Most requests in any 60-second window: the CRM allows 60 per key. */
export function busiestMinute(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= 60_000) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
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

export { DEMO, DEMO_KEYS };
