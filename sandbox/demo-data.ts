import { ALL_SCOPES, hashKey, keyPrefix, READ_SCOPES } from './auth';
import { checkAutomationSpec } from './automation-spec';
import {
  CAMPAIGNS,
  COMPANIES,
  CONTACT_ROLES,
  DDDS,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  NOTE_BODIES,
  SOURCES,
  SURNAMES,
  TAGS,
} from './demo-names';
import type { PipelineSpec } from './pipeline-spec';
import { createPipeline } from './pipeline-store';
import { createPrng, type Prng } from './prng';
import { automationLookups } from './routes/automations';
import { expectedVariableKeys } from './routes/messaging';
import { iso, Store } from './store';
import { slugify } from './text';
import {
  type CustomFieldRow,
  emptyState,
  type FieldType,
  type InstanceRow,
  type LeadRow,
  type SandboxState,
  type Scope,
  type TemplateComponent,
  type TemplateRow,
} from './types';

/** Fixed keys that work without setup in tests, the playground and by hand. */
export const DEMO_KEYS = {
  /** Every scope, demo account. */
  admin: 'crm_demo_admin',
  /** Only the :read scopes, demo account. */
  readonly: 'crm_demo_readonly',
  /** Every scope, a second account with its own data. */
  other: 'crm_demo_other',
  /** A suspended account: 403 `Conta inativa.` */
  suspended: 'crm_demo_suspended',
  /** Demo account, expired a day before the seed time: 401 `API Key expirada.` */
  expired: 'crm_demo_expired',
} as const;

/** A fixed instant tests can start their clock at: Friday 2026-11-20 15:00 UTC (12:00 in São Paulo). */
export const DEMO_NOW = Date.UTC(2026, 10, 20, 15, 0, 0);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Ids of the demo rows tests rely on. The seed creates rows in a fixed order and checks these at
 * the end, so a change in the seed that moves an id fails loudly instead of breaking tests quietly.
 */
export const DEMO = {
  accountId: 1,
  otherAccountId: 2,
  suspendedAccountId: 3,
  users: { admin: 1, manager: 2, viewer: 3, manager2: 4, otherAdmin: 5 },
  pipelines: { vendas: 1, posVenda: 2, parcerias: 3, other: 4 },
  stages: {
    novo: 1,
    qualificado: 2,
    proposta: 3,
    negociacao: 4,
    ganho: 5,
    perdido: 6,
    onboarding: 7,
    ativo: 8,
    renovacao: 9,
    renovado: 10,
    cancelado: 11,
    otherEntrada: 16,
    otherFechado: 18,
  },
  lostReasons: { preco: 1, concorrente: 2 },
  sequences: { boasVindas: 1, reengajamento: 2, inactive: 3, other: 4 },
  instances: { qr: 1, cloud: 2, otherCloud: 3 },
  templates: {
    /** Body {{1}} {{2}}, no header. */
    boasVindas: 1,
    /** TEXT header with {{1}} (header_1), body {{1}}..{{3}}. */
    textHeader: 2,
    /** DOCUMENT header, body {{1}}. */
    document: 3,
    /** IMAGE header, body {{1}} {{2}}. */
    image: 4,
    video: 5,
    /** TEXT header without variables, body without variables. */
    fixedText: 6,
    pending: 7,
    rejected: 8,
    paused: 9,
    disabled: 10,
    english: 11,
    other: 12,
  },
  leads: {
    /** Phone, email, window open on the cloud number (contact wrote 2 h before seed time). */
    windowOpen: 1,
    /** No phone. */
    noPhone: 2,
    /** In 'Proposta' with mandatory tasks pending: moves are blocked. */
    blocked: 3,
    /** Cloud conversation whose last inbound message is 30 h old. */
    windowClosed: 4,
    /** Same phone as windowOpen: a sibling deal. */
    sibling: 5,
    won: 6,
    lost: 7,
    /** Enrolled (active) in 'Boas-vindas'. */
    enrolled: 8,
    /** First lead of the other account; shares windowOpen's email. */
    otherFirst: 301,
  },
  /** Generated leads per account. */
  counts: { demoLeads: 300, otherLeads: 40, suspendedLeads: 5 },
} as const;

export type SeedKind = 'demo' | 'empty';

export interface SeedOptions {
  now: number;
  seed: SeedKind;
  /** Plan lead limit of the demo account. */
  leadLimit?: number;
}

/**
 * Builds the sandbox state. `empty` keeps accounts, users, keys, pipelines, custom fields,
 * sequences, numbers and templates (so every key works) but no leads, tasks, conversations,
 * automations, chatbots or webhooks. All timestamps are offsets from `now`.
 */
