/**
 * Shapes of the sandbox: the request/response seam shared by the HTTP server and in-process
 * callers, and the in-memory state (plain JSON so it can be saved to and loaded from a file).
 * Rows carry snake_case names because they mirror what the CRM API returns.
 */

export interface SandboxRequest {
  method: string;
  /** Path plus query, e.g. '/api/v1/leads?page=2'. */
  path: string;
  /** Header names in any case. */
  headers: Record<string, string>;
  body?: string;
}

export interface SandboxResponse {
  status: number;
  /** Header names are lowercase. */
  headers: Record<string, string>;
  body: string;
  /** The HTTP server destroys the socket without answering. */
  drop?: boolean;
  /** Added latency: the HTTP server waits this long before answering; in-process callers may add it to simulated time. */
  delayMs?: number;
}

export type Scope =
  | 'leads:read'
  | 'leads:write'
  | 'pipelines:read'
  | 'pipelines:write'
  | 'custom_fields:read'
  | 'sequences:read'
  | 'sequences:write'
  | 'tasks:read'
  | 'tasks:write'
  | 'chatapp:read'
  | 'chatapp:write'
  | 'users:read'
  | 'webhooks:read'
  | 'webhooks:write'
  | 'automations:read'
  | 'automations:write'
  | 'chatbots:read'
  | 'chatbots:write';

export interface AccountRow {
  id: number;
  name: string;
  plan: string;
  status: 'active' | 'suspended';
  lead_limit: number;
}

export interface ApiKeyRow {
  id: number;
  account_id: number;
  user_id: number | null;
  name: string;
  /** What the panel shows after creation. */
  prefix: string;
  /** SHA-256 hex of the full key: the key itself is never stored. */
  hash: string;
  scopes: Scope[];
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
}

export type UserRole = 'admin' | 'manager' | 'viewer';

export interface UserRow {
  id: number;
  account_id: number;
  name: string;
  email: string;
  role: UserRole;
}

export interface PipelineRow {
  id: number;
  account_id: number;
  name: string;
  color: string;
  auto_create_from_chatapp: boolean;
  auto_create_from_social: boolean;
  is_default: boolean;
  created_at: string;
  updated_at: string;
}

export interface StageRow {
  id: number;
  pipeline_id: number;
  name: string;
  color: string;
  is_won: boolean;
  is_lost: boolean;
  position: number;
}

export interface RequiredTaskRow {
  id: number;
  stage_id: number;
  subject: string;
  task_type: string;
  priority: string;
  position: number;
}

export interface LostReasonRow {
  id: number;
  account_id: number;
  name: string;
}

export type FieldType =
  | 'text'
  | 'number'
  | 'currency'
  | 'date'
  | 'select'
  | 'multiselect'
  | 'checkbox';

export interface CustomFieldRow {
  id: number;
  account_id: number;
  name: string;
  label: string;
  field_type: FieldType;
  options: string[];
  is_required: boolean;
  is_active: boolean;
  show_on_card: boolean;
  sort_order: number;
}

export interface SequenceRow {
  id: number;
  account_id: number;
  name: string;
  description: string;
  channel: string;
  is_active: boolean;
  steps_count: number;
  stats_enrolled: number;
  /** Delay before the first step; sets next_step_at on enrollment. */
  first_step_delay_hours: number;
}

export type EnrollmentStatus = 'active' | 'completed' | 'exited_manual';

export interface LeadSequenceRow {
  id: number;
  lead_id: number;
  sequence_id: number;
  status: EnrollmentStatus;
  current_step: number;
  next_step_at: string | null;
  enrolled_at: string;
}

export interface InstanceRow {
  id: number;
  account_id: number;
  provider: 'unofficial' | 'cloud_api';
  display_name: string;
  phone_number: string;
  is_primary: boolean;
  status: string;
  supports_templates: boolean;
  supports_buttons: boolean;
  has_window_restriction: boolean;
}

export type TemplateStatus = 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED';

export interface TemplateComponent {
  type: 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS';
  format?: 'TEXT' | 'DOCUMENT' | 'IMAGE' | 'VIDEO';
  text?: string;
  buttons?: { type: string; text: string }[];
}

export interface TemplateRow {
  id: number;
  account_id: number;
  name: string;
  language: string;
  category: string;
  status: TemplateStatus;
  chatapp_instance_id: number;
  variables: string[];
  components: TemplateComponent[];
  quality_rating: string;
}

export interface LeadRow {
  id: number;
  account_id: number;
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  birthday: string | null;
  value: number | null;
  source: string | null;
  tags: string[];
  pipeline_id: number;
  stage_id: number;
  notes: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  custom_fields: Record<string, unknown>;
  assigned_to: number | null;
  score: number;
  score_updated_at: string | null;
  created_at: string;
  updated_at: string;
}

export type TaskStatus = 'pending' | 'completed' | 'canceled';

export interface TaskRow {
  id: number;
  account_id: number;
  lead_id: number | null;
  /** Set on tasks a stage requires; such tasks block leaving that stage while pending. */
  stage_id: number | null;
  is_required: boolean;
  subject: string;
  description: string | null;
  type: string;
  status: TaskStatus;
  priority: string;
  due_date: string | null;
  due_time: string | null;
  completed_at: string | null;
  assigned_to: number | null;
  created_at: string;
  updated_at: string;
}

