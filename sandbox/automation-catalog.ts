/**
 * Triggers, actions and their config keys: the single table behind both
 * GET /automations/capabilities and the validator, so they can never disagree.
 */
export type ConfigValueType =
  | 'string'
  | 'string[]'
  | 'integer'
  | 'integer[]'
  | 'boolean'
  | 'object'
  | 'array'
  | 'url';

/** What a config value must point at in the caller's account. */
export type ForeignKey =
  | 'pipeline'
  | 'stage'
  | 'user'
  | 'sequence'
  | 'template'
  | 'instance'
  | 'cloud_instance'
  | 'chatbot'
  | 'lost_reason'
  | 'date_field';

export interface ConfigKey {
  key: string;
  type: ConfigValueType;
  required: boolean;
  enum?: readonly string[];
  fk?: ForeignKey;
  description: string;
}

export interface CatalogEntry {
  type: string;
  description: string;
  config: readonly ConfigKey[];
  official_api_only?: boolean;
}

const req = (
  key: string,
  type: ConfigValueType,
  description: string,
  extra: Partial<ConfigKey> = {},
): ConfigKey => ({
  key,
  type,
  required: true,
  description,
  ...extra,
});
const opt = (
  key: string,
  type: ConfigValueType,
  description: string,
  extra: Partial<ConfigKey> = {},
): ConfigKey => ({
  key,
  type,
  required: false,
  description,
  ...extra,
});

const TASK_TYPES = [
  'call',
  'email',
  'meeting',
  'whatsapp',
  'visit',
  'follow_up',
  'proposal',
  'other',
] as const;
const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

export const TRIGGERS: readonly CatalogEntry[] = [
  {
    type: 'message_received',
    description: 'Mensagem recebida',
    config: [
      opt('instance_id', 'integer', 'número que recebe', { fk: 'instance' }),
      opt('keywords', 'string[]', 'palavras-chave (qualquer uma)'),
    ],
  },
  {
    type: 'conversation_created',
    description: 'Conversa criada',
    config: [opt('instance_id', 'integer', 'número', { fk: 'instance' })],
  },
  {
    type: 'lead_created',
    description: 'Lead criado',
    config: [
      opt('pipeline_id', 'integer', 'só neste funil', { fk: 'pipeline' }),
      opt('source', 'string', 'só desta origem'),
    ],
  },
  {
    type: 'lead_stage_changed',
    description: 'Lead mudou de etapa',
    config: [
      opt('pipeline_id', 'integer', 'funil', { fk: 'pipeline' }),
      opt('stage_id', 'integer', 'etapa de destino', { fk: 'stage' }),
    ],
  },
  {
    type: 'lead_won',
    description: 'Lead ganho',
    config: [opt('pipeline_id', 'integer', 'funil', { fk: 'pipeline' })],
  },
  {
    type: 'lead_lost',
    description: 'Lead perdido',
    config: [
      opt('pipeline_id', 'integer', 'funil', { fk: 'pipeline' }),
      opt('reason_id', 'integer', 'motivo de perda', { fk: 'lost_reason' }),
    ],
  },
  {
    type: 'date_field',
    description: 'Data de um campo do lead',
    config: [
      req('field', 'string', "'birthday' ou nome de campo personalizado do tipo date", {
        fk: 'date_field',
      }),
      opt('offset_days', 'integer', 'dias antes (negativo) ou depois'),
      opt('time', 'string', 'HH:MM'),
    ],
  },
  {
    type: 'recurring',
    description: 'Recorrente',
    config: [
      req('interval', 'string', 'frequência', { enum: ['daily', 'weekly', 'monthly'] }),
      opt('time', 'string', 'HH:MM'),
    ],
  },
  {
    type: 'task_created',
    description: 'Tarefa criada',
    config: [opt('task_type', 'string', 'tipo', { enum: TASK_TYPES })],
  },
  {
    type: 'task_due_soon',
    description: 'Tarefa perto do vencimento',
    config: [req('minutes_before', 'integer', 'minutos antes do vencimento')],
  },
  { type: 'calendar_event_created', description: 'Evento de agenda criado', config: [] },
  { type: 'calendar_event_canceled', description: 'Evento de agenda cancelado', config: [] },
  {
    type: 'calendar_event_starting_soon',
    description: 'Evento de agenda começando',
    config: [req('minutes_before', 'integer', 'minutos antes do início')],
  },
  { type: 'appointment_confirmed', description: 'Agendamento confirmado', config: [] },
  { type: 'appointment_declined', description: 'Agendamento recusado', config: [] },
  {
    type: 'stage_no_reply',
    description: 'Sem resposta na etapa',
    config: [
      req('stage_id', 'integer', 'etapa', { fk: 'stage' }),
      req('hours', 'integer', 'horas sem resposta'),
    ],
  },
  {
    type: 'stage_recurring',
    description: 'Recorrente enquanto na etapa',
    config: [
      req('stage_id', 'integer', 'etapa', { fk: 'stage' }),
      req('interval_days', 'integer', 'a cada N dias'),
    ],
  },
];

