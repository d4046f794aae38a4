import { describe, expect, it } from 'vitest';
import {
  AccountResponseSchema,
  AutomationDetailResponseSchema,
  AutomationListResponseSchema,
  ChatappInstanceListResponseSchema,
  ChatappTemplateListResponseSchema,
  CustomFieldListResponseSchema,
  LEAD_DETAIL_INCLUDES,
  LEAD_LIST_INCLUDES,
  LeadInputSchema,
  LeadListResponseSchema,
  LeadResponseSchema,
  LeadSchema,
  PipelineDetailResponseSchema,
  PipelineListResponseSchema,
  SendChatappInputSchema,
  SendChatappTemplateInputSchema,
  SequenceListResponseSchema,
  SpecValidationSchema,
  TaskListResponseSchema,
  UpsertLeadInputSchema,
  UserListResponseSchema,
} from '../../../src/api/schemas';
import { demoLead } from './fake-transport';

const fullLead = demoLead(42, {
  birthday: '1990-05-17',
  notes: 'Cliente indicado pela Ana',
  utm_source: 'google',
  utm_medium: null,
  assigned_to: 3,
  owner: { id: 3, name: 'Carla Souza', email: 'carla@empresa.com.br' },
  products: [
    {
      id: 1,
      product_id: 9,
      product_name: 'Plano Pro',
      quantity: 2,
      unit_price: '499.90',
      discount_percent: 10,
      total: 899.82,
    },
  ],
  contacts: [
    { id: 5, name: 'Pedro', role: 'Compras', phone: null, email: 'p@x.com', is_primary: true },
  ],
  notes_list: [
    { id: 8, body: 'Ligar amanhã', author: 'Carla Souza', created_at: '2026-11-20T09:00:00Z' },
  ],
  sales: [{ id: 2, pipeline_id: 1, value: 1500, closed_by: 3, closed_at: '2026-11-21T10:00:00Z' }],
  lost_sales: [
    {
      id: 4,
      pipeline_id: 1,
      reason_id: 2,
      lost_at: '2026-10-01T10:00:00Z',
      lost_by: { id: 3, name: 'Carla' },
    },
  ],
  tasks: [
    {
      id: 11,
      subject: 'Enviar proposta',
      type: 'email',
      status: 'pending',
      priority: 'high',
      due_date: '2026-11-25',
      due_time: '14:00',
      completed_at: null,
      assigned_to: 3,
    },
  ],
  active_sequence: {
    id: 1,
    name: 'Boas-vindas',
    current_step: 2,
    total_steps: 5,
    status: 'active',
  },
  sequences: [
    {
      id: 6,
      sequence_id: 1,
      name: 'Boas-vindas',
      status: 'active',
      next_step_at: '2026-11-22T09:00:00Z',
    },
  ],
  score: 87,
  score_updated_at: '2026-11-21T10:00:00Z',
  siblings: [{ id: 43, name: 'Lead 42 — renovação', value: 300, stage: { id: 1, name: 'Novo' } }],
  contact_totals: { deals: 2, won_value: 1500 },
  events: [
    {
      id: 99,
      event_type: 'stage_changed',
      description: 'Movido para Proposta',
      performed_by: 'Carla',
      created_at: '2026-11-21T10:00:00Z',
    },
  ],
  conversation: {
    id: 7,
    phone: '+5511987654321',
    status: 'open',
    last_message_at: '2026-11-21T10:00:00Z',
    unread_count: 2,
    instance_id: 2,
  },
});

