import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../sandbox/index';
import { collectAll, InvalidInputError, pageAll } from '../../../src/api';
import { errorFrom, KEYS, useContractServer } from './server';

const sandbox = useContractServer();

describe('customFields.list (GET /custom-fields)', () => {
  it('lists every field definition, inactive ones included, in sort order', () => {
    const fields = sandbox.server.client().customFields.list();
    expect(fields.map((f) => f.name)).toEqual([
      'cpf',
      'renda',
      'nascimento',
      'segmento',
      'interesses',
      'quantidade',
      'aceita_whatsapp',
      'campo_legado',
    ]);
    expect(fields.find((f) => f.name === 'segmento')).toMatchObject({
      label: 'Segmento',
      field_type: 'select',
      options: expect.arrayContaining(['Varejo']),
      is_required: false,
      is_active: true,
    });
    expect(fields.find((f) => f.name === 'cpf')?.options).toEqual([]);
  });

  it('active_only=true leaves the inactive fields out', () => {
    const client = sandbox.server.client();
    const active = client.customFields.list({ active_only: true });
    expect(active.map((f) => f.name)).not.toContain('campo_legado');
    expect(active.every((f) => f.is_active)).toBe(true);
    expect(active).toHaveLength(client.customFields.list().length - 1);
  });
});

describe('sequences.list (GET /nurture-sequences)', () => {
  it('lists sequences; active_only=true keeps the active ones', () => {
    const client = sandbox.server.client();
    const all = client.sequences.list();
    expect(all.map((s) => s.id)).toEqual([
      DEMO.sequences.boasVindas,
      DEMO.sequences.reengajamento,
      DEMO.sequences.inactive,
    ]);
    expect(all[0]).toMatchObject({
      name: expect.any(String),
      channel: expect.any(String),
      is_active: true,
      steps_count: expect.any(Number),
      stats_enrolled: expect.any(Number),
    });
    const active = client.sequences.list({ active_only: true });
    expect(active.map((s) => s.id)).toEqual([
      DEMO.sequences.boasVindas,
      DEMO.sequences.reengajamento,
    ]);
  });

  it('enrolling raises stats_enrolled by one', () => {
    const client = sandbox.server.client();
    const before = client.sequences.list()[1]?.stats_enrolled as number;
    client.leads.enrollSequence(DEMO.leads.windowOpen, DEMO.sequences.reengajamento);
    expect(client.sequences.list()[1]?.stats_enrolled).toBe(before + 1);
  });

  it('an unknown option is refused before any request', () => {
    errorFrom(InvalidInputError, () =>
      // @ts-expect-error: misspelt option on purpose
      sandbox.server.client().sequences.list({ activeOnly: true }),
    );
  });
});

describe('account.get and users.list', () => {
  it.each([
    [KEYS.admin, 1, 'Comercial Automação Demo Ltda'],
    [KEYS.other, 2, 'Outra Empresa S.A.'],
  ])('the key %s reads its own account', (key, id, name) => {
    const account = sandbox.server.client(key).account.get();
    expect(account).toMatchObject({ id, name, plan: expect.any(String) });
  });

  it('lists the account users with documented roles only', () => {
    const users = sandbox.server.client().users.list();
    expect(users.map((u) => u.id)).toEqual([1, 2, 3, 4]);
    expect(users.every((u) => ['admin', 'manager', 'viewer'].includes(u.role as string))).toBe(
      true,
    );
    expect(users[0]).toMatchObject({ role: 'admin', email: expect.stringContaining('@') });
  });
});

describe('tasks.list (GET /tasks)', () => {
  it('answers one page with meta, 50 per page by default', () => {
    const page = sandbox.server.client().tasks.list();
    expect(page.meta).toMatchObject({ per_page: 50, current_page: 1 });
    expect(page.data.length).toBe(Math.min(50, page.meta?.total as number));
  });

  it('pages over every task once with page and per_page', () => {
    const client = sandbox.server.client();
    const total = client.tasks.list({ per_page: 1 }).meta?.total as number;
    expect(total).toBeGreaterThan(5);
    const pages = [...pageAll((page) => client.tasks.list({ page, per_page: 4 }), { perPage: 4 })];
    expect(pages).toHaveLength(Math.ceil(total / 4));
    expect(pages.at(-1)?.meta?.has_more).toBe(false);
    const ids = pages.flatMap((p) => p.data.map((t) => t.id));
    expect(new Set(ids).size).toBe(total);
  });

  it('passes other filters on as given (lead_id)', () => {
    const client = sandbox.server.client();
    const tasks = collectAll((page) => client.tasks.list({ page, lead_id: DEMO.leads.blocked }));
    expect(tasks.map((t) => t.subject).sort()).toEqual([
      'Agendar reunião de apresentação',
      'Enviar proposta',
    ]);
    expect(tasks.every((t) => t.lead_id === DEMO.leads.blocked)).toBe(true);
  });
});
