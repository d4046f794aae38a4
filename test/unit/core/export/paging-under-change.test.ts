/**
 * Exports while the CRM changes under them (issues 13.7, 16.10): between every two page
 * requests (or batches of them: half the seeds read several pages at once, issue 9) the sandbox
 * gets leads created, deleted, and tagged or untagged so that they enter or leave the filter.
 * The sandbox lists leads newest first, by id or in an arbitrary fixed order (a third of the
 * seeds each), and bulk imports put up to three pages of leads at one instant. Every step runs
 * as its own execution (the job record goes through JSON, as the job store keeps it) and some
 * die after writing, before their checkpoint, and run again. The export must hold every lead
 * that matched from its start to its end and still exists, each once; a sync with staleRows
 * must mark or delete every row of a lead that never matched during it, and never the row of
 * a lead that matches at its end (or keep such rows and say so).
 *
 * Seeds: EXPORT_PAGING_SEEDS (default 150, about 5 s; 1,000 for a deep run).
 */
import { describe, expect, it } from 'vitest';
import { createSandbox, DEMO_KEYS, type Sandbox } from '../../../../sandbox/index';
import type { LeadRow } from '../../../../sandbox/types';
import { createCrmClient, type HttpRequest, type Transport } from '../../../../src/api';
import {
  EXPORT_JOB_KIND,
  type ExportJobOptions,
  type ExportMode,
  exportStatuses,
  exportStep,
  FIRST_CURSOR,
} from '../../../../src/core/export/job/job';
import { GONE, type StaleRowAction } from '../../../../src/core/export/stale';
import type { JobRecord } from '../../../../src/core/jobs';
import { SimClock, seededRandom } from '../jobs/fakes';
import { FakeLeadList, fakeEnv, GridSheet } from './job-fakes';

const BASE_URL = 'http://localhost:8787/api/v1';
const SEEDS = Number(process.env.EXPORT_PAGING_SEEDS ?? 150);
const ORDERS = ['newest', 'id', 'arbitrary'] as const;
const TAG = 'vip';

/**
 * The client over the in-process sandbox. `beforeFlight` runs before each request that leaves
 * alone and before each batch (whose requests leave together and are answered at one instant).
 */
