/**
 * What starting a job costs in Apps Script service calls, whatever the job history: each call
 * is a round trip (tens of ms; a developer metadata search more), so a start, a slice and the
 * sidebar's poll must not walk every kept job. Each kind (import, export, send, lead actions,
 * push) is started on the real bundle after N earlier finished jobs of the same person and
 * spreadsheet (N = 0, 10, 50: one real finished export, cloned as its record and board entry
 * are stored), and the calls are counted by what they reach. Properties, cache and metadata
 * searches must not grow with N; the getters of the listed metadata entries (getKey, getValue:
 * one listing of the board gives one object per entry) still do. Before: an import start cost
 * 391 calls with no earlier job and 1,941 with 50 (1,519 of them Properties, cache and metadata
 * searches: every kept job's record, request and board entry read one by one, several times).
 * START_COST_DETAIL=1 prints every call by name.
 */
import { describe, expect, it } from 'vitest';
import type { ExecutionResult, GasRuntime } from '../../tools/gas-runtime/index';
import {
  SHEET as ACTIONS_SHEET,
  createActionsWorld,
  leadRows,
  plainLeads,
} from './actions-harness';
import type { AddonWorld } from './addon-harness';
import { createHarness } from './export-harness';
import { createImportWorld } from './import-harness';
import { generateImportSheet } from './import-sheet';
import { createPushWorld } from './push-harness';
import { DOCUMENT_SEND, mixedWorld } from './send-harness';

const HISTORY = [0, 10, 50];
const ROWS = 15;
/** What a start may cost more with 50 earlier jobs than with none (pruning the oldest, …). */
const SLACK = 12;

type Group = 'properties' | 'cache' | 'metadataSearch' | 'metadataEntry' | 'other';

/** Calls by what they reach: a metadata search (finder or listing) and a metadata entry's getter apart. */
function byGroup(result: ExecutionResult): Record<Group, number> {
  const out: Record<Group, number> = {
    properties: 0,
    cache: 0,
    metadataSearch: 0,
    metadataEntry: 0,
    other: 0,
  };
  for (const [name, count] of Object.entries(result.calls)) {
    const group: Group = name.startsWith('Properties')
      ? 'properties'
      : name.startsWith('Cache')
        ? 'cache'
        : name.startsWith('DeveloperMetadata.')
          ? 'metadataEntry'
          : /DeveloperMetadata/.test(name)
            ? 'metadataSearch'
            : 'other';
    out[group] += count;
  }
  return out;
}

/**
 * Adds `n` finished jobs of this person in this spreadsheet: one real export of no lead, then
 * copies of its record (user properties) and board entry (developer metadata) under new ids.
 */
function addHistory(runtime: GasRuntime, n: number): void {
  if (n === 0) return;
  const made = runtime.run('crmExportLeads', { sheet: 'History', filters: { tags: ['nada'] } });
  expect(made.ok, made.error?.message).toBe(true);
  const jobId = (made.value as { jobId: string }).jobId;
  const props = runtime.properties('user');
  const recordKey = Object.keys(props).find((k) => k.endsWith(`crm.job.${jobId}`));
  const board = runtime.workbook.metadata.find((m) => m.key === `crm.jobboard.${jobId}`);
  const boardValue = board?.value;
  if (!recordKey || !board || !boardValue) throw new Error('no history template');
  const copies: Record<string, string> = {};
  for (let i = 1; i < n; i++) {
    const id = `${jobId}-h${i}`;
    copies[recordKey.replace(jobId, id)] = (props[recordKey] as string).split(jobId).join(id);
    const maxId = Math.max(...runtime.workbook.metadata.map((m) => m.id));
    runtime.workbook.metadata.push({
      ...board,
      id: maxId + 1,
      key: `crm.jobboard.${id}`,
      value: boardValue.split(jobId).join(id),
    });
  }
  runtime.setProperties('user', copies);
}

interface Kind {
  name: string;
  world(): Promise<AddonWorld>;
  start: { fn: string; args: unknown[] };
  /** Before the start, on the world with its history (e.g. a cell edited for a push). */
  prepare?(world: AddonWorld): void;
}

