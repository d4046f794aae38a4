import { describe, expect, it } from 'vitest';
import { IMPORT_BATCH_ROWS } from '../../src/core/import/job/job';
import type { JobSummary } from '../../src/core/jobs/record';
import { busiestMinute, createImportWorld, type ImportWorld, SHEET } from './import-harness';
import { firstImportStatus, generateImportSheet, type ImportSheet } from './import-sheet';

function job(world: ImportWorld): JobSummary {
  const jobs = world.runtime.runOrThrow('crmListJobs') as JobSummary[];
  const found = jobs.find((j) => j.kind === 'import');
  if (!found) throw new Error('no import job');
  return found;
}

/** Every row has the status it must have; a row whose request ran twice (a kill) may say UPDATED. */
function expectFinalSheet(world: ImportWorld, sheet: ImportSheet, repeatsAllowed: number): void {
  const statuses = world.statuses();
  let updated = 0;
  sheet.expected.forEach((expected, i) => {
    if (expected === 'VALID' && statuses[i] === 'UPDATED') updated += 1;
    else expect(statuses[i], `row ${i + 2}`).toBe(firstImportStatus(expected));
  });
  expect(updated).toBeLessThanOrEqual(repeatsAllowed);
  const valid = sheet.expected.filter((e) => e === 'VALID').length;
  const sent = valid + sheet.expected.filter((e) => e === 'CRM_INVALID').length;
  expect(world.sandbox.state.leads).toHaveLength(valid);
  expect(world.upserts().length).toBeGreaterThanOrEqual(sent);
  expect(world.upserts().length - sent).toBeLessThanOrEqual(repeatsAllowed);
  expect(busiestMinute(world.sandbox.requests().map((r) => r.at))).toBeLessThanOrEqual(60);
  // Lead ids point at the lead made from that row.
  const ids = world.column('CRM Lead ID');
  sheet.expected.forEach((expected, i) => {
    if (expected !== 'VALID') return;
    const lead = world.sandbox.state.leads.find((l) => l.id === ids[i]);
    expect(lead?.name).toBe(sheet.rows[i]?.[0]);
  });
}

