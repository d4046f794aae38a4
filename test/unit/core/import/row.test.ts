import { describe, expect, it } from 'vitest';
import { UpsertLeadInputSchema } from '../../../../src/api/schemas';
import { intlDateFormatter } from '../../../../src/core/import/date-format';
import { mapHeaders } from '../../../../src/core/import/headers';
import {
  buildLeadPayload,
  type LeadPayloadResult,
  placeExisting,
} from '../../../../src/core/import/row';
import { context, customFields, sheetDate } from './fixtures';

function build(
  headers: string[],
  row: unknown[],
  overrides: Parameters<typeof context>[0] = {},
  mapping?: Record<string, string>,
) {
  return buildLeadPayload(row, mapHeaders(headers, { customFields, mapping }), context(overrides));
}

function reasonOf(result: LeadPayloadResult): string {
  if (result.ok) throw new Error(`expected INVALID, got ${JSON.stringify(result.payload)}`);
  return result.reason;
}

describe('buildLeadPayload: custom fields per field_type', () => {
  const headers = [
    'Nome',
    'E-mail',
    'CPF',
    'Data do contrato',
    'Renda mensal',
    'Número de filhos',
    'Plano',
    'Interesses',
    'Aceita contato',
  ];

  it.each([
    ['CPF', '  123.456.789-09 ', { cpf: '123.456.789-09' }],
    ['CPF', 12345678909, { cpf: '12345678909' }],
    ['Data do contrato', sheetDate('2026-11-21'), { data_contrato: '2026-11-21' }],
    ['Data do contrato', '21/11/2026', { data_contrato: '2026-11-21' }],
    ['Renda mensal', 'R$ 12.500,00', { renda: 12500 }],
    ['Número de filhos', 2, { filhos: 2 }],
    ['Número de filhos', '3', { filhos: 3 }],
    ['Plano', 'enterprise', { plano: 'Enterprise' }],
    ['Interesses', 'Veículos;seguros', { interesses: ['Veículos', 'Seguros'] }],
    ['Aceita contato', 'não', { aceita_contato: false }],
    ['Aceita contato', true, { aceita_contato: true }],
  ])('%s = %j', (header, value, expected) => {
    const row = headers.map((h) => (h === header ? value : ''));
    row[0] = 'Ana';
    row[1] = 'ana@x.com';
    const result = build(headers, row);
    expect(result.ok && result.payload.custom_fields).toEqual(expected);
  });

  it('reports a bad custom value under its column header', () => {
    const result = build(headers, ['Ana', 'ana@x.com', '', '32/01/2026']);
    expect(reasonOf(result)).toBe('Column "Data do contrato": "32/01/2026" is not a real date');
  });

  it('sends a custom field whose label collides with a standard synonym only when mapped', () => {
    const auto = build(['Nome', 'E-mail', 'Origem'], ['Ana', 'ana@x.com', 'Google']);
    expect(auto.ok && auto.payload).toMatchObject({ source: 'Google' });
    expect(auto.ok && auto.payload.custom_fields).toBeFalsy();
    const mapped = build(
      ['Nome', 'E-mail', 'Origem'],
      ['Ana', 'ana@x.com', 'Google'],
      {},
      { Origem: 'custom_fields.origem_cf' },
    );
    expect(mapped.ok && mapped.payload.custom_fields).toEqual({ origem_cf: 'Google' });
    expect(mapped.ok && mapped.payload).not.toHaveProperty('source');
  });
});