export function seedState(options: SeedOptions): SandboxState {
  const store = new Store(emptyState());
  const { now } = options;
  const at = (offsetMs: number) => iso(now - offsetMs);
  const state = store.state;

  state.accounts.push(
    {
      id: store.nextId('accounts'),
      name: 'Comercial Automação Demo Ltda',
      plan: 'Profissional',
      status: 'active',
      lead_limit: options.leadLimit ?? 1000,
    },
    {
      id: store.nextId('accounts'),
      name: 'Outra Empresa S.A.',
      plan: 'Essencial',
      status: 'active',
      lead_limit: 500,
    },
    {
      id: store.nextId('accounts'),
      name: 'Conta Suspensa ME',
      plan: 'Essencial',
      status: 'suspended',
      lead_limit: 500,
    },
  );
  const users: [number, string, string, 'admin' | 'manager' | 'viewer'][] = [
    [1, 'Ana Souza', 'ana.souza@demo.com.br', 'admin'],
    [1, 'Bruno Lima', 'bruno.lima@demo.com.br', 'manager'],
    [1, 'Carla Mendes', 'carla.mendes@demo.com.br', 'viewer'],
    [1, 'Diego Rocha', 'diego.rocha@demo.com.br', 'manager'],
    [2, 'Eduardo Alves', 'eduardo@outra.com.br', 'admin'],
    [2, 'Fernanda Dias', 'fernanda@outra.com.br', 'manager'],
    [3, 'Gustavo Reis', 'gustavo@suspensa.com.br', 'admin'],
  ];
  for (const [accountId, name, email, role] of users) {
    state.users.push({ id: store.nextId('users'), account_id: accountId, name, email, role });
  }
  const keys: [string, number, number, readonly Scope[], string | null][] = [
    [DEMO_KEYS.admin, 1, 1, ALL_SCOPES, null],
    [DEMO_KEYS.readonly, 1, 1, READ_SCOPES, null],
    [DEMO_KEYS.other, 2, 5, ALL_SCOPES, null],
    [DEMO_KEYS.suspended, 3, 7, ALL_SCOPES, null],
    [DEMO_KEYS.expired, 1, 1, ALL_SCOPES, at(DAY)],
  ];
  for (const [key, accountId, userId, scopes, expiresAt] of keys) {
    state.apiKeys.push({
      id: store.nextId('apiKeys'),
      account_id: accountId,
      user_id: userId,
      name: key.replace('crm_', ''),
      prefix: keyPrefix(key),
      hash: hashKey(key),
      scopes: [...scopes],
      created_at: at(90 * DAY),
      expires_at: expiresAt,
      revoked_at: null,
    });
  }

  seedPipelines(store, now);
  for (const [accountId, name] of [
    [1, 'Preço alto'],
    [1, 'Escolheu concorrente'],
    [1, 'Sem orçamento'],
    [1, 'Sem resposta'],
    [1, 'Momento inadequado'],
    [2, 'Preço'],
    [2, 'Outro'],
  ] as const) {
    state.lostReasons.push({ id: store.nextId('lostReasons'), account_id: accountId, name });
  }
  seedCustomFields(store);
  for (const [accountId, name, description, channel, isActive, steps, delay] of [
    [1, 'Boas-vindas', 'Apresentação da empresa nos primeiros 7 dias.', 'chatapp', true, 5, 1],
    [1, 'Reengajamento 30 dias', 'Retoma contato com leads parados.', 'email', true, 3, 24],
    [1, 'Black Friday 2025', 'Campanha encerrada.', 'chatapp', false, 4, 2],
    [2, 'Nutrição', 'Sequência padrão.', 'email', true, 3, 24],
  ] as const) {
    state.nurtureSequences.push({
      id: store.nextId('nurtureSequences'),
      account_id: accountId,
      name,
      description,
      channel,
      is_active: isActive,
      steps_count: steps,
      stats_enrolled: 0,
      first_step_delay_hours: delay,
    });
  }
  seedInstancesAndTemplates(store);
  state.products.push(
    { id: store.nextId('products'), account_id: 1, name: 'Plano Básico', price: 99.9 },
    { id: store.nextId('products'), account_id: 1, name: 'Plano Pro', price: 299.9 },
    { id: store.nextId('products'), account_id: 1, name: 'Implantação', price: 1500 },
    { id: store.nextId('products'), account_id: 1, name: 'Consultoria (hora)', price: 250 },
  );

  if (options.seed === 'demo') {
    const prng = createPrng(20261120);
    seedNamedLeads(store, now);
    for (let i = store.state.leads.length; i < DEMO.counts.demoLeads; i++)
      generateLead(store, prng, 1, now);
    for (let i = 0; i < DEMO.counts.otherLeads; i++) {
      if (i === 0) {
        addLead(store, now, {
          account_id: 2,
          name: 'Maria Silva (Outra Empresa)',
          email: 'maria.silva@example.com.br',
          phone: '+5511987654321',
          pipeline_id: DEMO.pipelines.other,
          stage_id: DEMO.stages.otherEntrada,
          created_at: at(10 * DAY),
        });
      } else generateLead(store, prng, 2, now);
    }
    for (let i = 0; i < DEMO.counts.suspendedLeads; i++) generateLead(store, prng, 3, now);
    seedAutomationsAndMore(store, now);
  }
  verifyDemoIds(store, options.seed);
  return state;
}

