/**
 * Rows of one lead under a busy import (issue 16 item 12): the sheet holds twin rows (one
 * e-mail in two rows with other cells, one phone under two e-mails), and people delete one row
 * of a twin pair, paste rows (with or without their status cells) and sort while the job runs,
 * also between its locating read and its write, with kills. By the end every lead status
 * stands on a row whose own cells are that lead's: its `CRM Lead ID` names a lead with the
 * row's e-mail, phone and (for CREATED, UPDATED, UNCHANGED) name, and its detail names that
 * id. A duplicate that survives its twin never shows the twin's lead (a send by `CRM Lead ID`
 * from it would message that lead). `IMPORT_TWIN_SEEDS=300` for the deep run.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../unit/core/jobs/fakes';
import { busySheet, createImportWorld, driveImport, type ImportWorld } from './import-harness';

const HEADER = ['Nome', 'E-mail', 'Telefone', 'Empresa'];
const DATA_COLUMNS = HEADER.length;
const ROWS = 12;
const SEEDS = Number(process.env.IMPORT_TWIN_SEEDS ?? 30);
/** Where a start's kill after its job exists lands: among the start's first calls of the job. */
const START_KILL_AFTER_JOB_CALLS = 200;
/**
 * Seeds of an open defect (none now). Seed 19 was one: its start finished the job and was killed
 * after it; a person then pasted p3's cells over p9's CREATED row, after the job's last read,
 * and the check held the job to it because only the last execution's reads counted (`seen`).
 */
const KNOWN_DEFECT_SEEDS = new Set<number>([]);
const LEAD_STATUSES = new Set(['CREATED', 'UPDATED', 'UNCHANGED', 'EXISTS']);

function phoneOf(n: number): string {
  return `+55 11 9${String(8_000_0000 + n * 7_919).slice(0, 8)}`;
}

function row(n: number): unknown[] {
  return [
    `Pessoa ${String(n).padStart(3, '0')}`,
    `p${n}@exemplo.com.br`,
    phoneOf(n),
    `Empresa ${n % 5}`,
  ];
}

/** The rows of the sheet: ROWS people, then twins of people 3 (same e-mail) and 5 (same phone). */
function startRows(): unknown[][] {
  const rows = Array.from({ length: ROWS }, (_, i) => row(i));
  rows.push(['Pessoa copia', 'p3@exemplo.com.br', phoneOf(3), 'Outra']);
  rows.push(['Pessoa 005', 'p5b@exemplo.com.br', phoneOf(5), 'Empresa 0']);
  rows.push(['Pessoa 007 bis', 'p7@exemplo.com.br', phoneOf(7), 'Empresa 2']);
  return rows;
}

function digits(value: unknown): string {
  return String(value ?? '').replace(/\D/g, '');
}