export const ACTIONS: readonly CatalogEntry[] = [
  {
    type: 'add_tag_lead',
    description: 'Adicionar tags ao lead',
    config: [req('tags', 'string[]', 'tags a adicionar')],
  },
  {
    type: 'remove_tag_lead',
    description: 'Remover tags do lead',
    config: [req('tags', 'string[]', 'tags a remover')],
  },
  {
    type: 'add_tag_conversation',
    description: 'Adicionar tags à conversa',
    config: [req('tags', 'string[]', 'tags')],
  },
  {
    type: 'move_to_stage',
    description: 'Mover para etapa',
    config: [
      req('stage_id', 'integer', 'etapa de destino', { fk: 'stage' }),
      opt('pipeline_id', 'integer', 'funil', { fk: 'pipeline' }),
    ],
  },
  {
    type: 'set_lead_source',
    description: 'Definir origem',
    config: [req('source', 'string', 'origem')],
  },
  {
    type: 'assign_to_user',
    description: 'Atribuir a usuário',
    config: [req('user_id', 'integer', 'usuário', { fk: 'user' })],
  },
  {
    type: 'assign_random_user',
    description: 'Atribuir a usuário aleatório',
    config: [req('user_ids', 'integer[]', 'usuários sorteados', { fk: 'user' })],
  },
  {
    type: 'add_note',
    description: 'Adicionar nota',
    config: [req('body', 'string', 'texto da nota')],
  },
  {
    type: 'assign_ai_agent',
    description: 'Atribuir agente de IA',
    config: [req('agent_id', 'integer', 'agente de IA')],
  },
  {
    type: 'assign_chatbot_flow',
    description: 'Iniciar fluxo de chatbot',
    config: [req('flow_id', 'integer', 'fluxo', { fk: 'chatbot' })],
  },
  {
    type: 'transfer_to_department',
    description: 'Transferir para departamento',
    config: [req('department_id', 'integer', 'departamento')],
  },
  { type: 'close_conversation', description: 'Encerrar conversa', config: [] },
  {
    type: 'set_utm_params',
    description: 'Definir UTMs',
    config: [
      opt('utm_source', 'string', ''),
      opt('utm_medium', 'string', ''),
      opt('utm_campaign', 'string', ''),
      opt('utm_term', 'string', ''),
      opt('utm_content', 'string', ''),
    ],
  },
  {
    type: 'create_task',
    description: 'Criar tarefa',
    config: [
      req('subject', 'string', 'assunto'),
      opt('task_type', 'string', 'tipo', { enum: TASK_TYPES }),
      opt('priority', 'string', 'prioridade', { enum: PRIORITIES }),
      opt('due_in_days', 'integer', 'vence em N dias'),
      opt('assigned_to', 'integer', 'responsável', { fk: 'user' }),
    ],
  },
  {
    type: 'enroll_sequence',
    description: 'Inscrever em sequência',
    config: [req('sequence_id', 'integer', 'sequência', { fk: 'sequence' })],
  },
  {
    type: 'ai_extract_fields',
    description: 'Extrair campos com IA',
    config: [req('fields', 'string[]', 'campos a preencher')],
  },
  {
    type: 'send_webhook',
    description: 'Chamar webhook',
    config: [
      req('url', 'url', 'URL'),
      opt('method', 'string', 'método', { enum: ['POST', 'PUT', 'GET'] }),
      opt('headers', 'object', 'cabeçalhos'),
    ],
  },
  {
    type: 'notify_user',
    description: 'Notificar usuário',
    config: [
      req('user_id', 'integer', 'usuário', { fk: 'user' }),
      req('message', 'string', 'mensagem'),
    ],
  },
  {
    type: 'send_chatapp_message',
    description: 'Enviar mensagem',
    config: [
      req('message', 'string', 'texto'),
      opt('instance_id', 'integer', 'número', { fk: 'instance' }),
    ],
  },
  {
    type: 'send_chatapp_group_message',
    description: 'Enviar mensagem a grupo',
    config: [
      req('group_id', 'string', 'grupo'),
      req('message', 'string', 'texto'),
      opt('instance_id', 'integer', 'número', { fk: 'instance' }),
    ],
  },
  {
    type: 'schedule_chatapp_message',
    description: 'Agendar mensagem',
    config: [
      req('message', 'string', 'texto'),
      req('delay_minutes', 'integer', 'atraso em minutos'),
      opt('instance_id', 'integer', 'número', { fk: 'instance' }),
    ],
  },
  {
    type: 'send_chatapp_notification',
    description: 'Enviar notificação interna',
    config: [req('phone', 'string', 'telefone'), req('message', 'string', 'texto')],
  },
  {
    type: 'transfer_conversation',
    description: 'Transferir conversa',
    config: [req('user_id', 'integer', 'usuário', { fk: 'user' })],
  },
  {
    type: 'send_chatapp_list',
    description: 'Enviar lista',
    config: [
      req('body', 'string', 'texto'),
      req('button_text', 'string', 'texto do botão'),
      req('sections', 'array', 'seções'),
    ],
  },
  {
    type: 'send_chatapp_template',
    description: 'Enviar template oficial',
    official_api_only: true,
    config: [
      req('template_id', 'integer', 'template', { fk: 'template' }),
      req('instance_id', 'integer', 'número Cloud API', { fk: 'cloud_instance' }),
      opt('variables', 'object', 'variáveis {"1": "..."}'),
    ],
  },
  {
    type: 'send_chatapp_buttons',
    description: 'Enviar botões',
    official_api_only: true,
    config: [
      req('body', 'string', 'texto'),
      req('buttons', 'array', 'botões'),
      req('instance_id', 'integer', 'número Cloud API', { fk: 'cloud_instance' }),
    ],
  },
  {
    type: 'send_social_message',
    description: 'Enviar mensagem na rede social',
    config: [req('message', 'string', 'texto')],
  },
];

