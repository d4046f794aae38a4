/**
 * Query keys are looked up as the object's own properties: a key named like an Object.prototype
 * member (`constructor`, `__proto__`, `toString`, `hasOwnProperty`) is a key like any other,
 * never the inherited function (which was sent to the CRM as `constructor=function%20Object()…`).
 */
import { describe, expect, it } from 'vitest';
import { normalizeLeadFilters, parseQueryString } from '../../../../src/core/query/parse';
import { parseAutomationQuery, parseTaskQuery } from '../../../../src/core/query/resource-queries';

const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

// Query keys are lower-cased (`Pipeline=…` is `pipeline=…`): `tostring` is Object.prototype's
// member only in the typed form, so both forms are tried.
describe.each([...PROTOTYPE_NAMES, 'tostring'])('query key %s', (typed) => {
  const name = typed.toLowerCase();
  it('parseQueryString keeps exactly what was typed, as an own property', () => {
    const parsed = parseQueryString(`${typed}=1&${typed}=2&q=ana`);
    expect(Object.keys(parsed)).toEqual([name, 'q']);
    expect(Object.getOwnPropertyDescriptor(parsed, name)?.value).toBe('1,2');
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it('CRM_LEADS / crmExportLeads refuse it as an unknown filter, naming the valid ones', () => {
    expect(() => normalizeLeadFilters(parseQueryString(`${typed}=1`))).toThrow(
      `Unknown filter "${name}". Valid filters: pipeline, stage, owner,`,
    );
  });

  it('CRM_AUTOMATIONS refuses it as an unknown filter', () => {
    expect(() => parseAutomationQuery(`${typed}=1`)).toThrow(
      `Unknown automation filter "${name}". Valid filters: is_active,`,
    );
  });

  it.skipIf(name === '__proto__')(
    'CRM_TASKS passes it on as the text typed (the contract shows no task filters)',
    () => {
      const filters = parseTaskQuery(`${typed}=1&status=open`);
      expect(Object.entries(filters)).toEqual([
        [name, '1'],
        ['status', 'open'],
      ]);
      expect(Object.getPrototypeOf(filters)).toBe(Object.prototype);
    },
  );
});

it('CRM_TASKS refuses __proto__ by name (the client would drop it and widen the list)', () => {
  expect(() => parseTaskQuery('__proto__=1&status=open')).toThrow(
    'Task filter "__proto__" cannot be sent: no API parameter has that name.',
  );
});
