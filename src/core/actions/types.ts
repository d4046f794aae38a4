/**
 * Lead actions (PRODUCT.md "Lead actions"): the public option shapes, the statuses and the
 * compact state of a lead that a run records before it acts (its revert puts it back).
 */

export const LEAD_ACTIONS = [
  'stage',
  'won',
  'lost',
  'addTags',
  'removeTags',
  'enroll',
  'unenroll',
  'message',
  'delete',
] as const;
export type LeadActionName = (typeof LEAD_ACTIONS)[number];

/** A fixed value, or `{column: "Header"}`: each row's own cell. */
export type ParamSource<T> = T | { column: string };

export interface LeadActionParams {
  /** Name or id (stage, won, lost). */
  stage?: ParamSource<string | number>;
  /** Name or id (stage; default: the lead's own pipeline). */
  pipeline?: ParamSource<string | number>;
  /** won: the sale's value (`R$ 1.234,56` is read as 1234.56). */
  value?: ParamSource<number | string>;
  /** lost: a lost reason's name or id. */
  reason?: ParamSource<string | number>;
  /** addTags / removeTags: a list, or `a; b, c`. */
  tags?: ParamSource<string | string[]>;
  /** enroll / unenroll: a sequence's name or id. */
  sequence?: ParamSource<string | number>;
  /** message: the text, with `{{Header}}` placeholders filled from each row. */
  text?: string;
  /** message: the number to send from (default: the account's primary one). */
  instanceId?: number;
}

export interface LeadActionsOptions {
  sheet: string;
  action: LeadActionName;
  params?: LeadActionParams;
  /** @default the first of `CRM Lead ID`, `Lead ID`, `ID`, `id` in the header row */
  leadIdColumn?: string;
  /** Without a lead id column. @default 'email_or_phone' */
  matchBy?: 'email' | 'phone' | 'email_or_phone';
  /** @default 1 */
  headerRow?: number;
  /** Read and judge each row, change nothing in the CRM. @default false */
  preview?: boolean;
  /** delete only: the exact number of rows that would be deleted. */
  confirm?: number;
  /**
   * The rows to act on: `all` (default), `visible` (not hidden by a filter or by hand),
   * `selection` (the rows of the current selection) or sheet rows such as `"5:9,12"`. Other rows
   * are not read and keep their cells. @default "all"
   */
  rows?: string;
  /**
   * The preview this run keeps to (the sidebar passes the one it showed): when that is no
   * longer the one a run can keep to (older than 24 hours, a newer preview of the same action,
   * its record gone), the call throws `previewGone` before any request.
   */
  previewId?: string;
}

export const PREVIEW_STATUSES = ['WILL_CHANGE', 'NO_CHANGE', 'WILL_FAIL', 'NOT_FOUND'] as const;
export const RUN_STATUSES = [
  'DONE',
  'NO_CHANGE',
  'NOT_FOUND',
  'BLOCKED',
  'SKIPPED',
  'FAILED',
  'UNCERTAIN',
  'NOT_PREVIEWED',
] as const;
export const REVERT_STATUSES = [
  'REVERTED',
  'CHANGED_SINCE',
  'NOT_REVERSIBLE',
  'NO_CHANGE',
  'NOT_FOUND',
  'BLOCKED',
  'FAILED',
  'UNCERTAIN',
  'WILL_CHANGE',
] as const;
export type RowStatus =
  | (typeof PREVIEW_STATUSES)[number]
  | (typeof RUN_STATUSES)[number]
  | (typeof REVERT_STATUSES)[number];

/** Status column headers (never translated), in the order they are created. */
export const ACTION_STATUS_HEADERS = [
  'CRM Action Status',
  'CRM Action Detail',
  'CRM Action At',
  'CRM Action Run',
] as const;

/** The lead id column, when `leadIdColumn` is not given: the first of these that exists. */
export const DEFAULT_ID_HEADERS = ['CRM Lead ID', 'Lead ID', 'ID', 'id'] as const;

/**
 * What a run records of a lead before it acts, only the parts its action touches (a few dozen
 * bytes a row, since a 1,000-row run keeps it in the person's Properties for its revert).
 */
export interface LeadState {
  /** pipeline id, stage id */
  p: number;
  s: number;
  /** Tags (tag actions). */
  tags?: string[];
  /** Sequence ids the lead is actively enrolled in (sequence actions). */
  seq?: number[];
  /** Sales and losses recorded (won / lost: settles a lost answer). */
  sales?: number;
  lost?: number;
  /** The mandatory tasks of the lead's stage still pending (stage, won, lost): subjects. */
  block?: string[];
  /** Pending tasks that may be mandatory: the stage's mandatory tasks could not be read. */
  mayBlock?: string[];
  /**
   * Pending tasks the stage's spec does not name: a task read tells whether the CRM holds them
   * mandatory (`holdFromTasks`); until then they hold nothing.
   */
  open?: string[];
  /** Has a phone (message). */
  phone?: boolean;
  /** The opt-out tag it carries (message): never messaged (PRODUCT.md "Opt-out"). */
  out?: string;
  /** Name (delete: the detail names who goes). */
  name?: string;
}

/** Reference data the names resolve against, fetched once when the job starts. */
export interface ActionReference {
  pipelines: {
    id: number;
    name: string;
    stages: {
      id: number;
      name: string;
      won: boolean;
      lost: boolean;
      /**
       * The subjects of the stage's mandatory tasks (GET /pipelines/{id} `required_tasks`): a
       * lead with one still pending cannot leave the stage. Absent when they could not be read.
       */
      required?: string[];
    }[];
  }[];
  lostReasons: { id: number; name: string }[];
  sequences: { id: number; name: string; active: boolean }[];
  /**
   * message: the number it sends from (params.instanceId, else the primary one) and whether it
   * has the 24-hour window (official API), so the preview can foresee a closed window.
   */
  chat?: { instanceId: number; window: boolean };
  /**
   * message: the opt-out tags in force in the spreadsheet when the job started (settings/
   * opt-out-tags.ts: every person's, and a tag replaced since a preview its run keeps to).
   */
  optOutTags?: string[];
}
