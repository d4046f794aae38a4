import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../../../sandbox/index';
import type { CrmApi } from '../../../../src/api/client';
import { parseInput } from '../../../../src/api/issues';
import { UpsertLeadInputSchema } from '../../../../src/api/schemas';
import { IMPORT_BATCH_ROWS } from '../../../../src/core/import/job/job';
import { resumeJob } from '../../../../src/core/jobs/engine';
import { generateImportSheet } from '../../../e2e/import-sheet';
import { readsAsEnglish } from '../../repo/english-scan';
import { SimulatedKill } from '../jobs/fakes';
import { busiestMinute, createHarness, type Harness } from './job-fakes';

/** `count` rows that are all valid, so every row costs one upsert. */
function validRows(count: number) {
  const sheet = generateImportSheet(count * 2, 3);
  const rows = sheet.rows.filter((_, i) => sheet.expected[i] === 'VALID').slice(0, count);
  return { header: sheet.header, rows };
}

function upsertAt(h: Harness, n: number, act: () => void): void {
  let seen = 0;
  h.onRequest = (request) => {
    if (!request.url.endsWith('/leads/upsert')) return;
    seen += 1;
    if (seen === n) act();
  };
}

describe('import job: what the CRM answers', () => {
  it('limit_reached fails the job with a message, marks the row FAILED and keeps exact counts', () => {
    const { header, rows } = validRows(15);
    const h = createHarness(header, rows, { leadLimit: 10 });
    const job = h.start();
    h.drive(job.jobId);
    const final = h.store.get(job.jobId);
    expect(final?.state).toBe('failed');
    expect(final?.message).toMatch(/lead limit is reached .*upgrade the plan or delete leads/);
    // The 15 upserts left in one batch: the 5 past the limit were refused together.
    expect(h.status()).toEqual([...Array(10).fill('CREATED'), ...Array(5).fill('FAILED')]);
    expect(final).toMatchObject({ done: 15, total: 15, counts: { CREATED: 10, FAILED: 5 } });
    expect(String(h.table.column('CRM Import Detail')[10])).toMatch(/^CRM: /);
  });

  it('a key revoked mid-job pauses it with the fix; a new key and resume finish it', () => {
    const { header, rows } = validRows(30);
    const h = createHarness(header, rows);
    upsertAt(h, 12, () => h.sandbox.faults.revokeKey(DEMO_KEYS.admin));
    const job = h.start();
    h.drive(job.jobId);
    const paused = h.store.get(job.jobId);
    expect(paused?.state).toBe('paused');
    expect(paused?.message).toMatch(
      /^The CRM refused the API key \("API Key inválida\."\): create a new key .* then resume this job\.$/,
    );
    expect(paused?.message).not.toContain(DEMO_KEYS.admin);
    expect(paused?.done).toBe(11);
    expect(h.status()[11]).toBe('');

    h.onRequest = undefined;
    h.apiKey = h.sandbox.createApiKey({ accountId: 1 });
    resumeJob({ store: h.store, clock: h.clock }, job.jobId);
    h.drive(job.jobId);
    expect(h.store.get(job.jobId)?.state).toBe('done');
    expect(h.status()).toEqual(Array(30).fill('CREATED'));
    expect(h.sandbox.state.leads).toHaveLength(30);
  });

  it.each([
    [DEMO_KEYS.readonly, /lacks the "leads:write" permission/],
    [
      DEMO_KEYS.suspended,
      /account is suspended \("Conta inativa\."\): ask the CRM account's administrator/,
    ],
    [DEMO_KEYS.expired, /refused the API key \("API Key expirada\."\)/],
  ])('key %s pauses the job: %s', (key, message) => {
    const { header, rows } = validRows(3);
    const h = createHarness(header, rows);
    h.apiKey = key;
    const job = h.start();
    h.drive(job.jobId);
    expect(h.store.get(job.jobId)).toMatchObject({ state: 'paused', done: 0 });
    expect(h.store.get(job.jobId)?.message).toMatch(message);
    expect(h.status().every((s) => s === '')).toBe(true);
  });

  it('502s are retried with back-off; past the retries the row is FAILED with the raw error', () => {
    const { header, rows } = validRows(6);
    const h = createHarness(header, rows);
    upsertAt(h, 1, () => {
      h.sandbox.faults.add({ kind: '502', count: 2, pathPrefix: '/leads/upsert' });
    });
    const job = h.start();
    h.slice(job.jobId);
    expect(h.status().slice(0, 2)).toEqual(['CREATED', 'CREATED']);
    expect(h.upserts()).toBe(6 + 2);

    h.sandbox.clearRequests();
    // One row whose request fails every time (its batch holds only it).
    const second = createHarness(header, rows.slice(0, 1));
    upsertAt(second, 1, () => {
      second.sandbox.faults.add({
        kind: '502',
        count: 3,
        pathPrefix: '/leads/upsert',
        raw: { error: { code: 131000, title: 'Provider down' } },
      });
    });
    const job2 = second.start();
    second.drive(job2.jobId);
    expect(second.store.get(job2.jobId)?.state).toBe('done');
    expect(second.status()).toEqual(['FAILED']);
    expect(String(second.table.column('CRM Import Detail')[0])).toMatch(
      /^CRM error after retries: .*Provider down/,
    );
    expect(second.store.get(job2.jobId)?.counts.FAILED).toBe(1);
  });

  it('a dropped connection is retried like a 5xx', () => {
    const { header, rows } = validRows(4);
    const h = createHarness(header, rows);
    upsertAt(h, 1, () => h.sandbox.faults.add({ kind: 'drop', count: 1 }));
    const job = h.start();
    h.drive(job.jobId);
    expect(h.status()).toEqual(Array(4).fill('CREATED'));
  });

  it('a 429 storm is waited out: the same rows are sent again, none fails, the window holds', () => {
    const { header, rows } = validRows(40);
    const h = createHarness(header, rows);
    upsertAt(h, 5, () => h.sandbox.faults.add({ kind: '429', count: 12, retryAfter: 5 }));
    const job = h.start();
    h.drive(job.jobId);
    expect(h.store.get(job.jobId)?.state).toBe('done');
    expect(h.status()).toEqual(Array(40).fill('CREATED'));
    const log = h.sandbox.requests();
    expect(log.filter((r) => r.status === 429)).toHaveLength(12);
    // A 429 refuses only its own request: the batch's other requests were answered.
    expect(log.filter((r) => r.status === 429).length).toBeLessThan(log.length - 40);
    expect(busiestMinute(log.map((r) => r.at))).toBeLessThanOrEqual(60);
    expect(h.sandbox.state.leads).toHaveLength(40);
  });
});

