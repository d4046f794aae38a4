import { describe, expect, it } from 'vitest';
import { createAddonWorld } from './addon-harness';
import { accountLeads, createHarness, sandboxApi } from './export-harness';

const HOUR = 3_600_000;

/** Simulated time moves an hour at a time, firing due triggers as Apps Script would. */
function runHours(harness: Awaited<ReturnType<typeof createHarness>>, hours: number): void {
  for (let i = 0; i < hours; i++) {
    harness.runtime.advance(HOUR);
    harness.runtime.runUntilIdle({ maxSimulatedMs: 0 });
  }
}

describe('crmSchedule: nightly export sync', () => {
  it('starts once a day at its hour from the hourly crmRunJobs trigger and syncs new leads', async () => {
    const harness = await createHarness({
      runtime: { workbook: { sheets: { Leads: [['Nome']] }, timeZone: 'America/Sao_Paulo' } },
    });
    const { runtime, sandbox } = harness;
    const schedules = runtime.runOrThrow('crmSchedule', {
      kind: 'export',
      sheet: 'Nightly',
      hour: 2,
      columns: ['id', 'name', 'email'],
    }) as Array<Record<string, unknown>>;
    expect(schedules).toMatchObject([
      { kind: 'export', sheet: 'Nightly', hour: 2, options: { mode: 'sync' } },
    ]);
    expect(runtime.triggers().filter((t) => t.handler === 'crmRunJobs')).toHaveLength(1);

    runHours(harness, 24);
    const [schedule] = runtime.runOrThrow('crmListSchedules') as Array<Record<string, unknown>>;
    expect(schedule?.lastError).toBeUndefined();
    expect(schedule?.lastJobId).toMatch(/^job-/);
    const written = runtime.sheet('Nightly').getValues();
    expect(written.length - 1).toBe(accountLeads(sandbox).length);

    // The next night only the new lead is fetched and appended.
    const created = sandboxApi(sandbox, 'POST', '/leads', {
      name: 'Nova Cliente Noturna',
      email: 'noturna@example.com.br',
      pipeline_id: 1,
      stage_id: 1,
    });
    expect(created.status).toBe(201);
    sandbox.clearRequests();
    runHours(harness, 24);
    const after = runtime.sheet('Nightly').getValues();
    expect(after.length).toBe(written.length + 1);
    expect(after.some((row) => row.includes('noturna@example.com.br'))).toBe(true);
    const leadPages = sandbox
      .requests()
      .filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/leads'));
    expect(leadPages).toHaveLength(1);
    // Only one time-driven trigger is ever kept for the schedule.
    expect(runtime.triggers().filter((t) => t.handler === 'crmRunJobs')).toHaveLength(1);
  });

  it('crmUnschedule removes it and the hourly trigger goes once nothing needs it', async () => {
    const harness = await createHarness();
    const { runtime } = harness;
    runtime.runOrThrow('crmSchedule', { kind: 'export', sheet: 'Nightly', hour: 2 });
    expect(runtime.runOrThrow('crmUnschedule', 'Nightly')).toEqual([]);
    runHours(harness, 2);
    expect(
      runtime.triggers().filter((t) => t.handler === 'crmRunJobs' && t.nextFireAt !== undefined),
    ).toHaveLength(0);
  });

  it.each([
    [{ kind: 'send', sheet: 'Leads', hour: 2 }, /kind must be "import" or "export"/],
    [{ kind: 'export', sheet: 'Leads', hour: 25 }, /hour must be a whole hour from 0 to 23/],
    [{ kind: 'import', sheet: 'Missing', hour: 2 }, /No sheet is named "Missing"/],
  ])('refuses %j with a message that says what to fix', async (input, message) => {
    const { runtime } = await createHarness();
    const result = runtime.run('crmSchedule', input);
    expect(result.error?.message).toMatch(message);
    expect(runtime.runOrThrow('crmListSchedules')).toEqual([]);
  });

  it('crmUnschedule of a sheet without a schedule names the scheduled ones', async () => {
    const { runtime } = await createHarness();
    runtime.runOrThrow('crmSchedule', { kind: 'export', sheet: 'Nightly', hour: 2 });
    expect(runtime.run('crmUnschedule', 'Other').error?.message).toMatch(
      /"Other" has no schedule; scheduled sheets: "Nightly"/,
    );
  });
});

describe('crmSchedule in a published add-on', () => {
  it('keeps a single time-driven trigger for a schedule and a pending job, and both finish', async () => {
    const world = await createAddonWorld({
      runtime: {
        publishedAddon: true,
        workbook: { sheets: { Leads: [['Nome']] }, timeZone: 'America/Sao_Paulo' },
      },
    });
    const { runtime, sandbox } = world;
    runtime.runOrThrow('crmSchedule', {
      kind: 'export',
      sheet: 'Nightly',
      hour: 2,
      columns: ['id', 'name'],
    });
    // Another execution of the same person holds the driver lease of this spreadsheet, so the
    // export cannot start now and is left to the hourly trigger, which also starts the schedule.
    runtime.setProperties('user', {
      [`crm.ss.${runtime.workbook.id}.lease`]: JSON.stringify({
        token: 'another-execution',
        until: runtime.now() + 30_000,
      }),
    });
    const job = runtime.runOrThrow('crmExportLeads', { sheet: 'Everything', columns: ['id'] }) as {
      jobId: string;
    };
    expect(runtime.runOrThrow('crmGetJob', job.jobId)).toMatchObject({ state: 'queued' });
    expect(runtime.triggers().filter((t) => t.handler === 'crmRunJobs')).toHaveLength(1);
    for (let hour = 0; hour < 24; hour++) {
      runtime.advance(HOUR);
      runtime.runUntilIdle({ maxSimulatedMs: 0 });
    }
    expect(runtime.triggers().filter((t) => t.handler === 'crmRunJobs')).toHaveLength(1);
    expect(runtime.runOrThrow('crmGetJob', job.jobId)).toMatchObject({ state: 'done' });
    expect(runtime.sheet('Nightly').getValues().length - 1).toBe(accountLeads(sandbox).length);
  });
});
