import { describe, expect, it } from 'vitest';
import { createCrmClient } from '../../../src/api/client';
import {
  AuthError,
  BlockedError,
  CrmError,
  ForbiddenError,
  isRetryable,
  LimitReachedError,
  NameConflictError,
  NetworkError,
  NotFoundError,
  ProviderError,
  RateLimitError,
  SkipError,
  SpecValidationError,
  StageHasLeadsError,
  UnexpectedResponseError,
  UnprocessableError,
  ValidationError,
} from '../../../src/api/errors';
import { retryAfterSeconds } from '../../../src/api/response-errors';
import type { HttpResponse } from '../../../src/api/transport';
import { API_KEY, BASE_URL, fakeTransport, jsonResponse, textResponse } from './fake-transport';

function clientAnswering(response: HttpResponse | (() => HttpResponse)) {
  const transport = fakeTransport(typeof response === 'function' ? response : () => response);
  return createCrmClient({ baseUrl: BASE_URL, apiKey: API_KEY, transport });
}

/** Runs `run` and returns what it threw (failing the test when it did not throw). */
function thrownBy(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw, got a result');
}

function errorFor(status: number, body: unknown, headers: Record<string, string> = {}) {
  const client = clientAnswering(jsonResponse(status, body, headers));
  return thrownBy(() => client.leads.create({ name: 'Maria', pipeline_id: 1, stage_id: 2 }));
}

type Row = {
  title: string;
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
  type: new (...args: never[]) => CrmError;
  fields?: Record<string, unknown>;
};