function seedPipelines(store: Store, now: number): void {
  const stage = (
    name: string,
    color: string,
    flags: { won?: boolean; lost?: boolean } = {},
    tasks: PipelineSpec['stages'][number]['required_tasks'] = [],
  ) => ({
    name,
    color,
    is_won: flags.won ?? false,
    is_lost: flags.lost ?? false,
    required_tasks: tasks,
  });
  const pipeline = (name: string, color: string, stages: PipelineSpec['stages']): PipelineSpec => ({
    name,
    color,
    auto_create_from_chatapp: false,
    auto_create_from_social: false,
    stages,
  });
  createPipeline(
    store,
    1,
    {
      ...pipeline('Vendas', '#2563EB', [
        stage('Novo', '#94A3B8'),
        stage('Qualificado', '#3B82F6', {}, [
          { subject: 'Ligação de qualificação', task_type: 'call', priority: 'high' },
        ]),
        stage('Proposta', '#8B5CF6', {}, [
          { subject: 'Enviar proposta', task_type: 'proposal', priority: 'high' },
          { subject: 'Agendar reunião de apresentação', task_type: 'meeting', priority: 'medium' },
        ]),
        stage('Negociação', '#F59E0B'),
        stage('Ganho', '#22C55E', { won: true }),
        stage('Perdido', '#EF4444', { lost: true }),
      ]),
      auto_create_from_chatapp: true,
    },
    now,
  );
  createPipeline(
    store,
    1,
    pipeline('Pós-venda', '#0D9488', [
      stage('Onboarding', '#94A3B8', {}, [
        { subject: 'Reunião de kickoff', task_type: 'meeting', priority: 'high' },
      ]),
      stage('Ativo', '#3B82F6'),
      stage('Renovação', '#F59E0B'),
      stage('Renovado', '#22C55E', { won: true }),
      stage('Cancelado', '#EF4444', { lost: true }),
    ]),
    now,
  );
  createPipeline(
    store,
    1,
    pipeline('Parcerias', '#DB2777', [
      stage('Indicação recebida', '#94A3B8'),
      stage('Em conversa', '#3B82F6'),
      stage('Parceiro ativo', '#22C55E', { won: true }),
      stage('Descartado', '#EF4444', { lost: true }),
    ]),
    now,
  );
  createPipeline(
    store,
    2,
    pipeline('Funil Principal', '#2563EB', [
      stage('Entrada', '#94A3B8'),
      stage('Contato', '#3B82F6'),
      stage('Fechado', '#22C55E', { won: true }),
      stage('Perdido', '#EF4444', { lost: true }),
    ]),
    now,
  );
  createPipeline(
    store,
    3,
    pipeline('Vendas', '#2563EB', [
      stage('Novo', '#94A3B8'),
      stage('Ganho', '#22C55E', { won: true }),
      stage('Perdido', '#EF4444', { lost: true }),
    ]),
    now,
  );
}

function seedCustomFields(store: Store): void {
  const fields: [number, string, string, FieldType, string[], boolean, boolean][] = [
    [1, 'cpf', 'CPF', 'text', [], false, true],
    [1, 'renda', 'Renda mensal', 'currency', [], false, true],
    [1, 'nascimento', 'Data de nascimento', 'date', [], false, true],
    [
      1,
      'segmento',
      'Segmento',
      'select',
      ['Varejo', 'Indústria', 'Serviços', 'Agronegócio', 'Tecnologia'],
      false,
      true,
    ],
    [
      1,
      'interesses',
      'Interesses',
      'multiselect',
      ['Crédito', 'Seguro', 'Consórcio', 'Investimentos', 'Previdência'],
      false,
      true,
    ],
    [1, 'quantidade', 'Quantidade de licenças', 'number', [], false, true],
    [1, 'aceita_whatsapp', 'Aceita WhatsApp', 'checkbox', [], false, true],
    [1, 'campo_legado', 'Campo legado', 'text', [], false, false],
    [2, 'cnpj', 'CNPJ', 'text', [], true, true],
  ];
  fields.forEach(([accountId, name, label, fieldType, options, isRequired, isActive], index) => {
    const row: CustomFieldRow = {
      id: store.nextId('customFields'),
      account_id: accountId,
      name,
      label,
      field_type: fieldType,
      options,
      is_required: isRequired,
      is_active: isActive,
      show_on_card: index < 3,
      sort_order: index + 1,
    };
    store.state.customFields.push(row);
  });
}

