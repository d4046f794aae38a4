import { InvalidInputError } from './errors';

/*
 * Query strings without URLSearchParams (absent in Apps Script).
 *
 * Arrays are sent as repeated bracketed keys, `tags%5B%5D=vip&tags%5B%5D=hot` (that is
 * `tags[]=vip&tags[]=hot`, brackets percent-encoded): the contract types `tags` as an "array of
 * string", and this is the form PHP-style back ends read as an array; a comma list would turn
 * a tag name containing a comma into two tags. The keys listed in `commaKeys` (`include`) are
 * joined by commas instead, as the contract asks.
 * Dates are sent as `YYYY-MM-DD` (a Date uses its local calendar date: a Sheets date cell is
 * midnight in the script's time zone); strings are sent as given. Booleans are `true`/`false`.
 * undefined, null, '' and empty arrays are left out.
 */

export type QueryScalar = string | number | boolean | Date;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** A Date's local calendar date as `YYYY-MM-DD`. */
export function formatDate(date: Date): string {
  if (Number.isNaN(date.getTime())) {
    throw new InvalidInputError('Invalid Date in query: give a real date such as 2026-11-21.');
  }
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

function formatScalar(key: string, value: QueryScalar): string {
  if (value instanceof Date) return formatDate(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new InvalidInputError(
        `Query parameter ${key} is ${value}: give a finite number.`,
        'bug',
      );
    }
    return String(value);
  }
  return String(value);
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** `?a=1&b=2`, or '' when nothing is left to send. */
export function buildQuery(
  params: QueryParams,
  commaKeys: readonly string[] = ['include'],
): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (isBlank(value)) continue;
    const name = encodeURIComponent(key);
    if (Array.isArray(value)) {
      const items = (value as readonly QueryScalar[])
        .filter((item) => !isBlank(item))
        .map((item) => encodeURIComponent(formatScalar(key, item)));
      if (items.length === 0) continue;
      if (commaKeys.includes(key)) pairs.push(`${name}=${items.join(',')}`);
      else for (const item of items) pairs.push(`${name}%5B%5D=${item}`);
    } else {
      pairs.push(`${name}=${encodeURIComponent(formatScalar(key, value as QueryScalar))}`);
    }
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
