import { describe, expect, it } from 'vitest';
import { parseImportRequest, readImportJobOptions } from '../../../../src/core/import/job/options';

describe('parseImportRequest', () => {
  it('fills in the defaults users expect', () => {
    expect(parseImportRequest({ sheet: ' Leads ' })).toEqual({
      sheet: 'Leads',
      matchBy: 'email_or_phone',
      mode: 'upsert',
      headerRow: 1,
      mapping: {},
      dryRun: false,
    });
  });

  it('keeps every option given', () => {
    expect(
      parseImportRequest({
        sheet: 'Leads',
        matchBy: 'phone',
        mode: 'update',
        headerRow: 3,
        mapping: { Celular: 'phone', Obs: '', Lixo: null },
        pipeline: 'Vendas',
        stage: 7,
        dryRun: true,
      }),
    ).toEqual({
      sheet: 'Leads',
      matchBy: 'phone',
      mode: 'update',
      headerRow: 3,
      mapping: { Celular: 'phone', Obs: '', Lixo: null },
      pipeline: 'Vendas',
      stage: 7,
      dryRun: true,
    });
  });

  it.each([
    [undefined, /needs an options object such as \{sheet: "Leads"/],
    ['Leads', /needs an options object/],
    [{}, /^sheet must be the name of the sheet to import, such as "Leads" \(got undefined\)/],
    [{ sheet: '  ' }, /^sheet must be the name/],
    [
      { sheet: 'L', matchBy: 'cpf' },
      /^matchBy must be one of "email", "phone", "email_or_phone" \(got "cpf"\)/,
    ],
    [{ sheet: 'L', headerRow: 0 }, /^headerRow must be a whole number of 1 or more.*\(got 0\)/],
    [{ sheet: 'L', headerRow: 1.5 }, /^headerRow must be a whole number/],
    [{ sheet: 'L', headerRow: '2' }, /^headerRow must be a whole number.*\(got "2"\)/],
    [{ sheet: 'L', mapping: ['phone'] }, /^mapping must be an object of sheet header → field/],
    [
      { sheet: 'L', mapping: { Celular: 5 } },
      /^mapping\["Celular"\] must be a field name.*\(got 5\)/,
    ],
    [{ sheet: 'L', dryRun: 'yes' }, /^dryRun must be true or false \(got "yes"\)/],
    [
      { sheet: 'L', mode: 'insert' },
      /^mode must be one of "upsert", "update", "create": .*\(got "insert"\)/,
    ],
    [{ sheet: 'L', pipeline: -1 }, /^pipeline must be a pipeline name or id/],
    [{ sheet: 'L', stage: { id: 1 } }, /^stage must be a stage name or id/],
    [
      { sheet: 'L', matchby: 'email' },
      /^Unknown option "matchby"; crmImportLeads takes sheet, matchBy/,
    ],
  ])('%j → %s', (input, message) => {
    expect(() => parseImportRequest(input)).toThrow(message);
  });
});

describe('readImportJobOptions', () => {
  it('reads back what a job stored, and refuses another shape', () => {
    const stored = {
      sheetId: 3,
      sheetName: 'Leads',
      headerRow: 1,
      matchBy: 'email',
      mapping: {},
      dryRun: false,
      mode: 'upsert',
    };
    expect(readImportJobOptions(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(readImportJobOptions({ ...stored, matchBy: 'cpf' })).toBeNull();
    expect(readImportJobOptions(null)).toBeNull();
  });
});
