import { codedError } from '../errors';
import { findLostReason, findPipeline, findSequence, findStage } from './reference';
import { type ActionReference, LEAD_ACTIONS, type LeadActionsOptions } from './types';

const MATCH_BY = ['email', 'phone', 'email_or_phone'] as const;

function bad(message: string): Error {
  return codedError(message, 'badLeadActionsOptions');
}

/** The options as given, checked (before any request); the error says what to fix. */
export function parseLeadActionsOptions(input: unknown): LeadActionsOptions {
  if (input === null || typeof input !== 'object') {
    throw bad(
      'crmLeadActions needs {sheet, action, params}: e.g. {sheet: "Leads", action: "stage", params: {stage: "Proposta"}}.',
    );
  }
  const options = input as Partial<LeadActionsOptions>;
  if (typeof options.sheet !== 'string' || options.sheet.trim() === '')
    throw bad('Pass sheet: the name of the sheet whose rows name the leads.');
  if (!LEAD_ACTIONS.includes(options.action as never)) {
    throw bad(
      `action must be one of ${LEAD_ACTIONS.join(', ')} (got ${JSON.stringify(options.action)}).`,
    );
  }
  if (options.matchBy !== undefined && !MATCH_BY.includes(options.matchBy)) {
    throw bad(`matchBy must be one of ${MATCH_BY.join(', ')}.`);
  }
  if (
    options.headerRow !== undefined &&
    !(Number.isInteger(options.headerRow) && options.headerRow >= 1)
  ) {
    throw bad('headerRow must be a whole number, 1 or more.');
  }
  const params = options.params ?? {};
  if (typeof params !== 'object' || Array.isArray(params))
    throw bad('params must be an object, e.g. {stage: "Proposta"}.');
  const need: Partial<Record<LeadActionsOptions['action'], keyof typeof params>> = {
    stage: 'stage',
    addTags: 'tags',
    removeTags: 'tags',
    enroll: 'sequence',
    unenroll: 'sequence',
    message: 'text',
  };
  const required = need[options.action as LeadActionsOptions['action']];
  if (required && (params[required] === undefined || params[required] === '')) {
    throw bad(`The ${options.action} action needs params.${required}.`);
  }
  if (options.action === 'message' && typeof params.text !== 'string')
    throw bad('params.text must be the message text.');
  return {
    sheet: options.sheet.trim(),
    action: options.action as LeadActionsOptions['action'],
    params,
    ...(options.leadIdColumn ? { leadIdColumn: options.leadIdColumn } : {}),
    matchBy: options.matchBy ?? 'email_or_phone',
    headerRow: options.headerRow ?? 1,
    preview: options.preview === true,
    ...(options.confirm === undefined ? {} : { confirm: options.confirm }),
  };
}

const isColumn = (value: unknown): value is { column: string } =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && 'column' in value;

/**
 * Fixed names must name something in the CRM (a column's values are judged row by row), and a
 * `{column}` must exist in the header row; the error lists what there is.
 */
export function checkParams(
  options: LeadActionsOptions,
  ref: ActionReference,
  headers: readonly string[],
): void {
  const params = options.params ?? {};
  for (const [name, source] of Object.entries(params)) {
    if (
      isColumn(source) &&
      !headers.some((h) => h.trim().toLowerCase() === String(source.column).trim().toLowerCase())
    ) {
      throw bad(
        `params.${name} takes column "${source.column}", which the header row does not have (${headers.filter(Boolean).join(', ')}).`,
      );
    }
  }
  const fixed = (value: unknown): value is string | number =>
    typeof value === 'string' || typeof value === 'number';
  const pipeline = fixed(params.pipeline) ? findPipeline(ref, params.pipeline) : undefined;
  if (fixed(params.pipeline) && !pipeline) {
    throw bad(
      `No pipeline is named "${params.pipeline}"; the pipelines are ${ref.pipelines.map((p) => p.name).join(', ')}.`,
    );
  }
  if (fixed(params.stage)) {
    const candidates = pipeline ? [pipeline] : ref.pipelines;
    if (!candidates.some((p) => findStage(ref, p, params.stage as string | number))) {
      throw bad(
        `No stage is named "${params.stage}"${pipeline ? ` in pipeline ${pipeline.name}` : ''}.`,
      );
    }
  }
  if (fixed(params.sequence) && !findSequence(ref, params.sequence)) {
    throw bad(
      `No sequence is named "${params.sequence}"; the sequences are ${ref.sequences.map((s) => s.name).join(', ')}.`,
    );
  }
  if (fixed(params.reason) && !findLostReason(ref, params.reason)) {
    throw bad(
      `No lost reason is named "${params.reason}"; the reasons are ${ref.lostReasons.map((r) => r.name).join(', ')}.`,
    );
  }
}

/** The scope an action's write requests need (PRODUCT.md: checked before any row). */
export function scopeOf(
  action: LeadActionsOptions['action'],
): 'leads:write' | 'sequences:write' | 'chatapp:write' {
  if (action === 'enroll' || action === 'unenroll') return 'sequences:write';
  if (action === 'message') return 'chatapp:write';
  return 'leads:write';
}
