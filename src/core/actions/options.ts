import { codedError } from '../errors';
import { translator } from '../i18n';
import { findLostReason, findPipeline, findSequence, findStage } from './reference';
import { type ActionReference, LEAD_ACTIONS, type LeadActionsOptions } from './types';

const MATCH_BY = ['email', 'phone', 'email_or_phone'] as const;

function bad(
  message: string,
  code = 'badLeadActionsOptions',
  params?: Record<string, string>,
): Error {
  return codedError(message, code, params);
}

/** The options as given, checked (before any request); the error says what to fix. */
export function parseLeadActionsOptions(input: unknown): LeadActionsOptions {
  if (input === null || typeof input !== 'object') {
    throw codedError(
      'crmLeadActions needs {sheet, action, params}: e.g. {sheet: "Leads", action: "stage", params: {stage: "Proposta"}}.',
      'badLeadActionsOptions',
    );
  }
  const options = input as Partial<LeadActionsOptions>;
  if (typeof options.sheet !== 'string' || options.sheet.trim() === '')
    throw codedError(
      'Pass sheet: the name of the sheet whose rows name the leads.',
      'sheetMissing',
    );
  if (!LEAD_ACTIONS.includes(options.action as never)) {
    throw codedError(
      `action must be one of ${LEAD_ACTIONS.join(', ')} (got ${JSON.stringify(options.action)}).`,
      'badLeadActionsOptions',
    );
  }
  if (options.matchBy !== undefined && !MATCH_BY.includes(options.matchBy)) {
    throw codedError(`matchBy must be one of ${MATCH_BY.join(', ')}.`, 'badLeadActionsOptions');
  }
  if (
    options.headerRow !== undefined &&
    !(Number.isInteger(options.headerRow) && options.headerRow >= 1)
  ) {
    throw codedError('headerRow must be a whole number, 1 or more.', 'headerRowNumber');
  }
  if (
    options.previewId !== undefined &&
    (typeof options.previewId !== 'string' || options.previewId.trim() === '')
  ) {
    throw codedError(
      'previewId must be the jobId of a preview (crmLeadActions with preview: true).',
      'badLeadActionsOptions',
    );
  }
  const params = options.params ?? {};
  if (typeof params !== 'object' || Array.isArray(params))
    throw codedError(
      'params must be an object, e.g. {stage: "Proposta"}.',
      'badLeadActionsOptions',
    );
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
    throw codedError(
      `The ${options.action} action needs params.${required}.`,
      'badLeadActionsOptions',
    );
  }
  if (options.action === 'message' && typeof params.text !== 'string')
    throw codedError('params.text must be the message text.', 'badLeadActionsOptions');
  return {
    sheet: options.sheet.trim(),
    action: options.action as LeadActionsOptions['action'],
    params,
    ...(options.leadIdColumn ? { leadIdColumn: options.leadIdColumn } : {}),
    matchBy: options.matchBy ?? 'email_or_phone',
    headerRow: options.headerRow ?? 1,
    preview: options.preview === true,
    ...(options.confirm === undefined ? {} : { confirm: options.confirm }),
    ...(options.previewId === undefined ? {} : { previewId: options.previewId.trim() }),
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
    const wanted = isColumn(source) ? String(source.column).trim().toLowerCase() : undefined;
    if (wanted !== undefined && !headers.some((h) => h.trim().toLowerCase() === wanted)) {
      const column = String((source as { column: string }).column);
      throw codedError(
        `params.${name} takes column "${column}", which the header row does not have (${headers.filter(Boolean).join(', ')}).`,
        'actionColumnMissing',
        { column },
      );
    }
  }
  const fixed = (value: unknown): value is string | number =>
    typeof value === 'string' || typeof value === 'number';
  // The sidebar says the code's words; scripts read the catalogue's English, with the names.
  const unknown = (what: string, value: unknown, code: string, known: string[]) =>
    bad(
      translator('en')('actions.unknownName', {
        what,
        name: String(value),
        known: known.join(', '),
      }),
      code,
      {
        name: String(value),
      },
    );
  const pipeline = fixed(params.pipeline) ? findPipeline(ref, params.pipeline) : undefined;
  if (fixed(params.pipeline) && !pipeline) {
    throw unknown(
      'pipeline',
      params.pipeline,
      'actionPipelineUnknown',
      ref.pipelines.map((p) => p.name),
    );
  }
  if (fixed(params.stage)) {
    const candidates = pipeline ? [pipeline] : ref.pipelines;
    if (!candidates.some((p) => findStage(ref, p, params.stage as string | number))) {
      const names = candidates.flatMap((p) => p.stages.map((s) => s.name));
      throw unknown('stage', params.stage, 'actionStageUnknown', names);
    }
  }
  if (fixed(params.sequence) && !findSequence(ref, params.sequence)) {
    throw unknown(
      'sequence',
      params.sequence,
      'actionSequenceUnknown',
      ref.sequences.map((q) => q.name),
    );
  }
  if (fixed(params.reason) && !findLostReason(ref, params.reason)) {
    throw unknown(
      'lost reason',
      params.reason,
      'actionReasonUnknown',
      ref.lostReasons.map((r) => r.name),
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
