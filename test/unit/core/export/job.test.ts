import { describe, expect, it } from 'vitest';
import {
  AuthError,
  ForbiddenError,
  ProviderError,
  RateLimitError,
  ValidationError,
} from '../../../../src/api';
import {
  createExportJobHandler,
  EXPORT_JOB_KIND,
  type ExportJobOptions,
  exportStatuses,
  exportStep,
  FIRST_CURSOR,
} from '../../../../src/core/export/job/job';
import { lastSyncKey } from '../../../../src/core/export/job/sync';
import {
  createJob,
  createJobStore,
  type JobRecord,
  jobControlOf,
  runSlice,
  type StepContext,
} from '../../../../src/core/jobs';
import { MemoryKeyValueStore, SharedLock, SimClock } from '../jobs/fakes';
import { FakeLeadList, fakeEnv, GridSheet, lead } from './job-fakes';

function options(overrides: Partial<ExportJobOptions> = {}): ExportJobOptions {
  return {
    sheetName: 'Leads',
    sheetId: 7,
    mode: 'replace',
    filters: {},
    columns: ['id', 'name', 'value', 'tags', 'created_at'],
    include: [],
    customFields: [],
    startedAt: Date.UTC(2026, 10, 21, 12),
    scope: 'scope-1',
    ...overrides,
  };
}

function job(opts: ExportJobOptions, cursor: unknown = FIRST_CURSOR): JobRecord {
  return {
    jobId: 'job-1',
    kind: EXPORT_JOB_KIND,
    state: 'running',
    createdAt: 0,
    updatedAt: 0,
    total: 0,
    done: 0,
    counts: Object.fromEntries(exportStatuses(opts.mode).map((s) => [s, 0])),
    message: '',
    options: opts,
    cursor,
  };
}

function ctx(clock: SimClock): StepContext {
  return { clock, deadline: clock.peek() + 270_000, latestStartAt: clock.peek() + 260_000 };
}

const leads = (count: number, from = 1) => Array.from({ length: count }, (_, i) => lead(from + i));

/** Runs steps until the job says finished (each step's record is what the engine checkpoints). */
function runToEnd(record: JobRecord, clock: SimClock, f: ReturnType<typeof fakeEnv>): JobRecord {
  for (let steps = 0; steps < 100; steps++) {
    const result = exportStep(record, ctx(clock), f.env);
    if (result.status === 'finished') return record;
  }
  throw new Error('export never finished');
}

