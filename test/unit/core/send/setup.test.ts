import { describe, expect, it } from 'vitest';
import { createSandbox, DEMO, DEMO_NOW } from '../../../../sandbox/index';
import {
  ChatappInstanceListResponseSchema,
  ChatappTemplateListResponseSchema,
} from '../../../../src/api/schemas';
import { parseSendRequest } from '../../../../src/core/send/options';
import { checkSendSetup } from '../../../../src/core/send/setup';

/** The demo account's templates and numbers, as the client reads them from the sandbox. */
function catalog() {
  const sandbox = createSandbox({ now: () => DEMO_NOW, seed: 'empty' });
  const get = (path: string): unknown => {
    const { body } = sandbox.handle({
      method: 'GET',
      path: `/api/v1${path}`,
      headers: { 'X-API-Key': 'crm_demo_admin' },
    });
    return typeof body === 'string' ? JSON.parse(body) : body;
  };
  return {
    templates: ChatappTemplateListResponseSchema.parse(get('/chatapp/templates')).data,
    instances: ChatappInstanceListResponseSchema.parse(get('/chatapp/instances')).data,
  };
}

const HEADER = ['Nome', 'E-mail', 'Telefone', 'CRM Lead ID', 'Pedido', 'Arquivo'];

function check(options: Record<string, unknown>, header: unknown[] = HEADER) {
  return checkSendSetup({
    request: parseSendRequest({ sheet: 'Leads', ...options }),
    sheetId: 7,
    sheetName: 'Leads',
    header,
    ...catalog(),
  });
}

describe('checkSendSetup', () => {
  it('returns the job options: the template’s own number, its keys only, the lead id column by default', () => {
    expect(
      check({
        templateId: DEMO.templates.document,
        variables: { '1': 'nome' },
        headerMediaUrl: 'Arquivo',
        headerMediaFilename: { value: 'P.pdf' },
      }),
    ).toEqual({
      sheetId: 7,
      sheetName: 'Leads',
      headerRow: 1,
      templateId: DEMO.templates.document,
      templateName: 'proposta_comercial',
      instanceId: DEMO.instances.cloud,
      headerFormat: 'DOCUMENT',
      variables: { '1': { column: 'nome' } },
      headerMediaUrl: { column: 'Arquivo' },
      headerMediaFilename: { value: 'P.pdf' },
      lead: { by: 'column', column: 'CRM Lead ID' },
    });
  });

  it('without a lead id column or matchBy, looks leads up by email_or_phone', () => {
    const header = ['Nome', 'E-mail', 'Celular', 'Empresa'];
    expect(
      check(
        { templateId: DEMO.templates.boasVindas, variables: { '1': 'Nome', '2': 'Empresa' } },
        header,
      ).lead,
    ).toEqual({
      by: 'match',
      matchBy: 'email_or_phone',
    });
    expect(check({ templateId: DEMO.templates.fixedText, matchBy: 'phone' }, header).lead).toEqual({
      by: 'match',
      matchBy: 'phone',
    });
  });

  it.each([
    [
      { templateId: 999 },
      /^No template has the id 999 in this CRM account; the templates are 1 boas_vindas \(APPROVED\)/,
    ],
    [
      { templateId: DEMO.templates.pending },
      /^Template 7 "promo_pendente" is PENDING: only APPROVED templates can be sent\. Get it approved in the CRM, or pick an approved one: 1 boas_vindas/,
    ],
    [{ templateId: DEMO.templates.rejected }, /is REJECTED: only APPROVED/],
    [{ templateId: DEMO.templates.disabled }, /is DISABLED: only APPROVED/],
    [
      { templateId: DEMO.templates.fixedText, instanceId: DEMO.instances.qr },
      /^Envio de template requer instancia Cloud API\. Number 1 "Comercial \(QR\)" is connected by QR code/,
    ],
    [
      { templateId: DEMO.templates.fixedText, instanceId: 77 },
      /^No number has the id 77 in this CRM account; the numbers are 1 "Comercial \(QR\)" \(unofficial\), 2 "Atendimento Oficial" \(cloud_api\)/,
    ],
    [{ templateId: DEMO.templates.other }, /^No template has the id 12/],
    [
      { templateId: DEMO.templates.boasVindas, variables: { '1': 'Nome' } },
      /^variables has no mapping for \{\{2\}\} of template "boas_vindas": map each to a column header or to \{value: "text"\}, e\.g\. \{"2": "Column"\}\.$/,
    ],
    [
      {
        templateId: DEMO.templates.boasVindas,
        variables: { '1': 'Nome', '2': 'Pedido', '3': 'Pedido' },
      },
      /^template "boas_vindas" has no \{\{3\}\} \(it takes \{\{1\}\}, \{\{2\}\}\): remove it from variables/,
    ],
    [
      {
        templateId: DEMO.templates.textHeader,
        variables: { '1': 'Nome', '2': 'Nome', '3': 'Nome' },
      },
      /^variables has no mapping for header_1 \(the text header’s \{\{1\}\}\)/,
    ],
    [
      { templateId: DEMO.templates.image, variables: { '1': 'Nome', '2': 'Pedido' } },
      /^template "oferta_imagem" has a IMAGE header: give headerMediaUrl/,
    ],
    [
      {
        templateId: DEMO.templates.boasVindas,
        variables: { '1': 'Nome', '2': 'Pedido' },
        headerMediaUrl: 'Arquivo',
      },
      /has no header, and a file can only go with a DOCUMENT, IMAGE or VIDEO header: remove headerMediaUrl/,
    ],
    [
      {
        templateId: DEMO.templates.video,
        variables: { '1': 'Nome' },
        headerMediaUrl: 'Arquivo',
        headerMediaFilename: 'Nome',
      },
      /^headerMediaFilename is used for DOCUMENT headers only/,
    ],
    [
      { templateId: DEMO.templates.boasVindas, variables: { '1': 'Nome', '2': { value: 'a\nb' } } },
      /^variables\["2"\] \{value: "a\\nb"\} has a line break/,
    ],
    [
      {
        templateId: DEMO.templates.document,
        variables: { '1': 'Nome' },
        headerMediaUrl: { value: 'http://localhost/p.pdf' },
      },
      /^headerMediaUrl \{value: "http:\/\/localhost\/p\.pdf"\} is not public \(localhost\)/,
    ],
    [
      {
        templateId: DEMO.templates.document,
        variables: { '1': 'Cliente' },
        headerMediaUrl: 'https://x.example.com/p.pdf',
      },
      /^variables\["1"\] \(\{\{1\}\}\) names the column "Cliente", which is not in the header row of "Leads"; headerMediaUrl names the column "https:\/\/x\.example\.com\/p\.pdf", which is not in the header row of "Leads"; for the same value on every row write \{value: "https:\/\/x\.example\.com\/p\.pdf"\}; the headers are A "Nome", B "E-mail"/,
    ],
    [
      { templateId: DEMO.templates.fixedText, leadIdColumn: 'ID do lead' },
      /^leadIdColumn "ID do lead" is not in the header row of "Leads" \(import the sheet first/,
    ],
  ])('%j is refused: %s', (options, message) => {
    expect(() => check(options)).toThrow(message);
  });

  it('refuses matchBy when the sheet has no column to match by', () => {
    expect(() =>
      check({ templateId: DEMO.templates.fixedText, matchBy: 'email' }, ['Nome', 'Telefone']),
    ).toThrow(
      /^matchBy "email" finds each row's lead by email, but "Leads" has no e-mail column \(E-mail, Email\); add one, or give leadIdColumn/,
    );
  });
});
