import { describe, expect, it } from 'vitest';
import {
  type CostOptions,
  createGasRuntime,
  createSimulatedClock,
  DEFAULT_START_TIME,
  type GasRuntimeOptions,
  type InProcessFetch,
  LATENCY_PROFILES,
  quotaMessage,
} from './index';

const code = `
  function read(rows, cols) { return SpreadsheetApp.getActiveSheet().getRange(1, 1, rows, cols).getValues().length; }
  function write(rows, cols) {
    var data = []; for (var r = 0; r < rows; r++) { var line = []; for (var c = 0; c < cols; c++) line.push(r * cols + c); data.push(line); }
    SpreadsheetApp.getActiveSheet().getRange(1, 1, rows, cols).setValues(data);
  }
  function one() { return SpreadsheetApp.getActiveSheet().getRange(1, 1).getValue(); }
  function flush() { SpreadsheetApp.flush(); }
  function get(url) { return UrlFetchApp.fetch(url).getResponseCode(); }
  function all(urls) { return UrlFetchApp.fetchAll(urls).map(function (r) { return r.getResponseCode(); }); }
  function props(n) { var p = PropertiesService.getUserProperties(); for (var i = 0; i < n; i++) p.setProperty('k' + (i % 10), 'v'); }
  function after(ms) { ScriptApp.newTrigger('tick').timeBased().after(ms).create(); }
  function every() { ScriptApp.newTrigger('tick').timeBased().everyMinutes(5).create(); }
  function tick() {}`;

/** A runtime whose fetches answer 200 and note the clock when the "server" sees them. */
function world(costs: CostOptions = {}, extra: Partial<GasRuntimeOptions> = {}) {
  const clock = createSimulatedClock();
  const seenAt: Array<{ url: string; at: number }> = [];
  const fetch: InProcessFetch = (request) => {
    seenAt.push({ url: request.url, at: clock.now() });
    return { status: 200, headers: {}, body: '{}' };
  };
  const runtime = createGasRuntime({ code, clock, fetch, costs, ...extra });
  return { runtime, clock, seenAt };
}

const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://crm.example/r/${i}`);

describe('realistic cost model: SpreadsheetApp', () => {
  it('is the default: typical profile, 30 ms a round trip', () => {
    const { runtime } = world();
    expect(runtime.costs).toMatchObject({
      model: 'realistic',
      profile: 'typical',
      sheetCallMs: 30,
    });
    // getActiveSheet, getRange, getValue: three round trips; one cell adds nothing measurable.
    expect(runtime.run('one').durationMs).toBe(3 * 30);
  });

  it('charges a range read or write its round trip plus 10 µs a cell, and counts the cells', () => {
    const { runtime } = world({ profile: 'fast' });
    const read = runtime.run('read', 1_000, 20);
    expect(read.durationMs).toBe(3 * 5 + 1_000 * 20 * 0.01);
    const written = runtime.run('write', 100, 10);
    expect(written.durationMs).toBe(3 * 5 + 100 * 10 * 0.01);
    expect(runtime.stats).toMatchObject({ cellsRead: 20_000, cellsWritten: 1_000 });
  });

  it('charges a flush four round trips and counts it', () => {
    const { runtime } = world({ profile: 'slow' });
    expect(runtime.run('flush').durationMs).toBe(4 * 60);
    expect(runtime.stats.flushes).toBe(1);
  });

  it('the fixed model keeps the original costs: 5 ms any call, cells and flush free', () => {
    const { runtime } = world({ model: 'fixed' });
    expect(runtime.run('read', 1_000, 20).durationMs).toBe(15);
    expect(runtime.run('flush').durationMs).toBe(5);
    expect(runtime.stats.cellsRead).toBe(20_000);
  });
});