describe('exportStep, replace mode', () => {
  it('writes one page per step below the previous one, header first, one write each', () => {
    const clock = new SimClock();
    const f = fakeEnv(clock, new FakeLeadList(leads(450)));
    const record = runToEnd(job(options()), clock, f);
    // Each page re-reads at least 5 positions of the one before (paging.ts), none a window;
    // then one catch-up request for the leads changed since the start (none here).
    const since = new Date(options().startedAt - 300_000).toISOString();
    expect(f.crm.requests.map((r) => [r.updated_since, r.page, r.per_page])).toEqual([
      [undefined, 1, 200],
      [undefined, 2, 195],
      [undefined, 3, 192],
      [since, 1, 200],
    ]);
    expect(f.sheet.writes).toBe(3);
    const { header, rows } = f.sheet.readTable();
    expect(header).toEqual(['id', 'name', 'value', 'tags', 'created_at']);
    expect(rows.map((row) => row[0])).toEqual(leads(450).map((l) => l.id));
    expect(rows[1]).toEqual([2, 'Lead 2', 20, 'vip', new Date(leads(2)[1]?.created_at as string)]);
    expect(record).toMatchObject({ done: 450, total: 450, counts: { WRITTEN: 450 } });
    expect(record.message).toBe('Exported 450 leads to "Leads".');
  });

  it('clears what was there on the first page only', () => {
    const clock = new SimClock();
    const old = Array.from({ length: 600 }, (_, i) => [`old ${i}`, 'x', 'y', 'z', 'w', 'extra']);
    const f = fakeEnv(clock, new FakeLeadList(leads(250)), new GridSheet(old));
    runToEnd(job(options()), clock, f);
    expect(f.sheet.clears).toBe(1);
    expect(f.sheet.usedSize()).toEqual({ rows: 251, columns: 5 });
  });

  it('an empty result leaves the header alone', () => {
    const clock = new SimClock();
    const f = fakeEnv(clock, new FakeLeadList([]), new GridSheet([['a'], ['b']]));
    const record = runToEnd(job(options()), clock, f);
    expect(f.sheet.grid.slice(0, 2)).toEqual([['id', 'name', 'value', 'tags', 'created_at'], ['']]);
    expect(record.done).toBe(0);
  });

  it('a step repeated after a kill writes the same rows again, nothing twice', () => {
    const clock = new SimClock();
    const f = fakeEnv(clock, new FakeLeadList(leads(500)));
    const record = job(options());
    exportStep(record, ctx(clock), f.env); // page 1, checkpointed
    // Page 2 is written, then the execution dies before its checkpoint: the engine re-runs it
    // from the saved record.
    f.sheet.failAfterApply = 2;
    const saved = structuredClone(record);
    expect(() => exportStep(structuredClone(saved), ctx(clock), f.env)).toThrow('killed');
    const final = runToEnd(saved, clock, f);
    expect(f.sheet.data().map((row) => row[0])).toEqual(leads(500).map((l) => l.id));
    expect(final.done).toBe(500);
  });

  it('reads past a lead created between two pages without writing any lead twice', () => {
    const clock = new SimClock();
    const crm = new FakeLeadList(leads(300));
    const f = fakeEnv(clock, crm);
    const record = job(options());
    exportStep(record, ctx(clock), f.env);
    // Created between the two pages: the newest lead, first in the list.
    crm.leads.unshift(lead(9_999, { created_at: '2026-11-21T12:00:00.000Z' }));
    runToEnd(record, clock, f);
    const ids = f.sheet.data().map((row) => row[0]);
    expect(ids).toEqual(leads(300).map((l) => l.id));
  });

  it('a CRM that reads created_to by the day: every lead once, none twice', () => {
    const clock = new SimClock();
    // 700 leads a minute apart: the first 480 or so on one UTC day.
    const crm = new FakeLeadList(leads(700));
    crm.createdToByDay = true;
    const f = fakeEnv(clock, crm);
    const record = runToEnd(job(options()), clock, f);
    expect(f.sheet.data().map((row) => row[0])).toEqual(leads(700).map((l) => l.id));
    expect(record.done).toBe(700);
  });

  it('writes CRM text so that Sheets keeps it as text', () => {
    const clock = new SimClock();
    const tricky = lead(1, { name: '=HYPERLINK("http://x","y")', phone: '+5511987654321' });
    const f = fakeEnv(clock, new FakeLeadList([tricky]));
    const writes: unknown[][][] = [];
    const apply = f.sheet.apply.bind(f.sheet);
    f.sheet.apply = (plan) => {
      for (const block of plan.writes) writes.push(block.values);
      return apply(plan);
    };
    runToEnd(job(options({ columns: ['name', 'phone', 'id'] })), clock, f);
    expect(writes[0]).toEqual([
      ["'name", "'phone", "'id"],
      ['\'=HYPERLINK("http://x","y")', "'+5511987654321", 1],
    ]);
  });

  it('stores the sync watermark (start less 5 minutes) when the columns hold the id', () => {
    const clock = new SimClock();
    const f = fakeEnv(clock, new FakeLeadList(leads(3)));
    const opts = options();
    runToEnd(job(opts), clock, f);
    expect(JSON.parse(f.documentStore.get(lastSyncKey(7)) ?? 'null')).toEqual({
      since: new Date(opts.startedAt - 300_000).toISOString(),
      scope: 'scope-1',
    });
    const without = fakeEnv(clock, new FakeLeadList(leads(3)));
    runToEnd(job(options({ columns: ['name'] })), clock, without);
    expect(without.documentStore.keys()).toEqual([]);
  });
});

