/**
 * Issue 10.2: no interruption leaves a pending job without a driver. The first execution of an
 * import (crmImportLeads) is killed at every service call (the bound script at one in
 * JOB_KILL_EVERY, default 2; the published add-on at one in 3), one world per kill point; each time,
 * every pending job must have a time-driven trigger that will run crmRunJobs, and (sampled) the
 * triggers alone must then finish it and leave no trigger behind.
 */
import { describe, expect, it } from 'vitest';
import type { GasRuntime } from '../../tools/gas-runtime/index';
import { BASE_URL, createAddonWorld, DEMO_KEYS } from './addon-harness';
import { generateImportSheet } from './import-sheet';

const SHEET = generateImportSheet(3, 5);
const SETTINGS = JSON.stringify({
  apiKey: DEMO_KEYS.admin,
  baseUrl: BASE_URL,
  defaultCountry: 'BR',
  accountId: 1,
});
const JOB_KEY = /^crm\.ss\.[^.]+\.crm\.job\.([A-Za-z0-9_-]+)$/;

function world(publishedAddon: boolean) {
  return createAddonWorld({
    apiKey: null,
    sandbox: { seed: 'empty' },
    runtime: {
      publishedAddon,
      properties: { user: { 'crm.settings': SETTINGS } },
      workbook: { sheets: { Leads: [SHEET.header, ...SHEET.rows] } },
    },
  });
}

/** This user's jobs as stored (Node side, no execution): id → state. */
function storedJobs(runtime: GasRuntime): Map<string, string> {
  const jobs = new Map<string, string>();
  for (const [key, value] of Object.entries(runtime.properties('user'))) {
    const id = JOB_KEY.exec(key)?.[1];
    if (id) jobs.set(id, (JSON.parse(value) as { value: { state: string } }).value.state);
  }
  return jobs;
}

function drivers(runtime: GasRuntime): number {
  return runtime
    .triggers()
    .filter(
      (t) => t.handler === 'crmRunJobs' && t.eventType === 'CLOCK' && t.nextFireAt !== undefined,
    ).length;
}

async function killEverywhere(publishedAddon: boolean, every: number, finishEvery: number) {
  const first = await world(publishedAddon);
  const whole = first.runtime.run('crmImportLeads', { sheet: 'Leads' });
  expect(whole.ok, whole.error?.message).toBe(true);
  const calls = whole.serviceCalls;
  let killsWithJob = 0;
  for (let k = 0; k < calls; k += every) {
    const { runtime } = await world(publishedAddon);
    const killed = runtime.execute({
      fn: 'crmImportLeads',
      args: [{ sheet: 'Leads' }],
      killAfterServiceCalls: k,
    });
    expect(killed.killed, `kill at ${k}`).toBe(true);
    const pending = [...storedJobs(runtime)].filter(([, s]) => s === 'queued' || s === 'running');
    if (pending.length > 0) {
      killsWithJob += 1;
      expect(
        drivers(runtime),
        `kill at service call ${k}: a pending job has no driver`,
      ).toBeGreaterThan(0);
    }
    if (k % finishEvery === 0) {
      const idle = runtime.runUntilIdle({ maxExecutions: 20 });
      expect(idle.reason, `kill at ${k}`).toBe('idle');
      for (const [id, state] of storedJobs(runtime)) {
        expect(state, `kill at ${k}: job ${id}`).toBe('done');
      }
      expect(runtime.triggers(), `kill at ${k}: triggers left behind`).toEqual([]);
    }
  }
  console.log(`kills with a job ${killsWithJob} of ${calls} calls`);
  return { calls, killsWithJob };
}

/**
 * The bound script's stride over the kill points: every second one by default (each point is a
 * fresh world and execution, ~70 ms); JOB_KILL_EVERY=1 kills at every service call.
 */
const EVERY = Number(process.env.JOB_KILL_EVERY) || 2;

describe('a kill at any service call of the first execution leaves a driver', () => {
  it(`in a bound script: one kill point in ${EVERY} (JOB_KILL_EVERY)`, async () => {
    const { calls, killsWithJob } = await killEverywhere(false, EVERY, 10);
    expect(calls).toBeGreaterThan(100);
    expect(killsWithJob).toBeGreaterThan(10);
  }, 600_000);

  it('in a published add-on: every third kill point', async () => {
    const { killsWithJob } = await killEverywhere(true, 3, 12);
    expect(killsWithJob).toBeGreaterThan(5);
  }, 600_000);
});