describe('import of 1,000 rows across executions', () => {
  it('is continued by each driver in turn, survives a kill mid-slice, and ends exact', async () => {
    const sheet = generateImportSheet(1000);
    // Fixed cost model: `expectFinalSheet(…, 1)` allows one repeated upsert for the kill, the
    // batch of the fixed model's pace. With CRM latency the pacer frees more slots per batch and
    // the kill at call 1,500 repeats a whole batch (17 rows UPDATED at the typical profile): safe
    // for upserts, but the bound here would need to be the batch size (issue 9).
    const world = await createImportWorld({ sheet, runtime: { costs: { model: 'fixed' } } });
    const { runtime } = world;
    const progress: number[] = [];

    // 1. A direct call: crmImportLeads runs the first slice in the calling execution.
    const started = runtime.run('crmImportLeads', { sheet: SHEET });
    expect(started.ok, started.error?.message).toBe(true);
    const first = started.value as JobSummary;
    expect(first).toMatchObject({ kind: 'import', state: 'running', total: 950 });
    expect(started.durationMs).toBeLessThan(6 * 60_000);
    progress.push(first.done);

    // 2. The open sidebar asks for the next slice at once.
    const sidebar = runtime.run('uiContinueJob', first.jobId);
    expect(sidebar.ok, sidebar.error?.message).toBe(true);
    expect((sidebar.value as { callAgainInMs?: number }).callAgainInMs).toBeGreaterThanOrEqual(0);
    progress.push(job(world).done);

    // 3. The sidebar's next execution is killed mid-slice (Apps Script's 6-minute guillotine).
    const killed = runtime.execute({
      fn: 'uiContinueJob',
      args: [first.jobId],
      killAfterServiceCalls: 1_500,
    });
    expect(killed.killed).toBe(true);
    progress.push(job(world).done);

    // 4. The bound script's one-off trigger continues the chain (the hourly one is the backstop).
    const trigger = runtime
      .triggers()
      .find((t) => t.handler === 'crmRunJobs' && t.schedule?.kind === 'after');
    expect(trigger?.schedule).toMatchObject({ kind: 'after' });
    world.clock.set(Math.max(world.clock.now(), trigger?.nextFireAt ?? 0));
    const fired = runtime.fireDueTriggers();
    expect(fired).toHaveLength(1);
    expect(fired[0]?.result.ok, fired[0]?.result.error?.message).toBe(true);
    progress.push(job(world).done);

    // 5. Another script calls crmRunJobs directly.
    const direct = runtime.run('crmRunJobs');
    expect(direct.ok, direct.error?.message).toBe(true);
    progress.push(job(world).done);

    // 6. Whatever is left: the trigger chain, a minute apart.
    const idle = runtime.runUntilIdle({ maxExecutions: 20 });
    expect(idle.reason).toBe('idle');
    const final = job(world);
    progress.push(final.done);

    for (let i = 1; i < progress.length; i++)
      expect(progress[i] ?? 0).toBeGreaterThanOrEqual(progress[i - 1] ?? 0);
    expect(progress[1]).toBeGreaterThan(progress[0] ?? 0);
    expect(progress[3]).toBeGreaterThan(progress[2] ?? 0);
    expect(final).toMatchObject({ state: 'done', total: 950, done: 950 });
    expect(final.message).toMatch(/^Import finished: \d+ CREATED/);
    // A kill between a batch's requests and its status write repeats at most that batch
    // (an upsert again: UPDATED, never a second lead).
    expectFinalSheet(world, sheet, IMPORT_BATCH_ROWS);
    // The job's counts are the sheet's.
    const statuses = world.statuses();
    for (const [status, count] of Object.entries(final.counts))
      expect(statuses.filter((s) => s === status).length, status).toBe(count);
    // Every execution stayed inside Apps Script's limit, and no trigger is left behind.
    for (const execution of runtime.executions)
      expect(execution.durationMs).toBeLessThanOrEqual(6 * 60_000);
    expect(runtime.triggers().filter((t) => t.nextFireAt !== undefined)).toHaveLength(0);
  });

  it('in a published add-on, the hourly trigger finishes what the first call started', async () => {
    const sheet = generateImportSheet(450, 8);
    // The subject is the hourly trigger, so the fixed cost model: with CRM latency, today's pacer
    // (it counts a request when it is sent, the CRM when it arrives) lets two upserts meet a 429
    // and be sent again, which `expectFinalSheet(…, 0)` refuses (issue 9; `npm run bench`).
    const world = await createImportWorld({
      sheet,
      publishedAddon: true,
      runtime: { costs: { model: 'fixed' } },
    });
    const { runtime } = world;
    const started = runtime.run('crmImportLeads', { sheet: SHEET });
    expect(started.ok, started.error?.message).toBe(true);
    expect((started.value as JobSummary).state).toBe('running');
    // With the panel closed it goes on one 4.5-minute slice an hour: the ETA says so (issue 19).
    expect((started.value as JobSummary).unattendedRequestsPerHour).toBe(270);
    const trigger = runtime.triggers().find((t) => t.handler === 'crmRunJobs');
    expect(trigger?.schedule).toMatchObject({ kind: 'everyHours', n: 1 });
    const idle = runtime.runUntilIdle({ maxExecutions: 5, maxSimulatedMs: 6 * 3_600_000 });
    const final = job(world);
    expect(final.state).toBe('done');
    expect(idle.fired.length).toBeGreaterThanOrEqual(1);
    const firedAt = idle.fired.map((f) => f.result.startedAt);
    expect((firedAt[0] ?? 0) - started.startedAt).toBeGreaterThanOrEqual(3_600_000);
    expectFinalSheet(world, sheet, 0);
    // The recurring trigger goes once no job is pending.
    expect(runtime.triggers().filter((t) => t.handler === 'crmRunJobs')).toHaveLength(0);
  });
});