/**
 * A CRM that lists the most recently updated lead first (many do; the contract does not say):
 * before each request after the first, someone edits `edits` leads the pass has not read yet,
 * and each jumps to the top of the list, behind the pages already read.
 */
function editedDuringPass(clock: SimClock, count: number, edits: number) {
  const crm = new FakeLeadList(leads(count));
  const edited: number[] = [];
  let answered = 0;
  crm.beforeAnswer = (filters) => {
    if (filters.updated_since !== undefined || answered++ === 0) return;
    for (let i = 0; i < edits; i++) {
      const last = crm.leads.at(-1 - i * 7) as (typeof crm.leads)[number];
      if (edited.includes(last.id)) continue;
      edited.push(last.id);
      last.name = `${last.name} (editado)`;
      last.updated_at = new Date(clock.now()).toISOString();
      crm.leads = [last, ...crm.leads.filter((l) => l !== last)];
    }
  };
  return { crm, edited };
}

describe('exportStep, a CRM ordered by updated_at (newest edit first)', () => {
  it('replace: a lead edited during the pass (it matched throughout) is written, once', () => {
    const clock = new SimClock();
    const { crm, edited } = editedDuringPass(clock, 900, 2);
    const f = fakeEnv(clock, crm);
    const opts = options({ startedAt: clock.now() });
    const record = runToEnd(job(opts), clock, f);
    const ids = f.sheet.data().map((row) => row[0]);
    expect(edited.length).toBeGreaterThan(0);
    // Before: every edited lead was missing (it moved behind the offset before it was read).
    expect(edited.filter((id) => !ids.includes(id))).toEqual([]);
    expect(new Set(ids).size).toBe(900);
    expect(ids).toHaveLength(900);
    expect(record).toMatchObject({ done: 900, counts: { WRITTEN: 900 } });
    // One catch-up request (leads updated since the start, less the margin) after the 5 pages.
    expect(crm.requests.filter((r) => r.updated_since !== undefined)).toHaveLength(1);
  });

  it('sync into an empty sheet: the edited leads are added too', () => {
    const clock = new SimClock();
    const { crm, edited } = editedDuringPass(clock, 900, 2);
    const f = fakeEnv(clock, crm);
    const opts = options({ mode: 'sync', columns: ['id', 'name'], startedAt: clock.now() });
    runToEnd(job(opts), clock, f);
    const rows = f.sheet.data();
    expect(rows).toHaveLength(900);
    for (const id of edited) {
      expect(rows.find((row) => row[0] === id)?.[1]).toBe(`Lead ${id} (editado)`);
    }
  });
});

describe('exportStep, sync mode with staleRows', () => {
  it('marks stale rows after a pass answered in one request (a snapshot)', () => {
    const clock = new SimClock();
    const sheet = new GridSheet([
      ['id', 'name'],
      [1, 'Lead 1'],
      [999, 'Sumiu'],
    ]);
    const f = fakeEnv(clock, new FakeLeadList(leads(150)), sheet);
    const opts = options({ mode: 'sync', columns: ['id', 'name'], staleRows: 'mark' });
    const record = runToEnd(job(opts), clock, f);
    expect(f.crm.requests).toHaveLength(1);
    expect(f.sheet.grid[2]).toEqual([999, 'Sumiu', 'GONE']);
    expect(record.message).toMatch(/1 marked GONE\.$/);
  });

  it('keeps the rows and says so when no pass is one snapshot (the CRM keeps changing)', () => {
    const clock = new SimClock();
    const sheet = new GridSheet([
      ['id', 'name'],
      [1, 'Lead 1'],
      [999, 'Sumiu'],
    ]);
    // 450 leads, and this CRM ignores updated_since: every catch-up takes three requests.
    const crm = new FakeLeadList(leads(450));
    crm.ignoresUpdatedSince = true;
    const f = fakeEnv(clock, crm, sheet);
    const opts = options({ mode: 'sync', columns: ['id', 'name'], staleRows: 'delete' });
    const record = runToEnd(job(opts), clock, f);
    expect(f.crm.requests.filter((r) => r.updated_since !== undefined)).toHaveLength(3 * 3);
    expect(f.sheet.grid.map((row) => row[0])).toContain(999);
    expect(record.counts.DELETED ?? 0).toBe(0);
    expect(record.message).toMatch(/ 1 row whose lead was not read was kept: .* sync again/);
  });
});

