/**
 * A busy sheet longer than one window during an import (issue 17: the import on the planned
 * walk). The other busy-sheet tests have at most 15 rows: one batch, one window, so a step
 * always reads and places in the whole sheet. Here the sheet holds several batches
 * (IMPORT_BATCH_ROWS) and windows (IMPORT_WINDOW_ROWS), with twin e-mails far apart (a twin
 * outside the window its row is sent from), and a person sorts, inserts, appends and deletes
 * rows at any service call of the import's executions, some of which are killed at any call.
 * Whatever happens, every status sits on its own lead's row, each e-mail has one lead, and a
 * lead is upserted again only for a kill; the job ends done with counts that match the sheet.
 * `IMPORT_WINDOWS_SEEDS=200` for the deep run; `IMPORT_WINDOWS_SEED=n` replays one seed.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
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
/** Three batches and two windows, and more once the person appends. */
const ROWS = Number(process.env.IMPORT_WINDOWS_ROWS ?? 64);
const SEEDS = Number(process.env.IMPORT_WINDOWS_SEEDS ?? 20);
/*
 * A defect found here, before issue 17 too (44e5b79): a status that costs no request (INVALID)
 * is written by position in the read just taken; a person who sorts or inserts between that
 * read and the write puts it on another row, a valid one, with the other row's detail, and the
 * end check kept it, so that row was never imported (twins: seeds 1015 and 1020 of the
 * default 20 failed). Now the end check clears an INVALID whose detail is another row's reason on a row whose
 * cells make a valid row (job-audit.ts checkMarked), and the row is imported.
 */
/** An edit at any service call, the import's own reads and writes included. */
const EDIT_CHANCE = 0.04;
/** Continuations the person edits through; then they stop and the job must end. */
const EDIT_RUNS = 12;
const RUNS = 60;
/** Kills: the start's at any of its calls, a continuation's at any of its first calls. */
const START_KILL_CHANCE = 0.7;
/** The start's first calls check the options and create the job: a kill there leaves nothing. */
const START_KILL_FROM = 300;
const START_KILL_CALLS = 900;
const KILL_CHANCE = 0.4;
const KILL_CALLS = 400;
/** Twins: a later row with the e-mail of an earlier one, a window or more below it. */
const TWINS: [number, number][] = [
  [3, 50],
  [25, 45],
  [41, 60],
];

function row(n: number): unknown[] {
  return [`Pessoa ${String(n).padStart(3, '0')}`, `p${n}@exemplo.com.br`, `Empresa ${(n * 7) % 5}`];
}

