import { describe, expect, it } from 'vitest';
import {
  AccountResponseSchema,
  AutomationListResponseSchema,
  ChatappInstanceListResponseSchema,
  ChatappTemplateListResponseSchema,
  SequenceListResponseSchema,
  TaskListResponseSchema,
} from '../../../../src/api/schemas';
import {
  accountTable,
  automationsTable,
  countPlaceholders,
  customFieldsTable,
  instancesTable,
  leadsTable,
  leadTable,
  lostReasonsTable,
  pipelinesTable,
  sequencesTable,
  tasksTable,
  templatesTable,
  usersTable,
} from '../../../../src/core/export/resources';
import { recordsToTable } from '../../../../src/core/export/table';
import { DEFAULT_LEAD_HEADER, KNOWN_TASK_HEADER } from '../../../e2e/export-fixtures';
import { customFields, pipelineList, pipelines, users } from '../query/fixtures';
import { hostileLead, richLead } from './fixtures';

/** A CRM list response's `data`, checked by its schema as the client checks it. */
function parsedList<T>(
  schema: { parse(body: unknown): { data: T } },
  data: unknown[],
  rest: Record<string, unknown> = {},
): T {
  return schema.parse({ success: true, data, ...rest }).data;
}

describe('lead tables', () => {
  it('CRM_LEADS without columns: the PRODUCT.md defaults, text returned as is', () => {
    expect(leadsTable([richLead, hostileLead])).toEqual([
      DEFAULT_LEAD_HEADER,
      [
        101,
        'Maria José da Conceição',
        'maria.jose@exemplo.com.br',
        '+5511987654321',
        'Padaria Pão Quente Ltda.',
        12345.67,
        'Vendas',
        'Proposta',
        'vip, black friday',
        'site',
        new Date('2026-11-01T12:30:00Z'),
      ],
      [
        102,
        '=HYPERLINK("http://x","y")',
        '',
        '+5521912345678',
        '-1',
        0,
        'Pós-venda',
        'Onboarding',
        '',
        '@import',
        new Date('2026-11-03T09:00:00Z'),
      ],
    ]);
  });

  it('CRM_LEAD with chosen columns, custom fields and summaries', () => {
    const columns = [
      'name',
      'owner_name',
      'custom_fields.renda_mensal',
      'custom_fields.data_contrato',
      'products_summary',
      'next_task',
    ];
    expect(
      leadTable(richLead, columns, customFields, {
        makeDate: (y, m, d) => new Date(Date.UTC(y, m - 1, d, 3)),
      }),
    ).toEqual([
      columns,
      [
        'Maria José da Conceição',
        'Ana Souza',
        8500.5,
        new Date('2026-12-01T03:00:00Z'),
        '2× Plano Pro; 1× Setup',
        'Ligar para Maria (2026-11-22)',
      ],
    ]);
  });

  it('no leads → the header row alone', () => {
    expect(leadsTable([], ['id', 'name'])).toEqual([['id', 'name']]);
  });
});

