/**
 * Review 5 (issue 19's trigger chain, issue 10.2's promise): a kill at any service call while a
 * bound script arms its chain of one-off triggers leaves every pending job a driver, and the
 * triggers alone then finish the job and leave none behind. job-kill.test.ts kills a first
 * execution that finishes its job (no chain is armed there); here the CRM answers the first
 * upsert 429 with a 5-minute Retry-After, so the execution ends by arming a chain of up to four
 * one-off triggers around when the key frees, and it is killed at each call of its last part.
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

async function world() {
  const created = await createAddonWorld({
    apiKey: null,
    sandbox: { seed: 'empty' },
    runtime: {
      properties: { user: { 'crm.settings': SETTINGS } },
      workbook: { sheets: { Leads: [SHEET.header, ...SHEET.rows] } },
    },
  });
  created.sandbox.faults.add({
    kind: '429',
    pathPrefix: '/api/v1/leads/upsert',
    retryAfter: 300,
    count: 1,
  });
  return created;
}

function pendingJobs(runtime: GasRuntime): string[] {
  return Object.entries(runtime.properties('user')).flatMap(([key, value]) => {
    const id = JOB_KEY.exec(key)?.[1];
    const state = id ? (JSON.parse(value) as { value: { state: string } }).value.state : '';
    return state === 'queued' || state === 'running' ? [state] : [];
  });
}

function clockTriggers(runtime: GasRuntime) {
  return runtime
    .triggers()
    .filter((t) => t.handler === 'crmRunJobs' && t.eventType === 'CLOCK' && t.nextFireAt);
}

describe('a kill while a bound script arms its trigger chain leaves a driver', () => {
  it('at every second of the first execution’s last 60 service calls (CHAIN_KILL_EVERY=1: each)', async () => {
    const probe = await world();
    const whole = probe.runtime.run('crmImportLeads', { sheet: 'Leads' });
    expect(whole.ok, whole.error?.message).toBe(true);
    // The chain: the hourly backstop and at least three one-off triggers.
    const oneOff = clockTriggers(probe.runtime).filter((t) => t.schedule?.kind === 'after');
    expect(oneOff.length).toBeGreaterThanOrEqual(3);
    let killsWithJob = 0;
    const every = Number(process.env.CHAIN_KILL_EVERY ?? 2);
    for (let k = Math.max(0, whole.serviceCalls - 60); k < whole.serviceCalls; k += every) {
      const { runtime } = await world();
      const killed = runtime.execute({
        fn: 'crmImportLeads',
        args: [{ sheet: 'Leads' }],
        killAfterServiceCalls: k,
      });
      expect(killed.killed, `kill at ${k}`).toBe(true);
      if (pendingJobs(runtime).length === 0) continue;
      killsWithJob += 1;
      const drivers = clockTriggers(runtime);
      expect(drivers.length, `kill at ${k}: a pending job has no driver`).toBeGreaterThan(0);
      // A bound script's job waits for a one-off trigger, not the hourly backstop.
      const soonest = Math.min(...drivers.map((t) => t.nextFireAt ?? Number.POSITIVE_INFINITY));
      expect(soonest - runtime.now(), `kill at ${k}: next run`).toBeLessThan(15 * 60_000);
      const idle = runtime.runUntilIdle({ maxExecutions: 20 });
      expect(idle.reason, `kill at ${k}`).toBe('idle');
      expect(pendingJobs(runtime), `kill at ${k}`).toEqual([]);
      expect(runtime.triggers(), `kill at ${k}: triggers left behind`).toEqual([]);
    }
    expect(killsWithJob).toBeGreaterThan(10);
  }, 300_000);
});
