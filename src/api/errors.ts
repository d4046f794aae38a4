import type { HeaderFormat } from './schemas/chatapp';
import type { SpecIssue } from './schemas/common';
import type { PendingTask, SkipReason } from './schemas/errors';

/*
 * Every failure of a CRM call is a CrmError. `message` is the API's own message, verbatim
 * (Portuguese), so it can be shown to users as is; `detail` adds what the body says beyond it
 * (field errors, pending tasks, the provider's raw error). No message ever contains the API key:
 * the client masks it in bodies before any error is built.
 */

export interface CrmErrorInit {
  status: number;
  body?: unknown;
  method?: string;
  /** Request path below the base URL, without the query string. */
  path?: string;
  /**
   * For a message the client writes itself (no answer, an unreadable body, a redirect), never
   * the CRM's own: the words a person reads instead (`ui.error.<code>`, the `cause` shape of
   * core/errors.ts, as InvalidInputError's code). The message stays English for scripts.
   */
  code?: string;
}

export class CrmError extends Error {
  override name = 'CrmError';
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** The parsed JSON body (or the raw text when it was not JSON). */
  readonly body: unknown;
  readonly method: string | undefined;
  readonly path: string | undefined;

  constructor(message: string, init: CrmErrorInit) {
    super(message);
    this.status = init.status;
    this.body = init.body;
    this.method = init.method;
    this.path = init.path;
    if (init.code !== undefined) Object.assign(this, { cause: { code: init.code } });
  }

  /** The message plus whatever else the body says that a person needs to fix the problem. */
  get detail(): string {
    return this.message;
  }
}

/** 401: key missing, invalid or expired. */
export class AuthError extends CrmError {
  override name = 'AuthError';
}

/** 403: the key lacks a scope, or the account is suspended (`Conta inativa.`). */
export class ForbiddenError extends CrmError {
  override name = 'ForbiddenError';
  readonly requiredPermission: string | undefined;
  readonly accountInactive: boolean;

  constructor(message: string, init: CrmErrorInit & { requiredPermission?: string }) {
    super(message, init);
    this.requiredPermission = init.requiredPermission;
    this.accountInactive = message.trim() === 'Conta inativa.';
  }

  override get detail(): string {
    return this.requiredPermission
      ? `${this.message} (missing scope: ${this.requiredPermission})`
      : this.message;
  }
}

/** 404: unknown id or path. */
export class NotFoundError extends CrmError {
  override name = 'NotFoundError';
}

/** 422 whose shape is not one of the specific ones below; the message says why. */
export class UnprocessableError extends CrmError {
  override name = 'UnprocessableError';
}

/** 422 `{message, errors:{field:[messages]}}`. */
export class ValidationError extends UnprocessableError {
  override name = 'ValidationError';
  readonly fieldErrors: Record<string, string[]>;

  constructor(message: string, init: CrmErrorInit & { fieldErrors: Record<string, string[]> }) {
    super(message, init);
    this.fieldErrors = init.fieldErrors;
  }

  /**
   * The message, then each field's messages not already in it, as sentences (issue 18.9: it
   * read "… 255 caracteres.; company: O campo company …"). A message that names its field
   * (the CRM's "O campo company …") is not prefixed with the field again.
   */
  override get detail(): string {
    const sentences = [this.message.trim()].filter((text) => text !== '');
    for (const [field, messages] of Object.entries(this.fieldErrors)) {
      for (const raw of messages) {
        const text = raw.trim();
        if (text === '' || sentences.some((sentence) => sentence.includes(text))) continue;
        sentences.push(text.includes(field) ? text : `${field}: ${text}`);
      }
    }
    return sentences.map((text) => (/[.!?…)]$/.test(text) ? text : `${text}.`)).join(' ');
  }
}

/** 422 `blocked: true`: the current stage has mandatory pending tasks. */
export class BlockedError extends UnprocessableError {
  override name = 'BlockedError';
  readonly pendingTasks: PendingTask[];

  constructor(message: string, init: CrmErrorInit & { pendingTasks: PendingTask[] }) {
    super(message, init);
    this.pendingTasks = init.pendingTasks;
  }

  override get detail(): string {
    const subjects = this.pendingTasks.map((task) => task.subject ?? `#${task.id}`);
    return subjects.length > 0 ? `${this.message} (pending: ${subjects.join(', ')})` : this.message;
  }
}

/** 422 `limit_reached: true`: the plan's lead limit; further creations will fail too. */
export class LimitReachedError extends UnprocessableError {
  override name = 'LimitReachedError';
}

/** 422 with `skip_reason`: the send was refused before anything was sent. */
export class SkipError extends UnprocessableError {
  override name = 'SkipError';
  readonly skipReason: SkipReason;
  /** The template's header format, given with `header_media_required`. */
  readonly headerFormat: HeaderFormat | undefined;

  constructor(
    message: string,
    init: CrmErrorInit & { skipReason: SkipReason; headerFormat?: HeaderFormat },
  ) {
    super(message, init);
    this.skipReason = init.skipReason;
    this.headerFormat = init.headerFormat;
  }
}

interface SpecIssuesInit extends CrmErrorInit {
  errors?: SpecIssue[];
  warnings?: SpecIssue[];
}

