/**
 * A busy sheet during an import, with people editing between the import's locating read and
 * its write (issue 16 item 12): as import-busy-sheet.test.ts, but an edit may also come at the
 * import's own SpreadsheetApp calls, so a write can land on rows that moved a millisecond
 * before. By the end of the job every status, id and detail stands on its own lead's row: the
 * job keeps what it wrote per key, checks the sheet against it at each slice end and at the
 * end, and repairs what moved. `IMPORT_RACE_SEEDS=300` for the deep run.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { seededRandom } from '../unit/core/jobs/fakes';
import { createImportWorld, type ImportWorld } from './import-harness';

const HEADER = ['Nome', 'E-mail', 'Empresa'];
const ROWS = 14;
const SEEDS = Number(process.env.IMPORT_RACE_SEEDS ?? 30);
/** An edit at any service call, the import's own reads and writes included (the gap). */
const EDIT_CHANCE = 0.08;

function row(n: number): unknown[] {
  return [`Pessoa ${String(n).padStart(3, '0')}`, `p${n}@exemplo.com.br`, `Empresa ${(n * 7) % 5}`];
}

/**
 * One seed in `world`: a fresh sheet of its own (its own import memory) and an empty CRM, so
 * seeds share one runtime and stay fast.
 */
/** Mode of the run: `create` with half of the e-mails already leads (EXISTS, no memory). */
const MODE = process.env.IMPORT_RACE_MODE === 'create' ? 'create' : 'upsert';

/** A lead of the empty account for each even-numbered person, made before the import. */
function existingLeads(world: ImportWorld): void {
  const state = world.sandbox.state;
  const stage = state.stages.find((s) => s.name === 'Novo');
  if (!stage) throw new Error('no stage Novo');
  const at = new Date(world.clock.now()).toISOString();
  for (let n = 0; n < ROWS + 40; n += 2) {
    state.leads.push({
      ...(JSON.parse(JSON.stringify(LEAD_TEMPLATE)) as typeof LEAD_TEMPLATE),
      id: 5_000 + n,
      account_id: 1,
      name: `Pessoa ${n}`,
      email: `p${n < ROWS ? n : 100 + n - ROWS}@exemplo.com.br`,
      pipeline_id: stage.pipeline_id,
      stage_id: stage.id,
      created_at: at,
      updated_at: at,
    });
  }
}

const LEAD_TEMPLATE = {
  id: 0,
  account_id: 1,
  name: '',
  phone: null,
  email: null as string | null,
  company: null,
  birthday: null,
  value: null,
  source: null,
  tags: [] as string[],
  pipeline_id: 0,
  stage_id: 0,
  notes: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  custom_fields: {} as Record<string, unknown>,
  assigned_to: null,
  score: 0,
  score_updated_at: null,
  created_at: '',
  updated_at: '',
};

function busyRun(world: ImportWorld, seed: number) {
  const random = seededRandom(seed);
  const pick = (n: number) => Math.floor(random() * n);
  // Two rows share an e-mail: one of them is sent, the other is DUPLICATE.
  const rows = Array.from({ length: ROWS }, (_, i) => row(i));
  rows.push([`Pessoa copia`, 'p3@exemplo.com.br', 'Outra']);
  world.sandbox.reset({ seed: 'empty' });
  if (MODE === 'create') existingLeads(world);
  world.clock.advance(61_000);
  const sheetName = `Busy ${seed}`;
  const model = world.runtime.workbook.addSheet(sheetName);
  model.setValues(1, 1, [HEADER, ...rows]);
  const upserts = new Map<string, number>();
  /** The names each e-mail was upserted with: one row's cells, never another row's too. */
  const names = new Map<string, Set<string>>();
  world.onRequest = (request) => {
    if (!request.url.endsWith('/leads/upsert')) return;
    const body = JSON.parse(request.body ?? '{}') as { email?: string; name?: string };
    const email = String(body.email);
    upserts.set(email, (upserts.get(email) ?? 0) + 1);
    names.set(email, (names.get(email) ?? new Set()).add(String(body.name)));
  };
  let next = 100;
  let edits = 0;
  let kills = 0;
  let execution = 0;
  /** The execution in which each added row's e-mail appeared. */
  const addedIn = new Map<string, number>();
  const add = () => {
    const line = row(next++);
    addedIn.set(String(line[1]), execution);
    return line;
  };
  const edit = () => {
    const last = model.lastRow();
    const what = pick(4);
    if (what === 0 && last > 2) {
      model.sortRows(2, last, 1 + pick(5), random() < 0.5);
    } else if (what === 1) {
      model.insertRows(2, 1);
      model.setValues(2, 1, [add()]);
    } else if (what === 2) {
      model.setValues(last + 1, 1, [add()]);
    } else if (last > 2) {
      model.deleteRows(2 + pick(last - 1), 1);
    }
    edits += 1;
  };
  const busy = {
    // Called at every service call of the execution: a person edits the sheet now and then,
    // while the script waits on the CRM, the properties, the cache or a lock, and between the
    // script's own SpreadsheetApp calls (Sheets locks nothing).
    atServiceCall: (event: { name: string }) => {
      // At the script's own sheet calls too: between its locating read and its write.
      void event;
      if (random() < EDIT_CHANCE) edit();
      return false;
    },
    fn: 'crmListJobs',
  };
  // The start runs the job in its own execution as far as it can: it may be killed too.
  const startKill = random() < 0.9 ? 60 + pick(340) : undefined;
  const start = world.runtime.execute({
    fn: 'crmImportLeads',
    args: [{ sheet: sheetName, pipeline: 'Vendas', stage: 'Novo', mode: MODE }],
    interleave: busy,
    ...(startKill === undefined ? {} : { killAfterServiceCalls: startKill }),
  });
  if (start.killed) {
    kills += 1;
    world.clock.advance(EXECUTION_LIMIT_MS);
  } else if (start.error) throw start.error;
  const jobs = world.runtime.runOrThrow('crmListJobs') as JobSummary[];
  const jobId = (start.value as JobSummary | undefined)?.jobId ?? newestJob(jobs, sheetName);
  if (jobId === undefined) return undefined;
  let state = (start.value as JobSummary | undefined)?.state;
  for (let run = 0; run < 40 && state !== 'done'; run++) {
    if (random() < 0.3) edit();
    const kill = random() < 0.5 ? 5 + pick(100) : undefined;
    world.clock.advance(2_000);
    execution += 1;
    const result = world.runtime.execute({
      fn: 'uiContinueJob',
      args: [jobId],
      interleave: busy,
      ...(kill === undefined ? {} : { killAfterServiceCalls: kill }),
    });
    if (result.killed) {
      kills += 1;
      // The killed execution's driver lease runs out when Apps Script would have ended it.
      world.clock.advance(EXECUTION_LIMIT_MS);
      continue;
    }
    if (result.error) throw result.error;
    const drive = result.value as { summaries: JobSummary[]; callAgainInMs?: number };
    state = drive.summaries.find((j) => j.jobId === jobId)?.state;
    if (drive.callAgainInMs) world.clock.advance(drive.callAgainInMs);
  }
  const final = (world.runtime.runOrThrow('crmListJobs') as JobSummary[]).find(
    (j) => j.jobId === jobId,
  );
  return { model, final, kills, edits, upserts, names, addedIn, lastExecution: execution };
}