function sandboxClient(sandbox: Sandbox, beforeFlight: (requests: number) => void) {
  const origin = BASE_URL.replace(/\/api\/v1$/, '');
  const answer = (request: HttpRequest) => {
    const response = sandbox.handle({
      method: request.method,
      path: request.url.slice(origin.length),
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    return { status: response.status, headers: response.headers, body: response.body };
  };
  const transport: Transport = {
    send: (request) => {
      beforeFlight(1);
      return answer(request);
    },
    sendAll: (requests) => {
      beforeFlight(requests.length);
      if (requests.length > 1) stats.batched += requests.length;
      return requests.map(answer);
    },
  };
  return createCrmClient({ baseUrl: BASE_URL, apiKey: DEMO_KEYS.admin, transport });
}

function api(sandbox: Sandbox, method: string, path: string, body?: unknown): number {
  return sandbox.handle({
    method,
    path: `/api/v1${path}`,
    headers: {
      'X-API-Key': DEMO_KEYS.admin,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).status;
}

interface World {
  clock: SimClock;
  sandbox: Sandbox;
  random: () => number;
  tagged: boolean;
  created: number;
}

/**
 * `count` leads created at a few instants (ties are common: bulk imports, up to three pages of
 * leads at one instant), half tagged.
 */
function seedWorld(world: World, count: number, pageSize: number): void {
  const { sandbox, clock, random } = world;
  const state = sandbox.state;
  const stage = state.stages.find((s) => state.pipelines.some((p) => p.id === s.pipeline_id));
  const perInstant = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const id = (state.sequences.leads ?? 0) + 1;
    state.sequences.leads = id;
    let minute = 1 + Math.floor(random() * 4);
    while ((perInstant.get(minute) ?? 0) >= pageSize * 3) minute++;
    perInstant.set(minute, (perInstant.get(minute) ?? 0) + 1);
    const at = new Date(clock.peek() - minute * 60_000).toISOString();
    state.leads.push({
      id,
      account_id: 1,
      name: `Lead ${id}`,
      phone: null,
      email: `lead${id}@exemplo.com.br`,
      company: null,
      birthday: null,
      value: null,
      source: null,
      tags: random() < 0.6 ? [TAG] : [],
      pipeline_id: stage?.pipeline_id ?? 1,
      stage_id: stage?.id ?? 1,
      notes: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      custom_fields: {},
      assigned_to: null,
      score: 0,
      score_updated_at: null,
      created_at: at,
      updated_at: at,
    } satisfies LeadRow);
  }
}

function leadsNow(world: World): LeadRow[] {
  return world.sandbox.state.leads.filter((lead) => lead.account_id === 1);
}

function matching(world: World): Set<number> {
  return new Set(
    leadsNow(world)
      .filter((lead) => !world.tagged || lead.tags.some((tag) => tag.toLowerCase() === TAG))
      .map((lead) => lead.id),
  );
}

/** One change through the API: create, delete, tag (enters the filter) or untag (leaves it). */
function change(world: World): void {
  const { sandbox, random } = world;
  const leads = leadsNow(world);
  const pick = () => leads[Math.floor(random() * leads.length)];
  const roll = random();
  if (roll < 0.25 || leads.length === 0) {
    world.created++;
    api(sandbox, 'POST', '/leads/upsert', {
      name: `Novo ${world.created}`,
      email: `novo${world.created}-${sandbox.state.sequences.leads}@exemplo.com.br`,
      ...(random() < 0.5 ? { tags: [TAG] } : {}),
    });
  } else if (roll < 0.55) {
    api(sandbox, 'DELETE', `/leads/${pick()?.id}`);
  } else if (roll < 0.78) {
    api(sandbox, 'POST', `/leads/${pick()?.id}/tags`, { tags: [TAG] });
  } else {
    api(sandbox, 'DELETE', `/leads/${pick()?.id}/tags/${TAG}`);
  }
  // Changes take time: some land in the same second as a lead's created_at, some later.
  world.clock.advance(Math.floor(random() * 1_500));
}

function jobRecord(options: ExportJobOptions): JobRecord {
  return {
    jobId: 'job-1',
    kind: EXPORT_JOB_KIND,
    state: 'running',
    createdAt: 0,
    updatedAt: 0,
    total: 0,
    done: 0,
    counts: Object.fromEntries(
      exportStatuses(options.mode, options.staleRows).map((status) => [status, 0]),
    ),
    message: '',
    options,
    cursor: FIRST_CURSOR,
  };
}

interface RunResult {
  requests: number;
  /** Ids that matched at the first request and at every change after it, and exist at the end. */
  heldThroughout: Set<number>;
  /** Ids that matched at any moment of the export. */
  everMatched: Set<number>;
  record: JobRecord;
}

/**
 * One export as a chain of executions: before every request (or batch) but the first, 0–3
 * changes; one step in eight dies after its writes and runs again from the last checkpoint.
 */
function runExport(
  world: World,
  sheet: GridSheet,
  options: ExportJobOptions,
  pageSize: number,
  changes: boolean,
  batches: boolean,
): RunResult {
  let requests = 0;
  let held = matching(world);
  const everMatched = new Set(held);
  const observe = () => {
    const now = matching(world);
    held = new Set([...held].filter((id) => now.has(id)));
    for (const id of now) everMatched.add(id);
  };
  const client = sandboxClient(world.sandbox, (count) => {
    if (changes && requests > 0) {
      for (let i = Math.floor(world.random() * 4); i > 0; i--) change(world);
      observe();
    }
    requests += count;
  });
  const f = fakeEnv(world.clock, new FakeLeadList([]), sheet);
  f.env.pageSize = pageSize;
  f.env.listLeads = (filters) => client.leads.list(filters);
  if (batches) {
    f.env.listLeadPages = (queries) =>
      client.all(queries.map((query) => (c) => c.leads.list(query)));
  }
  let saved = JSON.stringify(jobRecord(options));
  for (let step = 0; step < 500; step++) {
    const record = JSON.parse(saved) as JobRecord;
    const dies = world.random() < 0.125;
    sheet.failAfterApply = dies ? 1 : null;
    let status: string;
    try {
      const ctx = {
        clock: world.clock,
        deadline: world.clock.peek() + 270_000,
        latestStartAt: world.clock.peek() + 260_000,
      };
      status = exportStep(record, ctx, f.env).status;
    } catch (error) {
      if (!dies) throw error;
      continue; // killed before the checkpoint: the next execution repeats the step
    } finally {
      sheet.failAfterApply = null;
      resetApplies(sheet);
    }
    saved = JSON.stringify(record);
    if (status === 'finished') {
      const exists = new Set(leadsNow(world).map((lead) => lead.id));
      const heldThroughout = new Set([...held].filter((id) => exists.has(id)));
      return { requests, heldThroughout, everMatched, record };
    }
  }
  throw new Error('the export never finished');
}

/** GridSheet counts applies to decide when to die; each execution starts counting afresh. */
function resetApplies(sheet: GridSheet): void {
  (sheet as unknown as { applies: number }).applies = 0;
}

function options(
  mode: ExportMode,
  tagged: boolean,
  startedAt: number,
  staleRows?: StaleRowAction,
): ExportJobOptions {
  return {
    sheetName: 'Leads',
    sheetId: 7,
    mode,
    filters: tagged ? { tags: [TAG] } : {},
    columns: ['id', 'name', 'tags'],
    include: [],
    customFields: [],
    startedAt,
    scope: 'scope',
    ...(staleRows === undefined ? {} : { staleRows }),
  };
}

function newWorld(seed: number): World {
  const clock = new SimClock();
  const order = ORDERS[seed % ORDERS.length];
  const sandbox = createSandbox({
    now: () => clock.peek(),
    seed: 'empty',
    leadLimit: 100_000,
    leadListOrder: order,
  });
  sandbox.configure({ rateLimitPerMinute: 1_000_000 });
  const random = seededRandom(seed);
  return { clock, sandbox, random, tagged: random() < 0.6, created: 0 };
}

function sheetIds(sheet: GridSheet): number[] {
  return sheet.data().map((row) => Number(row[0]));
}

const stats = {
  exports: 0,
  requests: 0,
  floor: 0,
  windows: 0,
  batched: 0,
  wronglyRemoved: 0,
  keptRuns: 0,
};

function countRequests(run: RunResult, startCount: number, pageSize: number): void {
  stats.exports++;
  stats.requests += run.requests;
  stats.floor += Math.max(1, Math.ceil(startCount / pageSize));
  // Windows overlap by the lead at their edge: pageSize - 1 new leads per request after the first.
  stats.windows += 1 + Math.max(0, Math.ceil((startCount - pageSize) / (pageSize - 1)));
}

describe('exports under change (randomised, every step its own execution)', () => {
  it(`replace mode holds every lead that matched throughout, once (${SEEDS} seeds)`, () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const world = newWorld(seed);
      const pageSize = 7 + Math.floor(world.random() * 6);
      seedWorld(world, 8 + Math.floor(world.random() * 50), pageSize);
      const startCount = matching(world).size;
      const sheet = new GridSheet([['old'], ['rows']]);
      const batches = seed % 2 === 0;
      const run = runExport(
        world,
        sheet,
        options('replace', world.tagged, world.clock.peek()),
        pageSize,
        true,
        batches,
      );
      countRequests(run, startCount, pageSize);
      const ids = sheetIds(sheet);
      const context = `seed ${seed}, order ${ORDERS[seed % 3]}, page size ${pageSize}, ${batches ? 'batches' : 'one page a step'}`;
      expect(new Set(ids).size, `${context}: a lead written twice`).toBe(ids.length);
      const missing = [...run.heldThroughout].filter((id) => !ids.includes(id));
      expect(missing, `${context}: leads missing`).toEqual([]);
      const strangers = ids.filter((id) => !run.everMatched.has(id));
      expect(strangers, `${context}: leads that never matched`).toEqual([]);
    }
  });

  it(`sync mode, a full pass: updates, adds, and marks or deletes exactly the stale rows (${SEEDS} seeds)`, () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const world = newWorld(10_000 + seed);
      const pageSize = 7 + Math.floor(world.random() * 6);
      seedWorld(world, 8 + Math.floor(world.random() * 50), pageSize);
      const sheet = new GridSheet();
      // A first sync fills the sheet; the CRM changes before the second (rows go stale).
      const batches = seed % 2 === 0;
      runExport(
        world,
        sheet,
        options('sync', world.tagged, world.clock.peek()),
        pageSize,
        false,
        batches,
      );
      for (let i = Math.floor(world.random() * 6); i > 0; i--) change(world);
      const before = sheetIds(sheet);
      const action = (['keep', 'mark', 'delete'] as const)[seed % 3] as StaleRowAction;
      const startCount = matching(world).size;
      const run = runExport(
        world,
        sheet,
        options('sync', world.tagged, world.clock.peek(), action),
        pageSize,
        true,
        batches,
      );
      countRequests(run, startCount, pageSize);

      const context = `seed ${seed}, order ${ORDERS[(10_000 + seed) % 3]}, page size ${pageSize}, staleRows ${action}, ${batches ? 'batches' : 'one page a step'}`;
      const rows = sheet.data();
      const ids = rows.map((row) => Number(row[0]));
      const status = new Map(rows.map((row) => [Number(row[0]), String(row[3] ?? '')]));
      expect(new Set(ids).size, `${context}: a lead on two rows`).toBe(ids.length);
      const missing = [...run.heldThroughout].filter((id) => !ids.includes(id));
      expect(missing, `${context}: leads missing`).toEqual([]);
      // A row whose lead matches at the end is never marked nor deleted.
      const end = matching(world);
      const removed =
        action === 'mark'
          ? ids.filter((id) => status.get(id) === GONE)
          : before.filter((id) => !ids.includes(id));
      const wronglyRemoved = removed.filter((id) => end.has(id));
      stats.wronglyRemoved += wronglyRemoved.length;
      expect(wronglyRemoved, `${context}: rows of leads that still match`).toEqual([]);
      // A row whose lead never matched during the pass is stale: marked or deleted as asked,
      // unless the sync could not be sure and said so.
      const stale = before.filter((id) => !run.everMatched.has(id));
      const kept = /kept/.test(run.record.message);
      if (kept) stats.keptRuns++;
      if (kept && action !== 'keep') {
        expect(removed, `${context}: kept, yet removed`).toEqual([]);
      } else if (action === 'mark') {
        expect(
          stale.filter((id) => status.get(id) !== GONE),
          `${context}: unmarked`,
        ).toEqual([]);
      } else if (action === 'delete') {
        expect(
          stale.filter((id) => ids.includes(id)),
          `${context}: not deleted`,
        ).toEqual([]);
      } else {
        expect(
          stale.filter((id) => !ids.includes(id)),
          `${context}: rows lost`,
        ).toEqual([]);
      }
    }
    if (process.env.EXPORT_PAGING_STATS) {
      console.info(
        `exports under change: ${stats.exports} exports, ${stats.requests} list requests (${stats.batched} in batches); floor ${stats.floor} pages; ${stats.wronglyRemoved} rows of matching leads removed; ${stats.keptRuns} syncs kept stale rows`,
      );
    }
  });
});
