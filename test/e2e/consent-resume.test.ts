/**
 * What a missing permission leaves behind ends by itself once it is granted (granular consent,
 * src/gas/consent.ts): a job a trigger paused for it goes on at the next sidebar call or trigger
 * that finds it granted (a pause of the person's own stays), and a nightly run a firing could
 * not start says why in Jobs, in the person's language, and starts at the first firing after.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { DEFAULT_MANIFEST_SCOPES, SCOPES } from '../../tools/gas-runtime/consent';
import { busySheet, createImportWorld } from './import-harness';

const HEADER = ['Nome', 'E-mail', 'Empresa'];
const WITHOUT_EXTERNAL = DEFAULT_MANIFEST_SCOPES.filter((s) => s !== SCOPES.externalRequest);
const HOUR = 3_600_000;
const N = 300;

const rows = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => [
    `Pessoa ${prefix}${i}`,
    `${prefix}${i}@exemplo.com.br`,
    `Empresa ${i % 4}`,
  ]);

async function world() {
  const w = await createImportWorld({
    sheet: { header: HEADER, rows: [], expected: [], keys: [] },
  });
  const { upserts } = busySheet(w, 'Consent', [HEADER, ...rows(N, 'c')]);
  w.runtime.workbook.addSheet('Own').setValues(1, 1, [HEADER, ...rows(N, 'o')]);
  return { ...w, upserts };
}

type World = Awaited<ReturnType<typeof world>>;

/** Starts both imports, pauses "Own" as its person would, then a trigger finds consent missing. */
function pausedForConsent(w: World): { consentJob: string; ownJob: string } {
  const { runtime } = w;
  const consent = runtime.runOrThrow('crmImportLeads', { sheet: 'Consent' }) as JobSummary;
  expect(consent.state).toBe('running');
  const own = runtime.runOrThrow('crmImportLeads', { sheet: 'Own' }) as JobSummary;
  expect(own.state).not.toBe('done');
  runtime.runOrThrow('uiCall', 'uiPauseJob', [own.jobId]);
  runtime.grantScopes(WITHOUT_EXTERNAL);
  runtime.runUntilIdle({ maxExecutions: 3 });
  expect(runtime.runOrThrow('crmGetJob', consent.jobId)).toMatchObject({ state: 'paused' });
  expect(runtime.runOrThrow('crmGetJob', own.jobId)).toMatchObject({ state: 'paused' });
  return { consentJob: consent.jobId, ownJob: own.jobId };
}

function expectEachSentOnce(w: World, prefix: string, n: number): void {
  for (let i = 0; i < n; i++) {
    const email = `${prefix}${i}@exemplo.com.br`;
    expect(w.upserts.get(email), email).toBe(1);
    expect(w.sandbox.state.leads.filter((l) => l.email === email)).toHaveLength(1);
  }
}

describe('a job paused for a missing permission', () => {
  it('goes on by itself at the next sidebar call once granted; the person’s own pause stays', async () => {
    const w = await world();
    const { consentJob, ownJob } = pausedForConsent(w);
    w.runtime.grantScopes('all');
    // A call that reaches neither the CRM nor the triggers: Jobs opened.
    const listed = w.runtime.runOrThrow('uiCall', 'uiListJobs', []) as JobSummary[];
    expect(listed.find((j) => j.jobId === consentJob)?.state).toBe('queued');
    expect(listed.find((j) => j.jobId === ownJob)?.state).toBe('paused');
    w.clock.advance(1_000);
    expect(w.runtime.runUntilIdle({ maxExecutions: 60 }).reason).toBe('idle');
    expect(w.runtime.runOrThrow('crmGetJob', consentJob)).toMatchObject({ state: 'done' });
    expect(w.runtime.runOrThrow('crmGetJob', ownJob)).toMatchObject({ state: 'paused' });
    expectEachSentOnce(w, 'c', N);
  });

  it('goes on by itself at the next trigger once granted, with no sidebar open', async () => {
    const w = await world();
    const { consentJob, ownJob } = pausedForConsent(w);
    w.runtime.grantScopes('all');
    w.runtime.advance(HOUR);
    w.runtime.runUntilIdle({ maxExecutions: 60, maxSimulatedMs: 2 * HOUR });
    expect(w.runtime.runOrThrow('crmGetJob', consentJob)).toMatchObject({ state: 'done' });
    expect(w.runtime.runOrThrow('crmGetJob', ownJob)).toMatchObject({ state: 'paused' });
    expectEachSentOnce(w, 'c', N);
  });
});

describe('a nightly run due while a permission is missing', () => {
  it('says why in Jobs in the person’s language and starts at the first firing once granted', async () => {
    const w = await world();
    const { runtime, sandbox } = w;
    runtime.setUserLocale('pt');
    runtime.runOrThrow('crmSchedule', { kind: 'import', sheet: 'Consent', hour: 2 });
    runtime.grantScopes(WITHOUT_EXTERNAL);
    const sent = sandbox.requests().length;
    // A whole day of hourly firings, past the run's hour and its grace.
    for (let i = 0; i < 24; i++) {
      runtime.advance(HOUR);
      runtime.runUntilIdle({ maxSimulatedMs: 0 });
    }
    expect(sandbox.requests().length).toBe(sent);
    const [held] = runtime.runOrThrow('uiCall', 'uiListSchedules', []) as Array<{
      lastError?: string;
      last?: unknown;
    }>;
    expect(held?.lastError).toContain('Não iniciada');
    expect(held?.lastError).toContain('“Conectar a um serviço externo”');
    expect(held?.last).toBeUndefined();

    runtime.grantScopes('all');
    runtime.advance(HOUR);
    runtime.runUntilIdle({ maxSimulatedMs: 0 });
    runtime.runUntilIdle({ maxExecutions: 60, maxSimulatedMs: HOUR });
    const [ran] = runtime.runOrThrow('uiCall', 'uiListSchedules', []) as Array<{
      lastError?: string;
      last?: { state: string; done: number };
    }>;
    expect(ran?.lastError).toBeUndefined();
    expect(ran?.last).toMatchObject({ state: 'done', done: N });
    expectEachSentOnce(w, 'c', N);
  });
});
