import type { InputIssue, InvalidInputError } from '../api/errors';
import { isMessageKey, type Translate } from './i18n';

/** How many problems a detail names, so a cell stays readable (as the English message does). */
const LIMIT = 3;

/** The value found, in words: a text or number shows itself, anything else by its kind. */
function foundWords(issue: InputIssue, t: Translate): string {
  const kind = String(issue.params.foundKind ?? 'value');
  const key = `import.input.found.${kind}`;
  return kind !== 'value' && isMessageKey(key) ? t(key) : String(issue.params.found ?? '');
}

/** The type expected (zod's `string`, `number`, `int`…), in words when the catalogue has them. */
function expectedWords(issue: InputIssue, t: Translate): string {
  const expected = String(issue.params.expected ?? '');
  const key = `import.input.expected.${expected}`;
  return isMessageKey(key) ? t(key) : expected;
}

function issueWords(issue: InputIssue, t: Translate): string {
  const key = `import.input.${issue.kind}`;
  const params = {
    ...issue.params,
    found: foundWords(issue, t),
    expected: expectedWords(issue, t),
  };
  const words = isMessageKey(key) ? t(key, params) : t('import.input.format', params);
  return issue.path === '' ? words : `${issue.path}: ${words}`;
}

/**
 * What an argument the client refused (parseInput) says in a detail cell, in `t`'s language:
 * its problems from the catalogue, instead of the client's English for scripts (issue 18.2).
 * An error without issues (thrown by hand) keeps its message, as before.
 */
export function inputProblemDetail(error: InvalidInputError, t: Translate): string {
  const issues = error.issues;
  if (!issues || issues.length === 0) return error.message;
  const parts = issues.slice(0, LIMIT).map((issue) => issueWords(issue, t));
  if (issues.length > LIMIT) parts.push(t('import.input.more', { count: issues.length - LIMIT }));
  return parts.join('; ');
}
