import { COMMON_EN } from './en/common';
import { JOBS_EN } from './en/jobs';

/**
 * The English catalogue: one file per area under `en/` (keys `<area>.<what>`), so that changes
 * in different areas never touch the same lines; `pt.ts` has exactly the same keys (its type
 * says so, and test/unit/core/i18n checks it at run time). Add an area with one line here and
 * one in `pt.ts`.
 */
export const EN = {
  ...COMMON_EN,
  ...JOBS_EN,
} as const;

export type MessageKey = keyof typeof EN;
