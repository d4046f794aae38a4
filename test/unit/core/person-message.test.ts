import { describe, expect, it } from 'vitest';
import { createCrmClient } from '../../../src/api/client';
import {
  AuthError,
  type CrmError,
  ForbiddenError,
  NetworkError,
  RateLimitError,
} from '../../../src/api/errors';
import { parseInput } from '../../../src/api/issues';
import { errorFromResponse } from '../../../src/api/response-errors';
import { SendChatappInputSchema, UpsertLeadInputSchema } from '../../../src/api/schemas';
import { codedError, errorCauseOf } from '../../../src/core/errors';
import { type MessageKey, translator } from '../../../src/core/i18n';
import { startFailure } from '../../../src/core/jobs/requests';
import { crmDetail, personMessage } from '../../../src/core/person-message';

/** What a sidebar shows for an error: the person's words, the CRM's own message in parentheses. */
const en = translator('en');
const pt = translator('pt');

describe('personMessage', () => {
  it('says a coded error in the person’s language, with its values, and no option name', () => {
    const error = codedError('apiKey must start with "crm_"', 'apiKeyFormat');
    expect(personMessage(error, en)).toMatch(/^This is not a CRM API key/);
    expect(personMessage(error, pt)).toMatch(/^Isto não é uma chave de API do CRM/);
    expect(personMessage(error, en)).not.toContain('apiKey');
    const sheet = codedError('No sheet is named "X"', 'sheetNotFound', { sheet: 'Vendas' });
    expect(personMessage(sheet, pt)).toBe(
      'Não existe mais uma planilha chamada “Vendas”. Escolha outra.',
    );
  });

  it('tells the CRM’s refusal in words and keeps the CRM’s Portuguese message after it', () => {
    const refused = new AuthError('API Key inválida.', {
      status: 401,
      body: { message: 'API Key inválida.' },
    });
    expect(personMessage(refused, en)).toBe(
      'The CRM did not accept the API key. Create a new key in the CRM (Settings → API keys) and save it in CRM → Settings. (API Key inválida.)',
    );
    expect(personMessage(refused, pt)).toMatch(
      /^O CRM não aceitou a chave de API\..* \(API Key inválida\.\)$/,
    );
  });

  it('finds the CRM’s answer behind a start failure that wraps it', () => {
    const wrapped = startFailure(
      new ForbiddenError('Conta inativa.', { status: 403, body: { message: 'Conta inativa.' } }),
      'start the import',
    );
    expect(personMessage(wrapped, pt)).toBe(
      'A conta do CRM está suspensa. Peça ao administrador para reativá-la e tente de novo. (Conta inativa.)',
    );
  });

  it.each([
    [
      new RateLimitError('Muitas requisições.', {
        status: 429,
        body: { message: 'Muitas requisições.' },
        retryAfterSeconds: 30,
      }),
      /Try again in 30 s\. \(Muitas requisições\.\)$/,
    ],
    [new NetworkError('', { status: 0 }), /^Could not reach the CRM\.[^()]*$/],
  ])('words each kind of CRM failure: %s', (error, expected) => {
    expect(personMessage(error, en)).toMatch(expected);
  });

  it('adds only the CRM’s own answer text, never the client’s English transport text', () => {
    const context = { method: 'GET', path: '/leads' };
    const answered = (status: number, body: string) => ({ status, headers: {}, body });
    // The CRM's own Portuguese words, from its JSON body: kept for support.
    const refused = errorFromResponse(
      answered(422, '{"message":"O campo email é inválido."}'),
      context,
    );
    expect(personMessage(refused, pt)).toMatch(/ \(O campo email é inválido\.\)$/);
    // What the client wrote itself: English a Portuguese user must not read.
    const ours = [
      new NetworkError('Could not reach the CRM (GET /leads): timeout', { status: 0 }),
      errorFromResponse(answered(502, '<html><body>Bad gateway</body></html>'), context),
      errorFromResponse(answered(500, ''), context),
      errorFromResponse(answered(404, '{"error":"nope"}'), context),
      errorFromResponse(answered(302, '{}'), context),
    ];
    for (const error of ours) {
      const shown = personMessage(error, pt);
      expect(shown, error.message).not.toContain('(');
      expect(shown).not.toMatch(/CRM answered|Could not|redirected/);
    }
    expect(personMessage(ours[0], pt)).toMatch(/^Não foi possível falar com o CRM/);
  });

  it('an error without words says so and keeps the developer text for support', () => {
    expect(personMessage(new Error('Error: boom'), en)).toBe(
      'Something went wrong. Try again; if it keeps happening, send this to support: (boom)',
    );
  });
});

