/**
 * Granular consent (issue 29.10; APPS-SCRIPT-FACTS.md): a person may grant only some of the
 * manifest's scopes, and an add-on's trigger after an update that needs new consent stops at its
 * first unauthorised call. The add-on checks before work (src/gas/consent.ts): the sidebar names
 * what to allow with the authorisation link and sends nothing; a background run pauses the
 * person's jobs with that message, sends nothing, and the job, resumed once allowed, finishes
 * with every row sent once.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { DEFAULT_MANIFEST_SCOPES, SCOPES } from '../../tools/gas-runtime/consent';
import { busySheet, createImportWorld } from './import-harness';

const HEADER = ['Nome', 'E-mail', 'Empresa'];
const WITHOUT_EXTERNAL = DEFAULT_MANIFEST_SCOPES.filter((s) => s !== SCOPES.externalRequest);
const AUTHORIZE_URL = 'https://script.google.com/macros/d/local-script-id/authorize';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => [`Pessoa ${i}`, `p${i}@exemplo.com.br`, `Empresa ${i % 4}`]);

async function world(n: number, sheet: string) {
  const w = await createImportWorld({
    sheet: { header: HEADER, rows: [], expected: [], keys: [] },
  });
  const { upserts } = busySheet(w, sheet, [HEADER, ...rows(n)]);
  return { ...w, world: w, upserts };
}

describe('a permission not granted', () => {
  it('refuses an import started from the sidebar with the words naming it and the link, sending nothing', async () => {
    const { runtime, sandbox, world: w } = await world(30, 'Consent');
    runtime.grantScopes(WITHOUT_EXTERNAL);
    const fetches = runtime.requests.length;
    const refused = runtime.run('uiCall', 'crmImportLeads', [{ sheet: 'Consent' }]);
    expect(refused.ok).toBe(false);
    expect(refused.error?.message).toContain('“Connect to an external service”');
    expect(refused.error?.message).toContain(AUTHORIZE_URL);
    expect(runtime.requests.length).toBe(fetches);
    expect(sandbox.requests()).toEqual([]);
    expect(runtime.runOrThrow('uiCall', 'crmListJobs', [])).toEqual([]);
    expect(runtime.triggers()).toEqual([]);

    runtime.setUserLocale('pt');
    const pt = runtime.run('uiCall', 'uiPreviewImport', [{ sheet: 'Consent' }]);
    expect(pt.error?.message).toContain('“Conectar a um serviço externo”');
    expect(pt.error?.message).toContain(AUTHORIZE_URL);
    expect(sandbox.requests()).toEqual([]);

    // Allowed, the same start works.
    runtime.grantScopes('all');
    runtime.setUserLocale('en');
    const started = runtime.runOrThrow('uiCall', 'crmImportLeads', [{ sheet: 'Consent' }]);
    expect((started as JobSummary).jobId).toBeTruthy();
    expect(w.sandbox.requests().length).toBeGreaterThan(0);
  });

  it('pauses a running job in a trigger execution, sends nothing, and once allowed and resumed finishes exactly', async () => {
    const n = 300;
    const { runtime, sandbox, upserts, clock } = await world(n, 'Background');
    const started = runtime.runOrThrow('crmImportLeads', { sheet: 'Background' }) as JobSummary;
    expect(started.state).toBe('running');
    expect(runtime.triggers().length).toBeGreaterThan(0);

    runtime.grantScopes(WITHOUT_EXTERNAL);
    const sent = sandbox.requests().length;
    const fetchesBefore = runtime.requests.length;
    const { fired } = runtime.runUntilIdle({ maxExecutions: 3 });
    expect(fired.length).toBeGreaterThan(0);
    for (const f of fired) expect(f.result.error?.message).toBeUndefined();
    expect(sandbox.requests().length).toBe(sent);
    expect(runtime.requests.length).toBe(fetchesBefore);

    const paused = (runtime.runOrThrow('uiCall', 'crmListJobs', []) as JobSummary[])[0];
    expect(paused?.state).toBe('paused');
    expect(paused?.message).toContain('“Connect to an external service”');
    expect(paused?.message).toContain(AUTHORIZE_URL);
    expect(paused?.done).toBeLessThan(n);

    // Still not allowed: resuming from Jobs names the permission again and sends nothing.
    const early = runtime.run('uiCall', 'uiResumeJob', [started.jobId]);
    expect(early.error?.message).toContain('“Connect to an external service”');
    expect(sandbox.requests().length).toBe(sent);

    runtime.grantScopes('all');
    expect(runtime.runOrThrow('uiCall', 'uiResumeJob', [started.jobId])).toMatchObject({
      state: 'queued',
    });
    clock.advance(1_000);
    const idle = runtime.runUntilIdle({ maxExecutions: 60 });
    expect(idle.reason).toBe('idle');
    expect(runtime.runOrThrow('crmGetJob', started.jobId)).toMatchObject({
      state: 'done',
      done: n,
    });
    const leads = sandbox.state.leads;
    for (let i = 0; i < n; i++) {
      const email = `p${i}@exemplo.com.br`;
      expect(
        leads.filter((l) => l.email === email),
        email,
      ).toHaveLength(1);
      expect(upserts.get(email), email).toBe(1);
    }
  });
});
