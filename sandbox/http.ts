/**
 * Building blocks for answers: a thrown HttpError becomes the response, so route code can stop
 * at the first broken rule without threading results back up.
 */

export interface RouteResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
  }
}

export function ok(body: Record<string, unknown>, status = 200): RouteResult {
  return { status, body: { success: true, ...body } };
}

export function notFound(what: string): HttpError {
  return new HttpError(404, { success: false, message: `${what} não encontrado.` });
}

/** 404 for feminine nouns (etapa, sequência, automação, tarefa...). */
export function notFoundFem(what: string): HttpError {
  return new HttpError(404, { success: false, message: `${what} não encontrada.` });
}

/** A business rule refused the request: 422 with `success:false`, a message and extra fields. */
export function unprocessable(message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(422, { success: false, message, ...extra });
}

export type FieldErrors = Record<string, string[]>;

/** Laravel-style field validation failure: the first message, then "(e mais N erros)". */
export function validationError(errors: FieldErrors): HttpError {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? 'Os dados fornecidos são inválidos.';
  const more = messages.length - 1;
  const message = more > 0 ? `${first} (e mais ${more} ${more === 1 ? 'erro' : 'erros'})` : first;
  return new HttpError(422, { message, errors });
}

export function jsonHeaders(): Record<string, string> {
  return { 'content-type': 'application/json; charset=utf-8' };
}
