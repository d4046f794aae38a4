/**
 * The add-on world (addon-harness.ts) set up for import tests and the import benchmark: one
 * sheet to import into an empty CRM, with a full rate-limit budget to start with.
 */
import { expect } from 'vitest';
import type { Sandbox, SandboxOptions } from '../../sandbox/index';
import type { JobSummary } from '../../src/core/jobs/record';
import {
  type AddonRuntimeOptions,
  type AddonWorld,
  createAddonWorld,
  sheetColumn,
  waitOutRateWindow,
} from './addon-harness';
import type { ImportSheet } from './import-sheet';

export { BASE_URL, busiestMinute, DEMO_KEYS, SANDBOX_ORIGIN } from './addon-harness';
export const SHEET = 'Leads';

export interface ImportWorld extends AddonWorld {
  /** Current values of a column of the data rows, by header. */
  column(header: string): unknown[];
  statuses(): string[];
  /** Sandbox log entries of POST /leads/upsert. */
  upserts(): ReturnType<Sandbox['requests']>;
}

export interface WorldOptions {
  sheet: ImportSheet;
  /** The spreadsheet's locale (`getSpreadsheetLocale`); the runtime's default is en_US. */
  locale?: string;
  publishedAddon?: boolean;
  sandbox?: Omit<SandboxOptions, 'now'>;
  runtime?: Omit<AddonRuntimeOptions, 'workbook' | 'publishedAddon'>;
}

export async function createImportWorld(options: WorldOptions): Promise<ImportWorld> {
  const base = await createAddonWorld({
    sandbox: { seed: 'empty', leadLimit: 1_000_000, ...options.sandbox },
    runtime: {
      ...options.runtime,
      publishedAddon: options.publishedAddon ?? false,
      workbook: {
        sheets: { [SHEET]: [options.sheet.header, ...options.sheet.rows] },
        timeZone: 'America/Sao_Paulo',
        ...(options.locale ? { locale: options.locale } : {}),
      },
    },
  });
  const world: ImportWorld = Object.assign(base, {
    column: (header: string) => sheetColumn(base.runtime, SHEET, header),
    statuses: () => world.column('CRM Import Status').map((v) => String(v ?? '')),
    upserts: () => base.sandbox.requests().filter((r) => r.path.startsWith('/api/v1/leads/upsert')),
  });
  waitOutRateWindow(world);
  return world;
}

/** Apps Script ends every execution by then: a dead execution's lease is over. */
export const EXECUTION_LIMIT_MS = 6 * 60_000;