function twinRun(world: ImportWorld, seed: number) {
  const random = seededRandom(seed);
  const pick = (n: number) => Math.floor(random() * n);
  const sheetName = `Twins ${seed}`;
  const { model } = busySheet(world, sheetName, [HEADER, ...startRows()]);
  let next = 100;
  let edits = 0;
  let execution = 0;
  /** The edit number of each row's last edit, by the e-mail it shows. */
  const touched = new Map<string, number>();
  /**
   * The edits the job's last sheet read saw, in whichever execution it came: a start killed
   * after its job finished leaves a later execution that reads nothing (the job is done), so
   * the last execution's reads alone would hold the job to edits after its end check.
   */
  let seen = 0;
  const touch = (...emails: unknown[]) => {
    for (const email of emails) touched.set(String(email), edits);
  };
  const emailAt = (r: number) => model.getValues()[r - 1]?.[1];
  const columns = () => model.lastColumn();
  /** A person copies row `from` (1-based) onto row `to`: its data cells, or every cell. */
  const paste = (from: number, to: number, width: number) => {
    for (let c = 1; c <= width; c++) {
      const cell = model.cell(from, c);
      model.setCell(to, c, cell ? { ...cell } : undefined);
    }
    touch(emailAt(to));
  };
  /** A person deletes row `r`: its twins (one e-mail or phone) change what they should show. */
  const remove = (r: number) => {
    const values = model.getValues();
    const gone = values[r - 1] ?? [];
    for (const line of values.slice(1))
      if (line[1] === gone[1] || digits(line[2]) === digits(gone[2])) touch(line[1]);
    model.deleteRows(r, 1);
  };
  /** Rows (1-based) of people 3, 5 and 7 and of their twins: the pairs of one lead. */
  const twinRows = () => {
    const values = model.getValues();
    const rows: number[] = [];
    values.forEach((line, i) => {
      if (i > 0 && /p[357]b?@/.test(String(line[1]))) rows.push(i + 1);
    });
    return rows;
  };
  const edit = () => {
    const last = model.lastRow();
    edits += 1;
    const what = pick(9);
    if (what === 0 && last > 2) model.sortRows(2, last, 1 + pick(4), random() < 0.5);
    else if (what === 1) {
      model.insertRows(2, 1);
      const line = row(next++);
      touch(line[1]);
      model.setValues(2, 1, [line]);
    } else if (what === 2 && last > 2) remove(2 + pick(last - 1));
    else if (what === 3) {
      // One row of a twin pair goes (the imported one, or the duplicate).
      const twins = twinRows();
      const gone = twins[pick(twins.length)];
      if (gone !== undefined) remove(gone);
    } else if (what === 4 && last > 1) {
      // A whole row pasted below the last: its status cells too.
      paste(2 + pick(last - 1), last + 1, columns());
    } else if (what === 5 && last > 2) {
      // A row's data pasted over another row's data: the status cells stay as they were.
      paste(2 + pick(last - 1), 2 + pick(last - 1), DATA_COLUMNS);
    } else if (what === 6 && last > 1) {
      // A twin row pasted over a random row, status cells and all.
      const twins = twinRows();
      const from = twins[pick(twins.length)];
      if (from !== undefined) paste(from, 2 + pick(last - 1), columns());
    }
  };
  // Most people stop editing during the job's executions after a few (they still edit between
  // them): the last execution then reads a sheet nobody edits after it, whose DUPLICATE details
  // are checked (wrongTwins); edits to the very end leave none quiet.
  const calmAfter = random() < 0.7 ? pick(2) : Number.POSITIVE_INFINITY;
  const busy = {
    atServiceCall: (event: { name: string }) => {
      const sheetCall = /^(Spreadsheet|Sheet|Range)/.test(event.name);
      if (execution <= calmAfter && random() < (sheetCall ? 0.04 : 0.08)) edit();
      if (/^Range\.get(Display)?Values$/.test(event.name)) seen = edits;
      return false;
    },
    fn: 'crmListJobs',
  };
  const job = driveImport(world, {
    sheetName,
    importArgs: { pipeline: 'Vendas', stage: 'Novo' },
    interleave: busy,
    random,
    startKillChance: 0.8,
    // Most kills land after the job exists: its rows then move between executions too.
    startKillAfterJob: { share: 0.8, from: 0, calls: START_KILL_AFTER_JOB_CALLS },
    beforeRun: () => {
      execution += 1;
      if (random() < 0.3) edit();
    },
    // As recorded: a killed start's job is the newest unfinished import of any sheet.
    ownSheet: false,
  });
  if (!job) return undefined;
  // An edit after the job's last read came after its end check.
  const unseen = (email: string) => (touched.get(email) ?? 0) > seen;
  // Nothing edited after the job's last read: the whole sheet is the job's to answer for.
  const quiet = seen === edits;
  return { model, final: job.final, kills: job.kills, edits, unseen, quiet, executions: execution };
}

/** Each row whose lead status is not its own lead's, in words. */
function wrongRows(world: ImportWorld, values: unknown[][], unseen: (email: string) => boolean) {
  const header = values[0] ?? [];
  const at = (name: string) => header.indexOf(name);
  const [status, id, detail] = ['CRM Import Status', 'CRM Lead ID', 'CRM Import Detail'].map(at);
  const leads = world.sandbox.state.leads;
  const wrong: string[] = [];
  values.slice(1).forEach((line, i) => {
    const s = String(line[status as number] ?? '');
    const email = String(line[1] ?? '');
    if (email === '' || unseen(email)) return;
    const where = `row ${i + 2} ${email} ${s}`;
    if (!['DUPLICATE', 'CONFLICT', ...LEAD_STATUSES].includes(s)) wrong.push(`${where}: status`);
    if (!LEAD_STATUSES.has(s)) return;
    const leadId = line[id as number];
    const lead = leads.find((l) => l.id === leadId);
    if (!lead) {
      wrong.push(`${where}: no lead ${String(leadId)}`);
      return;
    }
    if (lead.email !== email) wrong.push(`${where}: lead ${lead.id} is ${lead.email}`);
    if (digits(lead.phone) !== digits(line[2])) wrong.push(`${where}: lead ${lead.id} phone`);
    if (s !== 'EXISTS' && lead.name !== line[0])
      wrong.push(`${where}: lead ${lead.id} is named ${lead.name}, the row ${String(line[0])}`);
    if (s !== 'UNCHANGED' && !String(line[detail as number]).includes(String(lead.id)))
      wrong.push(`${where}: detail ${String(line[detail as number])}`);
  });
  return wrong;
}

