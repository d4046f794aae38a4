import type { HttpError } from '../http';
import type { RouteContext } from '../router';
import { parseId } from '../store';

/** A row that belongs to one account: the caller never sees another account's rows. */
interface OwnedRow {
  id: number;
  account_id: number;
}

/** The caller's rows of a table. */
export function callerRows<T extends OwnedRow>(ctx: RouteContext, rows: readonly T[]): T[] {
  return rows.filter((row) => row.account_id === ctx.account.id);
}

/**
 * The caller's row whose id is the route's :id; a bad id, or another account's row, is the
 * 404 `notFound` makes.
 */
export function requireCallerRow<T extends OwnedRow>(
  ctx: RouteContext,
  rows: readonly T[],
  notFound: () => HttpError,
): T {
  const id = parseId(ctx.params.id);
  const row = rows.find((r) => r.id === id && r.account_id === ctx.account.id);
  if (!row) throw notFound();
  return row;
}
