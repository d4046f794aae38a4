import { describe, expect, it } from 'vitest';
import { createAddonWorld } from './addon-harness';

/**
 * Every public function, called the wrong way by someone's script: each answers with an Error
 * that says what to fix (never a TypeError from deep inside), sends nothing and writes nothing.
 */
const PUBLIC_FUNCTIONS = [
  'crmConfigure',
  'crmImportLeads',
  'crmExportLeads',
  'crmSendTemplate',
  'crmGetJob',
  'crmCancelJob',
  'crmResumeJob',
  'crmSchedule',
  'crmUnschedule',
];

const BAD_ARGUMENTS: Array<[string, unknown[]]> = [
  ['no argument', []],
  ['null', [null]],
  ['a number', [42]],
  ['an array', [['Leads']]],
  ['an empty object', [{}]],
];

const SHEETS = {
  Leads: [
    ['Nome', 'E-mail'],
    ['Ana', 'ana@example.com.br'],
  ],
};

describe.each(PUBLIC_FUNCTIONS)('%s with bad input', (fn) => {
  // crmConfigure({}) is a valid call: it re-checks the stored key and keeps it.
  const cases =
    fn === 'crmConfigure'
      ? BAD_ARGUMENTS.filter(([label]) => label !== 'an empty object')
      : BAD_ARGUMENTS;
  it.each(cases)('%s: a clear error, no request, nothing written', async (_label, args) => {
    const { runtime, sandbox } = await createAddonWorld({
      runtime: { workbook: { sheets: SHEETS, timeZone: 'America/Sao_Paulo' } },
    });
    const before = JSON.stringify(runtime.sheet('Leads').getValues());
    const result = runtime.run(fn, ...args);
    expect(result.ok).toBe(false);
    expect(result.error?.name).not.toMatch(/TypeError|ReferenceError|SyntaxError/);
    expect(result.error?.message).not.toMatch(
      /undefined undefined|\[object Object\]|is not a function|Cannot read prop/,
    );
    expect(result.error?.message.length).toBeGreaterThan(20);
    expect(sandbox.requests()).toHaveLength(0);
    expect(JSON.stringify(runtime.sheet('Leads').getValues())).toBe(before);
    expect(runtime.workbook.sheets.map((sheet) => sheet.name)).toEqual(['Leads']);
  });
});