describe('resource tables', () => {
  it('CRM_PIPELINES: one row per stage, in order', () => {
    const table = pipelinesTable(pipelines);
    expect(table[0]).toEqual([
      'pipeline_id',
      'pipeline',
      'stage_position',
      'stage_id',
      'stage',
      'color',
      'is_won',
      'is_lost',
    ]);
    expect(table.slice(1, 3)).toEqual([
      [3, 'Vendas', 1, 31, 'Novo', '#999999', false, false],
      [3, 'Vendas', 2, 32, 'Proposta', '#3366ff', false, false],
    ]);
    expect(table[4]).toEqual([3, 'Vendas', 4, 34, 'Ganho', '#00aa00', true, false]);
    expect(table[8]).toEqual([2026, 'Eventos 2026', 1, 51, 'Inscrito', '', false, false]);
    expect(table).toHaveLength(1 + 5 + 2 + 1);
    expect(pipelinesTable([{ id: 9, name: 'Vazio', stages: [] }])).toEqual([
      table[0],
      [9, 'Vazio', '', '', '', '', '', ''],
    ]);
  });

  it('CRM_LOST_REASONS, CRM_USERS, CRM_CUSTOM_FIELDS', () => {
    expect(lostReasonsTable(pipelineList.lost_reasons)).toEqual([
      ['id', 'name'],
      [1, 'Preço alto'],
      [2, 'Sem retorno'],
    ]);
    expect(usersTable(users.slice(0, 1))).toEqual([
      ['id', 'name', 'email', 'role'],
      [7, 'Ana Souza', 'ana@empresa.com.br', 'admin'],
    ]);
    const fields = customFieldsTable(customFields);
    expect(fields[0]).toEqual([
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
    expect(fields[4]).toEqual([
      4,
      'interesses',
      'Interesses',
      'multiselect',
      'Plano Pro, Setup, Consultoria',
      '',
      true,
      '',
      '',
    ]);
  });

  it('CRM_SEQUENCES, CRM_ACCOUNT, CRM_INSTANCES', () => {
    const sequences = parsedList(SequenceListResponseSchema, [
      {
        id: 5,
        name: 'Boas-vindas',
        description: 'Série de 5 mensagens',
        channel: 'chatapp',
        is_active: true,
        steps_count: 5,
        stats_enrolled: '120',
      },
    ]);
    expect(sequencesTable(sequences)[1]).toEqual([
      5,
      'Boas-vindas',
      'Série de 5 mensagens',
      'chatapp',
      true,
      5,
      120,
    ]);

    const { account } = AccountResponseSchema.parse({
      success: true,
      account: { id: 1, name: 'Padaria & Cia', plan: 'pro' },
    });
    expect(accountTable(account)).toEqual([
      ['id', 'name', 'plan'],
      [1, 'Padaria & Cia', 'pro'],
    ]);

    const instances = parsedList(ChatappInstanceListResponseSchema, [
      {
        id: 3,
        provider: 'cloud_api',
        display_name: 'Vendas SP',
        phone_number: '+5511999990000',
        is_primary: true,
        status: 'connected',
        supports_templates: true,
        supports_buttons: true,
        has_window_restriction: true,
      },
    ]);
    expect(instancesTable(instances)[1]).toEqual([
      3,
      'Vendas SP',
      '+5511999990000',
      'cloud_api',
      'connected',
      true,
      true,
      true,
      true,
    ]);
  });

  it('CRM_TEMPLATES: header format, body text and the number of variables', () => {
    const templates = parsedList(ChatappTemplateListResponseSchema, [
      {
        id: 11,
        name: 'pedido_enviado',
        language: 'pt_BR',
        category: 'UTILITY',
        status: 'APPROVED',
        chatapp_instance_id: 3,
        variables: [],
        components: [
          { type: 'HEADER', format: 'DOCUMENT' },
          { type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} foi enviado. Obrigado, {{1}}!' },
        ],
        quality_rating: 'GREEN',
      },
      {
        id: 12,
        name: 'boas_vindas',
        language: 'pt_BR',
        status: 'PENDING',
        components: [
          { type: 'HEADER', text: 'Bem-vindo!' },
          { type: 'BODY', text: 'Oi!' },
        ],
      },
    ]);
    expect(templatesTable(templates)).toEqual([
      [
        'id',
        'name',
        'language',
        'category',
        'status',
        'chatapp_instance_id',
        'quality_rating',
        'header_format',
        'header_text',
        'body',
        'variables',
      ],
      [
        11,
        'pedido_enviado',
        'pt_BR',
        'UTILITY',
        'APPROVED',
        3,
        'GREEN',
        'DOCUMENT',
        '',
        'Olá {{1}}, seu pedido {{2}} foi enviado. Obrigado, {{1}}!',
        2,
      ],
      [12, 'boas_vindas', 'pt_BR', '', 'PENDING', '', '', 'TEXT', 'Bem-vindo!', 'Oi!', 0],
    ]);
    expect(countPlaceholders('{{1}} {{ 2 }} {{1}} {x}')).toBe(2);
  });

  it('CRM_AUTOMATIONS: timestamps as dates', () => {
    const automations = parsedList(
      AutomationListResponseSchema,
      [
        {
          id: 1,
          name: 'Tag VIP',
          trigger_type: 'lead_created',
          is_active: false,
          run_count: 0,
          last_run_at: null,
          updated_at: '2026-11-20T10:00:00Z',
        },
      ],
      { meta: { total: 1 } },
    );
    expect(automationsTable(automations)).toEqual([
      ['id', 'name', 'trigger_type', 'is_active', 'run_count', 'last_run_at', 'updated_at'],
      [1, 'Tag VIP', 'lead_created', false, 0, '', new Date('2026-11-20T10:00:00Z')],
    ]);
  });

  it('CRM_TASKS: known columns first, then whatever fields the tasks carry', () => {
    const tasks = parsedList(TaskListResponseSchema, [
      {
        id: 1,
        subject: 'Ligar',
        type: 'call',
        status: 'pending',
        due_date: '2026-11-22',
        assigned_to: { id: 7, name: 'Ana Souza' },
        lead_id: 101,
        origem: 'automação',
        extra: { a: 1 },
      },
      { id: 2, subject: 'Avulsa', assigned_to: 8, lead_id: null },
    ]);
    const table = tasksTable(tasks);
    expect(table[0]).toEqual([...KNOWN_TASK_HEADER, 'origem']);
    expect(table[1]).toEqual([
      1,
      'Ligar',
      'call',
      'pending',
      '',
      '2026-11-22',
      '',
      '',
      'Ana Souza',
      101,
      'automação',
    ]);
    expect(table[2]).toEqual([2, 'Avulsa', '', '', '', '', '', '', 8, '', '']);
    expect(tasksTable([])).toEqual([KNOWN_TASK_HEADER]);
  });

  it('recordsToTable: plain keys default to auto cells', () => {
    expect(
      recordsToTable([{ a: 'x', b: 2, c: '2026-11-01T00:00:00Z' }], ['a', 'b', 'c', 'd']),
    ).toEqual([
      ['a', 'b', 'c', 'd'],
      ['x', 2, new Date('2026-11-01T00:00:00Z'), ''],
    ]);
  });
});