describe('realistic cost model: UrlFetchApp', () => {
  it.each(Object.entries(LATENCY_PROFILES))(
    'draws each %s latency from the profile, with seeded jitter',
    (profile, { fetchMs }) => {
      const durations = (seed: number) => {
        const { runtime } = world({ profile: profile as never, seed });
        return urls(20).map((url) => runtime.run('get', url).durationMs);
      };
      const first = durations(7);
      for (const d of first) {
        expect(d).toBeGreaterThanOrEqual(fetchMs.min);
        expect(d).toBeLessThanOrEqual(fetchMs.max);
      }
      expect(durations(7)).toEqual(first);
      if (fetchMs.max > fetchMs.min) expect(new Set(first).size).toBeGreaterThan(10);
    },
  );

  it('a request reaches the server at its own instant inside its latency, logged as arrivedAt', () => {
    const { runtime, seenAt } = world({ profile: 'slow', seed: 3 });
    runtime.run('get', 'https://crm.example/one');
    const [entry] = runtime.requests;
    expect(entry?.arrivedAt).toBe(seenAt[0]?.at);
    expect(entry?.arrivedAt).toBeGreaterThanOrEqual(entry?.time ?? Number.NaN);
    expect(entry?.arrivedAt).toBeLessThanOrEqual((entry?.time ?? 0) + (entry?.durationMs ?? 0));
  });

  it('fetchAll sends together, delivers in arrival order at each arrival instant, and costs its slowest request', () => {
    const { runtime, seenAt, clock } = world({ profile: 'verySlow', seed: 11 });
    const sentAt = clock.now();
    const result = runtime.run('all', urls(10));
    expect(result.value).toEqual(urls(10).map(() => 200));
    const log = runtime.requests;
    expect(log.map((r) => r.time)).toEqual(log.map(() => sentAt));
    // Each request was seen by the server when the log says it arrived.
    const seen = new Map(seenAt.map((s) => [s.url, s.at]));
    for (const r of log) expect(r.arrivedAt).toBe(seen.get(r.url));
    // The server saw them in arrival order, not in the order they were listed.
    const arrivals = seenAt.map((s) => s.at);
    expect(arrivals).toEqual([...arrivals].sort((a, b) => a - b));
    expect(seenAt.map((s) => s.url)).not.toEqual(urls(10));
    expect(new Set(arrivals).size).toBeGreaterThan(5);
    expect(result.durationMs).toBe(Math.max(...log.map((r) => r.durationMs)));
    expect(result.durationMs).toBeLessThanOrEqual(4_000);
  });

  it('the fixed model delivers every request when it is sent', () => {
    const { runtime, seenAt, clock } = world({ model: 'fixed', fetchMs: 300 });
    const sentAt = clock.now();
    runtime.run('all', urls(3));
    expect(seenAt.map((s) => s.at)).toEqual([sentAt, sentAt, sentAt]);
    expect(runtime.requests.map((r) => r.arrivedAt)).toEqual([sentAt, sentAt, sentAt]);
  });
});

describe('daily quotas', () => {
  it('counts every request of a fetchAll; past the daily quota UrlFetchApp throws, and sends nothing', () => {
    const { runtime, seenAt } = world(
      { model: 'fixed', fetchMs: 0 },
      { quotas: { properties: 10, urlfetch: 5 } },
    );
    runtime.runOrThrow('all', urls(4));
    expect(runtime.run('all', urls(2)).error?.message).toBe(
      'Service invoked too many times for one day: urlfetch.',
    );
    expect(seenAt).toHaveLength(4); // the refused batch sent nothing
    runtime.runOrThrow('get', 'https://crm.example/last');
    expect(runtime.run('get', 'https://crm.example/over').error?.message).toBe(
      quotaMessage('urlfetch'),
    );
    expect(runtime.quotaUsed('urlfetch')).toBe(5);
    expect(runtime.stats.urlFetchCalls).toBe(5);
    // The day is the user's: it starts at their first call and ends 24 hours later.
    runtime.advance(24 * 3_600_000);
    expect(runtime.run('get', 'https://crm.example/next-day').ok).toBe(true);
  });

  it('counts Properties reads and writes, not getting a store; consumer accounts get 50,000', () => {
    const { runtime } = world();
    runtime.runOrThrow('props', 49_999);
    expect(runtime.stats.propertiesCalls).toBe(49_999);
    expect(runtime.run('props', 2).error?.message).toBe(
      'Service invoked too many times for one day: properties.',
    );
    expect(runtime.quotaUsed('properties')).toBe(50_000);
    expect(runtime.quotaUsed('properties', 'someone-else@example.com')).toBe(0);
  });
});

describe('late one-off triggers', () => {
  const fireTimes = (costs: CostOptions) => {
    const { runtime } = world(costs);
    for (let i = 0; i < 20; i++) runtime.runOrThrow('after', 10_000);
    return runtime.triggers().map((t) => (t.nextFireAt ?? 0) - DEFAULT_START_TIME);
  };

  it('fire late by a seeded draw of up to 60 s by default', () => {
    const times = fireTimes({ seed: 5 });
    for (const t of times) {
      expect(t).toBeGreaterThanOrEqual(10_000);
      expect(t).toBeLessThanOrEqual(70_000);
    }
    expect(new Set(times).size).toBeGreaterThan(10);
    expect(fireTimes({ seed: 5 })).toEqual(times);
    expect(fireTimes({ seed: 6 })).not.toEqual(times);
  });

  it('fire late by up to the configured delay, or on time with the fixed model', () => {
    for (const t of fireTimes({ oneOffTriggerMaxDelayMs: 5_000 }))
      expect(t).toBeLessThanOrEqual(15_000);
    expect(new Set(fireTimes({ model: 'fixed' }))).toEqual(new Set([10_000]));
  });

  it('recurring triggers keep their schedule; trigger executions and their runtime are counted', () => {
    const { runtime } = world();
    runtime.runOrThrow('every');
    runtime.runOrThrow('after', 1_000);
    runtime.runUntilIdle({ maxSimulatedMs: 10 * 60_000 });
    expect(
      runtime.executions
        .filter((e) => e.kind === 'trigger')
        .map((e) => e.startedAt - DEFAULT_START_TIME),
    ).toContain(5 * 60_000);
    expect(runtime.stats.triggerExecutions).toBe(3);
    expect(runtime.stats.triggerRuntimeMs).toBe(
      runtime.executions
        .filter((e) => e.kind === 'trigger')
        .reduce((sum, e) => sum + e.durationMs, 0),
    );
  });
});