function describeIssues(message: string, issues: SpecIssue[]): string {
  const lines = issues.map((issue) =>
    [issue.path, issue.message ?? issue.code].filter(Boolean).join(': '),
  );
  return [message, ...lines].join('; ');
}

/** 422 `name_conflict`: a pipeline or automation with that name exists; POST never overwrites. */
export class NameConflictError extends UnprocessableError {
  override name = 'NameConflictError';
  readonly errors: SpecIssue[];
  readonly warnings: SpecIssue[];

  constructor(message: string, init: SpecIssuesInit) {
    super(message, init);
    this.errors = init.errors ?? [];
    this.warnings = init.warnings ?? [];
  }
}

/** 422 `stage_has_leads`: a PUT removed a stage that still has leads. */
export class StageHasLeadsError extends UnprocessableError {
  override name = 'StageHasLeadsError';
  readonly errors: SpecIssue[];

  constructor(message: string, init: SpecIssuesInit) {
    super(message, init);
    this.errors = init.errors ?? [];
  }
}

/** 422 `{errors:[{path, code, message}], warnings}`: an automation or pipeline spec the validator refused. */
export class SpecValidationError extends UnprocessableError {
  override name = 'SpecValidationError';
  readonly errors: SpecIssue[];
  readonly warnings: SpecIssue[];

  constructor(message: string, init: SpecIssuesInit) {
    super(message, init);
    this.errors = init.errors ?? [];
    this.warnings = init.warnings ?? [];
  }

  override get detail(): string {
    return describeIssues(this.message, this.errors);
  }
}

/** 429: wait `retryAfterSeconds`, then send the same request again. */
export class RateLimitError extends CrmError {
  override name = 'RateLimitError';
  readonly retryAfterSeconds: number;

  constructor(message: string, init: CrmErrorInit & { retryAfterSeconds: number }) {
    super(message, init);
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** 502 (provider failure, with its `raw` error) and any other 5xx. */
export class ProviderError extends CrmError {
  override name = 'ProviderError';
  /** The provider's original error, as the CRM passed it on. */
  readonly raw: unknown;

  constructor(message: string, init: CrmErrorInit & { raw?: unknown }) {
    super(message, init);
    this.raw = init.raw;
  }

  override get detail(): string {
    if (this.raw === undefined || this.raw === null || this.raw === '') return this.message;
    const raw = typeof this.raw === 'string' ? this.raw : JSON.stringify(this.raw);
    return `${this.message} (${raw})`;
  }
}

/**
 * A body the client cannot read: not JSON (an HTML page from a proxy), empty, cut short, or
 * JSON of the wrong shape. `snippet` holds its first characters.
 */
export class UnexpectedResponseError extends CrmError {
  override name = 'UnexpectedResponseError';
  readonly snippet: string;
  /** For a body of the wrong shape: where it went wrong, e.g. `data[3].id`. */
  readonly issuePath: string | undefined;

  constructor(message: string, init: CrmErrorInit & { snippet: string; issuePath?: string }) {
    super(message, init);
    this.snippet = init.snippet;
    this.issuePath = init.issuePath;
  }
}

/** The transport threw: no response arrived (DNS, refused, reset, timeout). */
export class NetworkError extends CrmError {
  override name = 'NetworkError';
  /**
   * The request was one of a batch that got no answers at all (UrlFetchApp.fetchAll throws as
   * a whole): it, and any other request of the batch, may or may not have reached the CRM.
   */
  readonly batchLost: boolean;

  constructor(message: string, init: CrmErrorInit & { batchLost?: boolean }) {
    super(message, init);
    this.batchLost = init.batchLost ?? false;
  }
}

/**
 * Whether sending the same request again later may succeed: rate limits, server and provider
 * failures, network failures, and unreadable bodies that came with a 5xx (a proxy's error page).
 * A 2xx with an unreadable body is not retryable: the request did its work.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof RateLimitError || error instanceof NetworkError) return true;
  if (error instanceof ProviderError) return true;
  if (error instanceof UnexpectedResponseError) return error.status >= 500;
  return false;
}

/**
 * A bad argument given to the client (not an answer from the CRM): thrown before any request,
 * so it costs none. The message names the argument and what to fix.
 */
/**
 * One problem of a parsed argument as facts, not words (issues.ts): `path` like `email`,
 * `kind` like `min` or a refine's own code, `params` its numbers and the value found. The core
 * says them in a person's language (core/input-problem.ts); the message stays English.
 */
export interface InputIssue {
  readonly path: string;
  readonly kind: string;
  readonly params: Readonly<Record<string, string | number>>;
}

export class InvalidInputError extends Error {
  override name = 'InvalidInputError';
  /** What parseInput found wrong, for a person's words (set by parseInput only). */
  issues?: readonly InputIssue[];
  /**
   * `code` names the words a sidebar shows instead (`ui.error.<code>`, the `cause` shape of
   * core/errors.ts, which this layer cannot import); `bug` for a call only the add-on's own
   * code makes wrong. The message stays the precise English one for scripts.
   */
  constructor(message: string, code?: string, params?: Readonly<Record<string, string | number>>) {
    super(message);
    if (code !== undefined) {
      Object.assign(this, { cause: { code, ...(params === undefined ? {} : { params }) } });
    }
  }
}
