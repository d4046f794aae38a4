import { describe, expect, it } from 'vitest';
import { call, DEMO, DEMO_NOW, makeSandbox } from './helpers';

const base = { pipeline_id: DEMO.pipelines.vendas, stage_id: DEMO.stages.novo };

describe('POST /leads', () => {
  it('creates with 201 and answers {success, lead} with stage, pipeline and custom fields', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/leads', {
      body: {
        ...base,
        name: 'Lívia Prado',
        phone: '+5511912345678',
        email: 'livia@example.com',
        value: 1234.5,
        tags: ['vip', 'VIP', 'novo'],
        company: 'Ótica Visão Clara',
        birthday: '1990-05-17',
        utm_source: 'google',
        assigned_to: DEMO.users.manager,
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({
      success: true,
      lead: {
        name: 'Lívia Prado',
        pipeline_id: DEMO.pipelines.vendas,
        stage_id: DEMO.stages.novo,
        stage: { id: DEMO.stages.novo, name: 'Novo' },
        pipeline: { id: DEMO.pipelines.vendas, name: 'Vendas' },
        tags: ['vip', 'novo'],
        value: 1234.5,
        created_at: new Date(DEMO_NOW).toISOString(),
        custom_fields: {},
      },
    });
    const stored = sandbox.state.leads.find((l) => l.id === answer.json.lead.id);
    expect(stored).toMatchObject({
      account_id: DEMO.accountId,
      assigned_to: DEMO.users.manager,
      birthday: '1990-05-17',
    });
  });

  it.each([
    [{}, ['name', 'pipeline_id', 'stage_id']],
    [{ ...base, name: '' }, ['name']],
    [{ ...base, name: 'X', email: 'não-é-email' }, ['email']],
    [{ ...base, name: 'X', phone: '12' }, ['phone']],
    [{ ...base, name: 'X', value: 'muito' }, ['value']],
    [{ ...base, name: 'X', value: -1 }, ['value']],
    [{ ...base, name: 'X', tags: 'vip' }, ['tags']],
    [{ ...base, name: 'X', tags: ['ok', ''] }, ['tags.1']],
    [{ ...base, name: 'X', birthday: '17/05/1990' }, ['birthday']],
    [{ ...base, name: 'X', assigned_to: 999 }, ['assigned_to']],
    [
      { name: 'X', pipeline_id: DEMO.pipelines.vendas, stage_id: DEMO.stages.onboarding },
      ['stage_id'],
    ],
    [{ name: 'X', pipeline_id: 999, stage_id: DEMO.stages.novo }, ['pipeline_id']],
    [{ ...base, name: 'X', custom_fields: 'cpf=1' }, ['custom_fields']],
  ])('rejects %j with field errors %j', (body, fields) => {
    const { sandbox } = makeSandbox();
    const before = sandbox.state.leads.length;
    const answer = call(sandbox, 'POST', '/leads', { body });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.json.errors).sort()).toEqual([...fields].sort());
    expect(answer.json.message).toEqual(
      fields.length === 1
        ? answer.json.errors[fields[0] as string][0]
        : expect.stringMatching(/\(e mais \d+ erros?\)$/),
    );
    expect(sandbox.state.leads.length).toBe(before);
  });

  it('answers 400 for a body that is not JSON', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/leads', { rawBody: '{name:' });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/JSON/);
  });

  it.each([
    ['cpf (text)', 'cpf', 12345678909, '12345678909'],
    ['renda (currency) from a string', 'renda', '1234.567', 1234.57],
    ['quantidade (number)', 'quantidade', '42', 42],
    ['nascimento (date) from a timestamp', 'nascimento', '1990-05-17T10:00:00Z', '1990-05-17'],
    ['segmento (select), case and accents ignored', 'segmento', 'industria', 'Indústria'],
    [
      'interesses (multiselect) from a list',
      'interesses',
      ['seguro', 'Crédito', 'seguro'],
      ['Seguro', 'Crédito'],
    ],
    [
      'interesses (multiselect) from a comma string',
      'interesses',
      'Seguro, Consórcio',
      ['Seguro', 'Consórcio'],
    ],
    ['aceita_whatsapp (checkbox) from "sim"', 'aceita_whatsapp', 'sim', true],
    ['aceita_whatsapp (checkbox) from 0', 'aceita_whatsapp', 0, false],
  ])('converts custom field %s', (_label, name, input, output) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/leads', {
      body: { ...base, name: 'X', custom_fields: { [name]: input } },
    });
    expect(answer.status).toBe(201);
    expect(answer.json.lead.custom_fields).toEqual({ [name]: output });
  });

  it.each([
    ['renda', 'R$ 1.234,56'],
    ['quantidade', 'dez'],
    ['nascimento', '17/05/1990'],
    ['segmento', 'Mineração'],
    ['interesses', ['Seguro', 'Viagem']],
    ['aceita_whatsapp', 'talvez'],
    ['cpf', { numero: 1 }],
  ])('rejects custom field %s = %j naming the fix', (name, value) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/leads', {
      body: { ...base, name: 'X', custom_fields: { [name]: value } },
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.json.errors)).toEqual([`custom_fields.${name}`]);
  });

  it('ignores unknown and inactive custom field keys', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/leads', {
      body: {
        ...base,
        name: 'X',
        custom_fields: { nao_existe: 'x', campo_legado: 'y', cnpj: 'outra conta', cpf: '1' },
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.json.lead.custom_fields).toEqual({ cpf: '1' });
  });

  it('refuses a lead over the plan limit with limit_reached', () => {
    const { sandbox } = makeSandbox({ leadLimit: 301 });
    expect(call(sandbox, 'POST', '/leads', { body: { ...base, name: 'Último' } }).status).toBe(201);
    const refused = call(sandbox, 'POST', '/leads', { body: { ...base, name: 'Excedente' } });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ success: false, limit_reached: true });
    expect(refused.json.message).toMatch(/Limite de leads/);
    const upsert = call(sandbox, 'POST', '/leads/upsert', {
      body: { name: 'Novo', email: 'novo@example.com' },
    });
    expect(upsert.json.limit_reached).toBe(true);
    const update = call(sandbox, 'POST', '/leads/upsert', {
      body: { email: 'maria.silva@example.com.br', company: 'Nova' },
    });
    expect(update.status).toBe(200);
  });
});

