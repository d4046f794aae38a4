import { describe, expect, it } from 'vitest';
import { LEAD_COLUMN_FIELDS } from '../../src/core/import/lead-fields';
import type { JobSummary } from '../../src/core/jobs/record';
import {
  busiestMinute,
  createImportWorld,
  DEMO_KEYS,
  type ImportWorld,
  SHEET,
} from './import-harness';
import { firstImportStatus, generateImportSheet, type ImportSheet } from './import-sheet';

/** A sheet without rows the CRM refuses: after one import, nothing in it needs sending. */
function acceptedSheet(count: number, seed: number): ImportSheet {
  const all = generateImportSheet(count, seed);
  const keep = all.expected.map((e) => e !== 'CRM_INVALID');
  return {
    header: all.header,
    rows: all.rows.filter((_, i) => keep[i]),
    expected: all.expected.filter((_, i) => keep[i]),
    keys: all.keys.filter((_, i) => keep[i]),
  };
}

/** Name and e-mail tell the generated rows apart (Sheets may turn other cells into numbers). */
function identity(row: readonly unknown[]): string {
  return `${String(row[0] ?? '')}|${String(row[1] ?? '')}`;
}

function runToEnd(world: ImportWorld): JobSummary {
  world.runtime.runUntilIdle({ maxExecutions: 30 });
  const jobs = world.runtime.runOrThrow('crmListJobs') as JobSummary[];
  return jobs[0] as JobSummary;
}

