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

const configKey =
  (required: boolean) =>
  (
    key: string,
    type: ConfigValueType,
    description: string,
    extra: Partial<ConfigKey> = {},
  ): ConfigKey => ({ key, type, required, description, ...extra });
const req = configKey(true);
const opt = configKey(false);

/** A trigger or an action: its type, what it does, and its config keys. */
const entry = (type: string, description: string, ...config: ConfigKey[]): CatalogEntry => ({
  type,
  description,
  config,
});
/** An action only numbers on the official (Cloud) API can run. */
const officialApiOnly = (action: CatalogEntry): CatalogEntry => ({
  ...action,
  official_api_only: true,
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
  entry(
    'message_received',
    'Mensagem recebida',
    opt('instance_id', 'integer', 'número que recebe', { fk: 'instance' }),
    opt('keywords', 'string[]', 'palavras-chave (qualquer uma)'),
  ),
  entry(
    'conversation_created',
    'Conversa criada',
    opt('instance_id', 'integer', 'número', { fk: 'instance' }),
  ),
  entry(
    'lead_created',
    'Lead criado',
    opt('pipeline_id', 'integer', 'só neste funil', { fk: 'pipeline' }),
    opt('source', 'string', 'só desta origem'),
  ),
  entry(
    'lead_stage_changed',
    'Lead mudou de etapa',
    opt('pipeline_id', 'integer', 'funil', { fk: 'pipeline' }),
    opt('stage_id', 'integer', 'etapa de destino', { fk: 'stage' }),
  ),
  entry('lead_won', 'Lead ganho', opt('pipeline_id', 'integer', 'funil', { fk: 'pipeline' })),
  entry(
    'lead_lost',
    'Lead perdido',
    opt('pipeline_id', 'integer', 'funil', { fk: 'pipeline' }),
    opt('reason_id', 'integer', 'motivo de perda', { fk: 'lost_reason' }),
  ),
  entry(
    'date_field',
    'Data de um campo do lead',
    req('field', 'string', "'birthday' ou nome de campo personalizado do tipo date", {
      fk: 'date_field',
    }),
    opt('offset_days', 'integer', 'dias antes (negativo) ou depois'),
    opt('time', 'string', 'HH:MM'),
  ),
  entry(
    'recurring',
    'Recorrente',
    req('interval', 'string', 'frequência', { enum: ['daily', 'weekly', 'monthly'] }),
    opt('time', 'string', 'HH:MM'),
  ),
  entry('task_created', 'Tarefa criada', opt('task_type', 'string', 'tipo', { enum: TASK_TYPES })),
  entry(
    'task_due_soon',
    'Tarefa perto do vencimento',
    req('minutes_before', 'integer', 'minutos antes do vencimento'),
  ),
  entry('calendar_event_created', 'Evento de agenda criado'),
  entry('calendar_event_canceled', 'Evento de agenda cancelado'),
  entry(
    'calendar_event_starting_soon',
    'Evento de agenda começando',
    req('minutes_before', 'integer', 'minutos antes do início'),
  ),
  entry('appointment_confirmed', 'Agendamento confirmado'),
  entry('appointment_declined', 'Agendamento recusado'),
  entry(
    'stage_no_reply',
    'Sem resposta na etapa',
    req('stage_id', 'integer', 'etapa', { fk: 'stage' }),
    req('hours', 'integer', 'horas sem resposta'),
  ),
  entry(
    'stage_recurring',
    'Recorrente enquanto na etapa',
    req('stage_id', 'integer', 'etapa', { fk: 'stage' }),
    req('interval_days', 'integer', 'a cada N dias'),
  ),
];

export const ACTIONS: readonly CatalogEntry[] = [
  entry('add_tag_lead', 'Adicionar tags ao lead', req('tags', 'string[]', 'tags a adicionar')),
  entry('remove_tag_lead', 'Remover tags do lead', req('tags', 'string[]', 'tags a remover')),
  entry('add_tag_conversation', 'Adicionar tags à conversa', req('tags', 'string[]', 'tags')),
  entry(
    'move_to_stage',
    'Mover para etapa',
    req('stage_id', 'integer', 'etapa de destino', { fk: 'stage' }),
    opt('pipeline_id', 'integer', 'funil', { fk: 'pipeline' }),
  ),
  entry('set_lead_source', 'Definir origem', req('source', 'string', 'origem')),
  entry(
    'assign_to_user',
    'Atribuir a usuário',
    req('user_id', 'integer', 'usuário', { fk: 'user' }),
  ),
  entry(
    'assign_random_user',
    'Atribuir a usuário aleatório',
    req('user_ids', 'integer[]', 'usuários sorteados', { fk: 'user' }),
  ),
  entry('add_note', 'Adicionar nota', req('body', 'string', 'texto da nota')),
  entry('assign_ai_agent', 'Atribuir agente de IA', req('agent_id', 'integer', 'agente de IA')),
  entry(
    'assign_chatbot_flow',
    'Iniciar fluxo de chatbot',
    req('flow_id', 'integer', 'fluxo', { fk: 'chatbot' }),
  ),
  entry(
    'transfer_to_department',
    'Transferir para departamento',
    req('department_id', 'integer', 'departamento'),
  ),
  entry('close_conversation', 'Encerrar conversa'),
  entry(
    'set_utm_params',
    'Definir UTMs',
    opt('utm_source', 'string', ''),
    opt('utm_medium', 'string', ''),
    opt('utm_campaign', 'string', ''),
    opt('utm_term', 'string', ''),
    opt('utm_content', 'string', ''),
  ),
  entry(
    'create_task',
    'Criar tarefa',
    req('subject', 'string', 'assunto'),
    opt('task_type', 'string', 'tipo', { enum: TASK_TYPES }),
    opt('priority', 'string', 'prioridade', { enum: PRIORITIES }),
    opt('due_in_days', 'integer', 'vence em N dias'),
    opt('assigned_to', 'integer', 'responsável', { fk: 'user' }),
  ),
  entry(
    'enroll_sequence',
    'Inscrever em sequência',
    req('sequence_id', 'integer', 'sequência', { fk: 'sequence' }),
  ),
  entry(
    'ai_extract_fields',
    'Extrair campos com IA',
    req('fields', 'string[]', 'campos a preencher'),
  ),
  entry(
    'send_webhook',
    'Chamar webhook',
    req('url', 'url', 'URL'),
    opt('method', 'string', 'método', { enum: ['POST', 'PUT', 'GET'] }),
    opt('headers', 'object', 'cabeçalhos'),
  ),
  entry(
    'notify_user',
    'Notificar usuário',
    req('user_id', 'integer', 'usuário', { fk: 'user' }),
    req('message', 'string', 'mensagem'),
  ),
  entry(
    'send_chatapp_message',
    'Enviar mensagem',
    req('message', 'string', 'texto'),
    opt('instance_id', 'integer', 'número', { fk: 'instance' }),
  ),
  entry(
    'send_chatapp_group_message',
    'Enviar mensagem a grupo',
    req('group_id', 'string', 'grupo'),
    req('message', 'string', 'texto'),
    opt('instance_id', 'integer', 'número', { fk: 'instance' }),
  ),
  entry(
    'schedule_chatapp_message',
    'Agendar mensagem',
    req('message', 'string', 'texto'),
    req('delay_minutes', 'integer', 'atraso em minutos'),
    opt('instance_id', 'integer', 'número', { fk: 'instance' }),
  ),
  entry(
    'send_chatapp_notification',
    'Enviar notificação interna',
    req('phone', 'string', 'telefone'),
    req('message', 'string', 'texto'),
  ),
  entry(
    'transfer_conversation',
    'Transferir conversa',
    req('user_id', 'integer', 'usuário', { fk: 'user' }),
  ),
  entry(
    'send_chatapp_list',
    'Enviar lista',
    req('body', 'string', 'texto'),
    req('button_text', 'string', 'texto do botão'),
    req('sections', 'array', 'seções'),
  ),
  officialApiOnly(
    entry(
      'send_chatapp_template',
      'Enviar template oficial',
      req('template_id', 'integer', 'template', { fk: 'template' }),
      req('instance_id', 'integer', 'número Cloud API', { fk: 'cloud_instance' }),
      opt('variables', 'object', 'variáveis {"1": "..."}'),
    ),
  ),
  officialApiOnly(
    entry(
      'send_chatapp_buttons',
      'Enviar botões',
      req('body', 'string', 'texto'),
      req('buttons', 'array', 'botões'),
      req('instance_id', 'integer', 'número Cloud API', { fk: 'cloud_instance' }),
    ),
  ),
  entry('send_social_message', 'Enviar mensagem na rede social', req('message', 'string', 'texto')),
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