function busyRun(world: ImportWorld, seed: number, twins = false) {
  const random = seededRandom(seed);
  const rows = Array.from({ length: ROWS }, (_, i) => row(i));
  for (const [of, at] of TWINS) {
    if (at < rows.length) rows[at] = [`Pessoa copia ${of}`, `p${of}@exemplo.com.br`, 'Outra'];
  }
  const sheetName = `Windows ${seed}`;
  const { model, upserts } = busySheet(world, sheetName, [HEADER, ...rows]);
  let execution = 0;
  /** When each execution began (the start's is 0): which one finished the job. */
  const beganAt = [world.clock.now()];
  const sorting = sortingPerson(model, random, row, () => execution);
  /** Rows ever holding each e-mail (a twin pasted in adds one), and when odd rows appeared. */
  const rowsOf = new Map<string, number>();
  for (const line of rows) rowsOf.set(String(line[1]), (rowsOf.get(String(line[1])) ?? 0) + 1);
  let odd = 0;
  const person = {
    get edits() {
      return sorting.edits;
    },
    addedIn: sorting.addedIn,
    edit() {
      if (!twins || random() >= 0.3) return sorting.edit();
      // A twin of a row the sheet holds (a later DUPLICATE, or the owner once the other goes),
      // or a row whose e-mail is no e-mail (INVALID, written with no request), anywhere.
      const values = model.getValues();
      const at = 2 + Math.floor(random() * Math.max(1, model.lastRow() - 1));
      const of = values[1 + Math.floor(random() * Math.max(1, values.length - 1))];
      const email = random() < 0.5 && of ? String(of[1]) : `sem-email-${odd}`;
      const line = [`Pessoa extra ${odd++}`, email, 'Outra'];
      model.insertRows(at, 1);
      model.setValues(at, 1, [line]);
      // A row the sorting person added holds its e-mail once already (not counted there).
      rowsOf.set(email, email.includes('@') ? (rowsOf.get(email) ?? 1) + 1 : 1);
      sorting.addedIn.set(email, execution);
      sorting.edits += 1;
    },
  };
  let editing = true;
  /** The execution of the person's last edit: the job's counts hold once it has ended. */
  let lastEditIn = 0;
  const busy = {
    atServiceCall: () => {
      if (editing && random() < EDIT_CHANCE) {
        person.edit();
        lastEditIn = execution;
      }
      return false;
    },
    fn: 'crmListJobs',
  };
  // A kill may come at any service call: the start's (about 1,700 calls for 200 rows) and
  // each continuation's (a few hundred).
  const job = driveImport(world, {
    sheetName,
    importArgs: { pipeline: 'Vendas', stage: 'Novo' },
    interleave: busy,
    random,
    startKillChance: START_KILL_CHANCE,
    startKillAt: { from: START_KILL_FROM, calls: START_KILL_CALLS },
    continueKill: { chance: KILL_CHANCE, from: 1, calls: KILL_CALLS },
    startAttempts: 4,
    doneStartCounts: true,
    runs: RUNS,
    beforeRun: (run) => {
      editing = run < EDIT_RUNS;
      if (editing && random() < 0.3) person.edit();
      execution += 1;
      beganAt[execution] = world.clock.now();
      if (editing) lastEditIn = execution;
    },
  });
  if (!job) return undefined;
  const { addedIn, edits } = person;
  const settled = lastEditIn < execution;
  // The execution that finished the job: one killed after that goes on editing (seed 2004: a
  // start killed after the job ended, a row added after its last read), and the next one only
  // finds the job done.
  const endedAt = job.final?.updatedAt ?? Number.POSITIVE_INFINITY;
  let finishedIn = 0;
  beganAt.forEach((at, i) => {
    if (at <= endedAt) finishedIn = i;
  });
  return { ...job, model, edits, upserts, addedIn, lastExecution: finishedIn, settled, rowsOf };
}

/** The job's counts against the statuses on the sheet once it is done. */
function checkCounts(values: unknown[][], sheetName: string, final: JobSummary | undefined) {
  const header = values[0] ?? [];
  const status = header.indexOf('CRM Import Status');
  const onSheet = new Map<string, number>();
  for (const line of values.slice(1)) {
    const s = String(line[status] ?? '');
    if (s !== '') onSheet.set(s, (onSheet.get(s) ?? 0) + 1);
  }
  const counts = Object.fromEntries(
    Object.entries(final?.counts ?? {}).filter(([, n]) => Number(n) > 0),
  );
  expect(counts, `${sheetName}: counts`).toEqual(Object.fromEntries(onSheet));
}

/**
 * The invariants once the job is done, with twins and invalid rows pasted in: each status on
 * its own lead's row, one lead and one owning row per e-mail, INVALID rows written, and an
 * e-mail upserted again only for a kill or for another of its rows (a twin pasted in becomes
 * the owner when the person deletes the row that held its status).
 */
function checkTwinsRun(
  world: ImportWorld,
  run: NonNullable<ReturnType<typeof busyRun>>,
  label: string,
) {
  expect(run.final?.state, `${label}: job ${run.final?.state}: ${run.final?.message}`).toBe('done');
  const values = run.model.getValues();
  const header = values[0] ?? [];
  const status = header.indexOf('CRM Import Status');
  const id = header.indexOf('CRM Lead ID');
  const leads = world.sandbox.state.leads;
  const owners = new Map<string, number>();
  for (const line of values.slice(1)) {
    const email = String(line[1] ?? '');
    const s = String(line[status] ?? '');
    if (email === '') continue;
    const late = (run.addedIn.get(email) ?? -1) >= run.lastExecution;
    if (s === '' && late) continue;
    if (!email.includes('@')) {
      expect(s, `${label} ${email}`).toBe('INVALID');
      continue;
    }
    expect(STATUSES, `${label} ${email}`).toContain(s);
    if (s !== 'DUPLICATE') owners.set(email, (owners.get(email) ?? 0) + 1);
    if (s !== 'DUPLICATE' || String(line[id] ?? '') !== '')
      expect(leads.find((l) => l.id === line[id])?.email, `${label} ${email} lead`).toBe(email);
  }
  for (const [email, count] of owners) {
    expect(count, `${label} ${email} owners`).toBeLessThanOrEqual(1);
    expect(leads.filter((l) => l.email === email).length, `${label} ${email} leads`).toBe(1);
  }
  for (const [email, count] of run.upserts) {
    const allowed = (run.rowsOf.get(email) ?? 1) + run.kills;
    expect(count, `${label} ${email} upserts`).toBeLessThanOrEqual(allowed);
  }
}