function seedInstancesAndTemplates(store: Store): void {
  const instance = (
    accountId: number,
    provider: InstanceRow['provider'],
    name: string,
    phone: string,
    primary: boolean,
  ): void => {
    store.state.instances.push({
      id: store.nextId('instances'),
      account_id: accountId,
      provider,
      display_name: name,
      phone_number: phone,
      is_primary: primary,
      status: 'connected',
      supports_templates: provider === 'cloud_api',
      supports_buttons: provider === 'cloud_api',
      has_window_restriction: provider === 'cloud_api',
    });
  };
  instance(1, 'unofficial', 'Comercial (QR)', '+5511940001000', true);
  instance(1, 'cloud_api', 'Atendimento Oficial', '+5511940002000', false);
  instance(2, 'cloud_api', 'Outra Empresa — Oficial', '+5521940003000', true);

  const body = (text: string): TemplateComponent => ({ type: 'BODY', text });
  const template = (
    accountId: number,
    instanceId: number,
    name: string,
    status: TemplateRow['status'],
    category: string,
    components: TemplateComponent[],
    language = 'pt_BR',
    quality = 'GREEN',
  ): void => {
    const row: TemplateRow = {
      id: store.nextId('templates'),
      account_id: accountId,
      name,
      language,
      category,
      status,
      chatapp_instance_id: instanceId,
      variables: [],
      components,
      quality_rating: quality,
    };
    row.variables = expectedVariableKeys(row);
    store.state.templates.push(row);
  };
  template(1, 2, 'boas_vindas', 'APPROVED', 'UTILITY', [
    body('Olá {{1}}, seja bem-vindo(a) à {{2}}! Conte com a gente.'),
  ]);
  template(1, 2, 'lembrete_pagamento', 'APPROVED', 'UTILITY', [
    { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
    body('Olá {{1}}, o pagamento de {{2}} vence em {{3}}.'),
    { type: 'FOOTER', text: 'Responda SAIR para não receber mais.' },
  ]);
  template(1, 2, 'proposta_comercial', 'APPROVED', 'UTILITY', [
    { type: 'HEADER', format: 'DOCUMENT' },
    body('Olá {{1}}, segue a proposta que preparamos para você.'),
  ]);
  template(1, 2, 'oferta_imagem', 'APPROVED', 'MARKETING', [
    { type: 'HEADER', format: 'IMAGE' },
    body('{{1}}, aproveite {{2}} de desconto nesta semana!'),
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Quero saber mais' }] },
  ]);
  template(1, 2, 'video_boas_vindas', 'APPROVED', 'MARKETING', [
    { type: 'HEADER', format: 'VIDEO' },
    body('Assista ao nosso vídeo de boas-vindas, {{1}}.'),
  ]);
  template(1, 2, 'aviso_atendimento', 'APPROVED', 'UTILITY', [
    { type: 'HEADER', format: 'TEXT', text: 'Atendimento encerrado' },
    body('Seu atendimento foi concluído. Obrigado pelo contato!'),
  ]);
  template(1, 2, 'promo_pendente', 'PENDING', 'MARKETING', [body('Oferta especial para {{1}}.')]);
  template(1, 2, 'cobranca_rejeitada', 'REJECTED', 'UTILITY', [body('Pague agora {{1}}!')]);
  template(
    1,
    2,
    'campanha_pausada',
    'PAUSED',
    'MARKETING',
    [body('Novidades para {{1}}.')],
    'pt_BR',
    'YELLOW',
  );
  template(
    1,
    2,
    'antigo_desativado',
    'DISABLED',
    'UTILITY',
    [body('Mensagem antiga para {{1}}.')],
    'pt_BR',
    'RED',
  );
  template(1, 2, 'welcome_en', 'APPROVED', 'UTILITY', [body('Hi {{1}}, welcome aboard!')], 'en_US');
  template(2, 3, 'boas_vindas_outra', 'APPROVED', 'UTILITY', [
    body('Olá {{1}}, obrigado pelo contato.'),
  ]);
}

type LeadSeed = Partial<LeadRow> &
  Pick<LeadRow, 'account_id' | 'name' | 'pipeline_id' | 'stage_id' | 'created_at'>;

function addLead(store: Store, now: number, seed: LeadSeed): LeadRow {
  const lead: LeadRow = {
    id: store.nextId('leads'),
    phone: null,
    email: null,
    company: null,
    birthday: null,
    value: null,
    source: null,
    tags: [],
    notes: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    custom_fields: {},
    assigned_to: null,
    score: 0,
    score_updated_at: null,
    updated_at: seed.created_at,
    ...seed,
  };
  store.state.leads.push(lead);
  store.addEvent(lead.id, 'lead_created', 'Lead criado.', 'Sistema', lead.created_at);
  const stage = store.state.stages.find((s) => s.id === lead.stage_id);
  if (stage?.is_won) {
    store.state.sales.push({
      id: store.nextId('sales'),
      account_id: lead.account_id,
      lead_id: lead.id,
      pipeline_id: lead.pipeline_id,
      value: lead.value ?? 0,
      closed_by: lead.assigned_to,
      closed_at: lead.updated_at,
    });
  }
  if (stage?.is_lost) {
    const reasons = store.state.lostReasons.filter((r) => r.account_id === lead.account_id);
    store.state.lostSales.push({
      id: store.nextId('lostSales'),
      account_id: lead.account_id,
      lead_id: lead.id,
      pipeline_id: lead.pipeline_id,
      reason_id: reasons[lead.id % Math.max(1, reasons.length)]?.id ?? null,
      lost_at: lead.updated_at,
      lost_by: lead.assigned_to,
    });
  }
  if (Date.parse(lead.updated_at) > now) throw new Error('demo lead updated in the future');
  return lead;
}

/** Gives the lead its stage's mandatory tasks; `done` decides which are already completed. */
function addRequiredTasks(store: Store, lead: LeadRow, done: (index: number) => boolean): void {
  const required = store.state.requiredTasks.filter((r) => r.stage_id === lead.stage_id);
  required.forEach((r, index) => {
    const completed = done(index);
    store.state.tasks.push({
      id: store.nextId('tasks'),
      account_id: lead.account_id,
      lead_id: lead.id,
      stage_id: lead.stage_id,
      is_required: true,
      subject: r.subject,
      description: null,
      type: r.task_type,
      status: completed ? 'completed' : 'pending',
      priority: r.priority,
      due_date: lead.updated_at.slice(0, 10),
      due_time: null,
      completed_at: completed ? lead.updated_at : null,
      assigned_to: lead.assigned_to,
      created_at: lead.updated_at,
      updated_at: lead.updated_at,
    });
  });
}

function addConversation(
  store: Store,
  lead: LeadRow,
  instanceId: number,
  lastInboundAt: string,
  lastMessageAt: string,
): void {
  const conversationId = store.nextId('conversations');
  store.state.conversations.push({
    id: conversationId,
    account_id: lead.account_id,
    lead_id: lead.id,
    instance_id: instanceId,
    phone: lead.phone ?? '',
    status: 'open',
    last_message_at: lastMessageAt,
    last_inbound_at: lastInboundAt,
    unread_count: 1,
    created_at: lastInboundAt,
  });
  const id = store.nextId('messages');
  store.state.messages.push({
    id,
    conversation_id: conversationId,
    direction: 'in',
    type: 'text',
    body: 'Olá, gostaria de mais informações.',
    media_url: null,
    template_id: null,
    template_name: null,
    variables: null,
    header_media_url: null,
    header_media_filename: null,
    provider_msg_id: `seed-${id}`,
    created_at: lastInboundAt,
  });
}

function seedNamedLeads(store: Store, now: number): void {
  const at = (offsetMs: number) => iso(now - offsetMs);
  const vendas = DEMO.pipelines.vendas;
  const maria = addLead(store, now, {
    account_id: 1,
    name: 'Maria Silva',
    phone: '+5511987654321',
    email: 'maria.silva@example.com.br',
    company: 'Padaria Pão Quente',
    value: 4500,
    source: 'chatapp',
    tags: ['vip', 'quente'],
    pipeline_id: vendas,
    stage_id: DEMO.stages.novo,
    assigned_to: DEMO.users.manager,
    custom_fields: { cpf: '123.456.789-09', segmento: 'Varejo', aceita_whatsapp: true },
    created_at: at(20 * DAY),
    updated_at: at(2 * HOUR),
  });
  addConversation(store, maria, DEMO.instances.cloud, at(2 * HOUR), at(2 * HOUR));
  const joao = addLead(store, now, {
    account_id: 1,
    name: 'João Pereira',
    email: 'joao.pereira@example.com',
    source: 'site',
    value: 1200,
    pipeline_id: vendas,
    stage_id: DEMO.stages.qualificado,
    assigned_to: DEMO.users.admin,
    created_at: at(15 * DAY),
    updated_at: at(5 * DAY),
  });
  addRequiredTasks(store, joao, () => true);
  const ana = addLead(store, now, {
    account_id: 1,
    name: 'Ana Costa',
    phone: '+5521998765432',
    email: 'ana.costa@example.com',
    company: 'Construtora Horizonte',
    value: 38000,
    source: 'indicacao',
    tags: ['quente'],
    pipeline_id: vendas,
    stage_id: DEMO.stages.proposta,
    assigned_to: DEMO.users.manager,
    created_at: at(30 * DAY),
    updated_at: at(3 * DAY),
  });
  addRequiredTasks(store, ana, (index) => index === 1);
  const pedro = addLead(store, now, {
    account_id: 1,
    name: 'Pedro Santos',
    phone: '+5531991234567',
    email: 'pedro.santos@example.com',
    source: 'google_ads',
    pipeline_id: vendas,
    stage_id: DEMO.stages.negociacao,
    assigned_to: DEMO.users.manager2,
    created_at: at(40 * DAY),
    updated_at: at(30 * HOUR),
  });
  addConversation(store, pedro, DEMO.instances.cloud, at(30 * HOUR), at(29 * HOUR));
  addLead(store, now, {
    account_id: 1,
    name: 'Maria Silva — recompra',
    phone: '11 98765-4321',
    pipeline_id: DEMO.pipelines.posVenda,
    stage_id: DEMO.stages.ativo,
    value: 900,
    created_at: at(200 * DAY),
    updated_at: at(100 * DAY),
  });
  addLead(store, now, {
    account_id: 1,
    name: 'Carlos Gonçalves',
    phone: '+5541999887766',
    email: 'carlos@autopecas.com.br',
    company: 'Auto Peças São Jorge',
    value: 12500,
    source: 'evento',
    pipeline_id: vendas,
    stage_id: DEMO.stages.ganho,
    assigned_to: DEMO.users.admin,
    created_at: at(60 * DAY),
    updated_at: at(7 * DAY),
  });
  addLead(store, now, {
    account_id: 1,
    name: 'Beatriz Rocha',
    phone: '+5551988776655',
    email: 'beatriz.rocha@example.com',
    value: 3000,
    source: 'instagram',
    pipeline_id: vendas,
    stage_id: DEMO.stages.perdido,
    created_at: at(50 * DAY),
    updated_at: at(8 * DAY),
  });
  const rafael = addLead(store, now, {
    account_id: 1,
    name: 'Rafael Oliveira',
    phone: '+5561981112222',
    email: 'rafael.oliveira@example.com',
    source: 'site',
    tags: ['newsletter'],
    pipeline_id: vendas,
    stage_id: DEMO.stages.novo,
    created_at: at(6 * DAY),
    updated_at: at(1 * DAY),
  });
  enrollLead(
    store,
    rafael.id,
    DEMO.sequences.boasVindas,
    'active',
    at(1 * DAY),
    iso(now + 4 * HOUR),
  );
}

function enrollLead(
  store: Store,
  leadId: number,
  sequenceId: number,
  status: 'active' | 'completed',
  enrolledAt: string,
  nextStepAt: string | null,
): void {
  store.state.leadSequences.push({
    id: store.nextId('leadSequences'),
    lead_id: leadId,
    sequence_id: sequenceId,
    status,
    current_step: status === 'completed' ? 5 : 2,
    next_step_at: status === 'active' ? nextStepAt : null,
    enrolled_at: enrolledAt,
  });
  const sequence = store.state.nurtureSequences.find((s) => s.id === sequenceId);
  if (sequence) sequence.stats_enrolled += 1;
}

function generateLead(store: Store, prng: Prng, accountId: number, now: number): void {
  const first = prng.pick(FIRST_NAMES);
  const last = prng.pick(SURNAMES);
  const name = prng.chance(0.3) ? `${first} ${prng.pick(SURNAMES)} ${last}` : `${first} ${last}`;
  const createdOffset = prng.int(1, 180) * DAY + prng.int(0, 23) * HOUR;
  const updatedOffset = prng.chance(0.4) ? createdOffset : prng.int(0, createdOffset / HOUR) * HOUR;
  const pipelines = store.pipelinesOf(accountId);
  const pipeline =
    accountId === 1 ? (prng.chance(0.7) ? pipelines[0] : prng.pick(pipelines)) : pipelines[0];
  if (!pipeline) throw new Error(`account ${accountId} has no pipeline`);
  const stages = store.stagesOf(pipeline.id);
  const stage = prng.pick(stages);
  const ddd = prng.pick(DDDS);
  const digits = `9${prng.int(1000, 9999)}${prng.int(1000, 9999)}`;
  const phone = prng.chance(0.06)
    ? null
    : prng.chance(0.2)
      ? `(${ddd}) ${digits.slice(0, 5)}-${digits.slice(5)}`
      : `+55${ddd}${digits}`;
  const email = prng.chance(0.1)
    ? null
    : `${slugify(name).replace(/-/g, '.')}${prng.chance(0.3) ? prng.int(1, 99) : ''}@${prng.pick(EMAIL_DOMAINS)}`;
  const users = store.state.users.filter((u) => u.account_id === accountId && u.role !== 'viewer');
  const source = prng.pick(SOURCES);
  const customFields: Record<string, unknown> = {};
  if (accountId === 1) {
    if (prng.chance(0.6))
      customFields.cpf = `${prng.int(100, 999)}.${prng.int(100, 999)}.${prng.int(100, 999)}-${prng.int(10, 99)}`;
    if (prng.chance(0.5)) customFields.renda = Math.round(prng.int(150_000, 2_500_000)) / 100;
    if (prng.chance(0.5))
      customFields.nascimento = `${prng.int(1955, 2004)}-${pad(prng.int(1, 12))}-${pad(prng.int(1, 28))}`;
    if (prng.chance(0.6))
      customFields.segmento = prng.pick([
        'Varejo',
        'Indústria',
        'Serviços',
        'Agronegócio',
        'Tecnologia',
      ]);
    if (prng.chance(0.4))
      customFields.interesses = prng.sample(
        ['Crédito', 'Seguro', 'Consórcio', 'Investimentos', 'Previdência'],
        prng.int(1, 3),
      );
    if (prng.chance(0.4)) customFields.quantidade = prng.int(1, 50);
    if (prng.chance(0.6)) customFields.aceita_whatsapp = prng.chance(0.7);
  } else if (accountId === 2 && prng.chance(0.5)) {
    customFields.cnpj = `${prng.int(10, 99)}.${prng.int(100, 999)}.${prng.int(100, 999)}/0001-${prng.int(10, 99)}`;
  }
  const lead = addLead(store, now, {
    account_id: accountId,
    name,
    phone,
    email,
    company: prng.chance(0.5) ? prng.pick(COMPANIES) : null,
    birthday: prng.chance(0.3)
      ? `${prng.int(1960, 2002)}-${pad(prng.int(1, 12))}-${pad(prng.int(1, 28))}`
      : null,
    value: prng.chance(0.85) ? prng.int(50_000, 5_000_000) / 100 : null,
    source,
    tags: prng.sample(TAGS, prng.int(0, 3)),
    pipeline_id: pipeline.id,
    stage_id: stage.id,
    notes: prng.chance(0.2) ? prng.pick(NOTE_BODIES) : null,
    utm_source: source === 'google_ads' ? 'google' : source === 'facebook' ? 'facebook' : null,
    utm_medium: source === 'google_ads' || source === 'facebook' ? 'cpc' : null,
    utm_campaign: source === 'google_ads' || source === 'facebook' ? prng.pick(CAMPAIGNS) : null,
    custom_fields: customFields,
    assigned_to: prng.chance(0.9) && users.length > 0 ? prng.pick(users).id : null,
    score: prng.int(0, 100),
    score_updated_at: iso(now - updatedOffset),
    created_at: iso(now - createdOffset),
    updated_at: iso(now - updatedOffset),
  });
  addRequiredTasks(store, lead, () => prng.chance(0.6));
  if (accountId !== 1) return;
  if (prng.chance(0.2)) {
    const products = store.state.products.filter((p) => p.account_id === 1);
    for (const product of prng.sample(products, prng.int(1, 2))) {
      store.state.leadProducts.push({
        id: store.nextId('leadProducts'),
        lead_id: lead.id,
        product_id: product.id,
        quantity: prng.int(1, 10),
        unit_price: product.price,
        discount_percent: prng.pick([0, 0, 5, 10]),
      });
    }
  }
  if (prng.chance(0.15)) {
    store.state.contacts.push({
      id: store.nextId('contacts'),
      lead_id: lead.id,
      name: `${prng.pick(FIRST_NAMES)} ${prng.pick(SURNAMES)}`,
      role: prng.pick(CONTACT_ROLES),
      phone: prng.chance(0.7)
        ? `+55${prng.pick(DDDS)}9${prng.int(1000, 9999)}${prng.int(1000, 9999)}`
        : null,
      email: prng.chance(0.7) ? `contato${lead.id}@${prng.pick(EMAIL_DOMAINS)}` : null,
      is_primary: true,
    });
  }
  if (prng.chance(0.2)) {
    store.state.notes.push({
      id: store.nextId('notes'),
      lead_id: lead.id,
      body: prng.pick(NOTE_BODIES),
      author: prng.pick(store.state.users.filter((u) => u.account_id === 1)).name,
      created_at: lead.updated_at,
    });
  }
  if (lead.phone !== null && prng.chance(0.25)) {
    const inbound = iso(now - prng.int(1, 72) * HOUR);
    addConversation(
      store,
      lead,
      prng.chance(0.5) ? DEMO.instances.cloud : DEMO.instances.qr,
      inbound,
      inbound,
    );
  }
  if (prng.chance(0.1)) {
    const sequence = prng.pick([DEMO.sequences.boasVindas, DEMO.sequences.reengajamento]);
    const active = prng.chance(0.6);
    enrollLead(
      store,
      lead.id,
      sequence,
      active ? 'active' : 'completed',
      lead.created_at,
      iso(now + prng.int(1, 72) * HOUR),
    );
  }
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function seedAutomationsAndMore(store: Store, now: number): void {
  const at = (offsetMs: number) => iso(now - offsetMs);
  const lookups = automationLookups(store, 1);
  const specs: [unknown, boolean, number][] = [
    [
      {
        name: 'Tag quente em pedido de orçamento',
        trigger_type: 'message_received',
        conditions: [{ field: 'message_body', operator: 'contains', value: 'orçamento' }],
        actions: [{ type: 'add_tag_lead', config: { tags: ['quente'] } }],
      },
      true,
      42,
    ],
    [
      {
        name: 'Ganho vai para Pós-venda',
        trigger_type: 'lead_won',
        trigger_config: { pipeline_id: DEMO.pipelines.vendas },
        actions: [
          {
            type: 'move_to_stage',
            config: { stage_id: DEMO.stages.onboarding, pipeline_id: DEMO.pipelines.posVenda },
          },
        ],
      },
      false,
      0,
    ],
    [
      {
        name: 'Follow-up da proposta',
        trigger_type: 'lead_stage_changed',
        trigger_config: { stage_id: DEMO.stages.proposta },
        actions: [
          {
            type: 'create_task',
            config: {
              subject: 'Follow-up da proposta',
              task_type: 'call',
              priority: 'high',
              due_in_days: 2,
            },
          },
        ],
      },
      true,
      17,
    ],
  ];
  for (const [body, active, runs] of specs) {
    const check = checkAutomationSpec(body, lookups);
    if (!check.spec) throw new Error(`demo automation invalid: ${JSON.stringify(check.errors)}`);
    store.state.automations.push({
      id: store.nextId('automations'),
      account_id: 1,
      is_active: active,
      run_count: runs,
      last_run_at: runs > 0 ? at(3 * HOUR) : null,
      updated_at: at(10 * DAY),
      spec: check.spec,
    });
  }
  store.state.chatbots.push({
    id: store.nextId('chatbots'),
    account_id: 1,
    name: 'Triagem inicial',
    channel: 'chatapp',
    is_active: true,
    nodes: [
      { id: 'start', type: 'message', data: { text: 'Olá! Sou o assistente virtual.' } },
      {
        id: 'menu',
        type: 'question',
        data: { text: 'Como posso ajudar?', options: ['Comprar', 'Suporte'] },
      },
      { id: 'end', type: 'end', data: {} },
    ],
    edges: [
      { from: 'start', to: 'menu' },
      { from: 'menu', to: 'end', option: 'Comprar' },
      { from: 'menu', to: 'end', option: 'Suporte' },
    ],
    created_at: at(30 * DAY),
    updated_at: at(30 * DAY),
  });
  store.state.webhooks.push({
    id: store.nextId('webhooks'),
    account_id: 1,
    url: 'https://example.com/webhooks/crm',
    events: ['lead.created', 'lead.won'],
    description: 'Integração ERP',
    is_active: true,
    secret: 'whsec_demo',
    created_at: at(30 * DAY),
  });
  for (const [subject, type, dueOffsetDays] of [
    ['Reunião semanal de vendas', 'meeting', -2],
    ['Atualizar tabela de preços', 'other', 5],
  ] as const) {
    store.state.tasks.push({
      id: store.nextId('tasks'),
      account_id: 1,
      lead_id: null,
      stage_id: null,
      is_required: false,
      subject,
      description: null,
      type,
      status: 'pending',
      priority: 'medium',
      due_date: iso(now - dueOffsetDays * DAY).slice(0, 10),
      due_time: '09:00',
      completed_at: null,
      assigned_to: DEMO.users.admin,
      created_at: at(7 * DAY),
      updated_at: at(7 * DAY),
    });
  }
}

function verifyDemoIds(store: Store, seed: SeedKind): void {
  const s = store.state;
  const problems: string[] = [];
  const expect = (what: string, ok: boolean) => {
    if (!ok) problems.push(what);
  };
  expect('stage Ganho', s.stages.find((x) => x.id === DEMO.stages.ganho)?.name === 'Ganho');
  expect(
    'stage Onboarding',
    s.stages.find((x) => x.id === DEMO.stages.onboarding)?.name === 'Onboarding',
  );
  expect(
    'stage Entrada',
    s.stages.find((x) => x.id === DEMO.stages.otherEntrada)?.name === 'Entrada',
  );
  expect(
    'template proposta_comercial',
    s.templates.find((x) => x.id === DEMO.templates.document)?.name === 'proposta_comercial',
  );
  expect(
    'template other',
    s.templates.find((x) => x.id === DEMO.templates.other)?.account_id === 2,
  );
  if (seed === 'demo') {
    expect(
      'lead Maria',
      s.leads.find((x) => x.id === DEMO.leads.windowOpen)?.name === 'Maria Silva',
    );
    expect(
      'lead other first',
      s.leads.find((x) => x.id === DEMO.leads.otherFirst)?.account_id === 2,
    );
    expect(
      'lead count',
      s.leads.filter((x) => x.account_id === 1).length === DEMO.counts.demoLeads,
    );
  }
  if (problems.length > 0)
    throw new Error(`Demo seed drifted from DEMO ids: ${problems.join(', ')}`);
}