describe('POST /leads/upsert', () => {
  it('creates with 201 and created:true when nothing matches, in the default pipeline when none is given', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/leads/upsert', {
      body: { name: 'Nova Pessoa', email: 'nova@example.com' },
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({
      success: true,
      created: true,
      lead: { stage_id: DEMO.stages.novo },
    });
  });

  it.each([
    ['email, any case', { match_by: 'email', email: '  MARIA.SILVA@EXAMPLE.COM.BR ' }],
    ['phone digits', { match_by: 'phone', phone: '+55 (11) 98765-4321' }],
    ['phone without country code', { match_by: 'phone', phone: '11987654321' }],
    ['email_or_phone by email', { email: 'maria.silva@example.com.br', phone: '+5511900000000' }],
  ])('matches by %s and answers 200 created:false', (_label, body) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/leads/upsert', {
      body: { ...body, company: 'Nova Empresa' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.created).toBe(false);
    expect([DEMO.leads.windowOpen, DEMO.leads.sibling]).toContain(answer.json.lead.id);
  });

  it('email_or_phone falls back to the phone when the email matches nothing', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/leads/upsert', {
      body: { email: 'outro@example.com', phone: '+5521998765432' },
    });
    expect(answer.json).toMatchObject({ created: false, lead: { id: DEMO.leads.blocked } });
  });

  it('match_by email does not fall back to the phone', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/leads/upsert', {
      body: {
        match_by: 'email',
        email: 'outro@example.com',
        phone: '+5521998765432',
        name: 'Outro',
      },
    });
    expect(answer.json.created).toBe(true);
  });

  it('changes only sent, non-empty fields and bumps updated_at', () => {
    const { sandbox, advance } = makeSandbox();
    advance(60_000);
    const before = structuredClone(sandbox.state.leads.find((l) => l.id === DEMO.leads.windowOpen));
    const answer = call(sandbox, 'POST', '/leads/upsert', {
      body: {
        email: 'maria.silva@example.com.br',
        name: '',
        phone: null,
        company: 'Padaria Nova',
        tags: [],
        value: null,
        custom_fields: { renda: 5000, cpf: '', segmento: null },
      },
    });
    expect(answer.status).toBe(200);
    const after = sandbox.state.leads.find((l) => l.id === DEMO.leads.windowOpen);
    expect(after).toEqual({
      ...before,
      company: 'Padaria Nova',
      custom_fields: { ...before?.custom_fields, renda: 5000 },
      updated_at: new Date(DEMO_NOW + 60_000).toISOString(),
    });
  });

  it('an upsert that changes nothing keeps updated_at', () => {
    const { sandbox, advance } = makeSandbox();
    advance(60_000);
    const before = sandbox.state.leads.find((l) => l.id === DEMO.leads.windowOpen)?.updated_at;
    call(sandbox, 'POST', '/leads/upsert', {
      body: { email: 'maria.silva@example.com.br', name: 'Maria Silva' },
    });
    expect(sandbox.state.leads.find((l) => l.id === DEMO.leads.windowOpen)?.updated_at).toBe(
      before,
    );
  });

  it.each([
    [{ name: 'Sem chave' }, 'email'],
    [{ match_by: 'email', phone: '+5511999990000', name: 'X' }, 'email'],
    [{ match_by: 'phone', email: 'x@example.com', name: 'X' }, 'phone'],
    [{ match_by: 'cpf', email: 'x@example.com' }, 'match_by'],
    [{ email: 'ninguem@example.com' }, 'name'],
  ])('rejects %j on %s', (body, field) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/leads/upsert', { body });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.json.errors)).toEqual([field]);
  });

  it('moves the matched lead when a stage is sent, creating a LostSale for a lost stage', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/leads/upsert', {
      body: {
        email: 'maria.silva@example.com.br',
        pipeline_id: DEMO.pipelines.vendas,
        stage_id: DEMO.stages.perdido,
      },
    });
    expect(answer.json.lead.stage_id).toBe(DEMO.stages.perdido);
    expect(sandbox.state.lostSales.filter((s) => s.lead_id === DEMO.leads.windowOpen)).toHaveLength(
      1,
    );
  });

  it('a lone pipeline_id keeps the stage of a lead already in that pipeline', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', '/leads/upsert', {
      body: { email: 'ana.costa@example.com', pipeline_id: DEMO.pipelines.vendas },
    });
    expect(answer.json.lead.stage_id).toBe(DEMO.stages.proposta);
  });
});

