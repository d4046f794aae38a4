import { codedError } from '../errors';
import { isMessageKey, type Translate } from '../i18n';
import type { MessageParams } from '../i18n/format';

/**
 * A mistake in a formula's arguments or an export's filters. The English message stays for
 * scripts (the add-on used as a library); a formula cell and a sidebar say it in the person's
 * words from the catalogue's `ui.error.<code>` (catalog/<lang>/query.ts), so the parameters
 * carry no English: lists are joined with commas, values shown as typed.
 */
export function queryError(code: string, english: string, params: MessageParams): Error {
  const key = `ui.error.${code}`;
  const message =
    formulaWords !== undefined && isMessageKey(key) ? formulaWords(key, params) : english;
  return codedError(message, code, params);
}

/**
 * The words of this execution's formula cell, when it is a CRM_* custom function: Sheets shows
 * the thrown message as it is, so the message itself is said in the cell's language. Set once
 * by the custom-function context, before any argument is read; each execution has its own.
 */
let formulaWords: Translate | undefined;

export function sayQueryErrorsIn(t: Translate): void {
  formulaWords = t;
}

/** A value as a person typed it, in no language: `"text"`, `12`, `TRUE`, `[3]`, `{…}`, `—`. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return `"${value}"`;
  if (Array.isArray(value)) return `[${value.length}]`;
  if (typeof value === 'object') return '{…}';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/** Names joined for a message; `—` when there are none. */
export function listed(names: readonly string[]): string {
  return names.length === 0 ? '—' : names.join(', ');
}