// Every body of the contract's Errors section, and the shapes the contract leaves open.
const rows: Row[] = [
  ...['API Key não fornecida.', 'API Key inválida.', 'API Key expirada.'].map(
    (message): Row => ({
      title: `401 ${message}`,
      status: 401,
      body: { message },
      type: AuthError,
    }),
  ),
  {
    title: '403 missing scope',
    status: 403,
    body: {
      message: 'API Key sem permissão para esta operação.',
      required_permission: 'leads:write',
    },
    type: ForbiddenError,
    fields: { requiredPermission: 'leads:write', accountInactive: false },
  },
  {
    title: '403 inactive account',
    status: 403,
    body: { message: 'Conta inativa.' },
    type: ForbiddenError,
    fields: { requiredPermission: undefined, accountInactive: true },
  },
  {
    title: '422 field validation',
    status: 422,
    body: {
      message: 'O campo email deve ser um endereço de e-mail válido.',
      errors: {
        email: ['O campo email deve ser um endereço de e-mail válido.'],
        stage_id: ['O campo stage id é obrigatório.'],
      },
    },
    type: ValidationError,
    fields: {
      fieldErrors: {
        email: ['O campo email deve ser um endereço de e-mail válido.'],
        stage_id: ['O campo stage id é obrigatório.'],
      },
    },
  },
  {
    title: '422 blocked stage',
    status: 422,
    body: {
      success: false,
      blocked: true,
      message: 'Existem tarefas obrigatórias pendentes nesta etapa.',
      pending_tasks: [{ id: 7, subject: 'Ligar para o cliente', type: 'call' }],
    },
    type: BlockedError,
    fields: { pendingTasks: [{ id: 7, subject: 'Ligar para o cliente', type: 'call' }] },
  },
  {
    title: '422 plan limit',
    status: 422,
    body: { success: false, message: 'Limite de leads do plano atingido.', limit_reached: true },
    type: LimitReachedError,
  },
  {
    title: '422 window closed',
    status: 422,
    body: {
      success: false,
      message: 'Janela de 24 horas encerrada; use um template.',
      skip_reason: 'window_closed',
    },
    type: SkipError,
    fields: { skipReason: 'window_closed', headerFormat: undefined },
  },
  {
    title: '422 header file missing',
    status: 422,
    body: {
      success: false,
      message: 'Template exige arquivo no cabeçalho.',
      skip_reason: 'header_media_required',
      header_format: 'DOCUMENT',
    },
    type: SkipError,
    fields: { skipReason: 'header_media_required', headerFormat: 'DOCUMENT' },
  },
  ...[
    'Envio de template requer instancia Cloud API.',
    'Lead sem telefone cadastrado.',
    'A etapa informada não é uma etapa de ganho.',
  ].map(
    (message): Row => ({
      title: `422 ${message}`,
      status: 422,
      body: { success: false, message },
      type: UnprocessableError,
    }),
  ),
  {
    title: '422 name_conflict as a code',
    status: 422,
    body: { success: false, message: 'Já existe um funil com este nome.', code: 'name_conflict' },
    type: NameConflictError,
  },
  {
    title: '422 name_conflict in an automation errors list',
    status: 422,
    body: {
      success: false,
      message: 'Já existe uma automação com este nome.',
      errors: [{ path: 'name', code: 'name_conflict', message: 'Nome em uso.' }],
      warnings: [],
    },
    type: NameConflictError,
    fields: { errors: [{ path: 'name', code: 'name_conflict', message: 'Nome em uso.' }] },
  },
  {
    title: '422 stage_has_leads',
    status: 422,
    body: {
      success: false,
      message: 'A etapa Proposta ainda tem leads.',
      error: 'stage_has_leads',
    },
    type: StageHasLeadsError,
  },
  {
    title: '422 automation spec',
    status: 422,
    body: {
      success: false,
      message: 'Especificação inválida.',
      errors: [
        {
          path: 'actions[0].config.tags',
          code: 'missing_config_key',
          message: 'tags é obrigatório',
        },
      ],
      warnings: [{ path: 'nodes[2]', code: 'unreachable_node', message: 'nó inalcançável' }],
    },
    type: SpecValidationError,
    fields: {
      errors: [
        {
          path: 'actions[0].config.tags',
          code: 'missing_config_key',
          message: 'tags é obrigatório',
        },
      ],
      warnings: [{ path: 'nodes[2]', code: 'unreachable_node', message: 'nó inalcançável' }],
    },
  },
  {
    title: '422 of an unknown shape',
    status: 422,
    body: { success: false, message: 'Algo deu errado.', something_new: 1 },
    type: UnprocessableError,
  },
  {
    title: '429 with the Retry-After header',
    status: 429,
    body: { message: 'Muitas requisições.', retry_after: 30 },
    headers: { 'retry-after': '17' },
    type: RateLimitError,
    fields: { retryAfterSeconds: 17 },
  },
  {
    title: '429 with only the body retry_after',
    status: 429,
    body: { message: 'Muitas requisições.', retry_after: 30 },
    type: RateLimitError,
    fields: { retryAfterSeconds: 30 },
  },
  {
    title: '429 with neither',
    status: 429,
    body: { message: 'Muitas requisições.' },
    type: RateLimitError,
    fields: { retryAfterSeconds: 60 },
  },
  {
    title: '502 provider failure',
    status: 502,
    body: {
      success: false,
      message: 'Falha ao enviar: (#131026) Message undeliverable',
      raw: { error: { code: 131026, message: 'Message undeliverable' } },
    },
    type: ProviderError,
    fields: { raw: { error: { code: 131026, message: 'Message undeliverable' } } },
  },
  {
    title: '502 provider error prefix',
    status: 502,
    body: { success: false, message: 'Provedor retornou erro: timeout', raw: 'timeout' },
    type: ProviderError,
    fields: { raw: 'timeout' },
  },
  {
    title: '503 other server error',
    status: 503,
    body: { message: 'Serviço indisponível.' },
    type: ProviderError,
    fields: { raw: undefined },
  },
  {
    title: '404 not found',
    status: 404,
    body: { message: 'Lead não encontrado.' },
    type: NotFoundError,
  },
  {
    title: '400 (not in the contract)',
    status: 400,
    body: { message: 'Requisição inválida.' },
    type: CrmError,
  },
  {
    title: '200 with success:false',
    status: 200,
    body: { success: false, message: 'Não foi possível salvar.' },
    type: UnprocessableError,
  },
];

describe('error mapping: status + body → class, fields, message', () => {
  it.each(rows)('$title', ({ status, body, headers, type, fields }) => {
    const error = errorFor(status, body, headers) as CrmError;
    expect(error).toBeInstanceOf(type);
    expect(error.constructor).toBe(type);
    expect(error).toBeInstanceOf(CrmError);
    expect(error.name).toBe(type.name);
    expect(error.message).toBe(body.message);
    expect(error.status).toBe(status);
    expect(error.body).toEqual(body);
    expect(error.method).toBe('POST');
    expect(error.path).toBe('/leads');
    for (const [field, value] of Object.entries(fields ?? {})) {
      expect((error as unknown as Record<string, unknown>)[field]).toEqual(value);
    }
  });

  it('keeps every 422 under UnprocessableError, so a job can mark the row and go on', () => {
    for (const row of rows.filter((r) => r.status === 422)) {
      expect(errorFor(row.status, row.body)).toBeInstanceOf(UnprocessableError);
    }
  });

  it('keeps a template-send message verbatim through leads.sendChatappTemplate', () => {
    const client = clientAnswering(
      jsonResponse(422, {
        success: false,
        message: 'Envio de template requer instancia Cloud API.',
      }),
    );
    const error = thrownBy(() => client.leads.sendChatappTemplate(5, { template_id: 3 }));
    expect(error).toBeInstanceOf(UnprocessableError);
    expect(error.message).toBe('Envio de template requer instancia Cloud API.');
  });

  it('gives a message naming status and route when the body has none', () => {
    const error = errorFor(500, { success: false });
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe('The CRM answered 500 to POST /leads without a message.');
  });

  it('explains a redirect as a baseUrl problem', () => {
    const error = errorFor(301, {}, { location: 'https://crm.example.com/login' });
    expect(error.message).toContain(
      'redirected POST /leads (301 to https://crm.example.com/login)',
    );
    expect(error.message).toContain('/api/v1');
  });
});

