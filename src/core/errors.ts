import type { MessageParams } from './i18n/format';

/**
 * Error codes, not only words (STYLE.md): an error a person may meet carries a stable `code`
 * (and the values its message needs) in its `cause`, as clasp does. Scripts that use the add-on
 * as a library tell "no settings" from "sheet not found" without matching text, and the sidebars
 * turn the code into words in the person's language; the message itself stays the precise
 * English one for developers.
 */
export interface ErrorCause {
  code: string;
  params?: MessageParams;
  /** The error that led to this one (e.g. the CRM's answer), for its own message. */
  error?: unknown;
}

/**
 * An Error with `cause: {code, params, error}`. Set by assignment: the `new Error(message,
 * {cause})` form is ES2022 and Apps Script targets ES2020.
 */
export function codedError(
  message: string,
  code: string,
  params?: MessageParams,
  error?: unknown,
): Error {
  const cause: ErrorCause = {
    code,
    ...(params === undefined ? {} : { params }),
    ...(error === undefined ? {} : { error }),
  };
  return Object.assign(new Error(message), { cause });
}

/** The `{code, params, error}` an error carries, if it carries one. */
export function errorCauseOf(error: unknown): ErrorCause | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = (error as { cause?: unknown }).cause;
  if (typeof cause !== 'object' || cause === null) return undefined;
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'string' ? (cause as ErrorCause) : undefined;
}
