/**
 * The ledger walk (lead actions on the planned walk) killed at any call of any execution: the
 * store's writes, the sheet's writes, the requests (before they leave, or after: the answers lost
 * with the execution); answers lost at random too, and the sheet sorted between executions. The
 * engine is simulated as it is: a step's record is saved only when the step returns. A row's
 * request must not be repeated: each key is stamped at most once, every DONE row exactly once.
 * PIPELINE_KILL_SEEDS seeds (default 150); deeper with e.g. PIPELINE_KILL_SEEDS=3000.
 */
import { describe, expect, it } from 'vitest';
import type { CrmApi, CrmClient, Settled } from '../../../../src/api';
import { NetworkError } from '../../../../src/api/errors';
import type { StepContext, StepResult } from '../../../../src/core/jobs/engine';
import { Ledger } from '../../../../src/core/jobs/pipeline/ledger/ledger';
import { type LedgerRun, ledgerStep } from '../../../../src/core/jobs/pipeline/ledger/walk';
import type {
  PipelineSheet,
  SheetValues,
  WalkEntry,
} from '../../../../src/core/jobs/pipeline/types';
import type { JobRecord } from '../../../../src/core/jobs/record';
import { MemoryKeyValueStore, SimClock, seededRandom } from './fakes';
import { freePacer, stampKind } from './toy-pipeline';

const SEEDS = Number(process.env.PIPELINE_KILL_SEEDS ?? 150);

class Kill extends Error {}

/**
 * Counts calls down to a kill (undefined: no kill in this execution). A killed execution does
 * nothing more: every later call throws too (a `finally` of the walk writes nothing).
 */
class Killer {
  left: number | undefined;
  dead = false;
  arm(left: number | undefined): void {
    this.left = left;
    this.dead = false;
  }
  tick(): void {
    if (this.dead) throw new Kill('dead');
    if (this.left === undefined) return;
    this.left -= 1;
    if (this.left < 0) {
      this.dead = true;
      throw new Kill('killed');
    }
  }
}

function memorySheet(rows: unknown[][], killer: Killer): PipelineSheet & { grid: unknown[][] } {
  const grid = rows.map((r) => [...r]);
  return {
    grid,
    read: (): SheetValues => ({
      header: grid[0] ?? [],
      rows: grid.slice(1),
      display: grid.slice(1).map((r) => r.map((c) => String(c ?? ''))),
    }),
    writeRows(first, columns, written) {
      killer.tick();
      written.forEach((cells, i) => {
        const row = grid[first + 1 + i] ?? [];
        columns.forEach((c, j) => {
          row[c] = cells[j];
        });
        grid[first + 1 + i] = row;
      });
    },
    appendHeaders(headers) {
      const start = (grid[0] ?? []).length;
      grid[0] = [...(grid[0] ?? []), ...headers];
      return headers.map((_, i) => start + i);
    },
    flush() {
      killer.tick();
    },
  };
}

/** Stamps per key; each stamp's answer is lost with probability `lossRate`. */
function toyCrm(random: () => number, killer: Killer, lossRate: number) {
  const stamps = new Map<string, number>();
  const api = {
    stamp(key: string) {
      stamps.set(key, (stamps.get(key) ?? 0) + 1);
      if (random() < lossRate) throw new NetworkError('reset', { status: 0 });
      return { ok: true };
    },
    count: (key: string) => stamps.get(key) ?? 0,
  };
  const client = {
    all: <T>(calls: ReadonlyArray<(a: CrmApi) => T>): Settled<T>[] => {
      // Killed before the requests leave, or after: their answers lost with the execution.
      killer.tick();
      const answers = calls.map((call): Settled<T> => {
        try {
          return { ok: true, value: call(api as unknown as CrmApi) };
        } catch (error) {
          return { ok: false, error };
        }
      });
      killer.tick();
      return answers;
    },
  } as unknown as CrmClient;
  return { stamps, client };
}

/** One seed: executions killed at random calls until the job ends; what the CRM and sheet say. */
function runSeed(seed: number) {
  const random = seededRandom(seed);
  const killer = new Killer();
  const rows = Array.from({ length: 5 + Math.floor(random() * 90) }, (_, i) => [`k${i}`]);
  const sheet = memorySheet([['Key'], ...rows], killer);
  const crm = toyCrm(random, killer, random() * 0.3);
  const store = new MemoryKeyValueStore();
  store.beforeWrite = () => killer.tick();
  const clock = new SimClock();
  const pacer = freePacer(clock);
  // The job record as the engine saved it last (a step's changes are kept when it returns).
  let saved = JSON.stringify({ jobId: 'run-1', counts: {}, cursor: null });
  for (let execution = 0; execution < 400; execution++) {
    killer.arm(random() < 0.8 ? Math.floor(random() * 40) : undefined);
    const run: LedgerRun<WalkEntry, string> = {
      kind: stampKind(),
      ledger: new Ledger(store, 'toy.'),
      sheet,
      client: crm.client,
      pacer,
      loaded: false,
    };
    const ctx: StepContext = {
      clock,
      deadline: clock.now() + 1e9,
      latestStartAt: clock.now() + 1e9,
    };
    for (let step = 0; step < 30; step++) {
      const job = JSON.parse(saved) as JobRecord;
      let result: StepResult;
      try {
        result = ledgerStep(job, ctx, run);
      } catch (error) {
        if (error instanceof Kill) break;
        throw error;
      }
      saved = JSON.stringify(job);
      if (result.status === 'finished') return { crm, sheet, finished: true };
    }
    clock.advance(60_000);
    // A person sorts the sheet between executions.
    if (random() < 0.3) {
      const [header, ...data] = sheet.grid;
      data.sort(() => random() - 0.5);
      sheet.grid.splice(0, sheet.grid.length, header ?? [], ...data);
    }
  }
  return { crm, sheet, finished: false };
}

describe('the ledger walk killed at any call of any execution', () => {
  it(`stamps each key at most once, every DONE row exactly once, and ends (${SEEDS} seeds)`, () => {
    const bad: string[] = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      const { crm, sheet, finished } = runSeed(seed);
      if (!finished) bad.push(`${seed}: never finished`);
      const twice = [...crm.stamps].filter(([, n]) => n > 1).map(([k]) => k);
      if (twice.length > 0) bad.push(`${seed}: stamped twice ${twice.join(',')}`);
      for (const row of sheet.grid.slice(1)) {
        const n = crm.stamps.get(String(row[0])) ?? 0;
        if (row[1] === 'DONE' && n !== 1) bad.push(`${seed}: ${row[0]} DONE, stamped ${n}`);
        if (row[1] !== 'DONE' && row[1] !== 'UNCERTAIN')
          bad.push(`${seed}: ${row[0]} shows ${String(row[1])}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
