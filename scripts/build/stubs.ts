/**
 * Apps Script only calls top-level `function` declarations (menus, triggers,
 * google.script.run, custom functions), and reads custom-function help from their JSDoc.
 * esbuild drops comments, so the stubs are generated from the source's own JSDoc.
 */
export interface ExportedFunction {
  name: string;
  params: string[];
  jsdoc: string | undefined;
}

const EXPORT_FUNCTION_START =
  /(\/\*\*(?:(?!\*\/)[\s\S])*\*\/\s*)?export\s+function\s+([A-Za-z_$][\w$]*)\s*(?:<[^(]*>)?\(/g;

/** Finds `export function` declarations and the JSDoc block right above each. */
export function findExportedFunctions(source: string): ExportedFunction[] {
  const found: ExportedFunction[] = [];
  for (const match of source.matchAll(EXPORT_FUNCTION_START)) {
    const [whole, jsdoc, name] = match;
    const open = (match.index ?? 0) + whole.length - 1;
    found.push({
      name: name as string,
      params: paramNames(source.slice(open + 1, closingParen(source, open))),
      jsdoc: jsdoc?.trim(),
    });
  }
  return found;
}

const OPENERS = '([{<';
const CLOSERS = ')]}>';

/** Index of the `)` that closes the `(` at `open`, skipping nested brackets and strings. */
function closingParen(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const ch = source[i] as string;
    if (ch === "'" || ch === '"' || ch === '`') {
      i = source.indexOf(ch, i + 1);
      if (i < 0) break;
    } else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  throw new Error(`Unbalanced parameter list at offset ${open}.`);
}

/** Splits a parameter list on its top-level commas and keeps each parameter's name. */
export function paramNames(list: string): string[] {
  const params: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < list.length; i++) {
    const ch = list[i] as string;
    if (ch === "'" || ch === '"' || ch === '`') {
      const end = list.indexOf(ch, i + 1);
      const stop = end < 0 ? list.length : end + 1;
      current += list.slice(i, stop);
      i = stop - 1;
      continue;
    }
    // `=>` in a function type is not a closing angle bracket.
    if (ch === '>' && list[i - 1] === '=') {
      current += ch;
      continue;
    }
    if (OPENERS.includes(ch)) depth++;
    else if (CLOSERS.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      params.push(current);
      current = '';
    } else current += ch;
  }
  params.push(current);
  return params
    .map((param) => param.trim().replace(/^\.\.\./, ''))
    .filter((param) => param.length > 0)
    .map((param, index) => /^[A-Za-z_$][\w$]*/.exec(param)?.[0] ?? `arg${index}`);
}

export function renderStub(fn: ExportedFunction, namespace: string): string {
  const doc = fn.jsdoc ? `${fn.jsdoc}\n` : '';
  return `${doc}function ${fn.name}(${fn.params.join(', ')}) {\n  return ${namespace}.${fn.name}.apply(this, arguments);\n}\n`;
}