describe('detail: the message plus what the body adds', () => {
  it.each([
    {
      status: 422,
      body: { message: 'Dados inválidos.', errors: { email: ['E-mail inválido.'] } },
      detail: 'Dados inválidos. email: E-mail inválido.',
    },
    {
      status: 422,
      body: {
        blocked: true,
        message: 'Tarefas pendentes.',
        pending_tasks: [{ id: 1, subject: 'Enviar proposta', type: 'email' }],
      },
      detail: 'Tarefas pendentes. (pending: Enviar proposta)',
    },
    {
      status: 403,
      body: { message: 'API Key sem permissão para esta operação.', required_permission: 'x:y' },
      detail: 'API Key sem permissão para esta operação. (missing scope: x:y)',
    },
    {
      status: 502,
      body: { message: 'Falha ao enviar:', raw: { code: 131047 } },
      detail: 'Falha ao enviar: ({"code":131047})',
    },
    {
      status: 422,
      body: {
        message: 'Spec inválida.',
        errors: [
          { path: 'trigger_type', code: 'invalid_trigger', message: 'gatilho desconhecido' },
        ],
      },
      detail: 'Spec inválida.; trigger_type: gatilho desconhecido',
    },
  ])('$status $body.message', ({ status, body, detail }) => {
    expect((errorFor(status, body) as CrmError).detail).toBe(detail);
  });
});

describe('bodies that are not JSON', () => {
  const html =
    '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
  it.each([
    {
      title: 'an HTML error page from a proxy',
      response: textResponse(502, html, { 'content-type': 'text/html' }),
      contains: [
        '502',
        'HTML page',
        'the server or a proxy in front of it failed',
        '<!DOCTYPE html><html><head><title>502 Bad Gateway',
      ],
      retryable: true,
    },
    {
      title: 'an HTML page with 200 (wrong baseUrl)',
      response: textResponse(200, '<html><body>Login</body></html>'),
      contains: ['200', 'HTML page', 'check that baseUrl points at the CRM API'],
      retryable: false,
    },
    {
      title: 'an empty 200 body',
      response: textResponse(200, ''),
      contains: ['answered 200 to GET /account with an empty body'],
      retryable: false,
    },
    {
      title: 'an empty 500 body',
      response: textResponse(500, '  '),
      contains: ['answered 500 to GET /account with an empty body'],
      retryable: true,
    },
    {
      title: 'truncated JSON',
      response: textResponse(200, '{"success":true,"account":{"id":1,"na'),
      contains: ['not valid JSON', '{"success":true,"account":{"id":1,"na'],
      retryable: false,
    },
    {
      title: 'truncated JSON on an error status',
      response: textResponse(422, '{"message":"O campo'),
      contains: ['422', 'not valid JSON'],
      retryable: false,
    },
  ])('$title → UnexpectedResponseError', ({ response, contains, retryable }) => {
    const client = clientAnswering(response);
    const error = thrownBy(() => client.account.get()) as UnexpectedResponseError;
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.status).toBe(response.status);
    for (const text of contains) expect(error.message).toContain(text);
    expect(error.snippet.length).toBeLessThanOrEqual(101);
    expect(isRetryable(error)).toBe(retryable);
  });

  it('cuts the snippet at about 100 characters', () => {
    const client = clientAnswering(textResponse(502, `<html>${'x'.repeat(5000)}</html>`));
    const error = thrownBy(() => client.account.get()) as UnexpectedResponseError;
    expect(error.snippet).toBe(`<html>${'x'.repeat(94)}…`);
    expect(error.message.length).toBeLessThan(300);
  });

  it('still reads a 429 HTML page as a rate limit, from its Retry-After header', () => {
    const client = clientAnswering(
      textResponse(429, '<html>Too Many Requests</html>', { 'retry-after': '12' }),
    );
    const error = thrownBy(() => client.account.get()) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterSeconds).toBe(12);
  });

  it('names the path that failed when a 2xx body has the wrong shape', () => {
    const client = clientAnswering(
      jsonResponse(200, { success: true, data: [{ id: 1 }, { id: 'abc', name: 'x' }], meta: {} }),
    );
    const error = thrownBy(() => client.leads.list()) as UnexpectedResponseError;
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.issuePath).toBe('data[1].id');
    expect(error.message).toContain('unexpected shape: data[1].id: expected number, got "abc"');
    expect(isRetryable(error)).toBe(false);
  });

  it('accepts an empty body on a delete', () => {
    const client = clientAnswering(textResponse(204, ''));
    expect(() => client.leads.delete(9)).not.toThrow();
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it.each([
    { headers: { 'retry-after': '5' }, body: {}, seconds: 5 },
    { headers: { 'Retry-After': '2.2' }, body: {}, seconds: 3 },
    { headers: { 'retry-after': 'Sat, 21 Nov 2026 12:00:45 GMT' }, body: {}, seconds: 45 },
    { headers: { 'retry-after': 'Sat, 21 Nov 2026 11:00:00 GMT' }, body: {}, seconds: 0 },
    { headers: { 'retry-after': 'soon' }, body: { retry_after: '25' }, seconds: 25 },
    { headers: {}, body: { retry_after: 40 }, seconds: 40 },
    { headers: {}, body: null, seconds: 60 },
  ])('$headers / $body → $seconds s', ({ headers, body, seconds }) => {
    expect(retryAfterSeconds(headers as Record<string, string>, body, now)).toBe(seconds);
  });
});