describe('tags and delete', () => {
  it('POST tags keeps existing tags and adds new ones once', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', `/leads/${DEMO.leads.windowOpen}/tags`, {
      body: { tags: ['VIP', 'black-friday'] },
    });
    expect(answer.json).toEqual({
      success: true,
      lead_id: DEMO.leads.windowOpen,
      tags: ['vip', 'quente', 'black-friday'],
    });
  });

  it.each([[{}], [{ tags: [] }], [{ tags: 'vip' }]])('POST tags rejects %j', (body) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', `/leads/${DEMO.leads.windowOpen}/tags`, { body });
    expect(answer.status).toBe(422);
    expect(answer.json.errors.tags).toBeDefined();
  });

  it('DELETE a tag answers the remaining tags, also for a tag the lead does not have', () => {
    const { sandbox } = makeSandbox();
    const path = `/leads/${DEMO.leads.windowOpen}/tags/`;
    expect(call(sandbox, 'DELETE', `${path}Quente`).json).toEqual({
      success: true,
      lead_id: DEMO.leads.windowOpen,
      tags: ['vip'],
    });
    expect(call(sandbox, 'DELETE', `${path}${encodeURIComponent('não tem')}`).json.tags).toEqual([
      'vip',
    ]);
  });

  it('DELETE /leads/{id} removes the lead; then it is 404', () => {
    const { sandbox } = makeSandbox();
    expect(call(sandbox, 'DELETE', `/leads/${DEMO.leads.blocked}`).json).toEqual({ success: true });
    const gone = call(sandbox, 'GET', `/leads/${DEMO.leads.blocked}`);
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({ success: false, message: 'Lead não encontrado.' });
    expect(sandbox.state.tasks.some((t) => t.lead_id === DEMO.leads.blocked)).toBe(false);
  });

  it.each(['/leads/abc', '/leads/0', '/leads/99999'])('GET %s is 404', (path) => {
    const { sandbox } = makeSandbox();
    expect(call(sandbox, 'GET', path).json).toEqual({
      success: false,
      message: 'Lead não encontrado.',
    });
  });
});
