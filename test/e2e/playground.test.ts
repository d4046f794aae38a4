import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../sandbox/index';
import {
  ACTIONS_SHEET,
  BIG_SHEET,
  bigSheetRows,
  demoWorkbook,
  LEADS_HEADERS,
  SEND_SHEET,
} from '../../scripts/playground/demo-workbook';
import { columnLetter, renderSheetTable } from '../../scripts/playground/grid';
import { PUSH_SHEET } from '../../scripts/playground/push-sheet';
import { type Playground, startPlayground } from '../../scripts/playground/server';
import { GOOGLE_SCRIPT_SHIM, injectShim } from '../../scripts/playground/shim';
import type { JobSummary } from '../../src/core/jobs/record';
import { Workbook } from '../../tools/gas-runtime';
import { addSlowImportSheet } from './browser-harness';

describe('playground grid', () => {
  it.each([
    [1, 'A'],
    [26, 'Z'],
    [27, 'AA'],
    [52, 'AZ'],
    [702, 'ZZ'],
    [703, 'AAA'],
  ])('column %i is %s', (column, letters) => {
    expect(columnLetter(column)).toBe(letters);
  });

  it('shows values, keeps formulas for the editor, escapes text, and colours row statuses', () => {
    const workbook = Workbook.from({
      sheets: { S: [['=SUM(B1:B2)', '<b>bold</b>', 'CREATED', 'INVALID', 1234.5]] },
    });
    const html = renderSheetTable(workbook.sheet('S'));
    // Without the playground's recalculation a formula reads as the runtime stores it.
    expect(html).toContain(
      '<td data-a1="A1" class="formula" data-formula="=SUM(B1:B2)" title="=SUM(B1:B2)">#NAME?</td>',
    );
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toMatch(/data-a1="C1" class="status-ok"/);
    expect(html).toMatch(/data-a1="D1" class="status-bad"/);
    expect(html).toMatch(/data-a1="E1" class="number"[^>]*>1234.5</);
  });

  it('marks errors with their message and spilled cells as spilled', () => {
    const workbook = Workbook.from({ sheets: { S: [['=CRM_X()', 'v']] } });
    const sheet = workbook.sheet('S');
    const [formula, spilled] = [sheet.cell(1, 1), sheet.cell(1, 2)];
    const html = renderSheetTable(sheet, (cell) =>
      cell === formula
        ? { formula: '=CRM_X()', error: { code: '#ERROR!', message: 'Say "what" <now>.' } }
        : cell === spilled
          ? { spilled: true }
          : undefined,
    );
    expect(html).toContain(
      'class="formula error" data-formula="=CRM_X()" data-error="Say &quot;what&quot; &lt;now&gt;." title="Error\nSay &quot;what&quot; &lt;now&gt;."',
    );
    expect(html).toContain('<td data-a1="B1" class="spilled" title="v">v</td>');
  });
});

describe('injectShim', () => {
  it('puts google.script.run before any script of the sidebar', () => {
    const html =
      '<!DOCTYPE html><html><head><style></style></head><body><script>app()</script></body></html>';
    const out = injectShim(html);
    expect(out.indexOf(GOOGLE_SCRIPT_SHIM)).toBeGreaterThan(out.indexOf('<head>'));
    expect(out.indexOf(GOOGLE_SCRIPT_SHIM)).toBeLessThan(out.indexOf('app()'));
  });
});

describe('demo workbook', () => {
  it('has ~30 lead rows under Portuguese headers and an empty Export sheet', () => {
    const init = demoWorkbook();
    const leads = init.sheets.Leads ?? [];
    expect(leads[0]).toEqual([...LEADS_HEADERS]);
    expect(leads.length - 1).toBeGreaterThanOrEqual(28);
    expect(init.sheets.Export).toEqual([]);
  });

  it('generates distinct, deterministic rows for the long-job sheet', () => {
    const rows = bigSheetRows();
    expect(rows).toHaveLength(1_000);
    expect(new Set(rows.map((row) => row[1])).size).toBe(1_000);
    expect(new Set(rows.map((row) => row[2])).size).toBe(1_000);
    expect(bigSheetRows(3)).toEqual(rows.slice(0, 3));
  });
});

