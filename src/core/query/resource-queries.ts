/**
 * Arguments of the other custom functions. CRM_TASKS: the contract shows only page and per_page
 * for GET /tasks ("filters: not shown"), so every other token is passed through as text and
 * the CRM decides. CRM_AUTOMATIONS: the documented filters only, checked.
 */
import {
  type AutomationFilters,
  type TaskFilters,
  TEMPLATE_STATUSES,
  type TemplateFilters,
  TRIGGER_TYPES,
} from '../../api/schemas';
import { describeValue } from './dates';
import { listed, queryError, shownValue } from './errors';
import { parseId, parseQueryString, setOwn } from './parse';
import { closeMatches, quoteList } from './text';

export const TASKS_MAX_PER_PAGE = 200;
const RESERVED_KEY = '__proto__';
export const AUTOMATIONS_MAX_PER_PAGE = 100;

/** CRM_TASKS(query): page and per_page checked; any other token passed on unchanged. */
export function parseTaskQuery(query: string): TaskFilters {
  const { page, per_page, ...rest } = parseQueryString(query);
  const result: TaskFilters = {};
  if (page) result.page = parseId(page, 'page');
  if (per_page) result.per_page = parsePerPage(per_page, TASKS_MAX_PER_PAGE);
  for (const [key, value] of Object.entries(rest)) {
    // The client's schema check drops `__proto__` (as JSON.parse-safe parsers do): refused by
    // name, rather than silently widening the list.
    if (key === RESERVED_KEY) {
      throw queryError(
        'queryTaskReserved',
        `Task filter "${RESERVED_KEY}" cannot be sent: no API parameter has that name.`,
        { filter: RESERVED_KEY },
      );
    }
    if (value !== '') setOwn(result, key, value);
  }
  return result;
}

const AUTOMATION_TOKENS = ['is_active', 'trigger_type', 'search', 'page', 'per_page'];

/** CRM_AUTOMATIONS(query): is_active, trigger_type (one of the 17), search, page, per_page. */
export function parseAutomationQuery(query: string): AutomationFilters {
  const result: AutomationFilters = {};
  for (const [key, value] of Object.entries(parseQueryString(query))) {
    if (!AUTOMATION_TOKENS.includes(key)) {
      throw queryError(
        'queryUnknownAutomationFilter',
        `Unknown automation filter "${key}". Valid filters: ${AUTOMATION_TOKENS.join(', ')}.`,
        { filter: key, valid: listed(AUTOMATION_TOKENS) },
      );
    }
    if (value === '') continue;
    if (key === 'is_active') result.is_active = parseBooleanText(value, key);
    else if (key === 'trigger_type') result.trigger_type = parseTriggerType(value);
    else if (key === 'search') result.search = value;
    else if (key === 'page') result.page = parseId(value, key);
    else result.per_page = parsePerPage(value, AUTOMATIONS_MAX_PER_PAGE);
  }
  return result;
}

function parseTriggerType(value: string): string {
  const wanted = value.toLowerCase();
  if ((TRIGGER_TYPES as readonly string[]).includes(wanted)) return wanted;
  const close = closeMatches(value, TRIGGER_TYPES);
  const valid = listed(TRIGGER_TYPES);
  if (close.length > 0) {
    throw queryError(
      'queryUnknownTriggerTypeSuggest',
      `Unknown trigger_type "${value}". Did you mean ${quoteList(close)}? Trigger types: ${valid}.`,
      { value, suggestions: quoteList(close), valid },
    );
  }
  throw queryError(
    'queryUnknownTriggerType',
    `Unknown trigger_type "${value}". Trigger types: ${valid}.`,
    { value, valid },
  );
}

/** CRM_TEMPLATES(status, instance_id, language): blank arguments mean "any". */
export function parseTemplateArgs(
  status: unknown,
  instanceId: unknown,
  language: unknown,
): TemplateFilters {
  const result: TemplateFilters = {};
  if (!isBlank(status)) {
    const wanted = String(status).trim().toUpperCase();
    if (!(TEMPLATE_STATUSES as readonly string[]).includes(wanted)) {
      throw queryError(
        'queryUnknownTemplateStatus',
        `Unknown template status ${describeValue(status)}. Statuses: ${TEMPLATE_STATUSES.join(', ')}.`,
        { got: shownValue(status), valid: listed(TEMPLATE_STATUSES) },
      );
    }
    result.status = wanted;
  }
  if (!isBlank(instanceId)) result.instance_id = parseId(instanceId, 'instance_id');
  if (!isBlank(language)) {
    if (typeof language !== 'string') {
      throw queryError(
        'queryLanguageNotText',
        `language must be text such as pt_BR; got ${describeValue(language)}.`,
        { got: shownValue(language) },
      );
    }
    result.language = language.trim();
  }
  return result;
}

/** CRM_CUSTOM_FIELDS(active_only) and CRM_SEQUENCES(active_only): blank means false. */
export function parseActiveOnly(value: unknown): boolean {
  return isBlank(value) ? false : parseBooleanText(value, 'active_only');
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

function parsePerPage(value: string, max: number): number {
  const perPage = parseId(value, 'per_page');
  if (perPage > max) {
    throw queryError('queryPerPageMax', `per_page can be at most ${max}; got ${perPage}.`, {
      max,
      got: perPage,
    });
  }
  return perPage;
}

const TRUE_WORDS = ['true', '1', 'yes', 'sim', 'verdadeiro'];
const FALSE_WORDS = ['false', '0', 'no', 'nao', 'não', 'falso'];

/** A yes/no written in English or Portuguese, as a checkbox value or as text. */
export function parseBooleanText(value: unknown, field: string): boolean {
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (TRUE_WORDS.includes(text)) return true;
  if (FALSE_WORDS.includes(text)) return false;
  throw queryError(
    'queryNotBoolean',
    `${field} must be true or false (or sim/não); got ${describeValue(value)}.`,
    { field, got: shownValue(value) },
  );
}

/** CRM_LEADS(…, limit): blank → `fallback`; otherwise a positive whole number up to `max`. */
export function parseLimit(value: unknown, fallback: number, max: number): number {
  if (isBlank(value)) return fallback;
  const text = typeof value === 'number' ? String(value) : String(value).trim();
  const limit = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(limit) || limit < 1) {
    // Not parseId's words: a limit is a count of leads, not an id.
    throw queryError(
      'queryLimitNotWhole',
      `limit must be a whole number of leads from 1 to ${max}, or empty for ${fallback}; got ${describeValue(value)}.`,
      { max, fallback, got: shownValue(value) },
    );
  }
  if (limit > max) {
    throw queryError(
      'queryLimitMax',
      `limit can be at most ${max} in a formula; got ${limit}. Use Export leads for more.`,
      { max, got: limit },
    );
  }
  return limit;
}
