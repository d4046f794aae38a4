/**
 * The planned walk of the row pipeline knows nothing of leads or messages: a toy kind ("stamp
 * each key once, never twice: a stamp cannot be taken back") walks an in-memory sheet. A step
 * plans a batch and names it in the checkpoint; the next marks its rows SENDING and flushes
 * before anything leaves, stamps once, and places SENT by key whatever a sort did. A kill at
 * any point leaves rows that may have been stamped: the next execution settles them by asking
 * whether the key was stamped, and stamps only those that were not.
 *
 * Each safeguard of the walk is needed by some test here (checked by mutation): without the
 * recovery of the checkpoint's batch (in every execution after a kill), without the marks
 * written and flushed before the requests, or with answers placed by position or in a window
 * that lost their rows, a key is stamped twice, a row is SENT that was never stamped, or a
 * row is left to settle.
 */
import { describe, expect, it } from 'vitest';
import type { CrmApi, CrmClient, Settled } from '../../../../src/api';
import type { StepContext } from '../../../../src/core/jobs/engine';
import { jobControlOf } from '../../../../src/core/jobs/errors';
import type {
  AnsweredBatch,
  PlannedKind,
  PlannedRead,
  PlannedTypes,
  Written,
} from '../../../../src/core/jobs/pipeline/planned/types';
import { plannedStep } from '../../../../src/core/jobs/pipeline/planned/walk';
import type { JobRecord } from '../../../../src/core/jobs/record';
import type { RowWindow } from '../../../../src/core/jobs/row-job';
import type { Pacer } from '../../../../src/core/pacing';
import { SimClock, SimulatedKill } from './fakes';

type Row = [string, string];
interface ToyRead extends PlannedRead {
  rows: Row[];
  keys: string[];
}
interface ToyCursor {
  scan?: number;
  planned: { key: string; at: number }[];
  plannedAt?: number;
  /** Keys that may have been stamped, to settle. */
  unsure: string[];
}
type ToyNext =
  | { kind: 'send'; rows: { key: string; at: number }[] }
  | { kind: 'settle'; targets: string[] }
  | { kind: 'done' };
interface ToyTypes extends PlannedTypes {
  read: ToyRead;
  free: { index: number; status: string };
  next: ToyNext;
  send: { key: string; at: number };
  marked: { index: number; key: string };
  learn: { key: string; at: number };
  settle: string;
  settled: 'sent' | 'not' | undefined;
  answered: AnsweredBatch & { keys: string[] };
  located: { indices: number[]; unplaced: number };
  cursor: ToyCursor;
}

/**
 * The in-memory world: the sheet, the stamps made, and what happened in which order. Like a
 * spreadsheet, writes are seen by the execution's reads at once but kept only once flushed (or
 * when a step ends, standing for the execution's end): a kill loses the writes not flushed.
 */
class World {
  grid: Row[];
  /** The sheet as flushed: what a killed execution leaves. */
  kept: Row[];
  stamps = new Map<string, number>();
  events: string[] = [];
  lockBusy = false;
  /** How long the pacer makes a batch wait for its slots; a pause or cancel asked for. */
  slotWaitMs = 0;
  stopAsked = false;
  /** Kill the execution when the walk sends: before any stamp, or after `n` of them. */
  killAt: { before: boolean } | { after: number } | undefined;
  /** A person's edit made while a batch's requests are out (after its first stamp). */
  during: ((world: World) => void) | undefined;
  constructor(keys: string[]) {
    this.grid = keys.map((k) => [k, '']);
    this.kept = this.grid.map((r): Row => [r[0], r[1]]);
  }
  flush(): void {
    this.kept = this.grid.map((r): Row => [r[0], r[1]]);
  }
  /** The execution dies: its writes not flushed are lost. */
  kill(): void {
    this.grid = this.kept.map((r): Row => [r[0], r[1]]);
  }
  /** A person's edit: on the sheet at once, whatever the execution flushes. */
  person(edit: (grid: Row[]) => Row[]): void {
    this.grid = edit(this.grid);
    this.kept = edit(this.kept.map((r): Row => [r[0], r[1]]));
  }
  read(window?: RowWindow): ToyRead {
    const first = window?.first ?? 0;
    const rows = (window ? this.grid.slice(first, first + window.count) : this.grid).map(
      (r): Row => [r[0], r[1]],
    );
    const complete = !window || (!window.uncut && first + window.count >= this.grid.length);
    return { offset: first, complete, rows, keys: rows.map(([k]) => k) };
  }
  write(read: ToyRead, index: number, status: string): void {
    const row = this.grid[read.offset + index];
    if (row) row[1] = status;
    const seen = read.rows[index];
    if (seen) seen[1] = status;
  }
}