export interface SaleRow {
  id: number;
  account_id: number;
  lead_id: number;
  pipeline_id: number;
  value: number;
  closed_by: number | null;
  closed_at: string;
}

export interface LostSaleRow {
  id: number;
  account_id: number;
  lead_id: number;
  pipeline_id: number;
  reason_id: number | null;
  lost_at: string;
  lost_by: number | null;
}

export interface ProductRow {
  id: number;
  account_id: number;
  name: string;
  price: number;
}

export interface LeadProductRow {
  id: number;
  lead_id: number;
  product_id: number;
  quantity: number;
  unit_price: number;
  discount_percent: number;
}

export interface ContactRow {
  id: number;
  lead_id: number;
  name: string;
  role: string;
  phone: string | null;
  email: string | null;
  is_primary: boolean;
}

export interface NoteRow {
  id: number;
  lead_id: number;
  body: string;
  author: string;
  created_at: string;
}

export interface LeadEventRow {
  id: number;
  lead_id: number;
  event_type: string;
  description: string;
  performed_by: string;
  created_at: string;
}

export interface ConversationRow {
  id: number;
  account_id: number;
  lead_id: number;
  instance_id: number;
  phone: string;
  status: 'open' | 'closed';
  last_message_at: string | null;
  /** When the contact last wrote: opens the 24-hour window on official-API numbers. */
  last_inbound_at: string | null;
  unread_count: number;
  created_at: string;
}

export interface MessageRow {
  id: number;
  conversation_id: number;
  direction: 'in' | 'out';
  type: 'text' | 'image' | 'template';
  body: string | null;
  media_url: string | null;
  template_id: number | null;
  template_name: string | null;
  variables: Record<string, string> | null;
  header_media_url: string | null;
  header_media_filename: string | null;
  provider_msg_id: string;
  created_at: string;
}

export interface AutomationCondition {
  field: string;
  operator: string;
  value: string;
}

export interface AutomationAction {
  type: string;
  config: Record<string, unknown>;
}

export interface AutomationNode {
  handle: string;
  kind: 'trigger' | 'condition' | 'action';
  type?: string;
  config?: Record<string, unknown>;
  field?: string;
  operator?: string;
  value?: string;
}

export interface AutomationEdge {
  from: string;
  to: string;
}

export interface AutomationSpec {
  name: string;
  trigger_type: string;
  trigger_config: Record<string, unknown>;
  conditions: AutomationCondition[];
  actions: AutomationAction[];
  nodes: AutomationNode[];
  edges: AutomationEdge[];
}

export interface AutomationRow {
  id: number;
  account_id: number;
  is_active: boolean;
  run_count: number;
  last_run_at: string | null;
  updated_at: string;
  spec: AutomationSpec;
}

export interface ChatbotNode {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

export interface ChatbotRow {
  id: number;
  account_id: number;
  name: string;
  channel: string;
  is_active: boolean;
  nodes: ChatbotNode[];
  edges: { from: string; to: string; option?: string }[];
  created_at: string;
  updated_at: string;
}

export interface WebhookRow {
  id: number;
  account_id: number;
  url: string;
  events: string[];
  description: string | null;
  is_active: boolean;
  secret: string;
  created_at: string;
}

/** Everything the sandbox knows; one array per table, rows tagged with their account where they belong to one. */
export interface SandboxState {
  /** Last id handed out, per table: ids are global like database keys. */
  sequences: Record<string, number>;
  accounts: AccountRow[];
  apiKeys: ApiKeyRow[];
  users: UserRow[];
  pipelines: PipelineRow[];
  stages: StageRow[];
  requiredTasks: RequiredTaskRow[];
  lostReasons: LostReasonRow[];
  customFields: CustomFieldRow[];
  nurtureSequences: SequenceRow[];
  leadSequences: LeadSequenceRow[];
  instances: InstanceRow[];
  templates: TemplateRow[];
  leads: LeadRow[];
  tasks: TaskRow[];
  sales: SaleRow[];
  lostSales: LostSaleRow[];
  products: ProductRow[];
  leadProducts: LeadProductRow[];
  contacts: ContactRow[];
  notes: NoteRow[];
  events: LeadEventRow[];
  conversations: ConversationRow[];
  messages: MessageRow[];
  automations: AutomationRow[];
  chatbots: ChatbotRow[];
  webhooks: WebhookRow[];
}

export function emptyState(): SandboxState {
  return {
    sequences: {},
    accounts: [],
    apiKeys: [],
    users: [],
    pipelines: [],
    stages: [],
    requiredTasks: [],
    lostReasons: [],
    customFields: [],
    nurtureSequences: [],
    leadSequences: [],
    instances: [],
    templates: [],
    leads: [],
    tasks: [],
    sales: [],
    lostSales: [],
    products: [],
    leadProducts: [],
    contacts: [],
    notes: [],
    events: [],
    conversations: [],
    messages: [],
    automations: [],
    chatbots: [],
    webhooks: [],
  };
}
