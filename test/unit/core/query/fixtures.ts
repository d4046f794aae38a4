import {
  type CustomFieldDefinition,
  CustomFieldListResponseSchema,
  type Pipeline,
  PipelineListResponseSchema,
  type User,
  UserListResponseSchema,
} from '../../../../src/api/schemas';

/** GET /pipelines as the CRM answers it, read through the client's own schema. */
export const pipelineList = PipelineListResponseSchema.parse({
  success: true,
  pipelines: [
    {
      id: 3,
      name: 'Vendas',
      stages: [
        { id: 31, name: 'Novo', color: '#999999', is_won: false, is_lost: false },
        { id: 32, name: 'Proposta', color: '#3366ff', is_won: false, is_lost: false },
        { id: 33, name: 'Negociação', color: '#ffaa00', is_won: false, is_lost: false },
        { id: 34, name: 'Ganho', color: '#00aa00', is_won: true, is_lost: false },
        { id: 35, name: 'Perdido', color: '#aa0000', is_won: false, is_lost: true },
      ],
    },
    {
      id: 4,
      name: 'Pós-venda',
      stages: [
        { id: 41, name: 'Onboarding', color: '#00aaaa', is_won: false, is_lost: false },
        { id: 42, name: 'Proposta', color: '#3366ff', is_won: false, is_lost: false },
      ],
    },
    { id: 2026, name: 'Eventos 2026', stages: [{ id: 51, name: 'Inscrito' }] },
  ],
  lost_reasons: [
    { id: 1, name: 'Preço alto' },
    { id: 2, name: 'Sem retorno' },
  ],
});
export const pipelines: Pipeline[] = pipelineList.pipelines;

export const users: User[] = UserListResponseSchema.parse({
  success: true,
  data: [
    { id: 7, name: 'Ana Souza', email: 'ana@empresa.com.br', role: 'admin' },
    { id: 8, name: 'João Pereira', email: 'joao@empresa.com.br', role: 'manager' },
    { id: 9, name: 'Maria Silva', email: 'maria.silva@empresa.com.br', role: 'viewer' },
    { id: 10, name: 'Maria Silva', email: 'maria.s@filial.com.br', role: 'viewer' },
  ],
}).data;

export const customFields: CustomFieldDefinition[] = CustomFieldListResponseSchema.parse({
  success: true,
  data: [
    { id: 1, name: 'cpf', label: 'CPF', field_type: 'text', options: [], is_active: true },
    {
      id: 2,
      name: 'renda_mensal',
      label: 'Renda mensal',
      field_type: 'currency',
      options: [],
      is_active: true,
    },
    {
      id: 3,
      name: 'data_contrato',
      label: 'Data do contrato',
      field_type: 'date',
      options: [],
      is_active: true,
    },
    {
      id: 4,
      name: 'interesses',
      label: 'Interesses',
      field_type: 'multiselect',
      options: ['Plano Pro', 'Setup', 'Consultoria'],
      is_active: true,
    },
    {
      id: 5,
      name: 'aceita_whatsapp',
      label: 'Aceita WhatsApp',
      field_type: 'checkbox',
      options: [],
      is_active: true,
    },
    {
      id: 6,
      name: 'segmento',
      label: 'Segmento',
      field_type: 'select',
      options: ['Varejo', 'Indústria'],
      is_active: false,
    },
  ],
}).data;
