/**
 * crmPipelineReport({pipeline, sheet}): the options checked before any request, and the pipeline
 * chosen from GET /pipelines by name or id (blind to case and accents, as everywhere else).
 */
import type { Pipeline } from '../../api/schemas';
import { codedError } from '../errors';
import { describeValue } from '../query/dates';
import { resolveLeadFilters } from '../query/resolve';

export interface PipelineReportOptions {
  /**
   * The pipeline's name or id.
   * @default the first pipeline GET /pipelines lists
   * @example crmPipelineReport({ pipeline: 'Vendas' })
   */
  pipeline?: string | number;
  /**
   * The report's sheet: created when missing, replaced when an earlier report wrote it, refused
   * when it holds anything else.
   * @default the sheet of this pipeline's last report, else "Report · <pipeline>" in the user's language
   */
  sheet?: string;
}

export interface ReportRequest {
  pipeline: string | null;
  sheet: string | null;
}

/** Sheets refuses longer sheet names. */
const MAX_SHEET_NAME = 100;

export function parseReportOptions(options: unknown): ReportRequest {
  const given = options ?? {};
  if (typeof given !== 'object' || Array.isArray(given)) {
    throw codedError(
      `Options must be an object such as {pipeline: "Vendas", sheet: "Funil"}; got ${describeValue(options)}.`,
      'reportOptionsNotObject',
    );
  }
  const { pipeline, sheet, ...rest } = given as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) {
    throw new Error(`Unknown option "${unknown[0]}". Options: pipeline, sheet.`);
  }
  return { pipeline: pipelineOption(pipeline), sheet: sheetOption(sheet) };
}

function pipelineOption(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  throw codedError(
    `pipeline must be a pipeline's name or id; got ${describeValue(value)}.`,
    'reportPipelineForm',
  );
}

function sheetOption(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.trim() === '') {
    throw codedError(`sheet must be a sheet name; got ${describeValue(value)}.`, 'sheetMissing');
  }
  const name = value.trim();
  if (name.length > MAX_SHEET_NAME) {
    throw codedError(
      `sheet names have at most ${MAX_SHEET_NAME} characters; got ${name.length}.`,
      'sheetNameTooLong',
      { max: MAX_SHEET_NAME },
    );
  }
  return name;
}

/** The pipeline asked for, or the first one listed; throws naming the account's pipelines. */
export function choosePipeline(pipelines: readonly Pipeline[], wanted: string | null): Pipeline {
  if (wanted === null) {
    const [first] = pipelines;
    if (first === undefined) {
      throw codedError('This CRM account has no pipeline to report on.', 'reportNoPipelines');
    }
    return first;
  }
  let id: number | undefined;
  try {
    id = resolveLeadFilters({ pipeline: wanted }, { pipelines }).pipeline_id;
  } catch (error) {
    // Coded, so the menu says it in the person's words; the message stays the precise one.
    throw codedError(
      (error as Error).message,
      'reportUnknownPipeline',
      { pipeline: wanted, names: pipelines.map((p) => p.name).join(', ') },
      error,
    );
  }
  const found = pipelines.find((pipeline) => pipeline.id === id);
  if (found === undefined) throw new Error(`Unknown pipeline "${wanted}".`);
  return found;
}
