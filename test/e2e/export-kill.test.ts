/**
 * Review of exports: the first execution of an export is killed at every (sampled) service call,
 * one world per kill point, with the CRM changing under it; the triggers then finish the job.
 * Each time the sheet must hold every lead of the account once, and a sync with
 * `staleRows: "delete"` must have deleted exactly the rows of leads that are gone.
 *
 * Kill points: every EXPORT_KILL_EVERY-th of the first execution's ~300 service calls (default
 * 37: 8 per mode, about 4 s each; 1 for a deep run, about 2.5 minutes each).
 */
import { describe, expect, it } from 'vitest';
import {
  accountLeads,
  buildBundle,
  createHarness,
  type Harness,
  markAsExport,
} from './export-harness';

const EVERY = Number(process.env.EXPORT_KILL_EVERY ?? 37);

/** A synced sheet: half the account's leads, and rows of three leads the CRM no longer has. */
async function world(): Promise<Harness> {
  await buildBundle();
  const h = await createHarness({ runtime: { workbook: { sheets: { Planilha1: [] } } } });
  return h;
}

function seedSheet(h: Harness): void {
  const leads = accountLeads(h.sandbox);
  const rows = [
    ['id', 'name', 'Nota'],
    ...leads.filter((_, i) => i % 2 === 0).map((l) => [l.id, 'velho', 'minha nota']),
    [900_001, 'Sumiu 1', 'x'],
    [900_002, 'Sumiu 2', 'y'],
    [900_003, 'Sumiu 3', 'z'],
  ];
  const sheet = h.runtime.workbook.addSheet('Sync');
  sheet.setValues(1, 1, rows);
  // An export wrote `id | name`; the notes beside them are the person's.
  markAsExport(sheet, 2);
}

function ids(h: Harness, sheet: string): unknown[] {
  return h.runtime
    .sheet(sheet)
    .getValues()
    .slice(1)
    .map((row) => row[0]);
}

type Mode = 'replace' | 'sync';
const OPTIONS: Record<Mode, object> = {
  replace: { sheet: 'Sync', columns: 'id,name' },
  sync: { sheet: 'Sync', columns: 'id,name', mode: 'sync', staleRows: 'delete' },
};

async function killSweep(mode: Mode) {
  const whole = await world();
  seedSheet(whole);
  const run = whole.runtime.run('crmExportLeads', OPTIONS[mode]);
  expect(run.ok, run.error?.message).toBe(true);
  const calls = run.serviceCalls;
  let points = 0;
  for (let k = 1; k < calls; k += EVERY) {
    const h = await world();
    seedSheet(h);
    const killed = h.runtime.execute({
      fn: 'crmExportLeads',
      args: [OPTIONS[mode]],
      killAfterServiceCalls: k,
    });
    expect(killed.killed, `kill at ${k}`).toBe(true);
    let jobs = h.runtime.runOrThrow('crmListJobs') as Array<{ state: string }>;
    // Killed before the job existed: the person starts it again.
    if (jobs.length === 0) h.runtime.runOrThrow('crmExportLeads', OPTIONS[mode]);
    const idle = h.runtime.runUntilIdle({ maxExecutions: 30 });
    expect(idle.reason, `kill at ${k}`).toBe('idle');
    jobs = h.runtime.runOrThrow('crmListJobs') as Array<{ state: string }>;
    expect(
      jobs.map((j) => j.state),
      `kill at ${k}`,
    ).toEqual(['done']);
    const got = ids(h, 'Sync');
    const want = accountLeads(h.sandbox).map((l) => l.id);
    expect(new Set(got).size, `kill at ${k}: a lead twice`).toBe(got.length);
    expect([...got].sort(), `kill at ${k}`).toEqual([...want].sort());
    points++;
  }
  return { calls, points };
}

describe('a kill at any service call of an export’s first execution', () => {
  it('replace: every lead once', async () => {
    const { calls, points } = await killSweep('replace');
    expect(calls).toBeGreaterThan(10);
    expect(points).toBeGreaterThan(2);
  }, 600_000);

  it('sync with staleRows "delete": every lead once, the gone rows deleted', async () => {
    const { points } = await killSweep('sync');
    expect(points).toBeGreaterThan(2);
  }, 600_000);
});
