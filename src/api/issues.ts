import type * as z from 'zod/mini';
import { type InputIssue, InvalidInputError } from './errors';

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

/** The kind of value found, for words in a person's language: a text or number shows itself. */
function foundKind(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'list';
  if (value === null || typeof value === 'string' || typeof value !== 'object') return 'value';
  return value instanceof Date ? 'date' : 'object';
}

/**
 * One zod issue as facts (InputIssue): a refine names its own kind with `params.kind`, so its
 * words can live in the catalogue while its message stays the English one for scripts.
 */
export function issueFacts(issue: Issue, root: unknown): InputIssue {
  const value = valueAt(root, issue.path);
  const found = { found: describeValue(value), foundKind: foundKind(value) };
  const path = formatPath(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return { path, kind: 'type', params: { ...found, expected: issue.expected } };
    case 'invalid_value': {
      const values = issue.values.map((v) => JSON.stringify(v)).join(', ');
      return { path, kind: 'oneOf', params: { ...found, values } };
    }
    case 'too_small':
      if (issue.origin === 'array')
        return { path, kind: 'fewItems', params: { minimum: Number(issue.minimum) } };
      if (issue.origin === 'string') return { path, kind: 'empty', params: found };
      return { path, kind: 'min', params: { ...found, minimum: Number(issue.minimum) } };
    case 'too_big':
      return { path, kind: 'max', params: { ...found, maximum: Number(issue.maximum) } };
    case 'custom': {
      const own = (issue.params as { kind?: unknown } | undefined)?.kind;
      return { path, kind: typeof own === 'string' ? own : 'format', params: found };
    }
    default:
      return { path, kind: 'format', params: found };
  }
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
  const error = new InvalidInputError(`${what}: ${problems}${hint ? `. ${hint}` : ''}`);
  error.issues = result.error.issues.map((issue) => issueFacts(issue, value));
  throw error;
}