/** What one execution keeps between its steps (a kill loses it). */
interface Execution {
  checked: boolean;
  next?: ToyNext;
}

function toyKind(world: World, job: JobRecord, exec: Execution): PlannedKind<ToyTypes> {
  let cursor = (job.cursor as ToyCursor | null) ?? { planned: [], unsure: [] };
  const initial = cursor;
  let wrote = false;
  const plan = (read: ToyRead, c: ToyCursor) => {
    const free = read.rows.flatMap(([key, status], index) =>
      key && status === 'SENDING' ? [{ index, status: 'UNCERTAIN' }] : [],
    );
    const rows = read.rows.flatMap(([key, status], index) =>
      key && status === '' && !c.unsure.includes(key) ? [{ key, at: read.offset + index }] : [],
    );
    const next: ToyNext =
      c.unsure.length > 0
        ? { kind: 'settle', targets: c.unsure }
        : rows.length > 0
          ? { kind: 'send', rows: rows.slice(0, 3) }
          : { kind: 'done' };
    return { free, next };
  };
  const writeBack = (read: ToyRead, c: ToyCursor): Written<ToyTypes> => ({
    read,
    next: plan(read, c).next,
    cursor: c,
  });
  const indexOf = (read: ToyRead, key: string, status: string) =>
    read.rows.findIndex(([k, s]) => k === key && s === status);
  return {
    windowRows: 4,
    lookaheadRows: 4,
    busyRetryMs: 5_000,
    takeNext() {
      const next = exec.next;
      exec.next = undefined;
      return next?.kind === 'done' ? undefined : next;
    },
    dropNext: () => {
      exec.next = undefined;
    },
    beforeScan: () => world.events.push('scan'),
    planned: () => cursor.planned,
    scanAt: () => cursor.scan,
    recovering: () => !exec.checked,
    recover(read) {
      // A planned row not waiting where it was planned may have been stamped.
      const maybe = cursor.planned
        .filter(
          ({ key, at }) =>
            read.rows[at - read.offset]?.[1] !== '' || read.keys[at - read.offset] !== key,
        )
        .map(({ key }) => key);
      cursor = { ...cursor, unsure: [...new Set([...cursor.unsure, ...maybe])] };
      exec.checked = true;
    },
    read: (_display, window) => world.read(window),
    prepare: (read) => read,
    plan: (read) => plan(read, cursor),
    writeFree(read, free, _stopAfter) {
      for (const { index, status } of free) world.write(read, index, status);
      if (free.length > 0) wrote = true;
      // A SENDING row a kill left: its key may have been stamped.
      const keys = free.map(({ index }) => read.keys[index] ?? '');
      if (keys.length > 0)
        cursor = { ...cursor, unsure: [...new Set([...cursor.unsure, ...keys])] };
      return free.length;
    },
    reread: (read) => read,
    isBlank: (read, index) => !read.keys[index],
    workOf: (next) => (next.kind === 'done' ? undefined : next),
    waitUntil: () => undefined,
    keepNext: (next) => {
      exec.next = next;
    },
    currentCursor: () => cursor,
    changed: () => cursor !== initial,
    checkpoint(c, change) {
      const planned = change.planned.map(({ key, at }) => ({ key, at }));
      const at = change.plannedAt === undefined ? {} : { plannedAt: change.plannedAt };
      if (!('scan' in change)) return { ...c, planned, ...at };
      const { scan: _scan, ...rest } = c;
      return {
        ...rest,
        ...(change.scan === undefined ? {} : { scan: change.scan }),
        planned,
        ...at,
      };
    },
    checkAtSliceEnd: (read, c) => ({ read, cursor: c }),
    count(read) {
      if (read.offset !== 0 || !read.complete) return;
      job.total = read.rows.filter(([k]) => k).length;
      job.done = read.rows.filter(([, s]) => s === 'SENT').length;
    },
    hasWritten: () => wrote,
    nothingLeft: (read, c) =>
      c.unsure.length === 0 && read.rows.every(([k, s]) => !k || s === 'SENT'),
    endCheck: () => null,
    finishRecord: (c) => c,
    message: (finished) => (finished ? 'finished' : 'going on'),
    batchSize: () => 3,
    beforeSend(rows, count) {
      if (world.lockBusy) return undefined;
      const read = world.read();
      const batch = rows
        .map(({ key }) => ({ key, index: indexOf(read, key, '') }))
        .filter(({ index }) => index >= 0)
        .slice(0, count);
      for (const { index } of batch) world.write(read, index, 'SENDING');
      wrote = batch.length > 0;
      world.flush();
      world.events.push(`flush ${batch.map(({ key }) => key).join(',')}`);
      return { read, batch, at: 0 };
    },
    busyWords: () => 'busy',
    call:
      ({ key }) =>
      (api) =>
        (api as unknown as { stamp(k: string): string }).stamp(key),
    readAnswers: (answers, batch) => ({
      keys: batch.filter((_, i) => answers[i]?.ok).map(({ key }) => key),
    }),
    locate(read, answered) {
      const indices = answered.keys.map((key) => indexOf(read, key, 'SENDING'));
      return {
        indices: indices.filter((i) => i >= 0),
        unplaced: indices.filter((i) => i < 0).length,
      };
    },
    placeAnswers(read, _answered, located) {
      for (const index of located.indices) world.write(read, index, 'SENT');
      wrote ||= located.indices.length > 0;
      return writeBack(read, cursor);
    },
    learnCall: () => () => undefined,
    learnt: () => undefined,
    placeSkips: (read) => writeBack(read, cursor),
    settleCall: (key) => (api) => (api as unknown as { check(k: string): boolean }).check(key),
    settleReader: () => (_key, answer) =>
      answer?.ok ? (answer.value ? 'sent' : 'not') : undefined,
    placeSettled(read, settled) {
      for (const { target, settled: said } of settled) {
        // A stamped key's row is SENT whether it still shows its mark or a person cleared it.
        let index = indexOf(read, target, 'UNCERTAIN');
        if (index < 0 && said === 'sent') index = indexOf(read, target, '');
        if (index >= 0) world.write(read, index, said === 'sent' ? 'SENT' : '');
      }
      const done = new Set(settled.map(({ target }) => target));
      cursor = { ...cursor, unsure: cursor.unsure.filter((k) => !done.has(k)) };
      wrote = true;
      return writeBack(read, cursor);
    },
    endStep: () => {},
  };
}

