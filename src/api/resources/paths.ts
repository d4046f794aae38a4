import { InvalidInputError } from '../errors';
import { describeValue } from '../issues';

/** A positive integer id as a path segment; anything else would build a wrong URL. */
export function idSegment(value: unknown, what: string): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  throw new InvalidInputError(
    `${what} must be a positive whole number, got ${describeValue(value)}.`,
    'bug',
  );
}

/** A free-text path segment (tag name, template slug), percent-encoded. */
export function textSegment(value: unknown, what: string): string {
  if (typeof value === 'string' && value.trim() !== '') return encodeURIComponent(value);
  throw new InvalidInputError(
    `${what} must be a non-empty text, got ${describeValue(value)}.`,
    'bug',
  );
}
