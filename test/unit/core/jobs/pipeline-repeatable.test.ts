/**
 * The planned walk with a repeatable kind (pipeline/repeatable.ts) knows nothing of leads: a
 * toy kind whose record is its sheet ("stamp each key once, STAMPED in its row") walks an
 * in-memory sheet a window at a time, writes the rows that cost nothing by position, sends the
 * rest in batches, places each status on the row its key is on now whatever a sort did, and
 * ends after a whole read.
 */
import { describe, expect, it } from 'vitest';
import type { CrmApi, CrmClient, Settled } from '../../../../src/api';
import { translator } from '../../../../src/core/i18n';
import type { StepContext } from '../../../../src/core/jobs/engine';
import type { PlannedRead } from '../../../../src/core/jobs/pipeline/planned/types';
import {
  type KeyedScanTypes,
  repeatableStep,
  SCAN_BATCH_ROWS,
  SCAN_WINDOW_ROWS,
} from '../../../../src/core/jobs/pipeline/repeatable';
import type { KeyedRow, ScanKind } from '../../../../src/core/jobs/pipeline/scan/types';
import { endOfWindow, isWholeRead } from '../../../../src/core/jobs/pipeline/window';
import type { JobRecord } from '../../../../src/core/jobs/record';
import type { RowWindow } from '../../../../src/core/jobs/row-job';
import { SimClock } from './fakes';
import { freePacer } from './toy-pipeline';

/** A read of the toy sheet: rows are [key, status]. */
interface ToyRead extends PlannedRead {
  rows: [string, string][];
}
interface ToyKeyed extends KeyedRow<string> {
  key: string;
}
interface ToyTypes extends KeyedScanTypes {
  read: ToyRead;
  decision: string;
  request: string;
  outcome: string;
  keyed: ToyKeyed;
}

function toySheet(keys: string[]) {
  const grid: [string, string][] = keys.map((k) => [k, '']);
  const reads: (RowWindow | undefined)[] = [];
  const read = (window?: RowWindow): ToyRead => {
    reads.push(window);
    const keysOf = (rows: [string, string][]) => rows.map(([key]) => key || undefined);
    if (!window) {
      const rows = grid.map((r): [string, string] => [...r]);
      return { offset: 0, complete: true, rows, keys: keysOf(rows) };
    }
    const rows = grid
      .slice(window.first, window.first + window.count)
      .map((r): [string, string] => [...r]);
    const complete = !window.uncut && window.first + window.count >= grid.length;
    return { offset: window.first, complete, rows, keys: keysOf(rows) };
  };
  return { grid, reads, read };
}

function toyKind(sheet: ReturnType<typeof toySheet>, dryRun = false): ScanKind<ToyTypes> {
  const counts = (read: ToyRead) => {
    const done = read.rows.filter(([k, s]) => k && s).length;
    return { total: read.rows.filter(([k]) => k).length, done, counts: { STAMPED: done } };
  };
  return {
    dryRun,
    read: sheet.read,
    isBlank: (read, index) => !read.rows[index]?.[0],
    split(read) {
      const free: { index: number; outcome: string }[] = [];
      const toSend: { index: number; decision: string }[] = [];
      read.rows.forEach(([key, status], index) => {
        if (!key || status) return;
        if (key.startsWith('bad')) free.push({ index, outcome: 'INVALID' });
        else toSend.push({ index, decision: key });
      });
      return { free, toSend };
    },
    write(read, outcomes) {
      for (const { index, outcome } of outcomes) {
        const row = sheet.grid[read.offset + index];
        if (row) row[1] = outcome;
        const seen = read.rows[index];
        if (seen) seen[1] = outcome;
      }
      return outcomes.length;
    },
    counts,
    recordFree: () => () => {},
    reads: { unknown: () => 0, learn: () => {} },
    decide: ({ decision }) => (dryRun ? { outcome: 'VALID' } : { request: decision }),
    keyed: ({ index, decision }, outcome) => ({ hintIndex: index, outcome, key: decision }),
    call: (key) => (api) => (api as unknown as { stamp(k: string): unknown }).stamp(key),
    repeatable: () => true,
    readAnswer: (_row, _key, answer) => (answer.ok ? { outcome: 'STAMPED' } : undefined),
    locate(fresh, keyed) {
      const placed = keyed.flatMap((k) => {
        const index = fresh.rows.findIndex(([key]) => key === k.key);
        return index < 0 ? [] : [{ index, outcome: k.outcome, key: k.key }];
      });
      return { placed, unplaced: keyed.length - placed.length };
    },
    beforePlace: () => {},
    afterPlace: () => {},
    sameRows: (before, after, indices) =>
      indices.every((i) => before.rows[i]?.[0] === after.rows[i]?.[0]),
    endCheck: () => ({ read: sheet.read(), repaired: 0 }),
    save: () => {},
    message: (finished) => (finished ? 'finished' : 'going on'),
  };
}

