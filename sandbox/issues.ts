import { HttpError } from './http';

/** One problem in a pipeline or automation spec: `path` points at the field to fix. */
export interface SpecIssue {
  path: string;
  code: string;
  message: string;
}

/** 422 for a spec that cannot be saved, with every problem listed. */
export function specRejected(errors: SpecIssue[], warnings: SpecIssue[], what: string): HttpError {
  const first = errors[0];
  const message =
    errors.length === 1 && first
      ? first.message
      : `${what} tem ${errors.length} erros. Corrija os campos indicados em errors.`;
  return new HttpError(422, {
    success: false,
    message,
    ...(errors.length === 1 && first ? { code: first.code } : {}),
    errors,
    warnings,
  });
}