describe('import job: the sheet changes under it', () => {
  it('a header row that stops mapping during a request pauses the job; fixing it and resuming finishes', () => {
    const { header, rows } = validRows(10);
    const h = createHarness(header, rows);
    const emailColumn = header.indexOf('E-mail');
    upsertAt(h, 4, () => {
      h.table.header[emailColumn] = 'Telefone';
    });
    const job = h.start();
    h.drive(job.jobId);
    const paused = h.store.get(job.jobId);
    expect(paused?.state).toBe('paused');
    expect(paused?.message).toMatch(
      /^The header row of "Leads" no longer fits this import: .*both map to phone.*Fix the headers, then resume the job\.$/,
    );
    h.table.header[emailColumn] = 'E-mail';
    resumeJob({ store: h.store, clock: h.clock }, job.jobId);
    h.drive(job.jobId);
    // The rows whose answers could not be placed (the batch of the request that saw the
    // change) are known from their successful upserts: they cost no second request, and say
    // CREATED (this job made their leads), not UNCHANGED.
    expect(h.status()).toEqual(Array(10).fill('CREATED'));
    expect(h.upserts()).toBe(10);
    expect(h.sandbox.state.leads).toHaveLength(10);
  });

  /** A person deletes the import's status columns (and all at their right); returns where they began. */
  function dropStatusColumns(h: Harness): number {
    const first = h.table.header.indexOf('CRM Import Status');
    h.table.header.splice(first);
    for (const row of h.table.rows) row.splice(first);
    return first;
  }

  it('status columns deleted mid-job are created again at the right', () => {
    const { header, rows } = validRows(IMPORT_BATCH_ROWS + 6);
    const h = createHarness(header, rows);
    const job = h.start();
    while (!h.status().includes('CREATED')) h.slice(job.jobId, 4_000);
    expect(dropStatusColumns(h)).toBe(header.length);
    h.drive(job.jobId);
    expect(h.store.get(job.jobId)?.state).toBe('done');
    // Rows processed before the columns went are processed again (their marks went too), at no
    // cost: their last import is remembered, and so is that this job made their leads.
    expect(h.status()).toEqual(Array(IMPORT_BATCH_ROWS + 6).fill('CREATED'));
    expect(h.upserts()).toBe(IMPORT_BATCH_ROWS + 6);
    expect(h.sandbox.state.leads).toHaveLength(IMPORT_BATCH_ROWS + 6);
  });

  it('mode create: rows whose statuses were lost mid-job still say CREATED, never EXISTS of the lead the job made', () => {
    // import-busy-race seed 28 (create mode): the end check cleared a row this job had
    // created a lead for; decided again, the job found its own lead and said EXISTS.
    const { header, rows } = validRows(IMPORT_BATCH_ROWS + 6);
    const h = createHarness(header, rows);
    const job = h.start({ mode: 'create' });
    while (!h.status().includes('CREATED')) h.slice(job.jobId, 4_000);
    dropStatusColumns(h);
    h.drive(job.jobId);
    expect(h.store.get(job.jobId)?.state).toBe('done');
    expect(h.status()).toEqual(Array(IMPORT_BATCH_ROWS + 6).fill('CREATED'));
    expect(h.upserts()).toBe(IMPORT_BATCH_ROWS + 6);
    // A later import in mode create finds them there before it: EXISTS.
    h.clock.advance(60_000);
    const again = h.start({ mode: 'create' });
    h.drive(again.jobId);
    expect(h.status()).toEqual(Array(IMPORT_BATCH_ROWS + 6).fill('EXISTS'));
  });

  /**
   * Mode create, a key of two rows of different cells: the first row's lead is made, then the
   * row is gone before the second is decided (import-busy-race create seeds 38, 45, 53). The
   * second finds the lead the job made of the other row's cells: DUPLICATE of that row, gone,
   * as the end check words it, never EXISTS (told the lead was there before the import).
   */
  function twinOf(row: readonly unknown[] | undefined, header: unknown[]): unknown[] {
    const twin = [...(row ?? [])];
    const company = header.indexOf('Empresa');
    twin[company] = `${String(twin[company] ?? '')} (outra)`;
    return twin;
  }

  function expectTwinGone(h: Harness, count: number) {
    const twin = h.table.rows.length - 1;
    expect(h.status()[twin]).toBe('DUPLICATE');
    const email = String(h.table.rows[twin]?.[h.table.header.indexOf('E-mail')]);
    const lead = h.sandbox.state.leads.find((l) => l.email === email);
    expect(String(h.table.column('CRM Import Detail')[twin])).toBe(
      `Same e-mail as the row this import sent to lead ${lead?.id}, since deleted or pasted over: this row was not sent`,
    );
    expect(h.status().slice(0, -1)).toEqual(Array(count - 1).fill('CREATED'));
    expect(h.sandbox.state.leads).toHaveLength(count);
  }

  it('mode create: a row typed in with the key of a deleted row the job created says DUPLICATE, not EXISTS', () => {
    const { header, rows } = validRows(IMPORT_BATCH_ROWS + 6);
    const h = createHarness(header, rows);
    const job = h.start({ mode: 'create' });
    while (!h.status().includes('CREATED')) h.slice(job.jobId, 4_000);
    expect(h.status()[0]).toBe('CREATED');
    h.table.rows.splice(0, 1);
    h.table.rows.push(twinOf(rows[0], header));
    h.drive(job.jobId);
    expect(h.store.get(job.jobId)?.state).toBe('done');
    expectTwinGone(h, rows.length);
  });

  it('mode create: after a kill took the answer of a deleted row, its twin says DUPLICATE, not EXISTS', () => {
    const { header, rows } = validRows(IMPORT_BATCH_ROWS + 6);
    rows.push(twinOf(rows[0], header));
    const h = createHarness(header, rows);
    const job = h.start({ mode: 'create' });
    // The first batch's upserts leave (their creations written ahead), then the execution dies
    // at its next call: their answers are lost. Once dead, every later call fails too.
    let answered = false;
    const die = (where: string) => {
      if (answered) throw new SimulatedKill(where);
    };
    h.onRequest = (request) => {
      if (request.url.endsWith('/leads/upsert')) answered = true;
    };
    h.kv.beforeWrite = (key) => die(`write ${key}`);
    h.clock.onTick = (what) => die(what);
    expect(() => h.slice(job.jobId, 4_000)).toThrow(SimulatedKill);
    h.onRequest = undefined;
    h.kv.beforeWrite = null;
    h.clock.onTick = null;
    expect(h.status()[0]).toBe('');
    h.table.rows.splice(0, 1);
    h.clock.advance(60_000);
    h.drive(job.jobId);
    expect(h.store.get(job.jobId)?.state).toBe('done');
    expectTwinGone(h, rows.length - 1);
  });

  it('a deleted sheet fails the job with a message', () => {
    const { header, rows } = validRows(2);
    const h = createHarness(header, rows);
    const job = h.start({ sheetId: 999 });
    h.drive(job.jobId);
    expect(h.store.get(job.jobId)).toMatchObject({ state: 'failed' });
    expect(h.store.get(job.jobId)?.message).toMatch(/^The sheet "Leads" no longer exists/);
  });
});