/** Steps the job to its end; a kill restarts the execution from the last checkpoint. */
function walk(
  world: World,
  between?: (step: number) => void,
  afterKill?: (world: World, checkpoint: ToyCursor | null) => void,
) {
  const clock = new SimClock();
  const api = {
    stamp: (key: string) => {
      const kill = world.killAt;
      if (kill && 'after' in kill && kill.after-- <= 0) throw new SimulatedKill('mid-batch');
      world.stamps.set(key, (world.stamps.get(key) ?? 0) + 1);
      world.events.push(`stamp ${key}`);
      const during = world.during;
      world.during = undefined;
      during?.(world);
      return key;
    },
    check: (key: string) => {
      world.events.push(`check ${key}`);
      return world.stamps.has(key);
    },
  };
  const client = {
    all: <T>(calls: ReadonlyArray<(a: CrmApi) => T>): Settled<T>[] => {
      const kill = world.killAt;
      if (kill && 'before' in kill) throw new SimulatedKill('before the batch');
      return calls.map((call) => ({ ok: true, value: call(api as unknown as CrmApi) }));
    },
  } as unknown as CrmClient;
  const released: number[] = [];
  const pacer = {
    acquireUpTo: (wanted: number) => {
      // Slots that take a while to free up: a person may pause the job meanwhile.
      if (world.slotWaitMs > 0) clock.sleep(world.slotWaitMs);
      return { count: wanted, at: clock.now() };
    },
    answered: (grant: { count: number }) => released.push(grant.count),
    reportRateLimited: () => {},
    nextSlotAt: () => clock.now(),
  } as unknown as Pacer;
  const job = { jobId: 'j', counts: {}, cursor: null, total: 0, done: 0 } as unknown as JobRecord;
  const ctx: StepContext = {
    clock,
    deadline: clock.now() + 1e9,
    latestStartAt: clock.now() + 1e9,
    stopRequested: () => world.stopAsked,
  };
  const run = { client, pacer, noSlotWords: () => 'no slot' };
  let exec: Execution = { checked: false };
  let kills = 0;
  for (let step = 0; step < 200; step++) {
    const checkpoint = job.cursor;
    try {
      const result = plannedStep(job, ctx, toyKind(world, job, exec), run);
      if (result.status === 'wait' && world.stopAsked)
        return { job, kills, released, stopped: true };
      // The step's writes are kept (an execution's end flushes them).
      world.flush();
      if (result.status === 'finished') return { job, kills, released };
    } catch (error) {
      if (jobControlOf(error) === 'yield') return { job, kills, released, yielded: error };
      if (!(error instanceof SimulatedKill)) throw error;
      // The execution dies: what it kept is lost, the job resumes from its checkpoint.
      kills += 1;
      world.killAt = undefined;
      world.kill();
      job.cursor = checkpoint;
      exec = { checked: false };
      afterKill?.(world, checkpoint as ToyCursor | null);
    }
    between?.(step);
  }
  throw new Error('no end');
}

