import { describe, expect, it } from 'vitest';
import { parseSendRequest } from '../../../../src/core/send/options';

describe('parseSendRequest', () => {
  it('reads columns, fixed values and {{N}} keys, with no defaults invented', () => {
    expect(
      parseSendRequest({
        sheet: ' Leads ',
        templateId: '3',
        variables: { '{{1}}': 'Nome', '02': { value: 'Black Friday' }, HEADER_1: 'Pedido' },
        headerMediaUrl: { value: 'https://x.example.com/a.pdf' },
        headerMediaFilename: 'Arquivo',
      }),
    ).toEqual({
      sheet: 'Leads',
      templateId: 3,
      variables: {
        '1': { column: 'Nome' },
        '2': { value: 'Black Friday' },
        header_1: { column: 'Pedido' },
      },
      headerMediaUrl: { value: 'https://x.example.com/a.pdf' },
      headerMediaFilename: { column: 'Arquivo' },
    });
    expect(
      parseSendRequest({ sheet: 'L', templateId: 1, leadIdColumn: 'CRM Lead ID', instanceId: 2 }),
    ).toEqual({
      sheet: 'L',
      templateId: 1,
      instanceId: 2,
      variables: {},
      leadIdColumn: 'CRM Lead ID',
    });
    expect(parseSendRequest({ sheet: 'L', templateId: 1, matchBy: 'phone' }).matchBy).toBe('phone');
  });

  it.each([
    [null, /^crmSendTemplate needs an options object such as/],
    [
      { sheet: 'L', templateId: 1, template: 2 },
      /^Unknown option "template"; crmSendTemplate takes sheet, templateId/,
    ],
    [{ templateId: 1 }, /^sheet must be the name of the sheet whose rows get the template/],
    [
      { sheet: 'L' },
      /^templateId must be the id of an APPROVED template, such as 1 \(got undefined\)/,
    ],
    [{ sheet: 'L', templateId: -3 }, /^templateId must be the id/],
    [
      { sheet: 'L', templateId: 1, instanceId: 'QR' },
      /^instanceId must be the id of a cloud_api number/,
    ],
    [
      { sheet: 'L', templateId: 1, variables: ['Nome'] },
      /^variables must be an object of \{\{N\}\} number → column header/,
    ],
    [
      { sheet: 'L', templateId: 1, variables: { nome: 'Nome' } },
      /^variables key "nome" is not a template variable/,
    ],
    [
      { sheet: 'L', templateId: 1, variables: { '1': 'Nome', '{{1}}': 'X' } },
      /^variables maps "1" twice/,
    ],
    [
      { sheet: 'L', templateId: 1, variables: { '1': 3 } },
      /^variables\["1"\] must be a column header such as "Nome", or fixed text as \{value: "Black Friday"\} \(got 3\)/,
    ],
    [
      { sheet: 'L', templateId: 1, variables: { '1': '  ' } },
      /^variables\["1"\] is an empty column name/,
    ],
    [
      { sheet: 'L', templateId: 1, variables: { '1': { value: 'a', x: 1 } } },
      /^variables\["1"\] must be a column header/,
    ],
    [{ sheet: 'L', templateId: 1, headerMediaUrl: 5 }, /^headerMediaUrl must be a column header/],
    [
      { sheet: 'L', templateId: 1, leadIdColumn: 7 },
      /^leadIdColumn must be the header of the column holding lead ids/,
    ],
    [
      { sheet: 'L', templateId: 1, matchBy: 'cpf' },
      /^matchBy must be one of "email", "phone", "email_or_phone" \(got "cpf"\)/,
    ],
    [
      { sheet: 'L', templateId: 1, matchBy: 'email', leadIdColumn: 'ID' },
      /^Give leadIdColumn .* or matchBy .*, not both\.$/,
    ],
  ])('%j is refused: %s', (input, message) => {
    expect(() => parseSendRequest(input)).toThrow(message);
  });
});