describe('isRetryable', () => {
  const init = { status: 0 };
  it.each([
    { error: new RateLimitError('m', { status: 429, retryAfterSeconds: 1 }), retryable: true },
    { error: new ProviderError('m', { status: 502 }), retryable: true },
    { error: new NetworkError('m', init), retryable: true },
    { error: new UnexpectedResponseError('m', { status: 503, snippet: '' }), retryable: true },
    { error: new UnexpectedResponseError('m', { status: 200, snippet: '' }), retryable: false },
    { error: new AuthError('m', { status: 401 }), retryable: false },
    { error: new UnprocessableError('m', { status: 422 }), retryable: false },
    { error: new NotFoundError('m', { status: 404 }), retryable: false },
    { error: new Error('m'), retryable: false },
    { error: 'not an error', retryable: false },
  ])('$error.name → $retryable', ({ error, retryable }) => {
    expect(isRetryable(error)).toBe(retryable);
  });
});

describe('the API key never appears in an error', () => {
  it('masks a key the server echoes back', () => {
    const error = errorFor(401, { message: `API Key inválida: ${API_KEY}` });
    expect(error.message).toBe('API Key inválida: crm_…cdef');
    expect(JSON.stringify((error as CrmError).body)).not.toContain(API_KEY);
  });

  it('masks a key inside an HTML page', () => {
    const client = clientAnswering(textResponse(500, `<html>key=${API_KEY}</html>`));
    const error = thrownBy(() => client.account.get()) as UnexpectedResponseError;
    expect(error.message).not.toContain(API_KEY);
    expect(error.snippet).toContain('crm_…cdef');
  });

  it('wraps a transport failure in NetworkError, masking the key', () => {
    const client = clientAnswering(() => {
      throw new Error(`connect ECONNREFUSED (headers: X-API-Key=${API_KEY})`);
    });
    const error = thrownBy(() => client.account.get()) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(0);
    expect(error.message).toBe(
      'Could not reach the CRM (GET /account): connect ECONNREFUSED (headers: X-API-Key=crm_…cdef)',
    );
    expect(isRetryable(error)).toBe(true);
  });
});

describe('a 422 field error in words (issue 18.9: no repeated text)', () => {
  const validation = (message: string, fieldErrors: Record<string, string[]>) =>
    new ValidationError(message, { status: 422, fieldErrors });

  it('says each message once, as sentences, without repeating a field the message names', () => {
    const error = validation('O campo name não pode ter mais de 255 caracteres.', {
      name: ['O campo name não pode ter mais de 255 caracteres.'],
      company: ['O campo company não pode ter mais de 255 caracteres.'],
    });
    // It read "… 255 caracteres.; company: O campo company não pode …".
    expect(error.detail).toBe(
      'O campo name não pode ter mais de 255 caracteres. O campo company não pode ter mais de 255 caracteres.',
    );
  });

  it('names a field its message does not name', () => {
    const error = validation('Dados inválidos', {
      'custom_fields.quantidade': ['Deve ser um número'],
    });
    expect(error.detail).toBe('Dados inválidos. custom_fields.quantidade: Deve ser um número.');
  });
});
