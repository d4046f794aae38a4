import { describe, expect, it } from 'vitest';
import {
  columnKind,
  DEFAULT_LEAD_COLUMNS,
  flattenLead,
  LEAD_COLUMNS,
  parseColumns,
  requiredIncludes,
} from '../../../../src/core/export/columns';
import { customFields } from '../query/fixtures';
import { hostileLead, richLead } from './fixtures';

describe('flattenLead', () => {
  const rich = flattenLead(richLead, { customFields });
  const hostile = flattenLead(hostileLead, { customFields });

  it.each([
    ['id', 101],
    ['name', 'Maria José da Conceição'],
    ['email', 'maria.jose@exemplo.com.br'],
    ['phone', '+5511987654321'],
    ['company', 'Padaria Pão Quente Ltda.'],
    ['value', 12345.67],
    ['source', 'site'],
    ['status', 'open'],
    ['tags', 'vip, black friday'],
    ['notes', 'Cliente pediu proposta até sexta.\nLigar às 10h.'],
    ['birthday', '1988-03-15'],
    ['pipeline_id', 3],
    ['pipeline', 'Vendas'],
    ['stage_id', 32],
    ['stage', 'Proposta'],
    ['assigned_to', 7],
    ['owner_name', 'Ana Souza'],
    ['owner_email', 'ana@empresa.com.br'],
    ['created_at', '2026-11-01T12:30:00.000000Z'],
    ['updated_at', '2026-11-20T18:45:10-03:00'],
    ['utm_source', 'google'],
    ['utm_campaign', 'bf-2026'],
    ['utm_term', null],
    ['score', 87],
    ['score_updated_at', '2026-11-20T00:00:00Z'],
    ['products', 2],
    ['products_total', 12345.67],
    ['products_summary', '2× Plano Pro; 1× Setup'],
    ['contacts', 2],
    ['primary_contact', 'Maria José (+5511987654321)'],
    ['notes_count', 3],
    ['last_note', 'Enviou documentos'],
    ['sales_total', 3000.3],
    ['last_sale_at', '2026-09-15T12:00:00Z'],
    ['lost_sales', 1],
    ['tasks_open', 3],
    ['next_task', 'Ligar para Maria (2026-11-22)'],
    ['active_sequence', 'Boas-vindas (2/5)'],
    ['sequences', 2],
    ['custom_fields.cpf', '123.456.789-09'],
    ['custom_fields.renda_mensal', 8500.5],
    ['custom_fields.data_contrato', '2026-12-01'],
    ['custom_fields.interesses', 'Plano Pro, Setup'],
    ['custom_fields.aceita_whatsapp', true],
    ['custom_fields.segmento', null],
    ['custom_fields.campo_antigo', 'valor legado'],
    ['lead_origin_detail', 'formulário /contato'],
    ['rating_stars', 4],
    ['is_hot', true],
  ])('a lead with every include: %s = %j', (column, expected) => {
    expect(rich[column]).toEqual(expected);
  });

  it('drops nested objects the catalogue does not know', () => {
    expect('address' in rich).toBe(false);
  });

  it.each([
    ['name', '=HYPERLINK("http://x","y")'],
    ['company', '-1'],
    ['value', 0],
    ['tags', ''],
    ['email', null],
    ['owner_name', null],
    ['products', null],
    ['products_summary', null],
    ['tasks_open', null],
    ['next_task', null],
    ['active_sequence', null],
    ['score', null],
    ['custom_fields.cpf', null],
  ])(
    'a lead without includes: %s = %j (empty, not zero, when not requested)',
    (column, expected) => {
      expect(hostile[column]).toEqual(expected);
    },
  );

  it('gives every catalogue column and every defined custom field a key', () => {
    for (const column of LEAD_COLUMNS) expect(hostile).toHaveProperty([column]);
    for (const field of customFields)
      expect(hostile).toHaveProperty([`custom_fields.${field.name}`]);
  });
});

describe('parseColumns', () => {
  it.each([
    [undefined, DEFAULT_LEAD_COLUMNS],
    ['', DEFAULT_LEAD_COLUMNS],
    [[['']], DEFAULT_LEAD_COLUMNS],
    ['id,name,stage,custom_fields.cpf', ['id', 'name', 'stage', 'custom_fields.cpf']],
    [' id , Name ,STAGE ', ['id', 'name', 'stage']],
    [
      [
        ['id', 'name'],
        ['owner_email', ''],
      ],
      ['id', 'name', 'owner_email'],
    ],
    [
      [['id'], ['name, stage']],
      ['id', 'name', 'stage'],
    ],
    [
      'custom_fields.CPF,custom_fields.Renda mensal',
      ['custom_fields.cpf', 'custom_fields.renda_mensal'],
    ],
    ['rating_stars', ['rating_stars']],
  ])('%j → %j', (input, expected) => {
    expect(
      parseColumns(input, DEFAULT_LEAD_COLUMNS, { customFields, extraColumns: ['rating_stars'] }),
    ).toEqual(expected);
  });

  it('accepts any custom field when the definitions are not known', () => {
    expect(parseColumns('custom_fields.qualquer', DEFAULT_LEAD_COLUMNS)).toEqual([
      'custom_fields.qualquer',
    ]);
  });

  it.each([
    ['id,stgae', /Unknown column "stgae"\. Did you mean "stage"/],
    ['id,owner', /Unknown column "owner"\. Did you mean .*"owner_name"/],
    ['cpf', /Unknown column "cpf"\. Did you mean "custom_fields\.cpf"/],
    ['xyzzy', /Unknown column "xyzzy"\. Valid columns: id, name, email/],
    [
      'custom_fields.rg',
      /Unknown custom field "rg" in column "custom_fields\.rg"\. Custom fields: cpf, renda_mensal/,
    ],
    ['id,name,ID', /Column "id" is listed twice/],
    [[[true]], /columns must be a comma list of names or a range of names/],
  ])('%j is refused', (input, message) => {
    expect(() => parseColumns(input, DEFAULT_LEAD_COLUMNS, { customFields })).toThrow(message);
  });
});

describe('requiredIncludes and columnKind', () => {
  it.each([
    [DEFAULT_LEAD_COLUMNS, []],
    [
      ['id', 'owner_name', 'products_total', 'score'],
      ['owner', 'products', 'score'],
    ],
    [
      ['next_task', 'assigned_to', 'last_sale_at', 'lost_sales'],
      ['owner', 'sales', 'tasks'],
    ],
    [
      ['last_note', 'primary_contact', 'active_sequence', 'custom_fields.cpf'],
      ['contacts', 'notes', 'sequences'],
    ],
  ])('%j needs %j', (columns, includes) => {
    expect(requiredIncludes(columns)).toEqual(includes);
  });

  it.each([
    ['id', 'number'],
    ['name', 'text'],
    ['created_at', 'timestamp'],
    ['birthday', 'date'],
    ['custom_fields.renda_mensal', 'number'],
    ['custom_fields.data_contrato', 'date'],
    ['custom_fields.aceita_whatsapp', 'boolean'],
    ['custom_fields.interesses', 'text'],
    ['custom_fields.desconhecido', 'auto'],
    ['rating_stars', 'auto'],
  ])('%s is a %s column', (column, kind) => {
    expect(columnKind(column, customFields)).toBe(kind);
  });
});
