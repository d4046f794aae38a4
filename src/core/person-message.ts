import {
  AuthError,
  CrmError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  UnprocessableError,
} from '../api/errors';
import { errorCauseOf } from './errors';
import { isMessageKey, type MessageKey, type Translate } from './i18n';

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
  return t('ui.error.unexpected', { detail: developerText(error) });
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
 * The CRM's own words behind an error: its `message` when it is the `message` of the JSON body
 * the CRM answered (response-errors.ts keeps it verbatim). Messages the client writes itself
 * (no response, an HTML page, a body of the wrong shape, a body without a message) are English
 * for developers and have no body message equal to them.
 */
export function crmOwnText(error: CrmError): string | undefined {
  const body = error.body;
  if (body === null || typeof body !== 'object') return undefined;
  const said = (body as { message?: unknown }).message;
  if (typeof said !== 'string') return undefined;
  const text = error.message.trim();
  return text !== '' && said.trim() === text ? text : undefined;
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
