/**
 * The filters users give to CRM_LEADS / crmExportLeads (and CRM_TASKS, CRM_AUTOMATIONS):
 * a URL-style string (`pipeline=Vendas&stage=Proposta&tags=vip,hot`) or an object, checked
 * token by token so a typo is reported instead of silently widening the export.
 */
import {
  LEAD_FILTER_NAMES,
  LEAD_LIST_INCLUDES,
  type LeadFilters,
  type LeadListInclude,
} from '../../api/schemas';
import { type DateOrder, describeValue, normalizeDateInput } from './dates';
import { listed, queryError, shownValue } from './errors';

/**
 * `a=1&b=x+y&c=%C3%A7` → `{a: '1', b: 'x y', c: 'ç'}` without URLSearchParams (absent in Apps
 * Script). Keys are trimmed and lower-cased; values are trimmed. A leading `?` is ignored. A key
 * given twice has its values joined with `,` (so `tags=a&tags=b` means `tags=a,b`).
 */
export function parseQueryString(query: string): Record<string, string> {
  const result: Record<string, string> = {};
  const text = String(query ?? '')
    .trim()
    .replace(/^\?/, '');
  if (text === '') return result;
  for (const segment of text.split('&')) {
    if (segment.trim() === '') continue;
    const equals = segment.indexOf('=');
    const rawKey = equals === -1 ? segment : segment.slice(0, equals);
    const rawValue = equals === -1 ? '' : segment.slice(equals + 1);
    const key = decodeQueryPart(rawKey, segment).trim().toLowerCase();
    if (key === '') {
      throw queryError(
        'queryNoName',
        `Query part "${segment}" has no name before "=": write it as name=value.`,
        { segment },
      );
    }
    const value = decodeQueryPart(rawValue, segment).trim();
    const previous = ownValue(result, key);
    setOwn(result, key, previous === undefined || previous === '' ? value : `${previous},${value}`);
  }
  return result;
}

/**
 * A record's own value for `key`: typed keys such as `constructor` or `toString` must never read
 * what Object.prototype inherits (`Object.hasOwn` is ES2022; Apps Script code targets ES2020).
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.propertyIsEnumerable.call(record, key) ? record[key] : undefined;
}

/** Sets an own, enumerable property even for `__proto__`, which plain assignment would treat as the prototype. */
export function setOwn<T>(record: { [key: string]: T }, key: string, value: T): void {
  Object.defineProperty(record, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

/**
 * A query is typed into a cell, not produced by a form encoder, so `+` is the plus a person
 * typed (`+5511…`, `ana+vip@x.com`), not a space; spaces are typed as spaces or `%20`.
 */
function decodeQueryPart(part: string, segment: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw queryError(
      'queryBadEscape',
      `Query part "${segment}" has a broken %-escape: write a literal "%" as %25, or type the text without escapes.`,
      { segment },
    );
  }
}

/** The GET /leads filters the add-on passes to the API: ids, not names; paging is the add-on's. */
export type LeadListFilters = Omit<LeadFilters, 'page' | 'per_page'>;

/** The filters after checking, still holding the name forms that `resolveLeadFilters` turns into ids. */
export interface NamedLeadFilters extends LeadListFilters {
  /** A pipeline name (or id written in the name form). */
  pipeline?: string;
  /** A stage name (or id), looked up within `pipeline` when given. */
  stage?: string;
  /** A user's name, e-mail or id → assigned_to. */
  owner?: string;
  updated_since?: string;
  created_from?: string;
  created_to?: string;
}

const NAME_FORMS = ['pipeline', 'stage', 'owner'] as const;
const INTEGER_FILTERS = ['pipeline_id', 'stage_id', 'assigned_to'] as const;
const TEXT_FILTERS = ['source', 'status', 'q', ...NAME_FORMS] as const;
const DATE_FILTERS = ['updated_since', 'created_from', 'created_to'] as const;

/** Every token `normalizeLeadFilters` accepts: the API's filters (paging aside) and the name forms. */
export const LEAD_FILTER_TOKENS: readonly string[] = [
  ...NAME_FORMS,
  ...LEAD_FILTER_NAMES.filter((name) => name !== 'page' && name !== 'per_page'),
];

/**
 * Filter names as a Brazilian writes them (issue 18.6: the same words as import headers):
 * `funil=Vendas&etapa=Proposta&responsável=Ana&etiquetas=vip&origem=site&busca=maria`.
 * Compared blind to case and accents.
 */
const PORTUGUESE_FILTERS: Readonly<Record<string, string>> = {
  funil: 'pipeline',
  etapa: 'stage',
  responsavel: 'owner',
  etiquetas: 'tags',
  etiqueta: 'tags',
  origem: 'source',
  busca: 'q',
  situacao: 'status',
  atualizado_desde: 'updated_since',
  criado_de: 'created_from',
  criado_ate: 'created_to',
};

function filterToken(rawKey: string): string {
  const key = rawKey.trim().toLowerCase();
  const folded = key.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return ownValue(PORTUGUESE_FILTERS, folded) ?? key;
}

export interface NormalizeFilterOptions {
  /** How a Date (a Sheets date cell) becomes YYYY-MM-DD; defaults to the script's time zone. */
  formatDate?: (date: Date) => string;
  /** How `created_from=01/02/2026` reads: the spreadsheet locale's order (dateOrderOf); DMY unless said. */
  dateOrder?: DateOrder;
}

/**
 * Checks a filter object (from crmExportLeads or parseQueryString) token by token.
 * Empty values ('' / null / undefined / []) mean "no filter". Throws an Error naming the token
 * and what to write instead.
 */
export function normalizeLeadFilters(
  input: Record<string, unknown>,
  options: NormalizeFilterOptions = {},
): NamedLeadFilters {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw queryError(
      'queryFiltersNotObject',
      `Filters must be an object such as {pipeline: "Vendas", tags: ["vip"]}; got ${describeValue(input)}.`,
      { got: shownValue(input) },
    );
  }
  const filters: NamedLeadFilters = {};
  for (const [rawKey, value] of Object.entries(input)) {
    const key = filterToken(rawKey);
    if (key === 'page') {
      throw queryError(
        'queryFilterPage',
        `Filter "${rawKey}" cannot be set: the add-on pages through every result itself; use the limit argument to cap rows.`,
        { filter: rawKey },
      );
    }
    if (key === 'per_page') {
      throw queryError(
        'queryFilterPerPage',
        `Filter "${rawKey}" cannot be set: the add-on always asks for 200 leads per page.`,
        { filter: rawKey },
      );
    }
    if (!LEAD_FILTER_TOKENS.includes(key)) {
      throw queryError(
        'queryUnknownFilter',
        `Unknown filter "${rawKey}". Valid filters: ${LEAD_FILTER_TOKENS.join(', ')}.`,
        { filter: rawKey, valid: listed(LEAD_FILTER_TOKENS) },
      );
    }
    if (isEmptyValue(value)) continue;
    if ((INTEGER_FILTERS as readonly string[]).includes(key)) {
      filters[key as (typeof INTEGER_FILTERS)[number]] = parseId(value, key);
    } else if ((TEXT_FILTERS as readonly string[]).includes(key)) {
      filters[key as (typeof TEXT_FILTERS)[number]] = parseText(value, key);
    } else if ((DATE_FILTERS as readonly string[]).includes(key)) {
      filters[key as (typeof DATE_FILTERS)[number]] = normalizeDateInput(value, key, {
        allowTime: key === 'updated_since',
        formatDate: options.formatDate,
        ...(options.dateOrder ? { dateOrder: options.dateOrder } : {}),
      });
    } else if (key === 'tags') {
      const tags = parseList(value, key);
      if (tags.length > 0) filters.tags = tags;
    } else if (key === 'include') {
      const include = parseIncludes(value);
      if (include.length > 0) filters.include = include;
    }
  }
  return filters;
}

