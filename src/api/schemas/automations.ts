import * as z from 'zod/mini';
import {
  IdSchema,
  listResponse,
  nullishBoolean,
  nullishNumber,
  nullishString,
  openEnum,
  SpecIssueListSchema,
} from './common';
import { lazySchema } from './lazy';

export const TRIGGER_TYPES = [
  'message_received',
  'conversation_created',
  'lead_created',
  'lead_stage_changed',
  'lead_won',
  'lead_lost',
  'date_field',
  'recurring',
  'task_created',
  'task_due_soon',
  'calendar_event_created',
  'calendar_event_canceled',
  'calendar_event_starting_soon',
  'appointment_confirmed',
  'appointment_declined',
  'stage_no_reply',
  'stage_recurring',
] as const;
export const TriggerTypeSchema = lazySchema(() => openEnum(TRIGGER_TYPES));
export type TriggerType = z.infer<typeof TriggerTypeSchema>;

export const ACTION_TYPES = [
  'add_tag_lead',
  'remove_tag_lead',
  'add_tag_conversation',
  'move_to_stage',
  'set_lead_source',
  'assign_to_user',
  'assign_random_user',
  'add_note',
  'assign_ai_agent',
  'assign_chatbot_flow',
  'transfer_to_department',
  'close_conversation',
  'set_utm_params',
  'create_task',
  'enroll_sequence',
  'ai_extract_fields',
  'send_webhook',
  'notify_user',
  'send_chatapp_message',
  'send_chatapp_group_message',
  'schedule_chatapp_message',
  'send_chatapp_notification',
  'transfer_conversation',
  'send_chatapp_list',
  'send_chatapp_template',
  'send_chatapp_buttons',
  'send_social_message',
] as const;
export const ActionTypeSchema = lazySchema(() => openEnum(ACTION_TYPES));
export type ActionType = z.infer<typeof ActionTypeSchema>;

export const AutomationActionSchema = lazySchema(() =>
  z.looseObject({
    type: ActionTypeSchema,
    config: z.optional(z.record(z.string(), z.unknown())),
  }),
);
export type AutomationAction = z.infer<typeof AutomationActionSchema>;

export const AutomationConditionSchema = lazySchema(() =>
  z.looseObject({
    field: z.string(),
    operator: z.string(),
    value: z.optional(z.unknown()),
  }),
);
export type AutomationCondition = z.infer<typeof AutomationConditionSchema>;

/**
 * Flat (`trigger_type`, `trigger_config`, `conditions`, `actions`) and graph (`nodes`, `edges`)
 * formats; the CRM returns both at once and accepts either. Node and edge shapes are not shown.
 */
export const AutomationSpecSchema = lazySchema(() =>
  z.looseObject({
    name: z.string().check(z.minLength(1)),
    trigger_type: z.optional(TriggerTypeSchema),
    trigger_config: z.nullish(z.record(z.string(), z.unknown())),
    conditions: z.nullish(z.array(AutomationConditionSchema)),
    actions: z.nullish(z.array(AutomationActionSchema)),
    nodes: z.nullish(z.array(z.unknown())),
    edges: z.nullish(z.array(z.unknown())),
  }),
);
export type AutomationSpec = z.infer<typeof AutomationSpecSchema>;

/** `GET /automations` list item. */
export const AutomationSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    name: z.string(),
    trigger_type: z.nullish(TriggerTypeSchema),
    is_active: nullishBoolean,
    run_count: nullishNumber,
    last_run_at: nullishString,
    updated_at: nullishString,
  }),
);
export type Automation = z.infer<typeof AutomationSchema>;

export const AutomationDetailSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    is_active: nullishBoolean,
    run_count: nullishNumber,
    last_run_at: nullishString,
    updated_at: nullishString,
    spec: AutomationSpecSchema,
  }),
);
export type AutomationDetail = z.infer<typeof AutomationDetailSchema>;

export const AutomationFiltersSchema = lazySchema(() =>
  z.strictObject({
    is_active: z.optional(z.boolean()),
    trigger_type: z.optional(z.string()),
    search: z.optional(z.string()),
    page: z.optional(z.int().check(z.minimum(1))),
    per_page: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  }),
);
export type AutomationFilters = z.infer<typeof AutomationFiltersSchema>;

export const AutomationListResponseSchema = lazySchema(() => listResponse(AutomationSchema));
export const AutomationDetailResponseSchema = lazySchema(() =>
  z.looseObject({
    success: nullishBoolean,
    data: AutomationDetailSchema,
  }),
);
export const AutomationSavedResponseSchema = lazySchema(() =>
  z.looseObject({
    success: nullishBoolean,
    warnings: SpecIssueListSchema,
    data: AutomationDetailSchema,
  }),
);
/** `PUT /automations/{id}`: body not shown; `data` is read when it has the GET shape. */
export const AutomationReplacedResponseSchema = lazySchema(() =>
  z.looseObject({
    success: nullishBoolean,
    warnings: SpecIssueListSchema,
    data: z.optional(z.unknown()),
  }),
);
export const AutomationToggleResponseSchema = lazySchema(() =>
  z.looseObject({
    success: nullishBoolean,
    id: IdSchema,
    is_active: z.boolean(),
  }),
);
export type AutomationToggled = z.infer<typeof AutomationToggleResponseSchema>;
