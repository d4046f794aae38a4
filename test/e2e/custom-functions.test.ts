/**
 * Every CRM_* custom function in the local runtime's custom-function context (30 s, read-only
 * properties) against the sandbox in simulated time: outputs compared with the sandbox's data,
 * cache hits that cost no request, the shared 60-a-minute budget, 429s and clear errors.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeadRow } from '../../sandbox/types';
import {
  CUSTOM_FUNCTIONS,
  DEFAULT_LEAD_HEADER,
  expectedDefaultRow,
  KNOWN_TASK_HEADER,
  newestFirst,
} from './export-fixtures';
import {
  accountLeads,
  buildBundle,
  createHarness,
  DEMO_NOW,
  type Harness,
  sandboxApi,
  seedLeads,
  waitOutRateWindow,
} from './export-harness';

beforeAll(async () => {
  await buildBundle();
});

type Row = unknown[];

function formula(h: Harness, name: string, ...args: unknown[]): Row[] {
  const result = h.runtime.runCustomFunction(name, ...args);
  if (!result.ok) throw new Error(`${name} failed: ${result.error?.message}`);
  return result.value as Row[];
}

function formulaError(h: Harness, name: string, ...args: unknown[]): string {
  const result = h.runtime.runCustomFunction(name, ...args);
  expect(result.ok, `${name} should fail`).toBe(false);
  return result.error?.message ?? '';
}

const account = (row: { account_id: number }) => row.account_id === 1;

describe('custom functions: outputs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ allowFormulas: true });
  });

  it('CRM_PIPELINES: one row per stage, in order', () => {
    const state = h.sandbox.state;
    const expected = state.pipelines.filter(account).flatMap((pipeline) =>
      state.stages
        .filter((stage) => stage.pipeline_id === pipeline.id)
        .sort((a, b) => a.position - b.position)
        .map((stage, i) => [
          pipeline.id,
          pipeline.name,
          i + 1,
          stage.id,
          stage.name,
          stage.color,
          stage.is_won,
          stage.is_lost,
        ]),
    );
    expect(formula(h, 'CRM_PIPELINES')).toEqual([
      [
        'pipeline_id',
        'pipeline',
        'stage_position',
        'stage_id',
        'stage',
        'color',
        'is_won',
        'is_lost',
      ],
      ...expected,
    ]);
  });

  it('CRM_LOST_REASONS', () => {
    const reasons = h.sandbox.state.lostReasons.filter(account);
    expect(formula(h, 'CRM_LOST_REASONS')).toEqual([
      ['id', 'name'],
      ...reasons.map((r) => [r.id, r.name]),
    ]);
  });

  it.each([
    [undefined, 8],
    [true, 7],
    ['sim', 7],
    [false, 8],
  ])('CRM_CUSTOM_FIELDS(%s)', (activeOnly, count) => {
    const table = formula(h, 'CRM_CUSTOM_FIELDS', activeOnly);
    const fields = h.sandbox.state.customFields
      .filter(account)
      .filter((f) => (count === 7 ? f.is_active : true));
    expect(table[0]).toEqual([
      'id',
      'name',
      'label',
      'field_type',
      'options',
      'is_required',
      'is_active',
      'show_on_card',
      'sort_order',
    ]);
    expect(table.length - 1).toBe(count);
    expect(table.slice(1).map((row) => [row[0], row[1], row[3], row[4]])).toEqual(
      fields.map((f) => [f.id, f.name, f.field_type, f.options.join(', ')]),
    );
  });

  it.each([
    [undefined, false],
    [true, true],
  ])('CRM_SEQUENCES(%s)', (activeOnly, onlyActive) => {
    const sequences = h.sandbox.state.nurtureSequences
      .filter(account)
      .filter((s) => !onlyActive || s.is_active);
    expect(formula(h, 'CRM_SEQUENCES', activeOnly)).toEqual([
      ['id', 'name', 'description', 'channel', 'is_active', 'steps_count', 'stats_enrolled'],
      ...sequences.map((s) => [
        s.id,
        s.name,
        s.description ?? '',
        s.channel,
        s.is_active,
        s.steps_count,
        s.stats_enrolled,
      ]),
    ]);
  });

  it('CRM_USERS and CRM_ACCOUNT', () => {
    const users = h.sandbox.state.users.filter(account);
    expect(formula(h, 'CRM_USERS')).toEqual([
      ['id', 'name', 'email', 'role'],
      ...users.map((u) => [u.id, u.name, u.email, u.role]),
    ]);
    const demo = h.sandbox.state.accounts.find((a) => a.id === 1);
    expect(formula(h, 'CRM_ACCOUNT')).toEqual([
      ['id', 'name', 'plan'],
      [1, demo?.name, demo?.plan],
    ]);
  });

  it('CRM_INSTANCES', () => {
    const instances = h.sandbox.state.instances.filter(account);
    const table = formula(h, 'CRM_INSTANCES');
    expect(table.slice(1).map((row) => [row[0], row[2], row[3], row[6]])).toEqual(
      instances.map((i) => [i.id, i.phone_number, i.provider, i.supports_templates]),
    );
  });

  it.each([
    [[], () => true],
    [['APPROVED'], (t: { status: string }) => t.status === 'APPROVED'],
    [
      ['approved', 2, 'pt_BR'],
      (t: { status: string; chatapp_instance_id: number; language: string }) =>
        t.status === 'APPROVED' && t.chatapp_instance_id === 2 && t.language === 'pt_BR',
    ],
  ] as const)('CRM_TEMPLATES(%j)', (args, keep) => {
    const templates = h.sandbox.state.templates
      .filter(account)
      .filter((t) => (keep as (t: unknown) => boolean)(t));
    expect(templates.length).toBeGreaterThan(0);
    const table = formula(h, 'CRM_TEMPLATES', ...args);
    expect(table[0]?.slice(0, 5)).toEqual(['id', 'name', 'language', 'category', 'status']);
    expect(table.slice(1).map((row) => [row[0], row[1], row[4]])).toEqual(
      templates.map((t) => [t.id, t.name, t.status]),
    );
  });

  it('CRM_AUTOMATIONS(query)', () => {
    const automations = h.sandbox.state.automations.filter(account);
    const all = formula(h, 'CRM_AUTOMATIONS', '');
    expect(
      all
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(automations.map((a) => a.id).sort());
    const active = formula(h, 'CRM_AUTOMATIONS', 'is_active=true');
    expect(active.slice(1).every((row) => row[3] === true)).toBe(true);
    expect(active.length - 1).toBe(automations.filter((a) => a.is_active).length);
    // Timestamps come back as dates.
    expect(all.slice(1).every((row) => row[6] instanceof Date)).toBe(true);
  });

  it('CRM_TASKS(query)', () => {
    const tasks = h.sandbox.state.tasks.filter(account);
    const table = formula(h, 'CRM_TASKS', 'per_page=50');
    expect(table[0]?.slice(0, KNOWN_TASK_HEADER.length)).toEqual(KNOWN_TASK_HEADER);
    expect(table.length - 1).toBe(Math.min(50, tasks.length));
    const byId = new Map(tasks.map((t) => [t.id, t]));
    for (const row of table.slice(1)) {
      const task = byId.get(row[0] as number);
      expect(row[1]).toBe(task?.subject);
      expect(row[9]).toBe(task?.lead_id ?? '');
    }
  });

  it('CRM_LEADS without arguments: the default columns, the newest 200 leads', () => {
    const leads = newestFirst(accountLeads(h.sandbox)).slice(0, 200);
    const table = formula(h, 'CRM_LEADS');
    expect(table[0]).toEqual(DEFAULT_LEAD_HEADER);
    expect(table.slice(1)).toEqual(leads.map((lead) => expectedDefaultRow(h, lead)));
  });

  it('CRM_LEADS(query, columns range, limit): names resolved, includes and custom fields flattened', () => {
    const state = h.sandbox.state;
    const expected = newestFirst(
      accountLeads(h.sandbox).filter(
        (l) => l.pipeline_id === 1 && (l.tags.includes('vip') || l.tags.includes('quente')),
      ),
    ).slice(0, 25);
    const table = formula(
      h,
      'CRM_LEADS',
      'pipeline=Vendas&tags=vip,quente',
      [['id', 'owner_name', 'custom_fields.cpf', 'Custom_Fields.Renda mensal']],
      25,
    );
    expect(table[0]).toEqual(['id', 'owner_name', 'custom_fields.cpf', 'custom_fields.renda']);
    expect(table.slice(1)).toEqual(
      expected.map((lead) => [
        lead.id,
        state.users.find((u) => u.id === lead.assigned_to)?.name ?? '',
        lead.custom_fields.cpf ?? '',
        lead.custom_fields.renda ?? '',
      ]),
    );
  });

  it('CRM_LEAD(id, columns): one lead, dates as dates', () => {
    const lead = accountLeads(h.sandbox).find((l) => l.birthday !== null) as LeadRow;
    const table = formula(h, 'CRM_LEAD', lead.id, 'id,name,birthday,stage,score');
    expect(table).toEqual([
      ['id', 'name', 'birthday', 'stage', 'score'],
      [
        lead.id,
        lead.name,
        expect.any(Date),
        h.sandbox.state.stages.find((s) => s.id === lead.stage_id)?.name,
        lead.score,
      ],
    ]);
    // Midnight of the birthday in the spreadsheet's zone.
    const birthday = table[1]?.[2] as Date;
    expect(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(birthday),
    ).toBe(lead.birthday);
  });

  it('returns CRM text exactly as it is (Sheets never parses formula results)', () => {
    const created = sandboxApi(h.sandbox, 'POST', '/leads', {
      name: '=HYPERLINK("http://x","y")',
      phone: '+5511987659999',
      company: '-1',
      pipeline_id: 3,
      stage_id: 12,
    });
    expect(created.status).toBe(201);
    const table = formula(h, 'CRM_LEAD', created.json.lead.id, 'name,phone,company');
    expect(table[1]).toEqual(['=HYPERLINK("http://x","y")', '+5511987659999', '-1']);
  });
});

describe('custom functions: cache and rate limit', () => {
  it('a cache hit makes no request; lookups are shared between functions', async () => {
    const h = await createHarness({ allowFormulas: true });
    const first = formula(h, 'CRM_PIPELINES');
    expect(h.requests().map((r) => r.path)).toEqual(['/api/v1/pipelines']);
    h.clock.advance(60_000);
    expect(formula(h, 'CRM_PIPELINES')).toEqual(first);
    // CRM_LOST_REASONS and a name filter of CRM_LEADS read the same cached GET /pipelines.
    formula(h, 'CRM_LOST_REASONS');
    formula(h, 'CRM_LEADS', 'pipeline=Parcerias', 'id', 5);
    expect(h.requests().map((r) => r.path)).toEqual([
      '/api/v1/pipelines',
      '/api/v1/leads?pipeline_id=3&page=1&per_page=5',
    ]);
    // Same formula again: nothing sent. Arguments are normalised (case, spaces, order).
    formula(h, 'CRM_LEADS', ' PIPELINE=parcerias ', 'ID', 5);
    expect(h.requests().length).toBe(2);
    // Stale after 5 minutes: asked again.
    h.clock.advance(300_000);
    formula(h, 'CRM_PIPELINES');
    expect(h.requests().length).toBe(3);
    // Nothing was written to any properties store from the formulas.
    const writes = h.runtime.executions
      .filter((e) => e.kind === 'customFunction')
      .flatMap((e) => Object.keys(e.calls).filter((call) => call.startsWith('Properties.set')));
    expect(writes).toEqual([]);
  });

  it('on 429 a formula shows its last result; without one it says when to try again', async () => {
    const h = await createHarness({ allowFormulas: true });
    const before = formula(h, 'CRM_USERS');
    h.clock.advance(600_000); // no longer fresh
    h.sandbox.faults.add({ kind: '429', count: 1, retryAfter: 17 });
    expect(formula(h, 'CRM_USERS')).toEqual(before);
    // The 429 holds back every formula of this key: nothing is sent until Retry-After has
    // passed, and a formula with no earlier result says when to try again.
    const message = formulaError(h, 'CRM_ACCOUNT');
    expect(message).toMatch(
      /rate limit .* is reached .*Try again in 1[78] s, then use CRM → Refresh formulas\./,
    );
    expect(h.requests().map((r) => r.status)).toEqual([200, 429]);
    h.clock.advance(18_000);
    expect(formula(h, 'CRM_ACCOUNT')[1]?.[0]).toBe(1);
  });

  it('a sheet of 70 different formulas spends at most 60 requests a minute and never gets a 429', async () => {
    const h = await createHarness({ allowFormulas: true });
    const ids = newestFirst(accountLeads(h.sandbox))
      .slice(0, 70)
      .map((l) => l.id);
    // crmConfigure's own GET /account is not counted by the pacer: start on a fresh window.
    waitOutRateWindow(h);
    const outcomes = ids.map((id) => h.runtime.runCustomFunction('CRM_LEAD', id, 'id,name'));
    const ok = outcomes.filter((o) => o.ok).length;
    const refused = outcomes.filter((o) => !o.ok);
    expect(h.requests().every((r) => r.status === 200)).toBe(true);
    expect(h.requests().length).toBe(ok);
    expect(ok).toBeLessThanOrEqual(60);
    expect(refused.length).toBeGreaterThan(0);
    for (const o of refused) expect(o.error?.message).toMatch(/Try again in \d+ s/);
    // Formulas never sleep long for a slot: each refused one ended within 2 s of simulated time.
    for (const o of refused) expect(o.durationMs).toBeLessThanOrEqual(2_500);
  });

  it('CRM_LEADS with limit 1000 reads 5 pages within the 30-second limit, then serves them from a chunked cache', async () => {
    const h = await createHarness({ allowFormulas: true });
    seedLeads(h.sandbox, 1_200, DEMO_NOW);
    const result = h.runtime.runCustomFunction('CRM_LEADS', '', '', 1000);
    expect(result.ok).toBe(true);
    expect((result.value as Row[]).length).toBe(1001);
    expect(result.durationMs).toBeLessThan(30_000);
    expect(h.requests().length).toBe(5);
    // Over 100 KB: cached in chunks, and served from them on the next recalculation.
    const entries = Object.entries(h.runtime.cache('document'));
    expect(entries.some(([key]) => key.includes('~'))).toBe(true);
    expect(entries.reduce((sum, [, value]) => sum + value.length, 0)).toBeGreaterThan(100_000);
    const again = formula(h, 'CRM_LEADS', '', '', 1000);
    expect(again).toEqual(result.value);
    expect(h.requests().length).toBe(5);
  });
});

describe('custom functions: a slow CRM', () => {
  it('ends CRM_LEADS with a message that says what to do, before Sheets kills it at 30 s', async () => {
    const h = await createHarness({ allowFormulas: true });
    seedLeads(h.sandbox, 1_200, DEMO_NOW);
    h.sandbox.faults.add({ kind: 'latency', latencyMs: 7_000, count: 10 });
    const result = h.runtime.runCustomFunction('CRM_LEADS', '', '', 1000);
    expect(result.ok).toBe(false);
    expect(result.killed).toBe(false);
    expect(result.error?.message).toMatch(/too slowly for a formula.*limit argument.*Export leads/);
    expect(result.durationMs).toBeLessThan(30_000);
    expect(h.requests().length).toBeLessThan(5);
  });
});

describe('custom functions: errors that say what to fix', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ allowFormulas: true });
  });

  it.each([
    ['CRM_LEADS', ['pipe=Vendas'], /Unknown filter "pipe". Use one of: pipeline, stage, owner/],
    ['CRM_LEADS', ['pipeline=Nada'], /Unknown pipeline "Nada". Pipelines of this account: Vendas/],
    ['CRM_LEADS', ['pipeline=Vendas&stage=Fim'], /Pipeline "Vendas" has no stage "Fim"/],
    ['CRM_LEADS', ['page=2'], /Remove "page" from the query/],
    ['CRM_LEADS', ['', 'id,nomx'], /Unknown column "nomx"/],
    ['CRM_LEADS', ['', '', 5000], /limit can be at most 1000/],
    ['CRM_LEADS', ['', '', -1], /limit is how many leads to show: a whole number from 1 to 1000/],
    ['CRM_LEAD', ['abc'], /id must be an id, a whole number such as 12/],
    ['CRM_LEAD', [999_999], /Not found in the CRM/],
    ['CRM_TEMPLATES', ['OK'], /Unknown template status "OK"/],
    ['CRM_AUTOMATIONS', ['name=x'], /Unknown automation filter "name"/],
    ['CRM_CUSTOM_FIELDS', ['talvez'], /active_only must be TRUE or FALSE/],
  ] as const)('%s(%j)', (name, args, message) => {
    expect(formulaError(h, name, ...args)).toMatch(message);
  });

  it('without a saved key, every function says the owner must save and allow one', async () => {
    const bare = await createHarness({ apiKey: null });
    for (const name of ['CRM_LEADS', 'CRM_PIPELINES', 'CRM_ACCOUNT']) {
      expect(formulaError(bare, name)).toMatch(
        /^CRM formulas are not allowed in this spreadsheet\..*open CRM → Settings, save their key and allow formulas here\.$/,
      );
    }
    expect(bare.requests()).toEqual([]);
  });

  it('a revoked key says how to fix it', async () => {
    const revoked = await createHarness({ allowFormulas: true });
    revoked.sandbox.faults.revokeKey('crm_demo_admin');
    expect(formulaError(revoked, 'CRM_USERS')).toMatch(
      /refused the owner's API key \(API Key inválida\.\): the spreadsheet's owner must save a valid key in CRM → Settings/,
    );
  });
});

describe('custom functions: help text in the bundle', () => {
  it.each(CUSTOM_FUNCTIONS)(
    '%s is a top-level function with @customfunction JSDoc',
    async (name) => {
      const code = await buildBundle();
      const stub = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*function ${name}\\(`).exec(
        code,
      );
      expect(stub, `stub of ${name}`).not.toBeNull();
      expect(stub?.[1]).toContain('@customfunction');
      expect(stub?.[1]).toMatch(/@return/);
    },
  );
});