/** Every field of a CRM lead, empty: spread it and set what a test needs. */
export const LEAD_TEMPLATE = {
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

/** A model sheet of the local runtime, as addSheet returns it. */
export type ModelSheet = ReturnType<ImportWorld['runtime']['workbook']['addSheet']>;

/** What a person's busy interleave needs: the runtime calls it at every service call. */
export interface Busy {
  atServiceCall: (event: { name: string }) => boolean;
  fn: string;
}

/**
 * A fresh sheet `sheetName` of `header` and `rows` in `world`, after an empty CRM and a new rate
 * window (`seedCrm` adds leads in between); counts the upserts per e-mail, and the names each
 * e-mail was upserted with.
 */
export function busySheet(
  world: ImportWorld,
  sheetName: string,
  values: unknown[][],
  seedCrm?: () => void,
) {
  world.sandbox.reset({ seed: 'empty' });
  seedCrm?.();
  world.clock.advance(61_000);
  const model = world.runtime.workbook.addSheet(sheetName);
  model.setValues(1, 1, values);
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
  return { model, upserts, names };
}

/**
 * A person who sorts, inserts a row at the top, appends or deletes a row; each added row's
 * e-mail is kept with the execution (`execution()`) it appeared in. Draws from `random` in the
 * order the seeded runs were recorded with.
 */
export function sortingPerson(
  model: ModelSheet,
  random: () => number,
  row: (n: number) => unknown[],
  execution: () => number,
) {
  const pick = (n: number) => Math.floor(random() * n);
  let next = 100;
  const person = { edits: 0, addedIn: new Map<string, number>(), edit };
  const add = () => {
    const line = row(next++);
    person.addedIn.set(String(line[1]), execution());
    return line;
  };
  function edit(): void {
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
    person.edits += 1;
  }
  return person;
}

/** Where a kill lands: after `from` + [0, `calls`) service calls. */
export interface KillRange {
  from: number;
  calls: number;
}

export interface DriveOptions {
  sheetName: string;
  /** crmImportLeads' options besides the sheet. */
  importArgs: Record<string, unknown>;
  interleave: Busy;
  random: () => number;
  /** Chance that the starting execution is killed (after `startKillAt` service calls). */
  startKillChance: number;
  /** Where the start's kill lands: from `from` service calls, among `calls` (60, 340). */
  startKillAt?: KillRange;
  /** Each continuation's kill (chance 0.5, from 5 calls, among 100). */
  continueKill?: KillRange & { chance: number };
  /**
   * Of the starts killed, the share whose kill lands `from` + [0, `calls`) service calls after
   * the start saved its job's record (the rest at `startKillAt`): a kill drawn from the start's
   * first call mostly lands before the job exists, the more so as finished jobs accumulate in
   * the world (each start reads them), so the seed ends with no job and moves nothing mid-job.
   */
  startKillAfterJob?: KillRange & { share: number };
  /** Starts tried while a killed start left no job (1). */
  startAttempts?: number;
  /**
   * A killed start's job may be done already (a kill after its end): the newest import on the
   * seed's own sheet, whatever its state, is taken (needs `ownSheet`).
   */
  doneStartCounts?: boolean;
  /** Continuations at most. */
  runs?: number;
  /** Before each continuation's kill draw: the person's edit between executions. */
  beforeRun: (run: number) => void;
  /** A killed start's job is looked up on its own sheet only (false: any unfinished import). */
  ownSheet?: boolean;
}

/**
 * Starts the import and continues it, with seeded kills, until done or out of runs; a killed
 * execution's lease runs out when Apps Script would have ended it. Undefined when the start
 * was killed before it made the job.
 */
export function driveImport(world: ImportWorld, o: DriveOptions) {
  const { random, interleave } = o;
  const pick = (n: number) => Math.floor(random() * n);
  const startAt = o.startKillAt ?? { from: 60, calls: 340 };
  const continueKill = o.continueKill ?? { chance: 0.5, from: 5, calls: 100 };
  let kills = 0;
  let started: JobSummary | undefined;
  let jobId: string | undefined;
  // The start runs the job in its own execution as far as it can: it may be killed too, and
  // if it left no job the person may start it again.
  for (let attempt = 0; attempt < (o.startAttempts ?? 1) && jobId === undefined; attempt++) {
    const killed = random() < o.startKillChance;
    const afterJob = o.startKillAfterJob;
    const killAfterJob =
      killed && afterJob !== undefined && random() < afterJob.share
        ? afterJob.from + pick(afterJob.calls)
        : undefined;
    const startKill =
      killed && killAfterJob === undefined ? startAt.from + pick(startAt.calls) : undefined;
    const watch = killAfterJob === undefined ? undefined : jobWatch(world, killAfterJob);
    const start = world.runtime.execute({
      fn: 'crmImportLeads',
      args: [{ sheet: o.sheetName, ...o.importArgs }],
      interleave: watch ? { ...interleave, atServiceCall: watch.around(interleave) } : interleave,
      ...(startKill === undefined ? {} : { killAfterServiceCalls: startKill }),
    });
    if (start.killed) {
      kills += 1;
      world.clock.advance(EXECUTION_LIMIT_MS);
    } else if (start.error) throw start.error;
    const jobs = world.runtime.runOrThrow('crmListJobs') as JobSummary[];
    started = start.value as JobSummary | undefined;
    const sheet = o.ownSheet === false ? undefined : o.sheetName;
    jobId = started?.jobId ?? watch?.jobId() ?? newestJob(jobs, sheet, o.doneStartCounts === true);
  }
  if (jobId === undefined) return undefined;
  let state = started?.state;
  for (let run = 0; run < (o.runs ?? 40) && state !== 'done'; run++) {
    o.beforeRun(run);
    const kill =
      random() < continueKill.chance ? continueKill.from + pick(continueKill.calls) : undefined;
    world.clock.advance(2_000);
    const result = world.runtime.execute({
      fn: 'uiContinueJob',
      args: [jobId],
      interleave,
      ...(kill === undefined ? {} : { killAfterServiceCalls: kill }),
    });
    if (result.killed) {
      kills += 1;
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
  return { final, kills };
}

/** Job ids in the user's properties (`crm.ss.<spreadsheet>.crm.job.<id>`, chunks `~…`). */
function jobIdsOf(world: ImportWorld): Set<string> {
  const ids = new Set<string>();
  for (const key of Object.keys(world.runtime.properties('user'))) {
    const id = /(?:^|\.)crm\.job\.([^~]+)/.exec(key)?.[1];
    if (id !== undefined) ids.add(id);
  }
  return ids;
}

/**
 * Kills the start `after` service calls once it has saved a new job record: at that call the
 * clock passes the execution's limit, so the next call dies as Apps Script's time limit ends
 * an execution. Properties are read only after a Properties call (the record's save).
 */
function jobWatch(world: ImportWorld, after: number) {
  const before = jobIdsOf(world);
  let job: string | undefined;
  let killAt: number | undefined;
  let lastWasProperties = false;
  return {
    jobId: () => job,
    around:
      (busy: Busy) =>
      (event: { name: string; index: number }): boolean => {
        if (job === undefined && lastWasProperties) {
          job = [...jobIdsOf(world)].find((id) => !before.has(id));
          if (job !== undefined) killAt = event.index + after;
        }
        lastWasProperties = event.name.startsWith('Properties.');
        if (killAt !== undefined && event.index >= killAt) {
          killAt = undefined;
          world.clock.advance(EXECUTION_LIMIT_MS);
        }
        return busy.atServiceCall(event);
      },
  };
}

/**
 * The unfinished import job a killed crmImportLeads created on `sheetName` (every sheet when
 * undefined), if it got that far: never an earlier seed's unfinished job on another sheet,
 * whose driving would leave this sheet without a status. With `done`, the newest whatever its
 * state (a start killed after its job ended).
 */
function newestJob(
  jobs: readonly JobSummary[],
  sheetName?: string,
  done = false,
): string | undefined {
  const ours = (j: JobSummary) =>
    j.kind === 'import' && (sheetName === undefined || j.sheetName === sheetName);
  return jobs.filter((j) => ours(j) && (done || j.state !== 'done')).at(-1)?.jobId;
}

/** The statuses a busy import leaves on a row (UNCHANGED: a kill lost the row's status after its upsert was remembered). */
export const STATUSES = ['CREATED', 'UPDATED', 'UNCHANGED', 'DUPLICATE'];

export interface BusyRun {
  model: ModelSheet;
  final: JobSummary | undefined;
  kills: number;
  upserts: Map<string, number>;
  /** Present when each upsert's name is checked too. */
  names?: Map<string, Set<string>>;
  addedIn: Map<string, number>;
  lastExecution: number;
}

/**
 * The invariants of one seed's sheet, leads and upserts once its job is done: every status on
 * its own lead's row, one lead per e-mail, an upsert again only for a kill.
 */
export function checkBusyRun(
  world: ImportWorld,
  run: BusyRun,
  label: string,
  statuses: readonly string[],
): void {
  const { model, final, kills, upserts, names, addedIn, lastExecution } = run;
  expect(final?.state, `${label}: job ${final?.state}: ${final?.message}`).toBe('done');
  const values = model.getValues();
  const header = values[0] ?? [];
  const status = header.indexOf('CRM Import Status');
  const id = header.indexOf('CRM Lead ID');
  const leads = world.sandbox.state.leads;
  const byEmail = new Map<string, string[]>();
  for (const line of values.slice(1)) {
    const email = String(line[1] ?? '');
    if (email === '') continue;
    const s = String(line[status] ?? '');
    // A row added during the execution that finished the job (or later) may come after its
    // last read.
    if (s === '' && (addedIn.get(email) ?? -1) >= lastExecution) continue;
    byEmail.set(email, [...(byEmail.get(email) ?? []), s]);
    // UNCHANGED: a kill lost the row's status after its upsert was remembered.
    expect(statuses, `${label} ${email}`).toContain(s);
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
    if (names)
      expect([...(names.get(email) ?? [])], `${label} ${email} upserted as`).toHaveLength(1);
  }
}

/** The demo seed's account, whose leads the import tests name. */
export const DEMO_ACCOUNT = 1;

/** Starts an import of SHEET with `options` and drives it to its end: the job's summary. */
export function finishImport(
  world: ImportWorld,
  options: Record<string, unknown> = {},
): JobSummary {
  world.runtime.runOrThrow('crmImportLeads', { sheet: SHEET, ...options });
  world.runtime.runUntilIdle({ maxExecutions: 40 });
  const jobs = world.runtime.runOrThrow('crmListJobs') as JobSummary[];
  return jobs[0] as JobSummary;
}

/** `+5511987654321` as a person types it: `(11) 98765-4321`. */
export function typedPhone(e164: string): string {
  const national = e164.replace(/^\+55/, '');
  return `(${national.slice(0, 2)}) ${national.slice(2, -4)}-${national.slice(-4)}`;
}

/** A lead of the sandbox's store, as the demo seed holds it. */
export type DemoLead = Sandbox['state']['leads'][number];

/**
 * The first `count` leads of the demo account with a name, an e-mail and a phone (copies),
 * read from a world of their own: a test builds its sheet from them before its world exists.
 */
export async function demoLeadsWithKeys(count: number): Promise<DemoLead[]> {
  const probe = await createImportWorld({
    sheet: { header: ['Nome'], rows: [], expected: [], keys: [] },
    sandbox: { seed: 'demo' },
  });
  const leads = probe.sandbox.state.leads
    .filter((l) => l.account_id === DEMO_ACCOUNT && l.email && l.phone && l.name)
    .slice(0, count)
    .map((l) => ({ ...l }));
  if (leads.length < count) throw new Error(`the demo seed has fewer than ${count} such leads`);
  return leads;
}

/** A person a test puts in a crowded account. */
export interface Person {
  name: string;
  email: string | null;
  phone: string | null;
}

/** The lead ids crowdedAccount made, each list in the order given. */
export interface CrowdedAccount {
  own: number[];
  others: number[];
  /** The two leads that hold the e-mail `duplo@exemplo.com.br`. */
  shared: [number, number];
}

/**
 * An account crowded enough that GET /leads (newest first, 200 a page) spreads it over many
 * pages, for tests of "a key names a lead only on complete evidence": the `own` people created
 * first (the last page), a lead with the e-mail `duplo@exemplo.com.br`, `fillers` other people
 * (created at `fillerAt`), a second lead with that e-mail, and the `others` created last
 * (page 1). Leads are pushed into the sandbox's state with ids from `firstId`, in `place`.
 */
export function crowdedAccount(
  sandbox: Sandbox,
  o: {
    firstId: number;
    place: { pipeline_id: number; stage_id: number };
    own: readonly Person[];
    others: readonly Person[];
    fillers: number;
    fillerAt?: (i: number) => string;
  },
): CrowdedAccount {
  let id = o.firstId;
  const add = ({ name, email, phone }: Person, at: string) => {
    sandbox.state.leads.push({
      ...LEAD_TEMPLATE,
      tags: [],
      custom_fields: {},
      id: id++,
      name,
      email,
      phone,
      ...o.place,
      created_at: at,
      updated_at: at,
    });
    return id - 1;
  };
  const duplo = (name: string) => ({ name, email: 'duplo@exemplo.com.br', phone: null });
  const own = o.own.map((person) => add(person, '2001-01-01T00:00:00Z'));
  const first = add(duplo('Duplo Um'), '2001-01-02T00:00:00Z');
  for (let i = 0; i < o.fillers; i++) {
    const person = { name: `Contato ${i}`, email: `contato${i}@exemplo.com.br`, phone: null };
    add(person, o.fillerAt?.(i) ?? '2002-03-01T00:00:00Z');
  }
  const second = add(duplo('Duplo Dois'), '2099-01-01T00:00:00Z');
  const others = o.others.map((person) => add(person, '2099-01-02T00:00:00Z'));
  return { own, others, shared: [first, second] };
}
