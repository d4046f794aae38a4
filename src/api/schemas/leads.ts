import * as z from 'zod/mini';
import {
  ActorSchema,
  IdSchema,
  listResponse,
  NamedRefSchema,
  NameMapSchema,
  nullishBoolean,
  nullishId,
  nullishNumber,
  nullishString,
} from './common';
import { lazySchema } from './lazy';

/** `include` tokens honoured by `GET /leads` (the list). */
export const LEAD_LIST_INCLUDES = [
  'owner',
  'products',
  'contacts',
  'notes',
  'sales',
  'tasks',
  'sequences',
  'score',
] as const;
export type LeadListInclude = (typeof LEAD_LIST_INCLUDES)[number];

/** `include` tokens honoured by `GET /leads/{id}`: the list's, plus three detail-only ones. */
export const LEAD_DETAIL_INCLUDES = [
  ...LEAD_LIST_INCLUDES,
  'siblings',
  'events',
  'conversation',
] as const;
export type LeadDetailInclude = (typeof LEAD_DETAIL_INCLUDES)[number];

export const OwnerSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    name: nullishString,
    email: nullishString,
  }),
);
export type Owner = z.infer<typeof OwnerSchema>;

export const LeadProductSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    product_id: nullishId,
    product_name: nullishString,
    quantity: nullishNumber,
    unit_price: nullishNumber,
    discount_percent: nullishNumber,
    total: nullishNumber,
  }),
);
export type LeadProduct = z.infer<typeof LeadProductSchema>;

export const LeadContactSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    name: nullishString,
    role: nullishString,
    phone: nullishString,
    email: nullishString,
    is_primary: nullishBoolean,
  }),
);
export type LeadContact = z.infer<typeof LeadContactSchema>;

export const LeadNoteSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    body: nullishString,
    author: ActorSchema,
    created_at: nullishString,
  }),
);
export type LeadNote = z.infer<typeof LeadNoteSchema>;

export const LeadSaleSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    pipeline_id: nullishId,
    value: nullishNumber,
    closed_by: ActorSchema,
    closed_at: nullishString,
  }),
);
export type LeadSale = z.infer<typeof LeadSaleSchema>;

export const LeadLostSaleSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    pipeline_id: nullishId,
    reason_id: nullishId,
    lost_at: nullishString,
    lost_by: ActorSchema,
  }),
);
export type LeadLostSale = z.infer<typeof LeadLostSaleSchema>;

export const LeadTaskSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    subject: nullishString,
    type: nullishString,
    status: nullishString,
    priority: nullishString,
    due_date: nullishString,
    due_time: nullishString,
    completed_at: nullishString,
    assigned_to: ActorSchema,
  }),
);
export type LeadTask = z.infer<typeof LeadTaskSchema>;

export const ActiveSequenceSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    name: nullishString,
    current_step: nullishNumber,
    total_steps: nullishNumber,
    status: nullishString,
  }),
);
export type ActiveSequence = z.infer<typeof ActiveSequenceSchema>;

export const LeadSequenceSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    sequence_id: nullishId,
    name: nullishString,
    status: nullishString,
    next_step_at: nullishString,
  }),
);
export type LeadSequence = z.infer<typeof LeadSequenceSchema>;

export const LeadEventSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    event_type: nullishString,
    description: nullishString,
    performed_by: ActorSchema,
    created_at: nullishString,
  }),
);
export type LeadEvent = z.infer<typeof LeadEventSchema>;

export const LeadConversationSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    phone: nullishString,
    status: nullishString,
    last_message_at: nullishString,
    unread_count: nullishNumber,
    instance_id: nullishId,
  }),
);
export type LeadConversation = z.infer<typeof LeadConversationSchema>;

/** Another deal of the same contact (`include=siblings`); its fields are not listed. */
export const LeadSiblingSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    name: nullishString,
    value: nullishNumber,
    stage: z.nullish(NamedRefSchema),
    pipeline: z.nullish(NamedRefSchema),
  }),
);
export type LeadSibling = z.infer<typeof LeadSiblingSchema>;

/** Tag names; a `{name}` object (as some versions embed tags) is read as its name. */
export const TagListSchema = lazySchema(() =>
  z.array(
    z.union([
      z.string(),
      z.pipe(
        z.looseObject({ name: z.string() }),
        z.transform((tag) => tag.name),
      ),
    ]),
  ),
);

