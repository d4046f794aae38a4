/**
 * The real bundle: a query key named like an Object.prototype member reaches the CRM as typed
 * (CRM_TASKS passes unknown filters on) or is refused by name before any request (CRM_LEADS,
 * CRM_AUTOMATIONS); the inherited function is never sent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, createHarness, type Harness } from './export-harness';

const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

let h: Harness;
beforeAll(async () => {
  await buildBundle();
  h = await createHarness({ allowFormulas: true });
});

function run(name: string, ...args: unknown[]) {
  h.sandbox.clearRequests();
  const result = h.runtime.runCustomFunction(name, ...args);
  return { result, paths: h.requests().map((r) => r.path) };
}

describe.each(PROTOTYPE_NAMES)('a query key %s', (typed) => {
  // Query keys are lower-cased, as typed in any case.
  const key = typed.toLowerCase();
  it.skipIf(key === '__proto__')('CRM_TASKS sends it as typed', () => {
    const { result, paths } = run('CRM_TASKS', `${typed}=1&status=pending`);
    expect(result.error?.message).toBeUndefined();
    expect(paths).toEqual([`/api/v1/tasks?per_page=200&${key}=1&status=pending`]);
  });

  it.each([
    ['CRM_LEADS', `Unknown filter "${key}"`],
    ['CRM_AUTOMATIONS', `Unknown automation filter "${key}"`],
    ...(key === '__proto__' ? [['CRM_TASKS', 'Remove the filter "__proto__"']] : []),
  ])('%s refuses it by name and sends nothing', (fn, message) => {
    const { result, paths } = run(fn, `${typed}=1`);
    expect(result.ok).toBe(false);
    expect(result.error?.message).toContain(message);
    expect(result.error?.message).not.toContain('function');
    expect(paths).toEqual([]);
  });
});