describe('response schemas parse real-looking bodies', () => {
  it.each([
    {
      name: 'lead list',
      schema: LeadListResponseSchema,
      body: {
        success: true,
        data: [fullLead, demoLead(1)],
        meta: { total: 2, per_page: 50, current_page: 1, last_page: 1, has_more: false },
      },
    },
    { name: 'lead detail', schema: LeadResponseSchema, body: { success: true, lead: fullLead } },
    {
      name: 'pipelines',
      schema: PipelineListResponseSchema,
      body: {
        success: true,
        pipelines: [
          {
            id: 1,
            name: 'Vendas',
            stages: [
              { id: 1, name: 'Novo', color: '#3b82f6', is_won: false, is_lost: false },
              { id: 2, name: 'Ganho', color: '#22c55e', is_won: true, is_lost: false },
            ],
          },
        ],
        lost_reasons: [{ id: 1, name: 'Preço' }],
      },
    },
    {
      name: 'pipeline detail',
      schema: PipelineDetailResponseSchema,
      body: {
        success: true,
        data: {
          id: 1,
          is_default: true,
          stage_count: 2,
          lead_count: 120,
          spec: {
            name: 'Vendas',
            color: '#000000',
            auto_create_from_chatapp: false,
            auto_create_from_social: false,
            stages: [
              {
                name: 'Novo',
                is_won: false,
                is_lost: false,
                required_tasks: [{ subject: 'Ligar', task_type: 'call', priority: 'high' }],
              },
            ],
          },
        },
      },
    },
    {
      name: 'custom fields',
      schema: CustomFieldListResponseSchema,
      body: {
        success: true,
        data: [
          {
            id: 1,
            name: 'cpf',
            label: 'CPF',
            field_type: 'text',
            options: [],
            is_required: false,
            is_active: true,
            show_on_card: true,
            sort_order: 1,
          },
        ],
      },
    },
    {
      name: 'sequences',
      schema: SequenceListResponseSchema,
      body: {
        success: true,
        data: [
          {
            id: 1,
            name: 'Boas-vindas',
            description: '',
            channel: 'chatapp',
            is_active: true,
            steps_count: 5,
            stats_enrolled: 40,
          },
        ],
      },
    },
    {
      name: 'account',
      schema: AccountResponseSchema,
      body: { success: true, account: { id: 1, name: 'Padaria', plan: 'pro' } },
    },
    {
      name: 'users',
      schema: UserListResponseSchema,
      body: { success: true, data: [{ id: 1, name: 'Ana', email: 'ana@x.com', role: 'admin' }] },
    },
    {
      name: 'instances',
      schema: ChatappInstanceListResponseSchema,
      body: {
        success: true,
        data: [
          {
            id: 2,
            provider: 'cloud_api',
            display_name: 'Vendas',
            phone_number: '+5511999990000',
            is_primary: false,
            status: 'connected',
            supports_templates: true,
            supports_buttons: true,
            has_window_restriction: true,
          },
        ],
      },
    },
    {
      name: 'templates',
      schema: ChatappTemplateListResponseSchema,
      body: {
        success: true,
        data: [
          {
            id: 3,
            name: 'boleto',
            language: 'pt_BR',
            category: 'UTILITY',
            status: 'APPROVED',
            chatapp_instance_id: 2,
            variables: ['nome'],
            components: [
              { type: 'HEADER', format: 'DOCUMENT' },
              { type: 'BODY', text: 'Olá {{1}}, segue o boleto {{2}}.' },
            ],
            quality_rating: 'GREEN',
          },
        ],
      },
    },
    {
      name: 'automations',
      schema: AutomationListResponseSchema,
      body: {
        success: true,
        data: [
          {
            id: 1,
            name: 'Tag VIP',
            trigger_type: 'message_received',
            is_active: false,
            run_count: 0,
            last_run_at: null,
            updated_at: '2026-11-21T10:00:00Z',
          },
        ],
        meta: { total: 1, per_page: 30, current_page: 1, last_page: 1, has_more: false },
      },
    },
    {
      name: 'automation detail',
      schema: AutomationDetailResponseSchema,
      body: {
        success: true,
        data: {
          id: 1,
          is_active: false,
          run_count: 0,
          last_run_at: null,
          updated_at: '2026-11-21T10:00:00Z',
          spec: {
            name: 'Tag VIP',
            trigger_type: 'message_received',
            trigger_config: {},
            conditions: [{ field: 'message_body', operator: 'contains', value: 'preço' }],
            actions: [{ type: 'add_tag_lead', config: { tags: ['vip'] } }],
            nodes: [{ id: 'n1' }],
            edges: [],
          },
        },
      },
    },
    {
      name: 'tasks',
      schema: TaskListResponseSchema,
      body: {
        success: true,
        data: [{ id: 1, subject: 'Ligar', lead_id: null }],
        meta: { total: 1 },
      },
    },
  ])('$name', ({ schema, body }) => {
    const result = schema.safeParse(body);
    expect(result.error?.issues).toBeUndefined();
    // Nothing is dropped: the parsed body still holds every field that came in.
    expect(result.data).toMatchObject(
      JSON.parse(JSON.stringify(body), (_key, value) =>
        typeof value === 'string' && /^\d+\.\d+$/.test(value) ? Number(value) : value,
      ),
    );
  });
});