describe('an import of several windows on a busy sheet, killed at any call', () => {
  it(`ends with every status on its own row and one lead per e-mail (${SEEDS} seeds)`, async () => {
    const world = await createImportWorld({
      sheet: { header: HEADER, rows: [], expected: [], keys: [] },
    });
    const only = Number(process.env.IMPORT_WINDOWS_SEED ?? 0);
    const first = Number(process.env.IMPORT_WINDOWS_FIRST ?? 1);
    const list = only ? [only] : Array.from({ length: SEEDS }, (_, i) => first + i);
    const failures: string[] = [];
    let skipped = 0;
    let kills = 0;
    let edits = 0;
    for (const seed of list) {
      try {
        const run = busyRun(world, seed);
        if (!run) {
          skipped += 1;
          continue;
        }
        kills += run.kills;
        edits += run.edits;
        if (only || seed === Number(process.env.IMPORT_WINDOWS_PRINT))
          console.log(JSON.stringify(run.model.getValues()), run.kills, JSON.stringify(run.final));
        // A twin's e-mail is upserted again, with no kill, when the person deleted the row that
        // held its status before the scan reached its other row (then no longer a DUPLICATE).
        const upserts = new Map(run.upserts);
        for (const [of] of TWINS) {
          const email = `p${of}@exemplo.com.br`;
          expect(upserts.get(email) ?? 0, `seed ${seed} ${email}`).toBeLessThanOrEqual(
            2 + run.kills,
          );
          upserts.delete(email);
        }
        checkBusyRun(world, { ...run, upserts }, `seed ${seed}`, STATUSES);
        // Edits in the job's last execution may come after its last read.
        if (run.settled) checkCounts(run.model.getValues(), `Windows ${seed}`, run.final);
      } catch (error) {
        failures.push(`seed ${seed}: ${String((error as Error).message).split('\n')[0]}`);
      }
    }
    console.log(
      `import busy windows: ${failures.length} of ${list.length} seeds failed, ${skipped} killed before the job, edits ${edits}, kills ${kills}`,
    );
    expect(failures).toEqual([]);
    if (only) return;
    expect(kills).toBeGreaterThan(0);
    expect(edits).toBeGreaterThan(list.length);
  }, 600_000);

  it(`with twins and invalid rows pasted in, each stands as written (${SEEDS} seeds)`, async () => {
    const world = await createImportWorld({
      sheet: { header: HEADER, rows: [], expected: [], keys: [] },
    });
    const only = Number(process.env.IMPORT_WINDOWS_SEED ?? 0);
    const first = Number(process.env.IMPORT_WINDOWS_FIRST ?? 1001);
    const list = only ? [only] : Array.from({ length: SEEDS }, (_, i) => first + i);
    const failures: string[] = [];
    let kills = 0;
    for (const seed of list) {
      try {
        const run = busyRun(world, seed, true);
        if (!run) continue;
        kills += run.kills;
        if (only || seed === Number(process.env.IMPORT_WINDOWS_PRINT))
          console.log(JSON.stringify(run.model.getValues()), run.kills, JSON.stringify(run.final));
        checkTwinsRun(world, run, `seed ${seed}`);
        if (run.settled) checkCounts(run.model.getValues(), `Windows ${seed}`, run.final);
      } catch (error) {
        failures.push(`seed ${seed}: ${String((error as Error).message).split('\n')[0]}`);
      }
    }
    console.log(
      `import busy windows, twins: ${failures.length} of ${list.length} seeds failed, kills ${kills}`,
    );
    expect(failures).toEqual([]);
    if (!only) expect(kills).toBeGreaterThan(0);
  }, 600_000);
});