describe('startPlayground', () => {
  let playground: Playground;
  let startMs = 0;

  beforeAll(async () => {
    const started = Date.now();
    playground = await startPlayground({ port: 0, uiPort: 0, build: 'never' });
    startMs = Date.now() - started;
  });
  afterAll(async () => {
    await playground?.close();
  });

  const post = async (path: string, body: unknown) => {
    const response = await fetch(new URL(path, playground.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };

  it('starts in under 10 s', () => {
    expect(startMs).toBeLessThan(10_000);
  });

  it('serves the page, and the workbook state with the CRM menu added by onOpen', async () => {
    const page = await (await fetch(playground.url)).text();
    expect(page).toContain('CRM Sheets playground');
    const state = (await (await fetch(new URL('/state', playground.url))).json()) as {
      sheets: string[];
      menu: string[];
      table: string;
    };
    expect(state.sheets).toEqual([
      'Leads',
      'Export',
      BIG_SHEET,
      SEND_SHEET,
      ACTIONS_SHEET,
      PUSH_SHEET,
    ]);
    // The demo spreadsheet is Brazilian (pt_BR): the menu speaks Portuguese.
    expect(state.menu).toEqual([
      'Configurações',
      'Importar leads',
      'Exportar leads',
      'Enviar template',
      'Ações em leads',
      'Enviar alterações',
      'Relatório do funil',
      'Processos',
      'Atualizar fórmulas',
      'Ajuda',
    ]);
    expect(state.table).toContain('Fernanda Albuquerque');
  });

  it('opens a sidebar from the menu and serves it with the google.script.run shim', async () => {
    const answer = (await post('/menu', { caption: 'Configurações' })) as {
      ok: boolean;
      sidebar: { url: string; title: string };
    };
    expect(answer.ok).toBe(true);
    expect(answer.sidebar.title).toBe('CRM · Configurações');
    const html = await (await fetch(new URL(answer.sidebar.url, playground.url))).text();
    expect(html).toContain(GOOGLE_SCRIPT_SHIM);
    expect(html).toContain('id="api-key"');
  });

  it('runs server functions as executions of the real bundle, with the demo key preconfigured', async () => {
    expect(await post('/run', { fn: 'uiGetSettings', args: [] })).toEqual({
      ok: true,
      value: {
        configured: true,
        apiKeyMasked: 'crm_…dmin',
        baseUrl: playground.sandboxUrl,
        defaultCountry: 'BR',
        // The demo owner allowed CRM_* formulas in the playground's spreadsheet.
        formulasAllowed: true,
        optOutTag: 'optout',
      },
    });
    const configured = await post('/run', {
      fn: 'crmConfigure',
      args: [{ apiKey: DEMO_KEYS.admin }],
    });
    expect(configured).toMatchObject({ ok: true, value: { account: { id: 1 } } });
    const before = playground.sandbox.requests().length;
    expect(before).toBeGreaterThan(0);
    expect(playground.sandbox.requests().at(-1)).toMatchObject({ method: 'GET', status: 200 });
  });

  it('returns server errors as errors, and refuses names that are not public functions', async () => {
    const bad = await post('/run', { fn: 'crmConfigure', args: [{ apiKey: 'nope' }] });
    expect(bad).toMatchObject({ ok: false, error: { message: expect.stringMatching(/crm_/) } });
    const missing = await post('/run', { fn: 'noSuchFunction', args: [] });
    expect(missing).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/noSuchFunction/) },
    });
    const privateFn = await post('/run', { fn: 'helper_', args: [] });
    expect(privateFn).toMatchObject({ ok: false });
    const notCode = await post('/run', { fn: 'alert(1)', args: [] });
    expect(notCode).toMatchObject({ ok: false });
  });

  it('shares one simulated clock between the add-on and the sandbox, also over HTTP', async () => {
    expect(playground.sandbox.clock.now()).toBe(playground.runtime.now());
    const response = await fetch(`${playground.sandboxUrl}/account`, {
      headers: { 'x-api-key': DEMO_KEYS.admin },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { account: { name: string } }).account.name).toBe(
      'Comercial Automação Demo Ltda',
    );
  });

  it('shows no tab for a hidden sheet (the add-on’s send record)', async () => {
    const record = playground.runtime.workbook.addSheet('CRM Send Record');
    record.hidden = true;
    try {
      const state = (await (await fetch(new URL('/state', playground.url))).json()) as {
        sheets: string[];
      };
      // Before: the hidden record showed as a tab with its English headers.
      expect(state.sheets).toEqual([
        'Leads',
        'Export',
        BIG_SHEET,
        SEND_SHEET,
        ACTIONS_SHEET,
        PUSH_SHEET,
      ]);
    } finally {
      playground.runtime.workbook.removeSheet(record);
    }
  });

  it('uiListSheets names the sheets in tab order and the active one', () => {
    expect(playground.runtime.runOrThrow('uiListSheets')).toEqual({
      sheets: ['Leads', 'Export', BIG_SHEET, SEND_SHEET, ACTIONS_SHEET, PUSH_SHEET],
      active: 'Leads',
    });
  });

  it('uiPauseJob pauses a running job so that no driver continues it, until crmResumeJob', () => {
    const { runtime } = playground;
    const rows = 1_000;
    addSlowImportSheet(playground, 'Pause', rows);
    const started = runtime.runOrThrow('crmImportLeads', { sheet: 'Pause' }) as JobSummary;
    expect(started.state).toBe('running');
    expect(started.done).toBeLessThan(rows);

    const paused = runtime.runOrThrow('uiPauseJob', started.jobId) as JobSummary;
    // The playground's spreadsheet is pt_BR: job messages speak the starter's language.
    expect(paused).toMatchObject({
      state: 'paused',
      done: started.done,
      message: 'Pausada pela barra lateral.',
    });
    const slice = runtime.runOrThrow('uiContinueJob', started.jobId) as {
      summaries: JobSummary[];
      callAgainInMs?: number;
    };
    expect(slice.summaries[0]).toMatchObject({ state: 'paused', done: started.done });
    expect(slice.callAgainInMs).toBeUndefined();
    expect(runtime.runOrThrow('crmRunJobs')).toEqual([]);

    const resumed = runtime.runOrThrow('crmResumeJob', started.jobId) as JobSummary;
    expect(resumed.done).toBeGreaterThan(started.done);
    let last = resumed;
    for (let i = 0; i < 10 && last.state !== 'done'; i++) {
      const next = runtime.runOrThrow('uiContinueJob', started.jobId) as {
        summaries: JobSummary[];
      };
      last = next.summaries[0] ?? last;
    }
    expect(last).toMatchObject({ state: 'done', done: rows });
    // A finished job is left as it is.
    expect(runtime.runOrThrow('uiPauseJob', started.jobId)).toMatchObject({ state: 'done' });
  });

  it('uiPauseJob never waits for a lock held elsewhere, and says what to do with a wrong id', () => {
    const { runtime } = playground;
    const [job] = runtime.runOrThrow('crmListJobs') as JobSummary[];
    expect(job).toBeDefined();
    runtime.holdLock('document', 60_000);
    runtime.holdLock('user', 60_000);
    const before = runtime.now();
    expect(runtime.runOrThrow('uiPauseJob', job?.jobId)).toMatchObject({ jobId: job?.jobId });
    expect(runtime.now() - before).toBeLessThan(5_000);
    runtime.advance(60_000);
    expect(runtime.run('uiPauseJob', '').error?.message).toMatch(/Pass the jobId/);
    expect(runtime.run('uiPauseJob', 'job-nope').error?.message).toMatch(
      /No job has the id "job-nope"/,
    );
  });
});