describe('leniency', () => {
  it('keeps unknown fields, at every level', () => {
    const lead = LeadSchema.parse({
      id: 1,
      brand_new_field: { nested: true },
      stage: { id: 2, name: 'Novo', position: 3 },
      owner: { id: 3, name: 'Ana', email: 'a@x.com', avatar_url: 'https://x/a.png' },
    });
    expect(lead.brand_new_field).toEqual({ nested: true });
    expect(lead.stage).toEqual({ id: 2, name: 'Novo', position: 3 });
    expect(lead.owner?.avatar_url).toBe('https://x/a.png');
  });

  it.each([
    { field: 'value', given: '1500.00', read: 1500 },
    { field: 'value', given: null, read: null },
    { field: 'custom_fields', given: [], read: {} },
    {
      field: 'custom_fields',
      given: { cpf: '1', extras: [1, 2] },
      read: { cpf: '1', extras: [1, 2] },
    },
    { field: 'tags', given: ['vip', { id: 1, name: 'quente' }], read: ['vip', 'quente'] },
    { field: 'name', given: null, read: null },
  ])('lead $field: $given → $read', ({ field, given, read }) => {
    expect(LeadSchema.parse({ id: 1, [field]: given })[field]).toEqual(read);
  });

  it('accepts enum values the contract does not list yet', () => {
    const fields = CustomFieldListResponseSchema.parse({
      success: true,
      data: [{ id: 1, name: 'site', field_type: 'url', options: null }],
    });
    expect(fields.data[0]?.field_type).toBe('url');
    expect(fields.data[0]?.options).toEqual([]);
  });

  it('fills missing lists with empty ones', () => {
    const list = PipelineListResponseSchema.parse({ pipelines: [{ id: 1, name: 'Vendas' }] });
    expect(list.pipelines[0]?.stages).toEqual([]);
    expect(list.lost_reasons).toEqual([]);
  });

  it.each([
    {
      body: {
        valid: false,
        mode: 'flat',
        errors: [{ path: 'trigger_type', code: 'invalid_trigger', message: 'x' }],
        warnings: [],
      },
      valid: false,
    },
    { body: { errors: [], warnings: ['Sem etapa de ganho'] }, valid: true },
    { body: { errors: { name: ['obrigatório'] } }, valid: false },
    { body: { success: true }, valid: true },
  ])('validate_only answer $body → valid $valid', ({ body, valid }) => {
    const result = SpecValidationSchema.parse(body);
    expect(result.valid).toBe(valid);
    expect(Array.isArray(result.errors) && Array.isArray(result.warnings)).toBe(true);
  });

  it('reads plain-text warnings and field-keyed errors as issues', () => {
    const result = SpecValidationSchema.parse({
      errors: { name: ['obrigatório'] },
      warnings: ['Sem etapa de ganho'],
    });
    expect(result.errors).toEqual([{ path: 'name', message: 'obrigatório' }]);
    expect(result.warnings).toEqual([{ message: 'Sem etapa de ganho' }]);
  });
});

