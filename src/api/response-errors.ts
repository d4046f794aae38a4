import {
  AuthError,
  BlockedError,
  CrmError,
  type CrmErrorInit,
  ForbiddenError,
  LimitReachedError,
  NameConflictError,
  NotFoundError,
  ProviderError,
  RateLimitError,
  SkipError,
  SpecValidationError,
  StageHasLeadsError,
  UnexpectedResponseError,
  UnprocessableError,
  ValidationError,
} from './errors';
import type { HeaderFormat } from './schemas/chatapp';
import { type SpecIssue, SpecIssueListSchema } from './schemas/common';
import { type PendingTask, PendingTaskSchema } from './schemas/errors';
import type { HttpResponse } from './transport';

/** Which request a response answered, for error messages. */
export interface RequestContext {
  method: string;
  /** Path below the base URL, without the query string. */
  path: string;
}

const DEFAULT_RETRY_AFTER_SECONDS = 60;
const SNIPPET_LENGTH = 100;

export type ParsedBody = { kind: 'json'; value: unknown } | { kind: 'empty' } | { kind: 'invalid' };

export function parseJsonBody(text: string): ParsedBody {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return { kind: 'empty' };
  try {
    return { kind: 'json', value: JSON.parse(trimmed) };
  } catch {
    return { kind: 'invalid' };
  }
}

export function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_LENGTH ? `${flat.slice(0, SNIPPET_LENGTH)}…` : flat;
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(<!doctype html|<html|<head|<body|<\?xml|<)/i.test(text);
}

/** A body that is empty or not JSON: never a crash, always a message naming what came back. */
export function unreadableBodyError(
  response: HttpResponse,
  context: RequestContext,
  kind: 'empty' | 'invalid',
): UnexpectedResponseError {
  const where = `The CRM answered ${response.status} to ${context.method} ${context.path}`;
  const snippet = snippetOf(response.body);
  const html = kind === 'invalid' && looksLikeHtml(response.body);
  // English for scripts; a person reads ui.error.crmFailed (or crmDetail's words in a cell).
  return new UnexpectedResponseError(
    kind === 'empty'
      ? `${where} with an empty body.`
      : html
        ? `${where} with an HTML page instead of JSON (${
            response.status >= 500
              ? 'the server or a proxy in front of it failed'
              : 'check that baseUrl points at the CRM API and ends in /api/v1'
          }): "${snippet}"`
        : `${where} with a body that is not valid JSON (cut short?): "${snippet}"`,
    {
      status: response.status,
      body: response.body,
      method: context.method,
      path: context.path,
      snippet,
      code: 'crmFailed',
    },
  );
}

function header(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() === wanted) return headers[key];
  }
  return undefined;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

/**
 * Seconds to wait after a 429: the `Retry-After` header (seconds or an HTTP date), else the
 * body's `retry_after`, else 60.
 */
export function retryAfterSeconds(
  headers: Record<string, string>,
  body: unknown,
  nowMs: number = Date.now(),
): number {
  const headerValue = header(headers, 'retry-after')?.trim();
  if (headerValue) {
    const seconds = asNumber(headerValue);
    if (seconds !== undefined) return Math.ceil(seconds);
    const at = Date.parse(headerValue);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - nowMs) / 1000));
  }
  const fromBody = asNumber(asRecord(body).retry_after);
  return fromBody !== undefined ? Math.ceil(fromBody) : DEFAULT_RETRY_AFTER_SECONDS;
}

function readIssues(value: unknown): SpecIssue[] {
  const parsed = SpecIssueListSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** The contract names `name_conflict` / `stage_has_leads` without saying where they appear. */
function hasCode(body: Record<string, unknown>, code: string): boolean {
  if (body[code] === true) return true;
  for (const key of ['code', 'error', 'error_code', 'reason']) {
    if (body[key] === code) return true;
  }
  if (Array.isArray(body.errors)) {
    return body.errors.some((issue) => asRecord(issue).code === code);
  }
  return Object.keys(asRecord(body.errors)).includes(code);
}

function readFieldErrors(value: Record<string, unknown>): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = Array.isArray(messages) ? messages : [messages];
    fieldErrors[field] = list.map((message) => String(message));
  }
  return fieldErrors;
}