describe('buildLeadPayload: pipeline and stage', () => {
  const headers = ['Nome', 'E-mail', 'Funil', 'Etapa'];
  const noDefaults = { defaults: {} };

  it.each([
    [
      'stage name unique across pipelines decides the pipeline',
      ['', 'Onboarding'],
      noDefaults,
      { pipeline_id: 2, stage_id: 21 },
    ],
    ['stage id decides the pipeline', ['', 23], noDefaults, { pipeline_id: 2, stage_id: 23 }],
    ['stage id as text', ['', '13'], noDefaults, { pipeline_id: 1, stage_id: 13 }],
    [
      'pipeline by name, accents and case ignored',
      ['pos-venda', 'ATIVO'],
      noDefaults,
      { pipeline_id: 2, stage_id: 23 },
    ],
    ['pipeline id as text', ['2', 'Proposta'], noDefaults, { pipeline_id: 2, stage_id: 22 }],
    [
      'default stage looked up in the row pipeline',
      ['Pós-venda', ''],
      { defaults: { stage: 'Proposta' } },
      { pipeline_id: 2, stage_id: 22 },
    ],
    [
      'default pipeline and stage by id',
      ['', ''],
      { defaults: { pipeline: 2, stage: 21 } },
      { pipeline_id: 2, stage_id: 21 },
    ],
  ] as const)('%s (a new lead only)', (_label, cells, overrides, expected) => {
    const result = build(headers, ['Ana', 'ana@x.com', ...cells], overrides);
    expect(result.ok && result.create.ok && result.create.place).toEqual(expected);
    // An existing lead is placed by the row's own cells only; a stage cell without a
    // pipeline cell is placed by the lead's own pipeline (the job knows it), so it waits.
    const own = result.ok ? result.payload : {};
    const stageOnly = cells[0] === '' && cells[1] !== '';
    expect(result.ok && result.stageOnly).toBe(stageOnly ? cells[1] : undefined);
    expect(own.stage_id).toBe(cells[1] === '' || stageOnly ? undefined : expected.stage_id);
    expect(own.pipeline_id).toBe(
      cells.join('') === '' || stageOnly ? undefined : expected.pipeline_id,
    );
  });

  it('an existing lead: a stage cell alone is a stage of its own pipeline, never of the option pipeline', () => {
    const ctx = context({ defaults: { pipeline: 'Vendas' } });
    // "Proposta" is in Vendas (1) and Pós-venda (2): a Pós-venda lead stays in Pós-venda.
    expect(placeExisting('Proposta', 2, ctx)).toEqual({
      ok: true,
      value: { pipeline_id: 2, stage_id: 22 },
    });
    expect(placeExisting('Proposta', 1, ctx)).toEqual({
      ok: true,
      value: { pipeline_id: 1, stage_id: 13 },
    });
    // Not in its pipeline: the one pipeline that has it; none or several: refused.
    expect(placeExisting('Onboarding', 1, ctx)).toMatchObject({
      ok: true,
      value: { pipeline_id: 2 },
    });
    expect(placeExisting('Proposta', undefined, ctx).ok).toBe(false);
  });

  it.each([
    [
      'stage name found in two pipelines',
      ['', 'Proposta'],
      noDefaults,
      /^Column "Etapa": stage "Proposta" exists in pipelines Vendas, Pós-venda; add a pipeline column or choose a default pipeline$/,
    ],
  ] as const)(
    '%s: an existing lead may still be updated; a new one cannot be created',
    (_label, cells, overrides, reason) => {
      const result = build(headers, ['Ana', 'ana@x.com', ...cells], overrides);
      expect(result.ok && !result.create.ok && result.create.reason).toMatch(reason);
    },
  );

  it.each([
    [
      'no pipeline at all',
      ['', ''],
      noDefaults,
      /^Column "Funil" is empty: a new lead needs a pipeline$/,
    ],
    [
      'pipeline but no stage',
      ['Vendas', ''],
      noDefaults,
      /^Column "Etapa" is empty: a new lead needs a stage$/,
    ],
    [
      'default stage missing from the row pipeline',
      ['Vendas', ''],
      { defaults: { stage: 'Ativo' } },
      /^stage for new leads: no stage "Ativo" in pipeline "Vendas"/,
    ],
  ] as const)(
    '%s: the row can update a lead, not create one',
    (_label, cells, overrides, reason) => {
      const result = build(headers, ['Ana', 'ana@x.com', ...cells], overrides);
      expect(result.ok).toBe(true);
      expect(result.ok && !result.create.ok && result.create.reason).toMatch(reason);
    },
  );

  it('says which column to add when the sheet has none', () => {
    const result = build(['Nome', 'E-mail'], ['Ana', 'ana@x.com'], noDefaults);
    expect(result.ok && !result.create.ok && result.create.reason).toBe(
      'a new lead needs a pipeline; add a Pipeline / Funil column or choose a pipeline for new leads',
    );
  });

  it('a row without a name updates (no name sent) but cannot create', () => {
    const result = build(['E-mail', 'Telefone'], ['ana@x.com', '11 98765-4321'], noDefaults);
    expect(result.ok && result.payload).toEqual({
      email: 'ana@x.com',
      phone: '+5511987654321',
      match_by: 'email_or_phone',
    });
    expect(result.ok && !result.create.ok && result.create.reason).toMatch(
      /^a new lead needs a name; add a Name \/ Nome column/,
    );
  });
});