describe('wrong shapes are rejected', () => {
  it.each([
    { name: 'lead without id', schema: LeadSchema, body: { name: 'x' }, path: ['id'] },
    { name: 'lead id as text', schema: LeadSchema, body: { id: 'abc' }, path: ['id'] },
    {
      name: 'tags as a string',
      schema: LeadSchema,
      body: { id: 1, tags: 'vip,hot' },
      path: ['tags'],
    },
    {
      name: 'value as words',
      schema: LeadSchema,
      body: { id: 1, value: 'mil reais' },
      path: ['value'],
    },
    {
      name: 'list data not a list',
      schema: LeadListResponseSchema,
      body: { success: true, data: {} },
      path: ['data'],
    },
    {
      name: 'stage without name',
      schema: PipelineListResponseSchema,
      body: { pipelines: [{ id: 1, name: 'V', stages: [{ id: 2 }] }] },
      path: ['pipelines', 0, 'stages', 0, 'name'],
    },
    {
      name: 'account missing',
      schema: AccountResponseSchema,
      body: { success: true },
      path: ['account'],
    },
    {
      name: 'template status a number',
      schema: ChatappTemplateListResponseSchema,
      body: { data: [{ id: 1, name: 't', status: 1 }] },
      path: ['data', 0, 'status'],
    },
  ])('$name', ({ schema, body, path }) => {
    const result = schema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(path);
  });
});

describe('input schemas', () => {
  it.each([
    {
      name: 'lead without pipeline',
      schema: LeadInputSchema,
      input: { name: 'Maria', stage_id: 1 },
      ok: false,
    },
    {
      name: 'lead with empty name',
      schema: LeadInputSchema,
      input: { name: '', pipeline_id: 1, stage_id: 1 },
      ok: false,
    },
    {
      name: 'full lead',
      schema: LeadInputSchema,
      input: {
        name: 'Maria',
        pipeline_id: 1,
        stage_id: 2,
        tags: ['vip'],
        custom_fields: { cpf: '1' },
      },
      ok: true,
    },
    {
      name: 'upsert with email only',
      schema: UpsertLeadInputSchema,
      input: { email: 'm@x.com', match_by: 'email' },
      ok: true,
    },
    {
      name: 'upsert with neither email nor phone',
      schema: UpsertLeadInputSchema,
      input: { name: 'Maria' },
      ok: false,
    },
    {
      name: 'upsert with a bad match_by',
      schema: UpsertLeadInputSchema,
      input: { phone: '+5511', match_by: 'cpf' },
      ok: false,
    },
    {
      name: 'image without media_url',
      schema: SendChatappInputSchema,
      input: { type: 'image' },
      ok: false,
    },
    {
      name: 'text without body',
      schema: SendChatappInputSchema,
      input: { type: 'text' },
      ok: false,
    },
    {
      name: 'text',
      schema: SendChatappInputSchema,
      input: { type: 'text', body: 'Olá' },
      ok: true,
    },
    {
      name: 'template with an empty variable',
      schema: SendChatappTemplateInputSchema,
      input: { template_id: 1, variables: { '1': '' } },
      ok: false,
    },
    {
      name: 'template with a line break',
      schema: SendChatappTemplateInputSchema,
      input: { template_id: 1, variables: ['a\nb'] },
      ok: false,
    },
    {
      name: 'template with header_1 and a file',
      schema: SendChatappTemplateInputSchema,
      input: {
        template_id: 1,
        variables: { header_1: 'Ana', '1': 'x' },
        header_media_url: 'https://cdn.x.com/boleto.pdf',
      },
      ok: true,
    },
    {
      name: 'template with a non-URL header',
      schema: SendChatappTemplateInputSchema,
      input: { template_id: 1, header_media_url: 'C:\\boleto.pdf' },
      ok: false,
    },
  ])('$name → $ok', ({ schema, input, ok }) => {
    expect(schema.safeParse(input).success).toBe(ok);
  });
});

describe('include tokens', () => {
  it('lists the eight list tokens and adds the three detail-only ones', () => {
    expect([...LEAD_LIST_INCLUDES].sort()).toEqual([
      'contacts',
      'notes',
      'owner',
      'products',
      'sales',
      'score',
      'sequences',
      'tasks',
    ]);
    expect(
      LEAD_DETAIL_INCLUDES.filter(
        (t) => !(LEAD_LIST_INCLUDES as readonly string[]).includes(t),
      ).sort(),
    ).toEqual(['conversation', 'events', 'siblings']);
  });
});