function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmptyValue);
  return false;
}

/** A positive whole number given as a number or as digits. */
export function parseId(value: unknown, field: string): number {
  const text =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    if (Number.isSafeInteger(id) && id > 0) return id;
  }
  const form = ownValue(NAME_FORM_OF_ID, field);
  const got = describeValue(value);
  if (form === undefined) {
    throw queryError(
      'queryNotId',
      `${field} must be a positive whole number (an id); got ${got}.`,
      {
        field,
        got: shownValue(value),
      },
    );
  }
  throw queryError(
    'queryNotIdNameForm',
    `${field} must be a positive whole number (an id); got ${got}. To give a name instead, use ${form}=… .`,
    { field, got: shownValue(value), form },
  );
}

/** The name form a person may write instead of an id filter. */
const NAME_FORM_OF_ID: Readonly<Record<string, string>> = {
  pipeline_id: 'pipeline',
  stage_id: 'stage',
  assigned_to: 'owner',
};

function parseText(value: unknown, field: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return value.trim();
  throw queryError('queryNotText', `${field} must be text; got ${describeValue(value)}.`, {
    field,
    got: shownValue(value),
  });
}

/** `'vip, hot'` or `['vip', 'hot']` → `['vip', 'hot']`; blanks dropped, duplicates kept once. */
export function parseList(value: unknown, field: string): string[] {
  const parts: string[] = [];
  if (typeof value === 'string') parts.push(...value.split(','));
  else if (Array.isArray(value)) {
    for (const item of value) {
      if (item === null || item === undefined) continue;
      if (typeof item !== 'string' && typeof item !== 'number') {
        throw queryError(
          'queryListItemNotText',
          `${field} must be a list of text; item ${describeValue(item)} is not text.`,
          { field, got: shownValue(item) },
        );
      }
      parts.push(String(item));
    }
  } else if (typeof value === 'number') parts.push(String(value));
  else {
    throw queryError(
      'queryNotList',
      `${field} must be a comma list ("vip,hot") or a list of text; got ${describeValue(value)}.`,
      { field, got: shownValue(value) },
    );
  }
  const seen = new Set<string>();
  const list: string[] = [];
  for (const part of parts) {
    const item = part.trim();
    if (item !== '' && !seen.has(item)) {
      seen.add(item);
      list.push(item);
    }
  }
  return list;
}

/** Include tokens for a lead list; the tokens honoured only on a single lead are refused by name. */
export function parseIncludes(value: unknown): LeadListInclude[] {
  const valid: readonly string[] = LEAD_LIST_INCLUDES;
  const tokens = parseList(value, 'include').map((token) => token.toLowerCase());
  for (const token of tokens) {
    if (valid.includes(token)) continue;
    if (token === 'events' || token === 'conversation' || token === 'siblings') {
      throw queryError(
        'queryIncludeSingleLead',
        `include "${token}" is only available for a single lead (CRM_LEAD), not for lead lists. Valid on lists: ${valid.join(', ')}.`,
        { token, valid: listed(valid) },
      );
    }
    throw queryError(
      'queryUnknownInclude',
      `Unknown include "${token}". Valid on lists: ${valid.join(', ')}.`,
      { token, valid: listed(valid) },
    );
  }
  return tokens as LeadListInclude[];
}