describe('buildLeadPayload: match key', () => {
  it.each([
    ['email', ['Ana', 'ana@x.com', '11 98765-4321'], 'email:ana@x.com'],
    ['phone', ['Ana', 'ana@x.com', '11 98765-4321'], 'phone:+5511987654321'],
    ['email_or_phone', ['Ana', 'ana@x.com', '11 98765-4321'], 'email:ana@x.com'],
    ['email_or_phone', ['Ana', '', '11 98765-4321'], 'phone:+5511987654321'],
  ] as const)('match_by %s, row %j → %s', (matchBy, row, key) => {
    const result = build(['Nome', 'E-mail', 'Celular'], [...row], { matchBy });
    expect(result.ok && result.matchKey).toBe(key);
    expect(result.ok && result.payload.match_by).toBe(matchBy);
  });

  it.each([
    [
      'email',
      ['Nome', 'Celular'],
      ['Ana', '11 98765-4321'],
      'matching by e-mail needs an e-mail; add an E-mail column',
    ],
    [
      'phone',
      ['Nome', 'E-mail', 'Celular'],
      ['Ana', 'ana@x.com', ''],
      'Column "Celular" is empty: matching by phone needs a phone',
    ],
    [
      'email_or_phone',
      ['Nome', 'Empresa'],
      ['Ana', 'ACME'],
      'matching by e-mail or phone needs one of them; add an E-mail or a Phone / Telefone column',
    ],
  ] as const)('match_by %s without its key', (matchBy, headers, row, reason) => {
    expect(reasonOf(build([...headers], [...row], { matchBy }))).toBe(reason);
  });

  it('does not call a bad email "empty"', () => {
    expect(reasonOf(build(['Nome', 'E-mail'], ['Ana', 'ana@'], { matchBy: 'email' }))).toBe(
      'Column "E-mail": "ana@" is not a valid email address',
    );
  });
});

describe('buildLeadPayload: English sheet', () => {
  const headers = [
    'Name',
    'Email',
    'Mobile',
    'Company',
    'Deal value',
    'Source',
    'Tags',
    'Pipeline',
    'Stage',
    'Assigned to',
    'Birthday',
    'Notes',
    'utm_campaign',
  ];

  it('reads a US row with US defaults and month-first dates', () => {
    const result = build(
      headers,
      [
        'Walter White',
        'Walter@Acme.com',
        '(505) 555-0147',
        'ACME Inc.',
        '$12,000.50',
        'Referral',
        'hot, enterprise',
        'Vendas',
        'Qualificado',
        'bruno@empresa.com.br',
        '09/07/1958',
        'Call back',
        'black-friday',
      ],
      { defaultCountry: 'US', dateOrder: 'MDY', formatDate: intlDateFormatter('America/New_York') },
    );
    expect(result).toEqual({
      ok: true,
      matchKey: 'email:walter@acme.com',
      create: {
        ok: true,
        place: { pipeline_id: 1, stage_id: 12 },
        names: ['Vendas', 'Qualificado'],
      },
      payload: {
        name: 'Walter White',
        email: 'walter@acme.com',
        phone: '+15055550147',
        company: 'ACME Inc.',
        value: 12000.5,
        source: 'Referral',
        tags: ['hot', 'enterprise'],
        assigned_to: 8,
        birthday: '1958-09-07',
        notes: 'Call back',
        utm_campaign: 'black-friday',
        pipeline_id: 1,
        stage_id: 12,
        match_by: 'email_or_phone',
      },
    });
    // The payload satisfies the API layer's own schema for POST /leads/upsert.
    expect(result.ok && UpsertLeadInputSchema.safeParse(result.payload).success).toBe(true);
  });
});

describe('buildLeadPayload: a cell that shows an error or is still loading is never a value', () => {
  const headers = [
    'Nome',
    'E-mail',
    'Telefone',
    'Empresa',
    'Valor',
    'Etiquetas',
    'Aniversário',
    'Funil',
    'Etapa',
    'CPF',
    'Renda mensal',
    'Plano',
    'Interesses',
    'Aceita contato',
  ];
  const sound = [
    'Maria Silva',
    'maria@exemplo.com.br',
    '(11) 98765-4321',
    'ACME',
    'R$ 1.234,56',
    'vip',
    '21/11/1990',
    'Vendas',
    'Novo',
    '123.456.789-09',
    '1000',
    'Pro',
    'Veículos',
    'sim',
  ];
  const shown = [
    '#N/A',
    '#REF!',
    '#VALUE!',
    '#DIV/0!',
    '#ERROR!',
    '#NUM!',
    '#NULL!',
    '#NAME?',
    'Loading...',
    'Carregando...',
  ];

  it('the sound row is valid (so each failure below is the error cell)', () => {
    expect(build(headers, sound).ok).toBe(true);
  });

  it.each(
    shown.flatMap((error) => headers.map((header, column) => [error, header, column] as const)),
  )('%s in column %s: INVALID, naming the column', (error, header, column) => {
    const row = [...sound];
    row[column] = error;
    const reason = reasonOf(build(headers, row));
    expect(reason).toContain(`"${header}"`);
    expect(reason).toContain(error);
  });
});
