import * as z from 'zod/mini';
import { IdSchema, nullishString } from './common';
import { lazySchema } from './lazy';

/** A task that blocks a stage move (`422 blocked`). */
export const PendingTaskSchema = lazySchema(() =>
  z.looseObject({
    id: z.nullish(IdSchema),
    subject: nullishString,
    type: nullishString,
  }),
);
export type PendingTask = z.infer<typeof PendingTaskSchema>;

/** `skip_reason` of a refused send; open, as the CRM may add reasons. */
export const SKIP_REASONS = ['window_closed', 'header_media_required'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number] | (string & {});