describe('import job: an argument the client refuses (issue 18.2)', () => {
  /** Every upsert sent without its match key: the client's own schema refuses it, no request. */
  function refuseEveryUpsert(h: Harness): void {
    h.onClient = (client) => {
      const all = client.all.bind(client);
      client.all = (calls) =>
        all(
          calls.map((call) => (api: CrmApi) => {
            const upsert: CrmApi['leads']['upsert'] = (input) =>
              api.leads.upsert(
                parseInput(
                  UpsertLeadInputSchema,
                  { ...input, email: '', phone: '' },
                  'leads.upsert',
                ),
              );
            return call({ ...api, leads: { ...api.leads, upsert } });
          }),
        );
    };
  }

  it('says the problem in Portuguese in a Portuguese job, and in English in an English one', () => {
    const { header, rows } = validRows(2);
    const pt = createHarness(header, rows);
    refuseEveryUpsert(pt);
    pt.drive(pt.start({ locale: 'pt' }).jobId);
    expect(pt.status()).toEqual(['INVALID', 'INVALID']);
    const detail = String(pt.table.column('CRM Import Detail')[0]);
    expect(detail).toBe(
      'email: informe um e-mail ou um telefone: é por eles que o CRM encontra o lead',
    );
    expect(readsAsEnglish(detail)).toBe(false);

    const en = createHarness(header, rows);
    refuseEveryUpsert(en);
    en.drive(en.start({ locale: 'en' }).jobId);
    expect(String(en.table.column('CRM Import Detail')[0])).toBe(
      'email: give an email or a phone: it is how the CRM finds the lead',
    );
  });
});
