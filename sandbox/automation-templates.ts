export interface AutomationTemplate {
  slug: string;
  category: string;
  description: string;
  /** Flat spec without account ids, so it installs in any account. */
  spec: {
    name: string;
    trigger_type: string;
    trigger_config: Record<string, unknown>;
    conditions: { field: string; operator: string; value: string }[];
    actions: { type: string; config: Record<string, unknown> }[];
  };
}

export const AUTOMATION_TEMPLATES: readonly AutomationTemplate[] = [
  {
    slug: 'boas-vindas-novo-lead',
    category: 'Atendimento',
    description: 'Marca leads novos e registra uma nota de boas-vindas.',
    spec: {
      name: 'Boas-vindas ao novo lead',
      trigger_type: 'lead_created',
      trigger_config: {},
      conditions: [],
      actions: [
        { type: 'add_tag_lead', config: { tags: ['novo'] } },
        {
          type: 'add_note',
          config: { body: 'Lead {{lead.name}} entrou pelo canal {{lead.source}}.' },
        },
      ],
    },
  },
  {
    slug: 'palavra-chave-orcamento',
    category: 'Vendas',
    description: 'Quando a mensagem recebida fala de orçamento, marca o lead como quente.',
    spec: {
      name: 'Pedido de orçamento',
      trigger_type: 'message_received',
      trigger_config: {},
      conditions: [{ field: 'message_body', operator: 'contains', value: 'orçamento' }],
      actions: [{ type: 'add_tag_lead', config: { tags: ['quente', 'orcamento'] } }],
    },
  },
  {
    slug: 'lead-ganho-pos-venda',
    category: 'Pós-venda',
    description: 'Ao ganhar um lead, cria a tarefa de onboarding.',
    spec: {
      name: 'Onboarding após ganho',
      trigger_type: 'lead_won',
      trigger_config: {},
      conditions: [],
      actions: [
        {
          type: 'create_task',
          config: {
            subject: 'Ligar para boas-vindas',
            task_type: 'call',
            priority: 'high',
            due_in_days: 1,
          },
        },
      ],
    },
  },
  {
    slug: 'lead-perdido-reengajar',
    category: 'Vendas',
    description: 'Marca leads perdidos para uma campanha de reengajamento.',
    spec: {
      name: 'Reengajar perdidos',
      trigger_type: 'lead_lost',
      trigger_config: {},
      conditions: [],
      actions: [{ type: 'add_tag_lead', config: { tags: ['reengajar'] } }],
    },
  },
];
