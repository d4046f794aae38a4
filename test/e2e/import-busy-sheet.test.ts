/**
 * A busy sheet during an import (issue 10): people sort by different columns, insert rows at
 * the top, append and delete rows at random service calls of the import's executions, and
 * some executions are killed. Whatever happens, every status sits on the row of its own lead
 * (its CRM Lead ID names a lead with that row's e-mail), every row that stayed in the sheet is
 * finished, each e-mail has one lead, and a lead is upserted again only for a kill.
 *
 * Two ways the person works: between the import's own sheet calls only (never between its
 * locating read and its write), and at every service call, those gaps included (issue 16 item
 * 12): Sheets offers no atomic read-and-write, so a write may land on another lead's row, and
 * the job's end check puts every status back on its own row. `BUSY_SHEET_SEEDS=300` for the
 * deep run (each mode); `BUSY_SHEET_SEED=n` replays one seed and prints the sheet at the end.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../unit/core/jobs/fakes';
import {
  busySheet,
  checkBusyRun,
  createImportWorld,
  driveImport,
  type ImportWorld,
  STATUSES,
  sortingPerson,
} from './import-harness';

const HEADER = ['Nome', 'E-mail', 'Empresa'];
const ROWS = 14;
const SEEDS = Number(process.env.BUSY_SHEET_SEEDS ?? 0);
/** Chance of an edit at a service call the person may edit at. */
const EDIT_CHANCE = 0.08;
/**
 * Continuations the person works through; then they stop, and the job must end within the
 * rest of RUNS. Edits come at the job's service calls, so a job whose calls grow with its
 * sheet (a write per row a sort scattered) gets more rows the more it has: a person who never
 * stops can outgrow any job (seed 5216 reached 2,246 rows in 40 executions).
 */
const EDIT_RUNS = 16;
/** Continuations a seed gets in all. */
const RUNS = 40;

/**
 * Each way the person works. Between the import's sheet calls only: its read and the write
 * placed by it are milliseconds apart, so those gaps are left out. At every call: those gaps
 * too, with seeds of their own (import-busy-race.test.ts runs the same person from seed 1).
 */
const MODES = [
  { name: 'between the import’s sheet calls', everyCall: false, first: 1, seeds: SEEDS || 40 },
  { name: 'at every service call', everyCall: true, first: 5001, seeds: SEEDS || 16 },
];

function row(n: number): unknown[] {
  return [`Pessoa ${String(n).padStart(3, '0')}`, `p${n}@exemplo.com.br`, `Empresa ${(n * 7) % 5}`];
}

/**
 * One seed in `world`: a fresh sheet of its own (its own import memory) and an empty CRM, so
 * seeds share one runtime and stay fast.
 */
function busyRun(world: ImportWorld, seed: number, everyCall: boolean) {
  const random = seededRandom(seed);
  // Two rows share an e-mail: one of them is sent, the other is DUPLICATE.
  const rows = Array.from({ length: ROWS }, (_, i) => row(i));
  rows.push([`Pessoa copia`, 'p3@exemplo.com.br', 'Outra']);
  const sheetName = `Busy ${seed}`;
  const { model, upserts } = busySheet(world, sheetName, [HEADER, ...rows]);
  let execution = 0;
  const person = sortingPerson(model, random, row, () => execution);
  let editing = true;
  const busy = {
    // Called at every service call of the execution: a person edits the sheet now and then,
    // while the script waits on the CRM, the properties, the cache or a lock, and (everyCall)
    // between the script's own SpreadsheetApp calls, a locating read and its write.
    atServiceCall: (event: { name: string }) => {
      const sheetCall = /^(Spreadsheet|Sheet|Range)/.test(event.name);
      if (editing && (everyCall || !sheetCall) && random() < EDIT_CHANCE) person.edit();
      return false;
    },
    fn: 'crmListJobs',
  };
  const job = driveImport(world, {
    sheetName,
    importArgs: { pipeline: 'Vendas', stage: 'Novo' },
    interleave: busy,
    random,
    startKillChance: 0.9,
    runs: RUNS,
    beforeRun: (run) => {
      editing = run < EDIT_RUNS;
      if (editing && random() < 0.3) person.edit();
      execution += 1;
    },
  });
  if (!job) return undefined;
  const { addedIn, edits } = person;
  return { ...job, model, edits, upserts, addedIn, lastExecution: execution };
}

describe('an import on a busy sheet', () => {
  it.each(MODES)(
    '$name: puts every status on its own row and upserts a row again only for a kill',
    async ({ name, everyCall, first, seeds }) => {
      let totalEdits = 0;
      let totalKills = 0;
      const world = await createImportWorld({
        sheet: { header: HEADER, rows: [], expected: [], keys: [] },
      });
      const only = Number(process.env.BUSY_SHEET_SEED ?? 0);
      const list = only ? [only] : Array.from({ length: seeds }, (_, i) => first + i);
      const failures: string[] = [];
      for (const seed of list) {
        try {
          const run = busyRun(world, seed, everyCall);
          if (!run) continue; // killed before the job was created: nothing happened
          totalEdits += run.edits;
          totalKills += run.kills;
          if (only || seed === Number(process.env.BUSY_SHEET_PRINT))
            console.log(JSON.stringify(run.model.getValues()), run.kills);
          checkBusyRun(world, run, `seed ${seed}`, STATUSES);
        } catch (error) {
          failures.push(String((error as Error).message).split('\n')[0] ?? '');
        }
      }
      console.log(
        `import busy sheet, ${name}: ${failures.length} of ${list.length} seeds failed, edits ${totalEdits}, kills ${totalKills}`,
      );
      expect(failures, `${failures.length} of ${list.length} seeds`).toEqual([]);
      if (only) return;
      expect(totalEdits).toBeGreaterThan(seeds);
      // Kills land in about one seed of 15 (most executions of these small sheets end first):
      // 17 and 26 in 300 seeds.
      expect(totalKills).toBeGreaterThan(seeds / 30);
    },
    600_000,
  );
});
