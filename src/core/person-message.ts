import {
  AuthError,
  BlockedError,
  CrmError,
  ForbiddenError,
  InvalidInputError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  UnexpectedResponseError,
  UnprocessableError,
} from '../api/errors';
import { errorCauseOf } from './errors';
import { isMessageKey, type MessageKey, type Translate } from './i18n';
import { inputProblemDetail } from './input-problem';

/**
 * What a sidebar shows for a failed call, in the person's language: what happened and what to
 * do. An error with a code (core/errors.ts) that has words under `ui.error.<code>` says those;
 * an answer of the CRM is told by its kind; the CRM's own (Portuguese) message follows in
 * parentheses, for support — only when it is the CRM's own answer text, never the transport's
 * English (a network failure, an unreadable body, a redirect), which a Portuguese user must not
 * read. Anything else is a bug or a case without words yet: it says so and
 * keeps the developer's message in parentheses, so nothing is hidden.
 */
export function personMessage(error: unknown, t: Translate): string {
  const crm = crmErrorIn(error);
  const own = crm ? crmOwnText(crm) : undefined;
  const crmNote = own === undefined ? '' : ` (${own})`;
  const cause = errorCauseOf(error);
  if (cause) {
    const key = `ui.error.${cause.code}`;
    if (isMessageKey(key)) return `${t(key, cause.params)}${crmNote}`;
  }
  if (crm) return `${t(crmErrorKey(crm), crmParams(crm))}${crmNote}`;
  // A refused argument's problems have words in the catalogue; other errors keep their message.
  const detail =
    error instanceof InvalidInputError && error.issues
      ? inputProblemDetail(error, t)
      : developerText(error);
  return t('ui.error.unexpected', { detail });
}

/**
 * Whether `personMessage` has words of the catalogue for `error` (a coded error, a CRM answer,
 * or an argument the client refused with its issues), rather than only a developer's message:
 * a job's message and a background failure say such errors in the job's language, and keep any
 * other error's message (a handler's JobFailure/JobPause is already in that language).
 */
export function hasPersonWords(error: unknown): boolean {
  if (errorCauseOf(error) || crmErrorIn(error)) return true;
  return error instanceof InvalidInputError && (error.issues?.length ?? 0) > 0;
}

/** How many links of `cause` are followed to find the CRM's answer behind a wrapped error. */
const MAX_CAUSE_DEPTH = 4;

/** The CRM's answer behind an error: the error itself, or what it wraps. */
export function crmErrorIn(error: unknown): CrmError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH; depth += 1) {
    if (current instanceof CrmError) return current;
    if (typeof current !== 'object' || current === null) return undefined;
    const next = (current as { cause?: unknown; error?: unknown }).cause;
    current =
      next instanceof Error ? next : ((next as { error?: unknown } | undefined)?.error ?? next);
  }
  return undefined;
}

/**
 * The CRM's own words behind an error: its `message`, unless the client wrote that message
 * itself — no answer (NetworkError), an answer that is not the API's JSON
 * (UnexpectedResponseError), a redirect, or a JSON body without a message. Those are English
 * for developers (response-errors.ts) and a person never reads them.
 */
export function crmOwnText(error: CrmError): string | undefined {
  const text = error.message.trim();
  if (text === '' || error instanceof NetworkError || error instanceof UnexpectedResponseError) {
    return undefined;
  }
  if (error.status >= 300 && error.status < 400) return undefined;
  const body = error.body;
  if (body !== null && typeof body === 'object') {
    // response-errors.ts keeps the body's own message verbatim; any other text is the client's.
    const said = (body as { message?: unknown }).message;
    return typeof said === 'string' && said.trim() === text ? text : undefined;
  }
  return text;
}

function crmErrorKey(error: CrmError): MessageKey {
  if (error instanceof AuthError) return 'ui.error.crmKeyRefused';
  if (error instanceof ForbiddenError) {
    return error.accountInactive ? 'ui.error.crmAccountInactive' : 'ui.error.crmForbidden';
  }
  if (error instanceof RateLimitError) return 'ui.error.crmBusy';
  if (error instanceof NetworkError) return 'ui.error.crmUnreachable';
  if (error instanceof NotFoundError) return 'ui.error.crmNotFound';
  if (error instanceof UnprocessableError) return 'ui.error.crmRefused';
  return 'ui.error.crmFailed';
}

function crmParams(error: CrmError): Record<string, number> {
  return error instanceof RateLimitError ? { seconds: Math.max(1, error.retryAfterSeconds) } : {};
}

function developerText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/^(Exception|Error):\s*/, '');
}

/**
 * What a CRM failure says in a job's detail cell or message, in `t`'s language: the CRM's own
 * words (its `message` and what its body adds) when it answered with them; otherwise what
 * happened in words, instead of the client's English for developers (issue 18.2: "Could not
 * reach the CRM (POST /leads): …" in a Portuguese sheet).
 */
export function crmDetail(error: CrmError, t: Translate): string {
  const own = crmOwnText(error);
  if (own !== undefined) {
    if (error instanceof ForbiddenError && error.requiredPermission) {
      return t('crm.detail.missingScope', { message: own, scope: error.requiredPermission });
    }
    if (error instanceof BlockedError && error.pendingTasks.length > 0) {
      const tasks = error.pendingTasks.map((task) => task.subject ?? `#${task.id}`).join(', ');
      return t('crm.detail.pendingTasks', { message: own, tasks });
    }
    return error.detail;
  }
  const status = error.status;
  if (error instanceof NetworkError) return t('crm.detail.unreachable');
  if (error instanceof UnexpectedResponseError) {
    if (typeof error.body !== 'string') {
      // A body of the wrong shape names where; a paging that went wrong (pager.ts) names none.
      return error.issuePath === undefined
        ? t('crm.detail.unexpectedAnswer', { status })
        : t('crm.detail.unexpectedShape', { status, where: error.issuePath });
    }
    if (error.body.trim() === '') return t('crm.detail.emptyBody', { status });
    if (/^\s*</.test(error.body)) {
      return t(status >= 500 ? 'crm.detail.htmlServer' : 'crm.detail.htmlAddress', { status });
    }
    return t('crm.detail.notJson', { status });
  }
  if (status >= 300 && status < 400) return t('crm.detail.redirect', { status });
  return t('crm.detail.noMessage', { status });
}