describe('the planned walk with a toy kind', () => {
  const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);

  it('stamps every key once, marks flushed before each batch leaves, SENT on its own row after sorts', () => {
    const world = new World(keys(11));
    const { job } = walk(world, () => world.person((grid) => grid.reverse()));
    expect([...world.stamps.keys()].sort()).toEqual(keys(11).sort());
    expect([...world.stamps.values()].every((n) => n === 1)).toBe(true);
    expect(world.grid.every(([, status]) => status === 'SENT')).toBe(true);
    expect(job.message).toBe('finished');
    // Each stamp follows the flush of the marks naming its key.
    for (const [i, event] of world.events.entries()) {
      if (!event.startsWith('stamp ')) continue;
      const key = event.slice('stamp '.length);
      const flush = world.events
        .slice(0, i)
        .reverse()
        .find((e) => e.startsWith('flush '));
      expect(flush?.slice('flush '.length).split(',')).toContain(key);
    }
  });

  it('a kill before or during a batch never stamps a key twice: the next execution settles', () => {
    for (const killAt of [{ before: true }, { after: 0 }, { after: 1 }, { after: 2 }]) {
      for (const at of [0, 1, 2]) {
        const world = new World(keys(9));
        const { kills } = walk(world, (step) => {
          if (step === at) world.killAt = { ...killAt };
        });
        expect(kills).toBe(1);
        expect([...world.stamps.values()].every((n) => n === 1)).toBe(true);
        expect(world.stamps.size).toBe(9);
        expect(world.grid.every(([, status]) => status === 'SENT')).toBe(true);
      }
    }
  });

  it('a killed batch whose marks a person lost is recovered from the checkpoint, after each kill', () => {
    // After the kill, the person cuts the planned rows and pastes them at the bottom without
    // their statuses: only the checkpoint's batch tells that their keys may have been stamped.
    const lose = (world: World, checkpoint: ToyCursor | null) => {
      const planned = new Set(checkpoint?.planned.map(({ key }) => key));
      expect(planned.size).toBeGreaterThan(0);
      world.person((grid) => [
        ...grid.filter(([key]) => !planned.has(key)),
        ...grid.filter(([key]) => planned.has(key)).map(([key]): Row => [key, '']),
      ]);
    };
    for (const after of [0, 1, 2]) {
      // One kill, or two (in two executions): each execution recovers its checkpoint's batch.
      for (const at of [[0], [2], [0, 5]]) {
        const world = new World(keys(12));
        const { kills } = walk(
          world,
          (step) => {
            if (at.includes(step)) world.killAt = { after };
          },
          lose,
        );
        expect(kills, `kill after ${after} at ${at}`).toBe(at.length);
        expect([...world.stamps.values()].every((n) => n === 1)).toBe(true);
        expect(world.stamps.size).toBe(12);
        expect(world.grid.every(([, status]) => status === 'SENT')).toBe(true);
      }
    }
  });

  it("answers go to their keys' rows when a sort lands while the requests are out", () => {
    const world = new World(keys(11));
    const { job } = walk(world, () => {
      world.during = (w) => w.person((grid) => grid.reverse());
    });
    expect(world.stamps.size).toBe(11);
    expect([...world.stamps.values()].every((n) => n === 1)).toBe(true);
    expect(world.grid.every(([, status]) => status === 'SENT')).toBe(true);
    expect(job.message).toBe('finished');
    // Every answer found its row (the whole sheet when the window lost it): none left to settle.
    expect(world.events.filter((e) => e.startsWith('check '))).toEqual([]);
  });

  it('a pause asked for while a batch waits for its slots is seen before anything is marked or sent', () => {
    const world = new World(keys(3));
    const result = walk(world, (step) => {
      if (step !== 0) return;
      world.slotWaitMs = 2_000;
      world.stopAsked = true;
    });
    expect(result.stopped).toBe(true);
    expect(world.stamps.size).toBe(0);
    expect(world.events.filter((e) => e.startsWith('flush'))).toEqual([]);
    expect(world.grid.every(([, status]) => status === '')).toBe(true);
  });

  it('a busy lock sends nothing: the slots go back and the job waits', () => {
    const world = new World(keys(3));
    const result = walk(world, (step) => {
      if (step === 0) world.lockBusy = true;
    });
    expect(result.yielded).toBeDefined();
    expect(world.stamps.size).toBe(0);
    expect(result.released).toEqual([3]);
    expect(world.grid.every(([, status]) => status === '')).toBe(true);
  });
});