export const LeadSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    name: nullishString,
    phone: nullishString,
    email: nullishString,
    company: nullishString,
    birthday: nullishString,
    value: nullishNumber,
    source: nullishString,
    tags: z.nullish(TagListSchema),
    pipeline_id: nullishId,
    stage_id: nullishId,
    notes: nullishString,
    utm_source: nullishString,
    utm_medium: nullishString,
    utm_campaign: nullishString,
    utm_term: nullishString,
    utm_content: nullishString,
    stage: z.nullish(NamedRefSchema),
    pipeline: z.nullish(NamedRefSchema),
    created_at: nullishString,
    updated_at: nullishString,
    custom_fields: z.nullish(NameMapSchema),
    // include=owner
    assigned_to: nullishId,
    owner: z.nullish(OwnerSchema),
    // include=products, contacts, notes, sales, tasks
    products: z.nullish(z.array(LeadProductSchema)),
    contacts: z.nullish(z.array(LeadContactSchema)),
    notes_list: z.nullish(z.array(LeadNoteSchema)),
    sales: z.nullish(z.array(LeadSaleSchema)),
    lost_sales: z.nullish(z.array(LeadLostSaleSchema)),
    tasks: z.nullish(z.array(LeadTaskSchema)),
    // include=sequences
    active_sequence: z.nullish(ActiveSequenceSchema),
    sequences: z.nullish(z.array(LeadSequenceSchema)),
    // include=score
    score: nullishNumber,
    score_updated_at: nullishString,
    // detail only: include=siblings, events, conversation
    siblings: z.nullish(z.array(LeadSiblingSchema)),
    contact_totals: z.optional(z.unknown()),
    events: z.nullish(z.array(LeadEventSchema)),
    conversation: z.nullish(LeadConversationSchema),
  }),
);
export type Lead = z.infer<typeof LeadSchema>;

export const MATCH_BY = ['email', 'phone', 'email_or_phone'] as const;
export const MatchBySchema = lazySchema(() => z.enum(MATCH_BY));
export type MatchBy = z.infer<typeof MatchBySchema>;

const filledString = lazySchema(() => z.string().check(z.minLength(1)));

/** A function, so that its schemas are built with the first schema that uses them (lazy.ts). */
const leadInputFields = () => ({
  name: filledString,
  pipeline_id: IdSchema,
  stage_id: IdSchema,
  phone: z.optional(z.string()),
  email: z.optional(z.string()),
  company: z.optional(z.string()),
  birthday: z.optional(z.string()),
  value: z.optional(z.number()),
  source: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
  notes: z.optional(z.string()),
  utm_source: z.optional(z.string()),
  utm_medium: z.optional(z.string()),
  utm_campaign: z.optional(z.string()),
  utm_term: z.optional(z.string()),
  utm_content: z.optional(z.string()),
  assigned_to: z.optional(IdSchema),
  custom_fields: z.optional(z.record(z.string(), z.unknown())),
});

/** `POST /leads` body. Unknown keys are sent as given. */
export const LeadInputSchema = lazySchema(() => z.looseObject(leadInputFields()));
export type LeadInput = z.infer<typeof LeadInputSchema>;

/**
 * `POST /leads/upsert` body: the POST /leads fields plus `match_by`. Every field is optional
 * here, because an update changes only the fields sent; the CRM itself refuses a creation
 * that lacks name, pipeline_id or stage_id. Email or phone must be present: it is the match key.
 */
export const UpsertLeadInputSchema = lazySchema(() =>
  z
    .looseObject({
      ...z.partial(z.object(leadInputFields())).shape,
      match_by: z.optional(MatchBySchema),
    })
    .check(
      z.refine((lead) => Boolean(lead.email) || Boolean(lead.phone), {
        message: 'send an email or a phone: it is the match key of an upsert',
        path: ['email'],
        params: { kind: 'matchKey' },
      }),
    ),
);
export type UpsertLeadInput = z.infer<typeof UpsertLeadInputSchema>;

export const MoveStageInputSchema = lazySchema(() =>
  z.object({ stage_id: IdSchema, pipeline_id: IdSchema }),
);
export type MoveStageInput = z.infer<typeof MoveStageInputSchema>;

