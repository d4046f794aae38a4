import type { MessageKey } from './catalog/en';
import { catalogOf } from './catalogs';
import { format } from './format';
import type { Locale } from './index';

/**
 * A stored message read by someone else: a job's message is written once, in the language of
 * whoever drove it then (the starter, an editor who paused it, a trigger), and read by every
 * editor in their own (issue 18.2: the language follows the person). A message that is one
 * catalogue sentence is said again in the reader's language with the same values; anything
 * else (several sentences joined, text from the CRM) is shown as it was written.
 */

interface Pattern {
  key: MessageKey;
  names: string[];
  regex: RegExp;
}

/** Templates with less fixed text than this match too much to be recognised safely. */
const MIN_FIXED_CHARS = 10;

let patterns: Pattern[] | undefined;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function patternOf(key: MessageKey, template: string): Pattern | undefined {
  const names: string[] = [];
  let fixed = 0;
  const source = template
    .split(/(\{\w+\}|\{\w+:[^{}|]*\|[^{}]*\})/)
    .map((part) => {
      const plural = /^\{\w+:([^{}|]*)\|([^{}]*)\}$/.exec(part);
      if (plural) return `(?:${escapeRegex(plural[1] ?? '')}|${escapeRegex(plural[2] ?? '')})`;
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) {
        fixed += part.length;
        return escapeRegex(part);
      }
      names.push(name);
      return '([\\s\\S]*?)';
    })
    .join('');
  if (fixed < MIN_FIXED_CHARS) return undefined;
  return { key, names, regex: new RegExp(`^${source}$`) };
}

/** Built once per execution, on first use: only summaries read by another person need it. */
function allPatterns(): Pattern[] {
  if (patterns) return patterns;
  patterns = [];
  const keys = Object.keys(catalogOf('en')) as MessageKey[];
  for (const catalog of [catalogOf('en'), catalogOf('pt')]) {
    for (const key of keys) {
      const pattern = patternOf(key, catalog[key]);
      if (pattern) patterns.push(pattern);
    }
  }
  return patterns;
}

/** `text` in `locale` when it is one catalogue message of either language; else as it is. */
export function retranslate(text: string, locale: Locale): string {
  if (text === '') return text;
  const target = catalogOf(locale);
  for (const { key, names, regex } of allPatterns()) {
    const match = regex.exec(text);
    if (!match) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = match[i + 1] ?? '';
    });
    return format(target[key], params);
  }
  return text;
}