describe('crmDetail: a CRM failure in a job’s detail cell', () => {
  const context = { method: 'POST', path: '/leads' };
  const answered = (status: number, body: string) => ({ status, headers: {}, body });

  it('keeps the CRM’s own words, and says in words what the client only said in English', () => {
    const refused = errorFromResponse(
      answered(
        422,
        '{"message":"Dados inválidos.","errors":{"email":["O campo email é inválido."]}}',
      ),
      context,
    );
    expect(crmDetail(refused, pt)).toBe('Dados inválidos. O campo email é inválido.');
    const cases: Array<[CrmError, string]> = [
      [
        new NetworkError('Could not reach the CRM (POST /leads): timeout', { status: 0 }),
        'não foi possível falar com o CRM (nenhuma resposta chegou)',
      ],
      [
        errorFromResponse(answered(502, '<html>Bad gateway</html>'), context),
        'o CRM respondeu 502 com uma página da web em vez de dados: o servidor ou um proxy na frente dele falhou',
      ],
      [errorFromResponse(answered(500, ''), context), 'o CRM respondeu 500 sem conteúdo'],
      [
        errorFromResponse(answered(500, '{"x":1}'), context),
        'o CRM respondeu 500 sem dizer por quê',
      ],
      [
        errorFromResponse(answered(301, '{}'), context),
        'o CRM mandou o pedido para outro lugar (301): confira se o endereço do CRM nas Configurações é o da API, terminando em /api/v1',
      ],
    ];
    for (const [error, words] of cases) expect(crmDetail(error, pt), error.message).toBe(words);
  });

  it('says what the CRM adds to its message in the person’s language', () => {
    const scope = errorFromResponse(
      answered(403, '{"message":"Sem permissão.","required_permission":"leads:write"}'),
      context,
    );
    expect(crmDetail(scope, pt)).toBe('Sem permissão. (falta à chave a permissão "leads:write")');
  });
});

describe('an argument the client refused (parseInput)', () => {
  it("names each problem in the person's language, not the client's English", () => {
    let error: unknown;
    try {
      parseInput(SendChatappInputSchema, { type: 'image', caption: 'x' }, 'leads.sendChatapp');
    } catch (thrown) {
      error = thrown;
    }
    expect((error as Error).message).toMatch(/an image message needs media_url/);
    const pt = personMessage(error, translator('pt'));
    expect(pt).toContain('media_url: uma mensagem de imagem precisa do URL do arquivo');
    expect(pt).not.toMatch(/needs|message/);
    expect(personMessage(error, translator('en'))).toContain(
      'media_url: an image message needs a file URL',
    );
  });
});

describe('a refused argument of the wrong type', () => {
  it('names the type expected in Portuguese', () => {
    let error: unknown;
    try {
      parseInput(UpsertLeadInputSchema, { email: 'a@b.co', value: 'muito' }, 'leads.upsert');
    } catch (thrown) {
      error = thrown;
    }
    expect(personMessage(error, translator('pt'))).toContain(
      'value: esperava um número, veio "muito"',
    );
  });
});

describe('a CRM failure the client words itself carries the code of its person words', () => {
  const throwing = () => {
    throw new Error('Timeout: https://crm.example.com/api/v1/account');
  };
  const client = createCrmClient({
    baseUrl: 'https://crm.example.com/api/v1',
    apiKey: 'crm_test_0123456789abcdef',
    transport: { send: throwing },
  });
  it.each([
    ['no answer', () => client.account.get(), 'crmUnreachable'],
    [
      'an HTML page',
      () => {
        throw errorFromResponse(
          { status: 502, headers: {}, body: '<html>Bad gateway</html>' },
          { method: 'GET', path: '/leads' },
        );
      },
      'crmFailed',
    ],
  ])('%s: English for scripts, the code for a person', (_what, call, code) => {
    let error: unknown;
    try {
      call();
    } catch (caught) {
      error = caught;
    }
    expect(errorCauseOf(error)?.code).toBe(code);
    expect(personMessage(error, pt)).toBe(pt(`ui.error.${code}` as MessageKey));
  });
});
