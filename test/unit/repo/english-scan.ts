import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as acorn from 'acorn';
import { transformSync } from 'esbuild';
import { isMessageKey } from '../../../src/core/i18n';

/**
 * Finds the English sentences a person could read that do not come from the catalogues: every
 * string or template literal of the bundle's code that reads as English prose. TypeScript 7 has
 * no JavaScript API, so each file is stripped of its types by esbuild and parsed by acorn;
 * comments are gone by then, so only text the code can hand on is seen.
 */

/** Words of English prose that are not Portuguese words too (`for`, `a`, `do`, `no` are). */
const ENGLISH_WORDS =
  /\b(the|is|are|was|were|must|cannot|should|rows?|with|which|this|that|from|into|every|only|already|has|have|does|not|will|would|your|when|got|pass|be|an|of|than|can|there|its|it's|sheet|column|leads? (?:is|are)|unknown|did|you|mean|valid|missing|add|give|try|again|then|after|before|been|needs?|takes?|found|named|could|no longer|at most|instead|yet|why|what|how)\b/g;

/** Distinct English prose words in `text`, once quotes, placeholders and code are set aside. */
export function englishWords(text: string): Set<string> {
  const bare = text
    .replace(/\{\w+\}/g, ' ')
    .replace(/<code>.*?<\/code>/g, ' ')
    .replace(/"[^"]*"/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    // Contract names (CRM Import Status, NOT_FOUND…) are the same in both languages.
    .replace(/\bCRM [A-Z][a-z]+(?: [A-Z][a-z]+)*/g, ' ');
  return new Set((bare.match(ENGLISH_WORDS) ?? []).map((w) => w.toLowerCase()));
}

/** A sentence: four words or more, two of them English prose words. */
export function readsAsEnglish(text: string): boolean {
  const words = text.match(/[A-Za-z']+/g) ?? [];
  return words.length >= 4 && englishWords(text).size >= 2;
}

export interface EnglishText {
  /** Repository-relative path, `/`-separated. */
  file: string;
  text: string;
  /** What the literal is handed to, e.g. `Error`, `codedError`, `fail`, `prop:message`. */
  sink: string;
  /** For `codedError(message, code)`: its code (the sidebar's words come from it). */
  code?: string;
  /** The named function declaration the literal is in, if any. */
  fn?: string;
}

type Node = acorn.Node & Record<string, unknown>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function literalText(node: Node): string | null {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') {
    const quasis = node.quasis as Array<{ value: { cooked: string } }>;
    return quasis.map((q) => q.value.cooked).join('{x}');
  }
  return null;
}

/** The literal text of `object`'s property `name` (an object literal), or null. */
function literalProperty(object: Node | undefined, name: string): string | null {
  if (object?.type !== 'ObjectExpression') return null;
  for (const property of object.properties as Node[]) {
    const key = property.key as Node | undefined;
    if (property.type === 'Property' && (key?.name ?? key?.value) === name) {
      return literalText(property.value as Node);
    }
  }
  return null;
}

/**
 * api's `new <Some>Error(message, {…, code: 'crmFailed'})`: a CrmError the client writes
 * itself carries its code in its init (errors.ts CrmErrorInit.code, the same cause shape).
 */
function initCode(name: string, init: Node | undefined): string | null {
  return /Error$/.test(name) ? literalProperty(init, 'code') : null;
}

/**
 * A zod check's `{message, params: {kind: 'matchKey'}}` (`object`): parseInput's issue facts
 * (api/issues.ts issueFacts) carry the kind, and a person reads its `import.input.<kind>` words.
 */
function issueKindOf(object: Node | undefined): string | null {
  if (object?.type !== 'ObjectExpression') return null;
  for (const property of object.properties as Node[]) {
    const key = property.key as Node | undefined;
    if ((key?.name ?? key?.value) === 'params')
      return literalProperty(property.value as Node, 'kind');
  }
  return null;
}

/** Where a literal goes: the nearest call, `throw`, return or object property above it. */
function sinkOf(parents: readonly Node[], js: string): { sink: string; code?: string } {
  for (const parent of [...parents].reverse().slice(0, 6)) {
    if (parent.type === 'CallExpression' || parent.type === 'NewExpression') {
      const callee = parent.callee as Node;
      const name = js.slice(callee.start, callee.end);
      const args = parent.arguments as Node[];
      // codedError(message, code, …), api's new InvalidInputError(message, code, …) (the same
      // cause shape) and core/query's queryError(code, message, …).
      const codeArg =
        name === 'codedError' || name === 'InvalidInputError'
          ? args[1]
          : name === 'queryError'
            ? args[0]
            : undefined;
      const code = codeArg ? literalText(codeArg) : initCode(name, args[1]);
      return code !== null ? { sink: 'codedError', code } : { sink: name };
    }
    if (parent.type === 'ThrowStatement') return { sink: 'throw' };
    if (parent.type === 'ReturnStatement') return { sink: 'return' };
    if (parent.type === 'Property') {
      const key = parent.key as Node;
      const name = String(key.name ?? key.value);
      const kind = name === 'message' ? issueKindOf(parents[parents.indexOf(parent) - 1]) : null;
      return kind !== null ? { sink: 'issueKind', code: kind } : { sink: `prop:${name}` };
    }
  }
  return { sink: '' };
}

/** The name of the nearest function declaration around a literal. */
function functionOf(parents: readonly Node[]): string | undefined {
  for (const parent of [...parents].reverse()) {
    if (parent.type === 'FunctionDeclaration') return String((parent.id as Node | null)?.name);
  }
  return undefined;
}

/** Logs are for developers reading the execution log, never shown to a person. */
const LOG_SINKS = /^(console\.\w+|Logger\.log)$/;

export function englishTexts(root: string, dirs: readonly string[]): EnglishText[] {
  const found: EnglishText[] = [];
  for (const file of dirs.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    // The catalogues are where English belongs (their Portuguese side is checked apart).
    if (relative.includes('/i18n/catalog/')) continue;
    const js = transformSync(readFileSync(file, 'utf8'), { loader: 'ts' }).code;
    const ast = acorn.parse(js, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Node;
    const visit = (node: Node, parents: Node[]): void => {
      const text = literalText(node);
      // A catalogue key (`send.row.what.email`) names words; it is not itself a sentence.
      if (text !== null && !isMessageKey(text) && readsAsEnglish(text)) {
        const sink = sinkOf(parents, js);
        if (!LOG_SINKS.test(sink.sink)) {
          found.push({ file: relative, text, ...sink, fn: functionOf(parents) });
        }
        return;
      }
      const inside = [...parents, node];
      for (const [key, value] of Object.entries(node)) {
        if (key === 'loc') continue;
        const children = Array.isArray(value) ? value : [value];
        for (const child of children) {
          if (child && typeof child === 'object' && typeof (child as Node).type === 'string') {
            visit(child as Node, inside);
          }
        }
      }
    };
    visit(ast, []);
  }
  return found;
}