/**
 * On a sheet nobody edited after the job's last read: one row per e-mail holds a lead status,
 * and each DUPLICATE names a row that has its e-mail or phone.
 */
function wrongTwins(values: unknown[][]): string[] {
  const header = values[0] ?? [];
  const status = header.indexOf('CRM Import Status');
  const detail = header.indexOf('CRM Import Detail');
  const wrong: string[] = [];
  const owners = new Map<string, number>();
  values.slice(1).forEach((line, i) => {
    const s = String(line[status] ?? '');
    const email = String(line[1] ?? '');
    if (LEAD_STATUSES.has(s)) owners.set(email, (owners.get(email) ?? 0) + 1);
    if (s !== 'DUPLICATE') return;
    // "Same e-mail as row 9"; a row whose sent twin is gone names that twin's lead instead.
    const text = String(line[detail] ?? '');
    if (/since deleted/.test(text)) return;
    const named = Number(/row (\d+)$/.exec(text)?.[1]);
    const other = values[named - 1] ?? [];
    const same = other[1] === email || digits(other[2]) === digits(line[2]);
    if (named === i + 2 || !same) wrong.push(`row ${i + 2} ${email}: ${String(line[detail])}`);
  });
  for (const [email, count] of owners)
    if (count > 1) wrong.push(`${email}: ${count} rows hold its lead`);
  return wrong;
}

describe('an import whose twin rows are deleted, pasted and sorted during the job', () => {
  it(`leaves every lead status on its own lead's row (${SEEDS} seeds)`, async () => {
    const world = await createImportWorld({
      sheet: { header: HEADER, rows: [], expected: [], keys: [] },
    });
    const failed: string[] = [];
    let totalEdits = 0;
    let totalKills = 0;
    /** Seeds whose start left a job, and those whose job went on in later executions. */
    let jobs = 0;
    let continued = 0;
    /** Seeds whose end nobody edited after the job's last read: their DUPLICATE details checked. */
    let quiet = 0;
    const only = Number(process.env.IMPORT_TWIN_SEED ?? 0);
    for (let seed = only || 1; seed <= (only || SEEDS); seed++) {
      // Seeds of a known defect, skipped unless IMPORT_TWIN_KNOWN_DEFECTS=1 (none open, see
      // KNOWN_DEFECT_SEEDS; seed 5, a DUPLICATE naming its twin's old row after rows moved, is
      // fixed by the end check).
      if (KNOWN_DEFECT_SEEDS.has(seed) && !only && !process.env.IMPORT_TWIN_KNOWN_DEFECTS) continue;
      const run = twinRun(world, seed);
      if (!run) continue;
      jobs += 1;
      if (run.executions > 0) continued += 1;
      totalEdits += run.edits;
      totalKills += run.kills;
      if (run.final?.state !== 'done') {
        failed.push(`seed ${seed}: job ${String(run.final?.state)}`);
        continue;
      }
      const values = run.model.getValues();
      if (only || Number(process.env.IMPORT_TWIN_PRINT) === seed)
        console.log(JSON.stringify(values.map((l) => [l[0], l[1], l[4], l[5], l[6]])), run.kills);
      const wrong = wrongRows(world, values, run.unseen);
      if (run.quiet) {
        quiet += 1;
        wrong.push(...wrongTwins(values));
      }
      if (wrong.length > 0) failed.push(`seed ${seed}: ${wrong.join('; ')}`);
    }
    console.log(
      `import twin rows: ${failed.length} of ${SEEDS} seeds failed, jobs ${jobs}, continued ${continued}, quiet ${quiet}, edits ${totalEdits}, kills ${totalKills}`,
    );
    expect(failed).toEqual([]);
    expect(totalEdits).toBeGreaterThan(SEEDS);
    expect(totalKills).toBeGreaterThan(0);
    // Most seeds' jobs go on after a kill, their rows moved between executions (before, most
    // starts died before their job existed: 8 of 40 seeds went on), and many end quiet.
    if (!only) expect(continued).toBeGreaterThan(SEEDS / 2);
    if (!only) expect(quiet).toBeGreaterThan(SEEDS / 4);
  }, 600_000);
});