export const CONDITION_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'greater_than',
  'less_than',
  'is_empty',
  'is_not_empty',
  'in',
  'not_in',
] as const;

/** `{{token}}` placeholders accepted in text configs; `lead.custom_fields.<name>` for the account's fields. */
export const TOKENS = [
  'lead.name',
  'lead.first_name',
  'lead.email',
  'lead.phone',
  'lead.company',
  'lead.value',
  'lead.source',
  'lead.stage',
  'lead.pipeline',
  'lead.owner',
  'lead.tags',
  'contact.name',
  'user.name',
  'conversation.last_message',
  'date.today',
] as const;

export const AUTOMATION_LIMITS = {
  max_automations_per_account: 100,
  max_actions: 30,
  max_conditions: 20,
  name_max_length: 120,
} as const;

export const ERROR_CODES = [
  'invalid_trigger',
  'unknown_action',
  'missing_config_key',
  'fk_not_found',
  'name_conflict',
  'duplicate_handle',
  'limit_reached',
  'required',
  'invalid_value',
] as const;
export const WARNING_CODES = ['unknown_token', 'unreachable_node'] as const;

export function capabilitiesBody() {
  const describe = (entry: CatalogEntry) => ({
    type: entry.type,
    description: entry.description,
    official_api_only: entry.official_api_only === true,
    config_keys: entry.config.map((k) => ({
      key: k.key,
      type: k.type,
      required: k.required,
      ...(k.enum ? { enum: [...k.enum] } : {}),
      ...(k.fk ? { references: k.fk } : {}),
      description: k.description,
    })),
  });
  return {
    triggers: TRIGGERS.map(describe),
    actions: ACTIONS.map(describe),
    condition_operators: [...CONDITION_OPERATORS],
    tokens: [...TOKENS, 'lead.custom_fields.<name>'],
    graph: {
      node: {
        handle: 'string, unique',
        kind: 'trigger | condition | action',
        type: 'trigger or action type',
        config: 'object',
        field: 'condition',
        operator: 'condition',
        value: 'condition',
      },
      edge: { from: 'handle', to: 'handle' },
    },
    limits: AUTOMATION_LIMITS,
    error_codes: [...ERROR_CODES],
    warning_codes: [...WARNING_CODES],
  };
}
