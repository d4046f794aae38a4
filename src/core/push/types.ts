/**
 * Push (PRODUCT.md "Round trip: edit an exported sheet, push back what changed"): the public
 * options, the statuses, the status columns, and what a push job records of each row.
 */
import type { CustomFieldDefinition, UpsertLeadInput, User } from '../../api/schemas';
import type { ActionRequest } from '../actions/decide';
import type { ActionReference, LeadState } from '../actions/types';
import type { WalkEntry } from '../jobs/pipeline/types';
import type { PlanRef, PlanVerdict } from '../plan/plan';
import type { RowScope } from '../rows/scope';

export interface PushOptions {
  /** The exported sheet's name. */
  sheet: string;
  /** Read the CRM once and write what would change; change nothing. @default false */
  preview?: boolean;
  /**
   * A field the person changed that also changed in the CRM since the export: `"skip"` leaves
   * the row as CONFLICT (nothing of it is sent); `"sheet"` sends the sheet's value anyway.
   * @default "skip"
   */
  onConflict?: 'skip' | 'sheet';
  /** `all` (default), `visible`, `selection` or sheet rows such as `"5:9,12"`. @default "all" */
  rows?: string;
}

export const PUSH_PREVIEW_STATUSES = [
  'WILL_CHANGE',
  'NO_CHANGE',
  'CONFLICT',
  'INVALID',
  'NOT_FOUND',
  'SKIPPED',
] as const;
export const PUSH_RUN_STATUSES = [
  'DONE',
  'NO_CHANGE',
  'CONFLICT',
  'INVALID',
  'NOT_FOUND',
  'SKIPPED',
  'FAILED',
  'UNCERTAIN',
  'NOT_PREVIEWED',
] as const;
export const PUSH_REVERT_STATUSES = [
  'REVERTED',
  'CHANGED_SINCE',
  'NOT_REVERSIBLE',
  'NO_CHANGE',
  'NOT_FOUND',
  'FAILED',
  'UNCERTAIN',
  'WILL_CHANGE',
] as const;

/** Status column headers (never translated), in the order they are created. */
export const PUSH_STATUS_HEADERS = [
  'CRM Push Status',
  'CRM Push Detail',
  'CRM Push At',
  'CRM Push Run',
] as const;

/** One write request of a row: an upsert of its fields, or a lead action's request. */
export type PushRequest = ActionRequest | { op: 'upsert'; body: UpsertLeadInput };

/** The lead as the CRM holds it now: what a push compares and a revert puts back. */
export interface PushState extends LeadState {
  /** Export column → the cell an export would write now (canonical, core/push/memory.ts). */
  n: Record<string, string>;
  /** The lead's e-mail and phone now (the upsert's key). */
  e?: string;
  ph?: string;
}

/**
 * One row of a push as its job records it (short keys: the record sits in the person's
 * Properties, and a revert reads it back).
 */
export interface PushEntry extends WalkEntry {
  /** `#<lead id>`, or `?<cells>` for a row with no id. */
  k: string;
  i?: number;
  /** The columns the person changed: the sheet's cell now (canonical). */
  c?: Record<string, string>;
  /** The same columns as the export (or the last push) left them (canonical). */
  w?: Record<string, string>;
  /** The remembered e-mail / phone keys (`emailKey`, E.164): a paged read counts their holders. */
  ke?: string;
  kp?: string;
  /** Holders of those keys seen by a paged read so far. */
  he?: number[];
  hp?: number[];
  /** The upsert key (`e:…` / `p:…`) and its holders, once known on complete evidence. */
  kk?: string;
  kh?: number[];
  /** The lead now (absent until read). */
  b?: PushState;
  /** No lead (1: none has the id; 2: the row cannot be pushed: the detail says why). */
  g?: 1 | 2;
  h?: string;
  q?: PlanVerdict;
  p?: number;
}

/** What a push job stores as its options (checked and resolved when it starts). */
export interface PushJobOptions {
  v: 1;
  mode: 'run' | 'preview';
  onConflict: 'skip' | 'sheet';
  sheetId: number;
  sheetName: string;
  headerRow: number;
  locale: 'en' | 'pt';
  defaultCountry: string;
  timeZone: string;
  ref: ActionReference;
  users: Pick<User, 'id' | 'name' | 'email'>[];
  customFields: CustomFieldDefinition[];
  /** Include tokens a lead read needs (owner when an owner column is exported). */
  include: ('sales' | 'tasks' | 'owner')[];
  plan?: PlanRef;
  rowScope?: RowScope;
}
