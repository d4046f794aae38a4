import type * as z from 'zod/mini';
import { InvalidInputError } from './errors';

type Issue = z.core.$ZodIssue;
type PathKey = PropertyKey;

/** `data[3].stage.id` */
export function formatPath(path: readonly PathKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}

function valueAt(root: unknown, path: readonly PathKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A short description of a value for a message: `"abc"`, `12`, `null`, `a list`, `nothing`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const text = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return JSON.stringify(text);
  }
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a Date';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** One zod issue in words: what was expected, and what was found. */
export function describeIssue(issue: Issue, root: unknown): string {
  const found = describeValue(valueAt(root, issue.path));
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected === 'int' ? 'an integer' : issue.expected}, got ${found}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}, got ${found}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `needs at least ${issue.minimum} item(s)`
        : issue.origin === 'string'
          ? 'cannot be empty'
          : `must be at least ${issue.minimum}, got ${found}`;
    case 'too_big':
      return `must be at most ${issue.maximum}, got ${found}`;
    case 'unrecognized_keys':
      return `unknown key(s) ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return `does not match any accepted form (got ${found})`;
    case 'invalid_format':
    case 'custom':
      return issue.message !== 'Invalid input' ? `${issue.message}, got ${found}` : `got ${found}`;
    default:
      return `${issue.message} (got ${found})`;
  }
}

/** Every issue as `path: description`, joined; at most a few, so a message stays readable. */
export function describeIssues(issues: readonly Issue[], root: unknown, limit = 3): string {
  const lines = issues.slice(0, limit).map((issue) => {
    const path = formatPath(issue.path);
    return path ? `${path}: ${describeIssue(issue, root)}` : describeIssue(issue, root);
  });
  if (issues.length > limit) lines.push(`and ${issues.length - limit} more`);
  return lines.join('; ');
}

/** Parses a caller's argument, or throws an InvalidInputError naming each field to fix. */
export function parseInput<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  what: string,
  hint?: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = describeIssues(result.error.issues, value);
  throw new InvalidInputError(`${what}: ${problems}${hint ? `. ${hint}` : ''}`);
}
