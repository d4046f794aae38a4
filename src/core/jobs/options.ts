/**
 * Checks shared by the options of the functions that start row jobs (crmImportLeads,
 * crmSendTemplate). Every error names the option and what to write instead.
 */
import { MATCH_BY, type MatchBy, MatchBySchema } from '../../api/schemas';
import { codedError } from '../errors';

/** A value as the user wrote it, for error messages. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || value === undefined || typeof value !== 'object') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * The options object of `functionName`, refused when it is not one or names an option not in
 * `names` (options set to undefined are ignored). `example` shows a good call.
 */
export function optionsObject(
  input: unknown,
  functionName: string,
  names: readonly string[],
  example: string,
): Record<string, unknown> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    // A sidebar always passes an object: only a script's call gets this wrong.
    throw codedError(`${functionName} needs an options object such as ${example}.`, 'bug');
  }
  const raw = input as Record<string, unknown>;
  const unknown = Object.keys(raw).filter((key) => !names.includes(key) && raw[key] !== undefined);
  if (unknown.length > 0) {
    throw codedError(
      `Unknown option${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}; ${functionName} takes ${names.join(', ')}.`,
      'bug',
    );
  }
  return raw;
}

/**
 * The `sheet` option: a sheet name, trimmed. `job` says which sheet in the message for scripts;
 * a person reads `ui.error.sheetMissing` in their language instead.
 */
export function sheetNameOption(value: unknown, job: 'import' | 'send'): string {
  const sheet = typeof value === 'string' ? value.trim() : '';
  if (sheet === '') {
    throw codedError(
      job === 'import'
        ? `sheet must be the name of the sheet to import, such as "Leads" (got ${shown(value)}).`
        : `sheet must be the name of the sheet whose rows get the template, such as "Leads" (got ${shown(value)}).`,
      'sheetMissing',
    );
  }
  return sheet;
}

/** The `matchBy` option: how a row's lead is found in the CRM. */
export function matchByOption(value: unknown): MatchBy {
  const parsed = MatchBySchema.safeParse(value);
  if (!parsed.success) {
    throw codedError(
      `matchBy must be one of ${MATCH_BY.map((m) => `"${m}"`).join(', ')} (got ${shown(value)}).`,
      'bug',
    );
  }
  return parsed.data;
}