describe('exportStep, sync mode', () => {
  it('updates rows by id in the user’s column order, appends new leads, keeps other columns', () => {
    const clock = new SimClock();
    const sheet = new GridSheet([
      ['Nota', 'name', 'id', 'value'],
      ['minha', 'Lead 1', 1, 10],
      ['', 'velho', 2, 0],
      ['outra', 'Lead 3', 3, 30],
    ]);
    const changed = [lead(2), lead(1), lead(4)];
    const f = fakeEnv(clock, new FakeLeadList(changed), sheet);
    const record = runToEnd(
      job(options({ mode: 'sync', columns: ['id', 'name', 'value', 'tags'] })),
      clock,
      f,
    );
    expect(f.sheet.reads).toBe(1);
    expect(f.sheet.readTable()).toEqual({
      header: ['Nota', 'name', 'id', 'value', 'tags'],
      rows: [
        ['minha', 'Lead 1', 1, 10, ''],
        ['', 'Lead 2', 2, 20, 'vip'],
        ['outra', 'Lead 3', 3, 30, ''],
        ['', 'Lead 4', 4, 40, 'vip'],
      ],
    });
    expect(record.counts).toEqual({ UPDATED: 1, ADDED: 1, UNCHANGED: 1 });
    expect(record.message).toBe('Synced "Leads": 1 row updated, 1 added, 1 unchanged.');
  });

  it('a repeated page after a kill changes nothing more', () => {
    const clock = new SimClock();
    const f = fakeEnv(clock, new FakeLeadList(leads(3)));
    const opts = options({ mode: 'sync', columns: ['id', 'name'] });
    const saved = job(opts);
    f.sheet.failAfterApply = 1;
    expect(() => exportStep(structuredClone(saved), ctx(clock), f.env)).toThrow('killed');
    const record = runToEnd(saved, clock, f);
    expect(f.sheet.data()).toEqual(leads(3).map((l) => [l.id, l.name]));
    expect(record.counts).toEqual({ UPDATED: 0, ADDED: 0, UNCHANGED: 3 });
  });
});

