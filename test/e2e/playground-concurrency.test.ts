import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigSheetRows, demoWorkbook, LEADS_HEADERS } from '../../scripts/playground/demo-workbook';
import { createScheduler, MAX_NESTING, type Task } from '../../scripts/playground/scheduler';
import { type Playground, startPlayground } from '../../scripts/playground/server';
import { localeOf, translator } from '../../src/core/i18n';
import { prng } from './playground-random';

/** The demo spreadsheet's language: its menu's captions and sidebar titles. */
const t = translator(localeOf(demoWorkbook().locale));

describe('playground scheduler: requests nested into a running execution', () => {
  const SEEDS = 300;

  it(`runs every request once, never a 'wait' one nested, in arrival order, nested at most ${MAX_NESTING} deep (${SEEDS} seeds)`, async () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const random = prng(seed);
      const arrivals: Task[] = [];
      const started: number[] = [];
      const kinds = new Map<number, Task['nested']>();
      const finished = new Set<number>();
      let depth = 0;
      let maxDepth = 0;
      let nextId = 0;
      const failures: string[] = [];

      const makeTask = (): Task & { id: number } => {
        const id = nextId++;
        const nested = random() < 0.25 ? 'wait' : 'allowed';
        // Some requests are executions that reach UrlFetchApp calls (yield points).
        const yields = random() < 0.5 ? Math.floor(random() * 4) : 0;
        kinds.set(id, nested);
        return {
          id,
          nested,
          run() {
            if (nested === 'wait' && scheduler.nested) failures.push(`wait task ${id} ran nested`);
            started.push(id);
            depth++;
            maxDepth = Math.max(maxDepth, depth);
            for (let i = 0; i < yields; i++) {
              if (nextId < 40 && random() < 0.6) {
                const count = 1 + Math.floor(random() * 3);
                for (let k = 0; k < count; k++) arrivals.push(makeTask());
              }
              scheduler.yieldPoint();
            }
            depth--;
            finished.add(id);
          },
        };
      };
      const scheduler = createScheduler(() => arrivals.splice(0));
      // Requests that come while nothing runs: each is numbered as it arrives.
      const initial = 1 + Math.floor(random() * 3);
      for (let k = 0; k < initial; k++) scheduler.submit(makeTask());
      await new Promise((resolve) => setImmediate(resolve));
      await scheduler.idle();

      const context = `seed ${seed}`;
      expect(failures, context).toEqual([]);
      expect(started.length, context).toBe(nextId);
      expect(new Set(started).size, context).toBe(nextId);
      expect(finished.size, context).toBe(nextId);
      // Tasks are numbered in arrival order; 'allowed' ones may overtake a waiting 'wait' one.
      for (const kind of ['allowed', 'wait'] as const) {
        const order = started.filter((id) => kinds.get(id) === kind);
        expect(order, `${context}, ${kind}`).toEqual([...order].sort((a, b) => a - b));
      }
      expect(maxDepth, context).toBeLessThanOrEqual(MAX_NESTING + 1);
    }
  });

  it('starts requests in arrival order when none must wait', () => {
    const order: string[] = [];
    const pending: Task[] = [];
    const scheduler = createScheduler(() => pending.splice(0));
    const task = (name: string, during?: () => void): Task => ({
      nested: 'allowed',
      run() {
        order.push(`${name}>`);
        during?.();
        order.push(`<${name}`);
      },
    });
    scheduler.submit(
      task('long', () => {
        pending.push(task('a'), task('b'));
        scheduler.yieldPoint();
        pending.push(task('c'));
        scheduler.yieldPoint();
      }),
    );
    expect(order).toEqual(['long>', 'a>', '<a', 'b>', '<b', 'c>', '<c', '<long']);
  });

  it("keeps a 'wait' request (firing triggers) until the running execution ends", () => {
    const order: string[] = [];
    const pending: Task[] = [];
    const scheduler = createScheduler(() => pending.splice(0));
    scheduler.submit({
      nested: 'allowed',
      run() {
        order.push('long>');
        pending.push(
          {
            nested: 'wait',
            run: () => {
              order.push(`triggers (nested: ${scheduler.nested})`);
            },
          },
          { nested: 'allowed', run: () => order.push('state') },
        );
        scheduler.yieldPoint();
        order.push('<long');
      },
    });
    expect(order).toEqual(['long>', 'state', '<long', 'triggers (nested: false)']);
  });
});

/**
 * A client on its own thread: the test's thread owns the runtime and is blocked during an
 * execution, exactly like the playground's; the client measures from outside.
 */
