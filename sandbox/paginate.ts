import { type FieldErrors, validationError } from './http';
import type { Query } from './router';

export interface PageRequest {
  page: number;
  perPage: number;
}

/** Reads `page`/`per_page`; a per_page above the cap is lowered to it, as the contract's "max" reads. */
export function readPage(
  query: Query,
  defaults: { perPage: number; maxPerPage: number },
  errors: FieldErrors,
): PageRequest {
  const page = readPositiveInt(query, 'page', errors) ?? 1;
  const perPage = Math.min(
    readPositiveInt(query, 'per_page', errors) ?? defaults.perPage,
    defaults.maxPerPage,
  );
  return { page, perPage };
}

export function readPositiveInt(
  query: Query,
  name: string,
  errors: FieldErrors,
): number | undefined {
  const raw = query.get(name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    errors[name] = [`O campo ${name} deve ser um número inteiro maior ou igual a 1.`];
    return undefined;
  }
  return Number(raw);
}

export function paginate<T>(rows: readonly T[], request: PageRequest) {
  const total = rows.length;
  const lastPage = Math.max(1, Math.ceil(total / request.perPage));
  const start = (request.page - 1) * request.perPage;
  return {
    items: rows.slice(start, start + request.perPage),
    meta: {
      total,
      per_page: request.perPage,
      current_page: request.page,
      last_page: lastPage,
      has_more: request.page < lastPage,
    },
  };
}

export function throwIfErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw validationError(errors);
}