function readPendingTasks(value: unknown): PendingTask[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((task) => {
    const parsed = PendingTaskSchema.safeParse(task);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A 422 (or a 2xx with `success: false`): the business-rule errors of the contract. */
function unprocessableError(
  message: string,
  body: Record<string, unknown>,
  init: CrmErrorInit,
): UnprocessableError {
  if (body.blocked === true) {
    return new BlockedError(message, {
      ...init,
      pendingTasks: readPendingTasks(body.pending_tasks),
    });
  }
  if (body.limit_reached === true) return new LimitReachedError(message, init);
  if (typeof body.skip_reason === 'string' && body.skip_reason !== '') {
    const headerFormat =
      typeof body.header_format === 'string' ? (body.header_format as HeaderFormat) : undefined;
    return new SkipError(message, { ...init, skipReason: body.skip_reason, headerFormat });
  }
  const errors = Array.isArray(body.errors) ? readIssues(body.errors) : [];
  const warnings = readIssues(body.warnings ?? null);
  if (hasCode(body, 'name_conflict')) {
    return new NameConflictError(message, { ...init, errors, warnings });
  }
  if (hasCode(body, 'stage_has_leads')) return new StageHasLeadsError(message, { ...init, errors });
  if (Array.isArray(body.errors)) {
    return new SpecValidationError(message, { ...init, errors, warnings });
  }
  if (body.errors !== null && typeof body.errors === 'object') {
    return new ValidationError(message, {
      ...init,
      fieldErrors: readFieldErrors(body.errors as Record<string, unknown>),
    });
  }
  return new UnprocessableError(message, init);
}

/** Maps a JSON error body to its class. Also used for a 2xx that says `success: false`. */
export function errorFromJson(
  response: HttpResponse,
  body: unknown,
  context: RequestContext,
  nowMs?: number,
): CrmError {
  const { status } = response;
  const record = asRecord(body);
  const init: CrmErrorInit = { status, body, method: context.method, path: context.path };
  const message =
    typeof record.message === 'string' && record.message.trim() !== ''
      ? record.message
      : `The CRM answered ${status} to ${context.method} ${context.path} without a message.`;

  if (status === 401) return new AuthError(message, init);
  if (status === 403) {
    const permission = record.required_permission;
    return new ForbiddenError(message, {
      ...init,
      requiredPermission: typeof permission === 'string' ? permission : undefined,
    });
  }
  if (status === 404) return new NotFoundError(message, init);
  if (status === 429) {
    return new RateLimitError(message, {
      ...init,
      retryAfterSeconds: retryAfterSeconds(response.headers, body, nowMs),
    });
  }
  if (status >= 500) return new ProviderError(message, { ...init, raw: record.raw });
  if (status === 422 || (status >= 200 && status < 300)) {
    return unprocessableError(message, record, init);
  }
  if (status >= 300 && status < 400) {
    const location = header(response.headers, 'location');
    return new CrmError(
      `The CRM redirected ${context.method} ${context.path} (${status}${location ? ` to ${location}` : ''}); check that baseUrl is the API address, ending in /api/v1.`,
      { ...init, code: 'crmFailed' },
    );
  }
  return new CrmError(message, init);
}

/** Any non-2xx response to its error. A 429 is a RateLimitError even when its body is not JSON. */
export function errorFromResponse(
  response: HttpResponse,
  context: RequestContext,
  nowMs?: number,
): CrmError {
  const parsed = parseJsonBody(response.body);
  if (parsed.kind === 'json') return errorFromJson(response, parsed.value, context, nowMs);
  // A proxy's 429 page still means "wait"; its Retry-After header says how long.
  if (response.status === 429) return errorFromJson(response, {}, context, nowMs);
  return unreadableBodyError(response, context, parsed.kind);
}
