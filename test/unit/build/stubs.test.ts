import { describe, expect, it } from 'vitest';
import { findExportedFunctions, paramNames, renderStub } from '../../../scripts/build/stubs';

describe('findExportedFunctions', () => {
  it('keeps the JSDoc right above each export and the parameter names', () => {
    const source = `
/**
 * Leads from the CRM.
 * @param {string} query filters
 * @return {Array<Array<string>>} a header row and one row per lead
 * @customfunction
 */
export function CRM_LEADS(query?: string, columns?: string | unknown[][], limit = 200): unknown[][] {
  return [];
}

export function crmImportLeads(options: { m?: Record<string, string | null>; f: (a: number) => void }): void {}
export function noArgs(): void {}
export function destructured({ a, b }: { a: number; b: number }, ...rest: string[]) {}
`;
    const found = findExportedFunctions(source);
    expect(found.map((fn) => [fn.name, fn.params])).toEqual([
      ['CRM_LEADS', ['query', 'columns', 'limit']],
      ['crmImportLeads', ['options']],
      ['noArgs', []],
      ['destructured', ['arg0', 'rest']],
    ]);
    expect(found[0]?.jsdoc).toContain('@customfunction');
    expect(found[1]?.jsdoc).toBeUndefined();
  });

  it('renders a stub that is valid JavaScript and forwards every argument', () => {
    const [fn] = findExportedFunctions(
      '/** Doc. */\nexport function f(a: Record<string, (x: string) => number>, b?: number) {}',
    );
    const stub = renderStub(fn as NonNullable<typeof fn>, 'NS');
    expect(stub).toBe(
      '/** Doc. */\nfunction f(a, b) {\n  return NS.f.apply(this, arguments);\n}\n',
    );
    const NS = { f: (...args: unknown[]) => args };
    expect(new Function('NS', `${stub}; return f(1, 2, 3);`)(NS)).toEqual([1, 2, 3]);
  });
});

describe('paramNames', () => {
  it.each([
    ['', []],
    ['a: string, b = "x,y"', ['a', 'b']],
    ['map: Map<string, number[]>, cb: () => void', ['map', 'cb']],
  ])('%s', (list, names) => {
    expect(paramNames(list)).toEqual(names);
  });
});
