import { COMMON_EN } from './en/common';
import { FORMULAS_EN } from './en/formulas';
import { SETTINGS_EN } from './en/settings';

/**
 * The English catalogue: one file per area under `en/` (keys `<area>.<what>`), so that changes
 * in different areas never touch the same lines; `pt.ts` has exactly the same keys (its type
 * says so, and test/unit/core/i18n checks it at run time). Add an area with one line here and
 * one in `pt.ts`.
 */
export const EN = {
  ...COMMON_EN,
  ...FORMULAS_EN,
  ...SETTINGS_EN,
} as const;

export type MessageKey = keyof typeof EN;