const CLIENT_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, sheet, jobsMenu } = workerData;
const t0 = Date.now();
const at = () => Date.now() - t0;
const post = (path, body) => fetch(new URL(path, url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
const state = (name) => fetch(new URL('/state?sheet=' + encodeURIComponent(name), url)).then((r) => r.json());
(async () => {
  const log = {};
  const importing = post('/run', { fn: 'crmImportLeads', args: [{ sheet }] }).then((value) => { log.import = { at: at(), value }; });
  for (;;) {
    const seen = await state('Export');
    if (seen.running.includes('crmImportLeads')) { log.running = { at: at(), running: seen.running }; break; }
    if (log.import) throw new Error('The import ended before any /state answer saw it running.');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const timed = async (name, work) => { const start = Date.now(); const value = await work(); log[name] = { ms: Date.now() - start, at: at(), value }; };
  await timed('state', () => state('Leads'));
  await timed('menu', () => post('/menu', { caption: jobsMenu }));
  await timed('jobs', () => post('/run', { fn: 'crmListJobs', args: [] }));
  await timed('again', () => post('/run', { fn: 'crmImportLeads', args: [{ sheet }] }));
  await timed('edit', () => post('/cell', { sheet: 'Export', a1: 'A1', input: 'typed meanwhile' }));
  await importing;
  parentPort.postMessage(log);
})().catch((error) => parentPort.postMessage({ error: String(error && error.stack || error) }));
`;

interface Timed<T = unknown> {
  ms: number;
  at: number;
  value: T;
}

describe('playground page while a long execution runs', () => {
  let playground: Playground;
  const ROWS = 120;
  const SHEET = 'Concurrent';
  let log: Record<string, Timed> & { import: { at: number; value: unknown }; error?: string };

  beforeAll(async () => {
    playground = await startPlayground({ port: 0, uiPort: 0, build: 'never' });
    playground.runtime.workbook
      .addSheet(SHEET)
      .setValues(1, 1, [[...LEADS_HEADERS], ...bigSheetRows(ROWS)]);
    const client = new Worker(CLIENT_SOURCE, {
      eval: true,
      workerData: { url: playground.url, sheet: SHEET, jobsMenu: t('menu.jobs') },
    });
    log = await new Promise((resolve, reject) => {
      client.once('message', resolve);
      client.once('error', reject);
    });
    await client.terminate();
  });
  afterAll(async () => {
    await playground?.close();
  });

  it('the client saw the import running', () => {
    expect(log.error).toBeUndefined();
    expect(log.running).toMatchObject({ running: ['crmImportLeads'] });
  });

  it.each(['state', 'menu', 'jobs', 'again', 'edit'])(
    '%s was answered while the import was still running',
    (name) => {
      const answer = log[name] as Timed;
      expect(answer.at).toBeLessThan(log.import.at);
      // At the import's next UrlFetchApp call: well under a second, even on a busy machine.
      expect(answer.ms).toBeLessThan(3_000);
    },
  );

  it('a sheet tab switch and a menu click answer as they would with nothing running', () => {
    const state = log.state as Timed<{ active: string; table: string }>;
    expect(state.value.active).toBe('Leads');
    expect(state.value.table).toContain('Fernanda Albuquerque');
    expect(log.menu?.value).toMatchObject({ ok: true, sidebar: { title: t('menu.title.jobs') } });
  });

  it('a concurrent call sees the job part-done, and a second import of the sheet is refused', () => {
    const jobs = log.jobs?.value as { ok: boolean; value: Array<{ done: number; total: number }> };
    expect(jobs.ok).toBe(true);
    expect(jobs.value[0]?.total).toBe(ROWS);
    expect(jobs.value[0]?.done).toBeLessThan(ROWS);
    expect(log.again?.value).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/is already (queued|running) on "Concurrent"/) },
    });
  });

  it('the workbook ends whole: every row upserted once, and the edit made meanwhile kept', () => {
    expect(log.import.value).toMatchObject({ ok: true, value: { state: 'done', done: ROWS } });
    const upserts = playground.sandbox
      .requests()
      .filter((r) => r.method === 'POST' && r.path.endsWith('/leads/upsert'));
    expect(upserts).toHaveLength(ROWS);
    const rows = playground.runtime.sheet(SHEET).getValues();
    const status = rows[0]?.indexOf('CRM Import Status') ?? -1;
    expect(rows.slice(1).map((row) => row[status])).toEqual(Array(ROWS).fill('CREATED'));
    expect(playground.runtime.sheet('Export').getValues()).toEqual([['typed meanwhile']]);
  });
});