describe('exportStep errors', () => {
  type Case = [string, unknown[], 'pause' | 'fail' | 'yield', RegExp];
  const CASES: Case[] = [
    [
      '401',
      [new AuthError('API Key inválida.', { status: 401 })],
      'pause',
      /refused the API key \(API Key inválida\.\)\. Open CRM → Settings/,
    ],
    [
      '403 scope',
      [
        new ForbiddenError('API Key sem permissão para esta operação.', {
          status: 403,
          requiredPermission: 'leads:read',
        }),
      ],
      'pause',
      /lacks the scope leads:read/,
    ],
    [
      '403 suspended',
      [new ForbiddenError('Conta inativa.', { status: 403 })],
      'pause',
      /account is suspended \(Conta inativa\.\)/,
    ],
    [
      '502 three times',
      Array.from(
        { length: 3 },
        () =>
          new ProviderError('Provedor retornou erro: down', {
            status: 502,
            raw: { code: 131000 },
          }),
      ),
      'fail',
      /page 1 of the lead list after 3 attempts: Provedor retornou erro: down \(\{"code":131000\}\)/,
    ],
    [
      '422',
      [
        new ValidationError('Dados inválidos.', {
          status: 422,
          fieldErrors: { status: ['Use open, won, lost.'] },
        }),
      ],
      'fail',
      /The CRM refused page 1 of the lead list: Dados inválidos\. status: Use open, won, lost\./,
    ],
    [
      '429 on every try',
      Array.from(
        { length: 3 },
        () => new RateLimitError('Limite.', { status: 429, retryAfterSeconds: 40 }),
      ),
      'yield',
      /rate limit/,
    ],
  ];

  it.each(CASES)('%s', (_name, failures, control, message) => {
    const clock = new SimClock();
    const crm = new FakeLeadList(leads(5));
    crm.failures = [...failures];
    const f = fakeEnv(clock, crm);
    const record = job(options());
    let thrown: unknown;
    try {
      exportStep(record, ctx(clock), f.env);
    } catch (error) {
      thrown = error;
    }
    expect(jobControlOf(thrown)).toBe(control);
    expect((thrown as Error).message).toMatch(message);
    expect(f.sheet.writes).toBe(0);
  });

  it('a 502 then success: retried after a back-off, no failure', () => {
    const clock = new SimClock();
    const crm = new FakeLeadList(leads(5));
    crm.failures = [new ProviderError('Provedor retornou erro: x', { status: 502 })];
    const f = fakeEnv(clock, crm);
    const before = clock.peek();
    expect(exportStep(job(options()), ctx(clock), f.env)).toEqual({ status: 'finished' });
    expect(crm.requests.length).toBe(2);
    expect(clock.peek() - before).toBeGreaterThanOrEqual(1_000);
  });
});

describe('the export handler in the job engine', () => {
  it('exports 1,000 leads across slices at the rate limit, each lead once', () => {
    const clock = new SimClock();
    const crm = new FakeLeadList(leads(1_000));
    const f = fakeEnv(clock, crm);
    // Each request takes 20 s, so a 60-second slice fits two pages.
    const slowList = crm.list;
    f.env.listLeads = (filters) => {
      clock.advance(20_000);
      return slowList(filters);
    };
    const deps = {
      store: createJobStore(new MemoryKeyValueStore()),
      clock,
      mutex: new SharedLock(clock).handle(),
    };
    const handler = createExportJobHandler(() => f.env);
    const created = createJob(deps, {
      kind: EXPORT_JOB_KIND,
      options: options(),
      cursor: FIRST_CURSOR,
      statuses: exportStatuses('replace'),
    });
    let slices = 0;
    while (slices < 20) {
      slices++;
      if (!runSlice(deps, [handler], { budgetMs: 60_000 }).moreWork) break;
    }
    expect(slices).toBeGreaterThan(1);
    const done = deps.store.get(created.jobId);
    expect(done).toMatchObject({ state: 'done', done: 1_000, total: 1_000 });
    // Five pages of 200, and a sixth: each window re-reads the lead at its edge (199 new each);
    // then one catch-up request for the leads changed since the start.
    expect(crm.requests.length).toBe(7);
    expect(f.sheet.data().map((row) => row[0])).toEqual(leads(1_000).map((l) => l.id));
  });

  it('refuses options saved by another version', () => {
    const clock = new SimClock();
    const f = fakeEnv(clock, new FakeLeadList([]));
    const bad = { ...job(options()), options: { sheet: 'Leads' } };
    expect(() => exportStep(bad, ctx(clock), f.env)).toThrow(/another version of the add-on/);
  });

  it('says so in the job’s language (the Jobs sidebar shows the message as it is)', () => {
    const clock = new SimClock();
    const f = fakeEnv(clock, new FakeLeadList([]));
    const bad = { ...job(options()), options: { sheet: 'Leads' }, locale: 'pt' as const };
    expect(() => exportStep(bad, ctx(clock), f.env)).toThrow(/outra versão do complemento/);
  });
});