function walker(
  kind: ScanKind<ToyTypes>,
  between?: () => void,
  duringStamp?: (key: string) => void,
) {
  const stamps = new Map<string, number>();
  const api = {
    stamp: (key: string) => {
      duringStamp?.(key);
      return stamps.set(key, (stamps.get(key) ?? 0) + 1);
    },
  };
  const client = {
    all: <T>(calls: ReadonlyArray<(a: CrmApi) => T>): Settled<T>[] =>
      calls.map((call) => ({ ok: true, value: call(api as unknown as CrmApi) })),
  } as unknown as CrmClient;
  const clock = new SimClock();
  const pacer = freePacer(clock);
  const job = { jobId: 'j', counts: {}, cursor: null, total: 0, done: 0 } as unknown as JobRecord;
  const ctx: StepContext = { clock, deadline: clock.now() + 1e9, latestStartAt: clock.now() + 1e9 };
  const t = translator('en');
  const run = { client, pacer, t, noSlotWords: () => '' };
  let steps = 0;
  for (; steps < 100; steps++) {
    if (repeatableStep(job, ctx, kind, run).status === 'finished') return { stamps, job, steps };
    between?.();
  }
  throw new Error('no end');
}

describe('the planned walk with a repeatable toy kind', () => {
  it('stamps every key once, a batch at a time, each status on its own row after sorts', () => {
    const keys = Array.from({ length: 3 * SCAN_WINDOW_ROWS }, (_, i) =>
      i % 7 === 3 ? `bad${i}` : `k${i}`,
    );
    const sheet = toySheet(keys);
    const { stamps, job } = walker(toyKind(sheet), () => sheet.grid.reverse());
    expect(stamps.size).toBe(keys.filter((k) => !k.startsWith('bad')).length);
    expect([...stamps.values()].every((n) => n === 1)).toBe(true);
    for (const [key, status] of sheet.grid)
      expect(status).toBe(key.startsWith('bad') ? 'INVALID' : 'STAMPED');
    expect(job.message).toBe('finished');
    // Reads are windows where the scan goes on, not the whole sheet at every step.
    const windows = sheet.reads.filter((w) => w !== undefined);
    expect(windows.length).toBeGreaterThan(0);
    expect(windows.every((w) => (w?.count ?? 0) <= SCAN_WINDOW_ROWS || w?.uncut)).toBe(true);
  });

  it('ends only once the rows that cost nothing are written, a batch read whole included', () => {
    const sheet = toySheet(['k0', 'k1']);
    // While the batch is out, a person deletes k0's row and adds an invalid row: the batch's
    // statuses are placed in a whole read, which holds that row still to write.
    const { job } = walker(toyKind(sheet), undefined, (key) => {
      if (key !== 'k1' || sheet.grid.some(([k]) => k === 'bad')) return;
      sheet.grid.splice(0, 1);
      sheet.grid.push(['bad', '']);
    });
    expect(job.message).toBe('finished');
    expect(sheet.grid).toEqual([
      ['k1', 'STAMPED'],
      ['bad', 'INVALID'],
    ]);
  });

  it('a dry run decides every row in one step and sends nothing', () => {
    const keys = Array.from({ length: 2 * SCAN_BATCH_ROWS + 3 }, (_, i) => `k${i}`);
    const sheet = toySheet(keys);
    const { stamps, steps } = walker(toyKind(sheet, true));
    expect(steps).toBe(0);
    expect(stamps.size).toBe(0);
    expect(sheet.grid.every(([, status]) => status === 'VALID')).toBe(true);
  });

  it('takes only kinds whose requests may be repeated: the sheet is no record to settle by', () => {
    const sheet = toySheet(['a']);
    // @ts-expect-error a kind whose requests must not be repeated walks the ledger (pipeline/ledger/walk.ts)
    const kind: ScanKind<ToyTypes> = { ...toyKind(sheet), repeatable: () => false };
    expect(kind.repeatable('a')).toBe(false);
  });
});

describe('where a windowed scan goes on', () => {
  const read = (offset: number, rows: [string, string][], complete = false): ToyRead => ({
    offset,
    complete,
    rows,
    keys: rows.map(([key]) => key),
  });
  const blank = (r: ToyRead, i: number) => !r.rows[i]?.[0];
  it('below a window, nowhere after the last row or a blank one', () => {
    expect(endOfWindow(read(40, [['a', '']]), blank)).toBe(41);
    expect(endOfWindow(read(40, [['a', '']], true), blank)).toBeUndefined();
    expect(endOfWindow(read(40, [['', '']]), blank)).toBeUndefined();
    expect(isWholeRead(read(0, [], true))).toBe(true);
    expect(isWholeRead(read(40, [], true))).toBe(false);
  });
});
