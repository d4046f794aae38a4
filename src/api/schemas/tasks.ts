import * as z from 'zod/mini';
import { ActorSchema, IdSchema, listResponse, nullishId, nullishString } from './common';
import { lazySchema } from './lazy';

/**
 * Task fields are not shown by the contract; these are the ones `include=tasks` lists on a
 * lead, plus `lead_id` (a task may be linked to a lead or standalone). Others are kept.
 */
export const TaskSchema = lazySchema(() =>
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
    lead_id: nullishId,
  }),
);
export type Task = z.infer<typeof TaskSchema>;

/** `GET /tasks` query: paging like leads; other filters are not shown, so any are passed on. */
const QueryScalarSchema = lazySchema(() =>
  z.union([z.string(), z.number(), z.boolean(), z.date()]),
);
export const TaskFiltersSchema = lazySchema(() =>
  z.catchall(
    z.object({
      page: z.optional(z.int().check(z.minimum(1))),
      per_page: z.optional(z.int().check(z.minimum(1), z.maximum(200))),
    }),
    z.nullish(z.union([QueryScalarSchema, z.array(QueryScalarSchema)])),
  ),
);
export type TaskFilters = z.infer<typeof TaskFiltersSchema>;

export const TaskListResponseSchema = lazySchema(() => listResponse(TaskSchema));