describe('crmImportLeads end to end', () => {
  it('imports a small sheet in one call, with status columns at the right of the data', async () => {
    const sheet = generateImportSheet(40);
    const world = await createImportWorld({ sheet });
    const result = world.runtime.run('crmImportLeads', { sheet: SHEET });
    expect(result.error).toBeUndefined();
    expect(result.value).toMatchObject({ kind: 'import', state: 'done' });
    expect(world.statuses()).toEqual(sheet.expected.map(firstImportStatus));
    const header = world.runtime.sheet(SHEET).getValues()[0];
    expect(header?.slice(sheet.header.length)).toEqual([
      'CRM Import Status',
      'CRM Lead ID',
      'CRM Import Detail',
      'CRM Imported At',
    ]);
    // Dates from date cells arrive as the day the sheet shows, in its time zone.
    const withBirthday = sheet.rows.findIndex(
      (r, i) => r[8] instanceof Date && sheet.expected[i] === 'VALID',
    );
    const id = world.column('CRM Lead ID')[withBirthday];
    const birthday = sheet.rows[withBirthday]?.[8] as Date;
    expect(world.sandbox.state.leads.find((l) => l.id === id)?.birthday).toBe(
      birthday.toISOString().slice(0, 10),
    );
  });

  it('a re-run with nothing changed makes no upsert request: every sent row is UNCHANGED', async () => {
    const sheet = acceptedSheet(120, 4);
    const world = await createImportWorld({ sheet });
    world.runtime.runOrThrow('crmImportLeads', { sheet: SHEET });
    expect(runToEnd(world).state).toBe('done');
    const ids = world.column('CRM Lead ID');

    world.clock.advance(12 * 3_600_000);
    world.sandbox.clearRequests();
    const rerun = world.runtime.runOrThrow('crmImportLeads', { sheet: SHEET }) as JobSummary;
    expect(rerun.state).toBe('done');
    expect(world.upserts()).toHaveLength(0);
    expect(world.statuses()).toEqual(
      sheet.expected.map((e) => (e === 'VALID' ? 'UNCHANGED' : firstImportStatus(e))),
    );
    expect(world.column('CRM Lead ID')).toEqual(ids);
    expect(rerun.counts.UNCHANGED).toBe(sheet.expected.filter((e) => e === 'VALID').length);
  });

  it('a dry run writes VALID / INVALID / DUPLICATE and sends nothing', async () => {
    const sheet = generateImportSheet(80, 6);
    const world = await createImportWorld({ sheet });
    const result = world.runtime.runOrThrow('crmImportLeads', {
      sheet: SHEET,
      dryRun: true,
    }) as JobSummary;
    expect(result.state).toBe('done');
    expect(result.message).toMatch(/nothing was sent/);
    expect(world.upserts()).toHaveLength(0);
    expect(world.statuses()).toEqual(
      sheet.expected.map((e) =>
        e === 'EMPTY' ? '' : e === 'CRM_INVALID' ? 'VALID' : e === 'VALID' ? 'VALID' : e,
      ),
    );
    expect(world.column('CRM Imported At').every((v) => v === '')).toBe(true);
  });

  it.each([
    [{ sheet: 'Nope' }, /^No sheet is named "Nope"; the sheets are "Leads"/],
    [
      { sheet: SHEET, matchBy: 'cpf' },
      /^matchBy must be one of "email", "phone", "email_or_phone"/,
    ],
    [{ sheet: SHEET, headerRow: 0 }, /^headerRow must be a whole number of 1 or more/],
    [
      { sheet: SHEET, headerRow: 2000 },
      /^Row 2000 of "Leads" is empty: headerRow must be the row with the column headers/,
    ],
    [{ sheet: SHEET, mapping: { Celular: 3 } }, /^mapping\["Celular"\] must be a field name/],
    [
      { sheet: SHEET, mapping: { Celular: 'phone' } },
      /mapping names the header "Celular", which is not in the header row/,
    ],
    [{ sheet: SHEET, mapping: { Empresa: 'cnpj' } }, /names an unknown target "cnpj"/],
    [{ sheet: SHEET, pipeline: 'Funil X' }, /^pipeline option: no pipeline "Funil X"; pipelines: /],
  ])(
    'bad options %j throw an error that says what to fix and write nothing',
    async (options, message) => {
      const sheet = generateImportSheet(10, 1);
      const world = await createImportWorld({ sheet });
      const before = world.runtime.sheet(SHEET).getValues();
      const result = world.runtime.run('crmImportLeads', options);
      expect(result.ok).toBe(false);
      expect(result.error?.message).toMatch(message);
      expect(world.runtime.sheet(SHEET).getValues()).toEqual(before);
      expect(world.runtime.runOrThrow('crmListJobs')).toEqual([]);
      expect(world.upserts()).toHaveLength(0);
    },
  );

  it('a refused key stops crmImportLeads before anything is written, naming the fix', async () => {
    const sheet = generateImportSheet(10, 1);
    const world = await createImportWorld({ sheet });
    world.sandbox.faults.revokeKey(DEMO_KEYS.admin);
    const before = world.runtime.sheet(SHEET).getValues();
    const result = world.runtime.run('crmImportLeads', { sheet: SHEET });
    expect(result.error?.message).toBe(
      'Could not start the import: The CRM refused the API key ("API Key inválida."): create a new key in the CRM under Settings → API keys, save it in CRM → Settings (or crmConfigure).',
    );
    expect(world.runtime.sheet(SHEET).getValues()).toEqual(before);
    expect(world.runtime.runOrThrow('crmListJobs')).toEqual([]);
  });

  it('refuses a second import of the same sheet while one is pending, naming it', async () => {
    const sheet = generateImportSheet(400, 2);
    const world = await createImportWorld({ sheet });
    const first = world.runtime.runOrThrow('crmImportLeads', { sheet: SHEET }) as JobSummary;
    expect(first.state).toBe('running');
    const second = world.runtime.run('crmImportLeads', { sheet: SHEET });
    expect(second.error?.message).toBe(
      `Import ${first.jobId} is already running on "Leads": let it finish, resume it with crmResumeJob("${first.jobId}") or cancel it with crmCancelJob("${first.jobId}") before starting another.`,
    );
  });

  it('uiPreviewImport shows how the headers map and every field a column can go to, before anything starts', async () => {
    const sheet = generateImportSheet(5, 1);
    const world = await createImportWorld({ sheet });
    const preview = world.runtime.runOrThrow('uiPreviewImport', { sheet: SHEET }) as {
      columns: { header: string; target: string; column: string }[];
      leadFields: string[];
      customFields: { target: string; label: string }[];
    };
    expect(preview.columns.map((m) => `${m.column}:${m.header}→${m.target}`)).toEqual([
      'A:Nome→name',
      'B:E-mail→email',
      'C:Telefone→phone',
      'D:Empresa→company',
      'E:Valor (R$)→value',
      'F:Etiquetas→tags',
      'G:Funil→pipeline',
      'H:Etapa→stage',
      'I:Aniversário→birthday',
      'J:CPF→custom_fields.cpf',
      'K:Segmento→custom_fields.segmento',
      'L:Observações→notes',
    ]);
    expect(preview.leadFields).toEqual([...LEAD_COLUMN_FIELDS]);
    // The account's active custom fields, by label (the inactive one is not offered).
    expect(preview.customFields).toContainEqual({ target: 'custom_fields.cpf', label: 'CPF' });
    expect(preview.customFields.map((f) => f.label)).not.toContain('Campo legado');
    expect(world.runtime.sheet(SHEET).getValues()[0]).toHaveLength(sheet.header.length);
  });

  it('a 429 storm is waited out and the same rows retried; nothing fails', async () => {
    const sheet = acceptedSheet(100, 12);
    const world = await createImportWorld({ sheet });
    let upserts = 0;
    world.onRequest = (request) => {
      if (request.url.endsWith('/leads/upsert') && ++upserts === 30)
        world.sandbox.faults.add({ kind: '429', count: 15, retryAfter: 7 });
    };
    world.runtime.runOrThrow('crmImportLeads', { sheet: SHEET });
    const final = runToEnd(world);
    expect(final.state).toBe('done');
    expect(final.counts.FAILED).toBe(0);
    expect(world.statuses()).toEqual(sheet.expected.map(firstImportStatus));
    // The storm hits whatever comes next: upserts, and the next execution's reference reads.
    expect(world.sandbox.requests().filter((r) => r.status === 429)).toHaveLength(15);
    expect(world.upserts().filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(busiestMinute(world.sandbox.requests().map((r) => r.at))).toBeLessThanOrEqual(60);
  });

  it('a key revoked mid-job pauses it with a message; crmConfigure and crmResumeJob finish it', async () => {
    const sheet = acceptedSheet(200, 13);
    const world = await createImportWorld({ sheet });
    let upserts = 0;
    world.onRequest = (request) => {
      if (request.url.endsWith('/leads/upsert') && ++upserts === 50)
        world.sandbox.faults.revokeKey(DEMO_KEYS.admin);
    };
    const started = world.runtime.runOrThrow('crmImportLeads', { sheet: SHEET }) as JobSummary;
    expect(started.state).toBe('paused');
    expect(started.message).toMatch(
      /^The CRM refused the API key \("API Key inválida\."\): create a new key/,
    );
    expect(started.message).not.toContain(DEMO_KEYS.admin);
    // A paused job is not worked by triggers.
    world.runtime.runUntilIdle({ maxExecutions: 3 });
    expect((world.runtime.runOrThrow('crmGetJob', started.jobId) as JobSummary).state).toBe(
      'paused',
    );

    const newKey = world.sandbox.createApiKey({ accountId: 1, name: 'planilha' });
    world.runtime.runOrThrow('crmConfigure', { apiKey: newKey });
    const resumed = world.runtime.runOrThrow('crmResumeJob', started.jobId) as JobSummary;
    expect(['running', 'done']).toContain(resumed.state);
    const final = runToEnd(world);
    expect(final.state).toBe('done');
    expect(world.statuses()).toEqual(sheet.expected.map(firstImportStatus));
  });

  it('rows sorted and inserted between executions and during requests keep their own status', async () => {
    const all = acceptedSheet(480, 21);
    const size = all.rows.length - 7;
    const sheet: ImportSheet = {
      ...all,
      rows: all.rows.slice(0, size),
      expected: all.expected.slice(0, size),
      keys: all.keys.slice(0, size),
    };
    const extra = all.rows.slice(size);
    const expectation = new Map(
      all.rows.map((row, i) => [identity(row), { plan: all.expected[i], key: all.keys[i] }]),
    );
    const world = await createImportWorld({ sheet });
    const model = world.runtime.sheet(SHEET);
    let upserts = 0;
    world.onRequest = (request) => {
      if (!request.url.endsWith('/leads/upsert')) return;
      upserts += 1;
      // The user sorts by name, or inserts two rows near the top, while a request is in flight.
      if (upserts % 25 === 0) model.sortRows(2, model.lastRow(), 1, upserts % 50 === 0);
      if (upserts === 60 || upserts === 160) {
        model.insertRows(4, 2);
        model.setValues(4, 1, extra.splice(0, 2));
      }
    };
    const started = world.runtime.runOrThrow('crmImportLeads', { sheet: SHEET }) as JobSummary;
    expect(started.state).toBe('running');
    // Between executions: sorted by e-mail, descending, and rows inserted at the top.
    model.sortRows(2, model.lastRow(), 2, false);
    model.insertRows(2, 3);
    model.setValues(2, 1, extra.splice(0, 3));
    expect(runToEnd(world).state).toBe('done');

    const values = model.getValues();
    const header = values[0] ?? [];
    const statusAt = header.indexOf('CRM Import Status');
    const idAt = header.indexOf('CRM Lead ID');
    const byKey = new Map<string, string[]>();
    for (const row of values.slice(1)) {
      const { plan, key } = expectation.get(identity(row)) ?? {};
      const status = String(row[statusAt] ?? '');
      if (plan === 'VALID' || plan === 'DUPLICATE') {
        byKey.set(key ?? '', [...(byKey.get(key ?? '') ?? []), status]);
        if (status === 'CREATED') {
          const lead = world.sandbox.state.leads.find((l) => l.id === row[idAt]);
          expect(lead?.name).toBe(row[0]);
        }
      } else {
        expect(status, identity(row)).toBe(firstImportStatus(plan ?? 'EMPTY'));
      }
    }
    for (const [key, group] of byKey) {
      expect(
        group.filter((s) => s === 'CREATED'),
        key,
      ).toHaveLength(1);
      expect(
        group.every((s) => s === 'CREATED' || s === 'DUPLICATE'),
        key,
      ).toBe(true);
    }
    expect(world.sandbox.state.leads).toHaveLength(byKey.size);
  });
});
