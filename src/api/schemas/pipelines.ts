import * as z from 'zod/mini';
import {
  IdSchema,
  listOrEmpty,
  nullishBoolean,
  nullishNumber,
  nullishString,
  SpecIssueListSchema,
} from './common';
import { lazySchema } from './lazy';

/** A stage as listed by `GET /pipelines`, in order. */
export const StageSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    name: z.string(),
    color: nullishString,
    is_won: nullishBoolean,
    is_lost: nullishBoolean,
  }),
);
export type Stage = z.infer<typeof StageSchema>;

/** `GET /pipelines` list item. */
export const PipelineSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    name: z.string(),
    stages: listOrEmpty(StageSchema),
  }),
);
export type Pipeline = z.infer<typeof PipelineSchema>;

export const LostReasonSchema = lazySchema(() => z.looseObject({ id: IdSchema, name: z.string() }));
export type LostReason = z.infer<typeof LostReasonSchema>;

/** A task a stage requires; `task_type` and `priority` enums come from capabilities. */
export const RequiredTaskSchema = lazySchema(() =>
  z.looseObject({
    subject: z.string(),
    task_type: z.optional(z.string()),
    priority: z.optional(z.string()),
  }),
);
export type RequiredTask = z.infer<typeof RequiredTaskSchema>;

export const StageSpecSchema = lazySchema(() =>
  z.looseObject({
    name: z.string().check(z.minLength(1)),
    is_won: z.optional(z.boolean()),
    is_lost: z.optional(z.boolean()),
    color: z.optional(z.string()),
    required_tasks: z.optional(z.array(RequiredTaskSchema)),
  }),
);
export type StageSpec = z.infer<typeof StageSpecSchema>;

/** The re-importable pipeline object: returned in `spec`, accepted back by POST and PUT. */
export const PipelineSpecSchema = lazySchema(() =>
  z.looseObject({
    name: z.string().check(z.minLength(1)),
    color: z.optional(z.string()),
    auto_create_from_chatapp: z.optional(z.boolean()),
    auto_create_from_social: z.optional(z.boolean()),
    stages: z.array(StageSpecSchema),
  }),
);
export type PipelineSpec = z.infer<typeof PipelineSpecSchema>;

/** `GET /pipelines/{id}` data. */
export const PipelineDetailSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    is_default: nullishBoolean,
    stage_count: nullishNumber,
    lead_count: nullishNumber,
    spec: PipelineSpecSchema,
  }),
);
export type PipelineDetail = z.infer<typeof PipelineDetailSchema>;

export const PipelineListResponseSchema = lazySchema(() =>
  z.looseObject({
    success: nullishBoolean,
    pipelines: z.array(PipelineSchema),
    lost_reasons: listOrEmpty(LostReasonSchema),
  }),
);
export type PipelineList = z.infer<typeof PipelineListResponseSchema>;

export const PipelineDetailResponseSchema = lazySchema(() =>
  z.looseObject({
    success: nullishBoolean,
    data: PipelineDetailSchema,
  }),
);

/** `POST /pipelines` (saved): `{success, warnings, data}`. */
export const PipelineSavedResponseSchema = lazySchema(() =>
  z.looseObject({
    success: nullishBoolean,
    warnings: SpecIssueListSchema,
    data: PipelineDetailSchema,
  }),
);

/** `PUT /pipelines/{id}`: body not shown; `data` is read when it has the GET shape. */
export const PipelineReplacedResponseSchema = lazySchema(() =>
  z.looseObject({
    success: nullishBoolean,
    warnings: SpecIssueListSchema,
    data: z.optional(z.unknown()),
  }),
);