export const MarkWonInputSchema = lazySchema(() =>
  z.object({
    stage_id: IdSchema,
    value: z.optional(z.number()),
  }),
);
export type MarkWonInput = z.infer<typeof MarkWonInputSchema>;

export const MarkLostInputSchema = lazySchema(() =>
  z.object({
    stage_id: IdSchema,
    reason_id: z.optional(IdSchema),
  }),
);
export type MarkLostInput = z.infer<typeof MarkLostInputSchema>;

export const AddTagsInputSchema = lazySchema(() => z.array(filledString).check(z.minLength(1)));

export const LeadListResponseSchema = lazySchema(() => listResponse(LeadSchema));
export const LeadResponseSchema = lazySchema(() =>
  z.looseObject({ success: nullishBoolean, lead: LeadSchema }),
);
export const LeadUpsertResponseSchema = lazySchema(() =>
  z.looseObject({
    success: nullishBoolean,
    created: z.boolean(),
    lead: LeadSchema,
  }),
);
export const LeadIdResponseSchema = lazySchema(() =>
  z.looseObject({ success: nullishBoolean, lead_id: IdSchema }),
);
export const LeadTagsResponseSchema = lazySchema(() =>
  z.looseObject({
    success: nullishBoolean,
    lead_id: IdSchema,
    tags: TagListSchema,
  }),
);
export type LeadTagsResult = z.infer<typeof LeadTagsResponseSchema>;

export const EnrollmentResponseSchema = lazySchema(() =>
  z.looseObject({
    success: nullishBoolean,
    lead_id: IdSchema,
    sequence_id: IdSchema,
    lead_sequence_id: nullishId,
    status: nullishString,
    next_step_at: nullishString,
  }),
);
export type Enrollment = z.infer<typeof EnrollmentResponseSchema>;

export const UnenrollmentResponseSchema = lazySchema(() =>
  z.looseObject({
    success: nullishBoolean,
    lead_id: IdSchema,
    sequence_id: IdSchema,
    status: nullishString,
  }),
);
export type Unenrollment = z.infer<typeof UnenrollmentResponseSchema>;

/** `YYYY-MM-DD`, or a full ISO 8601 timestamp (useful for `updated_since`). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
export const DateParamSchema = lazySchema(() =>
  z.union([
    z.date(),
    z.string().check(z.regex(ISO_DATE, { message: 'expected a date like 2026-11-21' })),
  ]),
);
export type DateParam = z.infer<typeof DateParamSchema>;

export const PageParamsSchema = lazySchema(() =>
  z.object({
    page: z.optional(z.int().check(z.minimum(1))),
    per_page: z.optional(z.int().check(z.minimum(1))),
  }),
);

/**
 * `GET /leads` query. Strict: a misspelt filter would otherwise be ignored by the CRM and the
 * caller would silently get every lead.
 */
export const LeadFiltersSchema = lazySchema(() =>
  z.strictObject({
    pipeline_id: z.optional(IdSchema),
    stage_id: z.optional(IdSchema),
    assigned_to: z.optional(IdSchema),
    source: z.optional(z.string()),
    status: z.optional(z.string()),
    tags: z.optional(z.array(z.string())),
    q: z.optional(z.string()),
    updated_since: z.optional(DateParamSchema),
    created_from: z.optional(DateParamSchema),
    created_to: z.optional(DateParamSchema),
    page: z.optional(z.int().check(z.minimum(1))),
    per_page: z.optional(z.int().check(z.minimum(1), z.maximum(200))),
    include: z.optional(z.array(z.enum(LEAD_LIST_INCLUDES))),
  }),
);
export type LeadFilters = z.infer<typeof LeadFiltersSchema>;
/**
 * `LeadFiltersSchema`'s keys, in its order, written out so that reading them builds no schema at
 * load (lazy.ts); test/unit/api/lead-filter-names.test.ts checks they are the schema's.
 */
export const LEAD_FILTER_NAMES: readonly (keyof LeadFilters)[] = [
  'pipeline_id',
  'stage_id',
  'assigned_to',
  'source',
  'status',
  'tags',
  'q',
  'updated_since',
  'created_from',
  'created_to',
  'page',
  'per_page',
  'include',
];
