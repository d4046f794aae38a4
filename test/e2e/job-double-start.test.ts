/**
 * Issue 10.3: two starts at once on one sheet give one job, and a clear answer for the other.
 * A second crmImportLeads runs whole in the middle of the first, at every fifth service call of
 * the first (the same person double-clicking) and every ninth (another editor of the same
 * spreadsheet and CRM account). The CRM answers every upsert 429 with a long Retry-After, so no
 * job finishes in its first execution: a second job on the sheet would be a second pending job.
 */

import { describe, expect, it } from 'vitest';
import type { ExecutionResult, GasRuntime } from '../../tools/gas-runtime/index';
import { BASE_URL, createAddonWorld, DEMO_KEYS } from './addon-harness';
import { generateImportSheet } from './import-sheet';

const SHEET = generateImportSheet(3, 5);
const SETTINGS = JSON.stringify({
  apiKey: DEMO_KEYS.admin,
  baseUrl: BASE_URL,
  defaultCountry: 'BR',
  accountId: 1,
});
const BIA = 'bia@example.com';

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
    retryAfter: 3_600,
    count: 1_000_000,
  });
  return created;
}

/** The jobs every editor sees (the board in the spreadsheet's developer metadata). */
function boardJobs(runtime: GasRuntime): string[] {
  return runtime.workbook.metadata
    .filter((m) => m.key.startsWith('crm.jobboard.'))
    .map((m) => m.key.slice('crm.jobboard.'.length));
}

/**
 * The answers the second start may get: the job that is there, a start in progress, or (when it
 * ran while the first held the user lock of their shared pacer, which an interleaved execution
 * of this runtime cannot wait out) the rate limit.
 */
const CLEAR_REFUSAL =
  /Import job-[\w-]+ is already \w+ on "Leads"|Another job is being started right now|Could not start the import: The rate limit/;

function outcomes(outer: ExecutionResult): ExecutionResult[] {
  return [outer, outer.interleaved].filter((r): r is ExecutionResult => r !== undefined);
}

async function doubleStart(every: number, asAnotherPerson: boolean) {
  const first = await world();
  const whole = first.runtime.run('crmImportLeads', { sheet: 'Leads' });
  expect(whole.ok, whole.error?.message).toBe(true);
  const reasons = { existing: 0, starting: 0, rateLimit: 0 };
  for (let n = 1; n < whole.serviceCalls; n += every) {
    const { runtime } = await world();
    if (asAnotherPerson) {
      runtime.setProperties('user', { 'crm.settings': SETTINGS }, BIA);
    }
    const outer = runtime.execute({
      fn: 'crmImportLeads',
      args: [{ sheet: 'Leads' }],
      interleave: {
        atServiceCall: n,
        fn: 'crmImportLeads',
        args: [{ sheet: 'Leads' }],
        ...(asAnotherPerson ? { user: BIA } : {}),
      },
    });
    if (!outer.interleaved) continue;
    const results = outcomes(outer);
    const ok = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    const where = `second start at call ${n}`;
    for (const r of refused) expect(r.error?.message, where).toMatch(CLEAR_REFUSAL);
    expect(refused, where).toHaveLength(1);
    expect(ok, where).toHaveLength(1);
    expect(boardJobs(runtime), where).toHaveLength(1);
    const message = refused[0]?.error?.message ?? '';
    if (/already/.test(message)) reasons.existing += 1;
    else if (/being started/.test(message)) reasons.starting += 1;
    else reasons.rateLimit += 1;
  }

  return reasons;
}

describe('two starts at once on one sheet', () => {
  it('by the same person: one job, one clear refusal', async () => {
    const reasons = await doubleStart(5, false);
    // The start lock was met (a start inside another's check-and-create), and the sheet check.
    expect(reasons.starting).toBeGreaterThan(0);
    expect(reasons.existing).toBeGreaterThan(10);
  }, 600_000);

  it('by two editors of the same account: one job, one clear refusal', async () => {
    const reasons = await doubleStart(9, true);
    expect(reasons.existing).toBeGreaterThan(5);
  }, 600_000);
});
