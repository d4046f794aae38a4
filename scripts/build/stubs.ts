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

const EXPORT_FUNCTION =
  /(\/\*\*(?:(?!\*\/)[\s\S])*\*\/\s*)?export\s+function\s+([A-Za-z_$][\w$]*)\s*\(([^)]*)\)/g;

/** Finds `export function` declarations and the JSDoc block right above each. */
export function findExportedFunctions(source: string): ExportedFunction[] {
  const found: ExportedFunction[] = [];
  for (const match of source.matchAll(EXPORT_FUNCTION)) {
    const [, jsdoc, name, rawParams] = match;
    found.push({
      name: name as string,
      params: splitParams(rawParams ?? ''),
      jsdoc: jsdoc?.trim(),
    });
  }
  return found;
}

function splitParams(raw: string): string[] {
  return raw
    .split(',')
    .map((p) =>
      p
        .replace(/[:=?].*$/s, '')
        .replace(/^\.\.\./, '')
        .trim(),
    )
    .filter((p) => p.length > 0);
}

export function renderStub(fn: ExportedFunction, namespace: string): string {
  const doc = fn.jsdoc ? `${fn.jsdoc}\n` : '';
  return `${doc}function ${fn.name}(${fn.params.join(', ')}) {\n  return ${namespace}.${fn.name}.apply(this, arguments);\n}\n`;
}
