import { parseRowsOption, type RowsChoice } from '../core/rows/scope';

/**
 * `rows` taken out of a job's call options (core/rows/scope.ts): the choice, read strictly, and
 * the other options for the job's own parser (which knows nothing of rows).
 */
export function splitRowsOption<T>(options: T): { choice: RowsChoice; text: string; rest: T } {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    return { choice: { kind: 'all' }, text: 'all', rest: options };
  }
  const { rows, ...rest } = options as T & { rows?: unknown };
  return { choice: parseRowsOption(rows), text: String(rows ?? 'all'), rest: rest as T };
}