/** Apps Script ends every execution by then: a dead execution's lease is over. */
const EXECUTION_LIMIT_MS = 6 * 60_000;

/** The job a killed crmImportLeads created, if it got that far. */
function newestJob(jobs: readonly JobSummary[], sheetName: string): string | undefined {
  const ours = (j: JobSummary) => j.kind === 'import' && j.sheetName === sheetName;
  return jobs.filter((j) => ours(j) && j.state !== 'done').at(-1)?.jobId;
}

describe('an import on a sheet edited between its reads and writes', () => {
  it(`ends with every status on its own row (${SEEDS} seeds)`, async () => {
    let totalEdits = 0;
    let totalKills = 0;
    const world = await createImportWorld({
      sheet: { header: HEADER, rows: [], expected: [], keys: [] },
    });
    const failed: string[] = [];
    const only = Number(process.env.IMPORT_RACE_SEED ?? 0);
    for (let seed = only || 1; seed <= (only || SEEDS); seed++) {
      try {
        checkSeed(world, seed);
      } catch (error) {
        failed.push(`seed ${seed}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    expect(failed).toEqual([]);
    expect(totalEdits).toBeGreaterThan(SEEDS);
    // Kills land in about one seed of 25 (the sheets are small: most executions end first).
    expect(totalKills).toBeGreaterThan(0);

    function checkSeed(world: ImportWorld, seed: number) {
      const run = busyRun(world, seed);
      if (!run) return; // killed before the job was created: nothing happened
      const { model, final, kills, edits, upserts, names, addedIn, lastExecution } = run;
      totalEdits += edits;
      totalKills += kills;
      const label = `seed ${seed}`;
      expect(final?.state, label).toBe('done');
      const values = model.getValues();
      if (only || Number(process.env.IMPORT_RACE_PRINT) === seed)
        console.log(JSON.stringify(values.map((l) => [l[1], l[3], l[4], l[5]])), kills);
      const header = values[0] ?? [];
      const status = header.indexOf('CRM Import Status');
      const id = header.indexOf('CRM Lead ID');
      const leads = world.sandbox.state.leads;
      const byEmail = new Map<string, string[]>();
      for (const line of values.slice(1)) {
        const email = String(line[1] ?? '');
        if (email === '') continue;
        const s = String(line[status] ?? '');
        // A row added during the execution that finished may come after the job's last read.
        if (s === '' && addedIn.get(email) === lastExecution) continue;
        byEmail.set(email, [...(byEmail.get(email) ?? []), s]);
        // UNCHANGED: a kill lost the row's status after its upsert was remembered.
        expect(
          ['CREATED', 'UPDATED', 'UNCHANGED', 'DUPLICATE', 'EXISTS'],
          `${label} ${email}`,
        ).toContain(s);
        if (s !== 'DUPLICATE' || String(line[id] ?? '') !== '') {
          // The status (and its lead id) belongs to this row's lead, wherever the row went.
          expect(leads.find((l) => l.id === line[id])?.email, `${label} ${email}`).toBe(email);
        }
      }
      // One row of an e-mail holds its lead; the others are DUPLICATE (all of them when the
      // row that was imported has since been deleted). Never two leads for one e-mail.
      for (const [email, statuses] of byEmail) {
        const owners = statuses.filter((s) => s !== 'DUPLICATE').length;
        expect(owners, `${label} ${email}`).toBeLessThanOrEqual(1);
        const count = leads.filter((l) => l.email === email).length;
        expect(count, `${label} ${email}`).toBe(owners === 1 ? 1 : count > 0 ? 1 : 0);
      }
      // Upserts per e-mail: one, plus at most one repeat per kill.
      for (const [email, count] of upserts) {
        expect(count, `${label} ${email}`).toBeLessThanOrEqual(1 + kills);
        expect([...(names.get(email) ?? [])], `${label} ${email} upserted as`).toHaveLength(1);
      }
    }
  }, 600_000);
});