const KINDS: Kind[] = [
  {
    name: 'import',
    world: () => createImportWorld({ sheet: generateImportSheet(ROWS) }),
    start: { fn: 'crmImportLeads', args: [{ sheet: 'Leads' }] },
  },
  {
    name: 'export',
    world: () => createHarness({ sandbox: { seed: 'demo' } }),
    start: { fn: 'crmExportLeads', args: [{ sheet: 'Export', filters: { pipeline: 'Vendas' } }] },
  },
  {
    name: 'send',
    world: async () => (await mixedWorld(ROWS, 3)).world,
    start: { fn: 'crmSendTemplate', args: [DOCUMENT_SEND] },
  },
  {
    name: 'lead actions',
    world: () =>
      createActionsWorld({
        rows: (sandbox) =>
          leadRows(
            sandbox,
            plainLeads(sandbox, ROWS).map((l) => l.id),
          ),
      }),
    start: {
      fn: 'crmLeadActions',
      args: [{ sheet: ACTIONS_SHEET, action: 'addTags', params: { tags: 'vip' } }],
    },
  },
  {
    name: 'push',
    world: () => createPushWorld(ROWS),
    prepare: (world) => {
      const w = world as Awaited<ReturnType<typeof createPushWorld>>;
      const id = w.ids[0] as number;
      w.set(id, 'Empresa', 'Nova Empresa');
    },
    start: { fn: 'crmPushChanges', args: [{ sheet: 'Export' }] },
  },
];

interface Cost {
  start: ExecutionResult;
  getJob: ExecutionResult;
  slice: ExecutionResult;
  /** The Jobs sidebar's refresh. */
  list: ExecutionResult;
}

async function costAfter(kind: Kind, n: number): Promise<Cost> {
  const world = await kind.world();
  addHistory(world.runtime, n);
  kind.prepare?.(world);
  world.clock.advance(61_000);
  const start = world.runtime.execute({ fn: kind.start.fn, args: kind.start.args });
  expect(start.ok, start.error?.message).toBe(true);
  const jobId = (start.value as { jobId: string }).jobId;
  const getJob = world.runtime.execute({ fn: 'crmGetJob', args: [jobId] });
  const slice = world.runtime.execute({ fn: 'uiContinueJob', args: [jobId] });
  const list = world.runtime.execute({ fn: 'uiCall', args: ['uiListJobs', []] });
  expect(getJob.ok && slice.ok && list.ok).toBe(true);
  return { start, getJob, slice, list };
}

const line = (label: string, r: ExecutionResult) =>
  `${label} ${r.serviceCalls} ${JSON.stringify(byGroup(r))}${process.env.START_COST_DETAIL ? JSON.stringify(r.calls) : ''}`;

describe('a start costs the same calls whatever the job history', () => {
  for (const kind of KINDS) {
    it(`${kind.name}: start, crmGetJob and a slice after 0, 10, 50 earlier jobs`, async () => {
      const costs: Cost[] = [];
      for (const n of HISTORY) {
        const cost = await costAfter(kind, n);
        costs.push(cost);
        console.log(
          [
            `${kind.name} N=${n}`,
            line('  start', cost.start),
            line('  crmGetJob', cost.getJob),
            line('  slice', cost.slice),
            line('  uiListJobs', cost.list),
          ].join('\n'),
        );
      }
      const [none, , fifty] = costs as [Cost, Cost, Cost];
      const searchesAndStores = (r: ExecutionResult) => {
        const g = byGroup(r);
        return g.properties + g.cache + g.metadataSearch;
      };
      expect(searchesAndStores(fifty.start)).toBeLessThanOrEqual(
        searchesAndStores(none.start) + SLACK,
      );
      expect(searchesAndStores(fifty.getJob)).toBeLessThanOrEqual(
        searchesAndStores(none.getJob) + 2,
      );
      expect(searchesAndStores(fifty.slice)).toBeLessThanOrEqual(
        searchesAndStores(none.slice) + SLACK,
      );
      expect(searchesAndStores(fifty.list)).toBeLessThanOrEqual(searchesAndStores(none.list) + 2);
    });
  }
});

/** This person's job records in this spreadsheet, and the spreadsheet's board entries. */
function kept(runtime: GasRuntime): { records: number; board: number } {
  const records = Object.keys(runtime.properties('user')).filter((k) =>
    /\.crm\.job\.[^~]+$/.test(k),
  ).length;
  const board = runtime.workbook.metadata.filter((m) => m.key.startsWith('crm.jobboard.')).length;
  return { records, board };
}

describe('finished jobs kept', () => {
  it('a start keeps the 50 newest finished jobs, none older than 30 days, board entries with them', async () => {
    const kind = KINDS[0] as Kind;
    const many = await kind.world();
    addHistory(many.runtime, 60);
    expect(kept(many.runtime)).toEqual({ records: 60, board: 60 });
    many.runtime.runOrThrow(kind.start.fn, ...kind.start.args);
    // Pruned before the job is created: 50 finished and the new one.
    expect(kept(many.runtime)).toEqual({ records: 51, board: 51 });

    const old = await kind.world();
    addHistory(old.runtime, 20);
    old.clock.advance(31 * 24 * 3_600_000);
    old.runtime.runOrThrow(kind.start.fn, ...kind.start.args);
    expect(kept(old.runtime)).toEqual({ records: 1, board: 1 });
  });
});
