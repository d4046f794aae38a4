import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../../sandbox/index';
import {
  AuthError,
  BlockedError,
  type CrmClient,
  createCrmClient,
  ForbiddenError,
  InvalidInputError,
  isRetryable,
  LimitReachedError,
  NetworkError,
  NotFoundError,
  ProviderError,
  RateLimitError,
  type ResponseInfo,
  UnexpectedResponseError,
  ValidationError,
} from '../../../src/api';
import { createSyncHttpTransport } from '../../../tools/sync-http';
import {
  type ContractServer,
  errorFrom,
  KEYS,
  startContractServer,
  useContractServer,
} from './server';

const sandbox = useContractServer();
const DEFAULT_LEAD_LIMIT = 1000;

const newLead = {
  name: 'Lead de teste',
  pipeline_id: DEMO.pipelines.vendas,
  stage_id: DEMO.stages.novo,
};

describe('401: key missing, invalid, expired or revoked', () => {
  it.each([
    ['an unknown key', 'crm_nao_existe_123', 'API Key inválida.'],
    ['an expired key', KEYS.expired, 'API Key expirada.'],
  ])('%s is an AuthError with the API message', (_name, key, message) => {
    const error = errorFrom(AuthError, () => sandbox.server.client(key).account.get());
    expect(error.status).toBe(401);
    expect(error.message).toBe(message);
    expect(error.body).toEqual({ message });
    expect(isRetryable(error)).toBe(false);
  });

  it('a revoked key stops working at once', async () => {
    const key = await sandbox.server.createKey(DEMO.accountId);
    const client = sandbox.server.client(key);
    expect(client.account.get().id).toBe(DEMO.accountId);
    await sandbox.server.admin('POST', '/__admin/revoke-key', { key });
    const error = errorFrom(AuthError, () => client.account.get());
    expect(error.message).toBe('API Key inválida.');
  });

  it('the client refuses to start without a key, so it never sends none', () => {
    errorFrom(InvalidInputError, () =>
      createCrmClient({
        baseUrl: sandbox.server.baseUrl,
        apiKey: '',
        transport: createSyncHttpTransport(),
      }),
    );
  });

  it('a key stripped on the way (by a proxy) gives API Key não fornecida.', () => {
    const transport = createSyncHttpTransport();
    try {
      const client = createCrmClient({
        baseUrl: sandbox.server.baseUrl,
        apiKey: KEYS.admin,
        transport: {
          send(request) {
            const { 'X-API-Key': _key, ...headers } = request.headers;
            return transport.send({ ...request, headers });
          },
        },
      });
      const error = errorFrom(AuthError, () => client.account.get());
      expect(error.message).toBe('API Key não fornecida.');
    } finally {
      transport.close();
    }
  });
});

describe('403: scope missing or account inactive', () => {
  // The read-only key holds every :read scope and no :write scope.
  const writes: [string, string, (client: CrmClient) => unknown][] = [
    ['leads.create', 'leads:write', (c) => c.leads.create(newLead)],
    ['leads.addTags', 'leads:write', (c) => c.leads.addTags(1, ['x'])],
    [
      'leads.sendChatapp',
      'chatapp:write',
      (c) => c.leads.sendChatapp(1, { type: 'text', body: 'x' }),
    ],
    ['leads.enrollSequence', 'sequences:write', (c) => c.leads.enrollSequence(1, 1)],
    ['pipelines.install', 'pipelines:write', (c) => c.pipelines.install('saude-clinica')],
    ['automations.toggle', 'automations:write', (c) => c.automations.toggle(2)],
  ];

  it.each(writes)('read-only key, %s: ForbiddenError naming %s', (_name, scope, call) => {
    const error = errorFrom(ForbiddenError, () => call(sandbox.server.client(KEYS.readonly)));
    expect(error.status).toBe(403);
    expect(error.message).toBe('API Key sem permissão para esta operação.');
    expect(error.requiredPermission).toBe(scope);
    expect(error.accountInactive).toBe(false);
    expect(error.detail).toContain(scope);
  });

  it('the read-only key still reads', () => {
    const client = sandbox.server.client(KEYS.readonly);
    expect(client.leads.get(1).id).toBe(1);
    expect(client.pipelines.list().pipelines.length).toBeGreaterThan(0);
  });

  it.each([
    ['customFields.list', 'custom_fields:read', (c: CrmClient) => c.customFields.list()],
    ['account.get', 'users:read', (c: CrmClient) => c.account.get()],
    ['chatapp.templates', 'chatapp:read', (c: CrmClient) => c.chatapp.templates()],
    ['tasks.list', 'tasks:read', (c: CrmClient) => c.tasks.list()],
  ])('a leads:read-only key, %s: ForbiddenError naming %s', async (_name, scope, call) => {
    const key = await sandbox.server.createKey(DEMO.accountId, ['leads:read']);
    const client = sandbox.server.client(key);
    expect(client.leads.list({ per_page: 1 }).data).toHaveLength(1);
    const error = errorFrom(ForbiddenError, () => call(client));
    expect(error.requiredPermission).toBe(scope);
  });

  it('a suspended account: ForbiddenError Conta inativa.', () => {
    const error = errorFrom(ForbiddenError, () =>
      sandbox.server.client(KEYS.suspended).leads.list(),
    );
    expect(error.status).toBe(403);
    expect(error.message).toBe('Conta inativa.');
    expect(error.accountInactive).toBe(true);
    expect(error.requiredPermission).toBeUndefined();
  });
});

describe('tenant isolation', () => {
  it("another account's lead is a NotFoundError, both ways", () => {
    errorFrom(NotFoundError, () => sandbox.server.client(KEYS.other).leads.get(1));
    errorFrom(NotFoundError, () => sandbox.server.client().leads.get(DEMO.leads.otherFirst));
  });

  it("writes to another account's lead are NotFoundErrors and change nothing", () => {
    const other = sandbox.server.client(KEYS.other);
    errorFrom(NotFoundError, () => other.leads.addTags(1, ['invasor']));
    errorFrom(NotFoundError, () => other.leads.delete(1));
    expect(sandbox.server.client().leads.get(1).tags).toEqual(['vip', 'quente']);
  });

  it('lists only the caller account', () => {
    const other = sandbox.server.client(KEYS.other).leads.listAll();
    expect(other.length).toBe(DEMO.counts.otherLeads);
    expect(other.every((lead) => lead.pipeline_id === DEMO.pipelines.other)).toBe(true);
  });

  it("another account's stage in a body is a field error", () => {
    const error = errorFrom(ValidationError, () =>
      sandbox.server.client(KEYS.other).leads.moveStage(DEMO.leads.otherFirst, {
        pipeline_id: DEMO.pipelines.vendas,
        stage_id: DEMO.stages.novo,
      }),
    );
    expect(Object.keys(error.fieldErrors).sort()).toEqual(['pipeline_id', 'stage_id']);
  });
});

describe('422: field validation, blocked, plan limit', () => {
  it('field errors come as fieldErrors, the message being the first one', () => {
    const error = errorFrom(ValidationError, () =>
      sandbox.server.client().leads.create({
        ...newLead,
        stage_id: 9999,
        custom_fields: { quantidade: 'muitos' },
      }),
    );
    expect(error.status).toBe(422);
    expect(Object.keys(error.fieldErrors).sort()).toEqual(['custom_fields.quantidade', 'stage_id']);
    const first = Object.values(error.fieldErrors)[0]?.[0] as string;
    expect(error.message.startsWith(first)).toBe(true);
    expect(error.detail).toContain('custom_fields.quantidade');
  });

  it('a blocked move: BlockedError with pending_tasks', () => {
    const error = errorFrom(BlockedError, () =>
      sandbox.server.client().leads.moveStage(DEMO.leads.blocked, {
        pipeline_id: DEMO.pipelines.vendas,
        stage_id: DEMO.stages.ganho,
      }),
    );
    expect(error.body).toMatchObject({ success: false, blocked: true });
    expect(error.pendingTasks).toEqual([
      { id: expect.any(Number), subject: 'Enviar proposta', type: 'proposal' },
    ]);
    expect(error.detail).toContain('Enviar proposta');
  });

  describe('plan lead limit', () => {
    afterEach(async () => {
      await sandbox.server.configure({ lead_limit: DEFAULT_LEAD_LIMIT });
    });

    it('creating beyond it: LimitReachedError; updates still work', async () => {
      const client = sandbox.server.client();
      const count = client.leads.list({ per_page: 1 }).meta?.total as number;
      await sandbox.server.configure({ lead_limit: count + 1 });
      expect(client.leads.create(newLead).id).toBeGreaterThan(0);

      const error = errorFrom(LimitReachedError, () => client.leads.create(newLead));
      expect(error.status).toBe(422);
      expect(error.body).toMatchObject({ success: false, limit_reached: true });
      expect(error.message).toMatch(/^Limite de leads do plano atingido/);
      errorFrom(LimitReachedError, () =>
        client.leads.upsert({ ...newLead, email: 'novo@example.com' }),
      );

      const updated = client.leads.upsert({ email: 'maria.silva@example.com.br', value: 1 });
      expect(updated).toMatchObject({ created: false, lead: { id: 1, value: 1 } });
    });
  });
});

describe('429: rate limit', () => {
  it('an injected 429: RateLimitError with retryAfterSeconds and the API message', async () => {
    await sandbox.server.fault({ kind: '429', retryAfter: 7 });
    const error = errorFrom(RateLimitError, () => sandbox.server.client().account.get());
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(7);
    expect(error.message).toBe('Limite de requisições excedido. Tente novamente em 7 segundos.');
    expect(isRetryable(error)).toBe(true);
  });

  it('a 429 HTML page from a proxy is still a RateLimitError (60 s without Retry-After)', async () => {
    await sandbox.server.fault({ kind: 'html', status: 429 });
    const error = errorFrom(RateLimitError, () => sandbox.server.client().account.get());
    expect(error.retryAfterSeconds).toBe(60);
  });

  describe('a server with a limit of 3 requests per 60 s', () => {
    let limited: ContractServer;
    beforeAll(async () => {
      limited = await startContractServer({ CRM_SANDBOX_RATE_LIMIT: '3' });
    });
    afterAll(async () => {
      await limited?.stop();
    });

    it('the 4th request is a RateLimitError; Retry-After and retry_after agree; keys count apart', () => {
      const seen: ResponseInfo[] = [];
      const client = limited.client(KEYS.admin, { onResponse: (info) => seen.push(info) });
      for (let i = 0; i < 3; i++) expect(client.account.get().id).toBe(1);
      const error = errorFrom(RateLimitError, () => client.users.list());
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
      expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(error.body).toMatchObject({ retry_after: error.retryAfterSeconds });
      expect(seen.at(-1)?.headers['retry-after']).toBe(String(error.retryAfterSeconds));
      expect(seen.map((info) => info.status)).toEqual([200, 200, 200, 429]);

      expect(limited.client(KEYS.other).account.get().id).toBe(2);
    });
  });
});

describe('5xx and unreadable answers', () => {
  it('502 from the provider: ProviderError with raw, retryable', async () => {
    const raw = { error: { message: '(#131026) Message undeliverable', code: 131026 } };
    await sandbox.server.fault({ kind: '502', raw, pathPrefix: '/leads/1/send-chatapp' });
    const error = errorFrom(ProviderError, () =>
      sandbox.server.client().leads.sendChatapp(1, { type: 'text', body: 'Oi' }),
    );
    expect(error.status).toBe(502);
    expect(error.message).toBe('Provedor retornou erro: serviço temporariamente indisponível.');
    expect(error.raw).toEqual(raw);
    expect(error.detail).toContain('131026');
    expect(isRetryable(error)).toBe(true);
  });

  it('502 with a Falha ao enviar: message keeps it verbatim', async () => {
    const message = 'Falha ao enviar: o número não está no WhatsApp.';
    await sandbox.server.fault({ kind: '502', message });
    const error = errorFrom(ProviderError, () =>
      sandbox.server.client().leads.sendChatapp(1, { type: 'text', body: 'Oi' }),
    );
    expect(error.message).toBe(message);
  });

  it('an HTML page with 502: UnexpectedResponseError, retryable', async () => {
    await sandbox.server.fault({ kind: 'html', status: 502 });
    const error = errorFrom(UnexpectedResponseError, () => sandbox.server.client().account.get());
    expect(error.status).toBe(502);
    expect(error.message).toContain('HTML page');
    expect(error.snippet).toContain('Manutenção');
    expect(isRetryable(error)).toBe(true);
  });

  it('an HTML page with 200 (a captive portal): UnexpectedResponseError, not retryable', async () => {
    await sandbox.server.fault({ kind: 'html' });
    const error = errorFrom(UnexpectedResponseError, () => sandbox.server.client().account.get());
    expect(error.status).toBe(200);
    expect(error.message).toContain('/api/v1');
    expect(isRetryable(error)).toBe(false);
  });

  it('a body cut short: UnexpectedResponseError naming it', async () => {
    await sandbox.server.fault({ kind: 'truncated' });
    const error = errorFrom(UnexpectedResponseError, () => sandbox.server.client().leads.list());
    expect(error.status).toBe(200);
    expect(error.message).toContain('not valid JSON');
    expect(error.snippet.startsWith('{')).toBe(true);
  });

  it('a dropped connection: NetworkError with status 0, never showing the key', async () => {
    await sandbox.server.fault({ kind: 'drop' });
    const error = errorFrom(NetworkError, () => sandbox.server.client().account.get());
    expect(error.status).toBe(0);
    expect(error.message).toContain('GET /account');
    expect(error.message).not.toContain(KEYS.admin);
    expect(isRetryable(error)).toBe(true);
  });

  it('a connection dropped after the work was done: the lead exists though the call failed', async () => {
    await sandbox.server.fault({ kind: 'drop', method: 'POST', afterHandler: true });
    const client = sandbox.server.client();
    errorFrom(NetworkError, () => client.leads.create({ ...newLead, name: 'Fantasma' }));
    expect(client.leads.listAll({ q: 'Fantasma' }).map((l) => l.name)).toEqual(['Fantasma']);
  });

  it('a response slower than the transport timeout: NetworkError', async () => {
    await sandbox.server.fault({ kind: 'latency', latencyMs: 1500 });
    const transport = createSyncHttpTransport({ timeoutMs: 300 });
    try {
      const client = createCrmClient({
        baseUrl: sandbox.server.baseUrl,
        apiKey: KEYS.admin,
        transport,
      });
      const error = errorFrom(NetworkError, () => client.account.get());
      expect(error.message).toContain('timeout');
    } finally {
      transport.close();
    }
  });
});

describe('Deprecation and Sunset headers', () => {
  afterEach(async () => {
    await sandbox.server.configure({ deprecation: null, sunset: null });
  });

  it('are recorded once per route in client.notices()', async () => {
    const deprecation = '@1788220800';
    const sunset = 'Tue, 01 Jun 2027 00:00:00 GMT';
    const client = sandbox.server.client();
    client.leads.get(1);
    expect(client.notices()).toEqual([]);

    await sandbox.server.configure({ deprecation, sunset });
    client.leads.get(1);
    client.leads.get(3);
    client.account.get();
    expect(client.notices()).toEqual([
      { method: 'GET', endpoint: '/leads/{id}', deprecation, sunset },
      { method: 'GET', endpoint: '/account', deprecation, sunset },
    ]);
  });

  it('come with error answers too', async () => {
    await sandbox.server.configure({ deprecation: 'true' });
    const client = sandbox.server.client();
    errorFrom(NotFoundError, () => client.leads.get(99_999));
    expect(client.notices()).toEqual([
      { method: 'GET', endpoint: '/leads/{id}', deprecation: 'true' },
    ]);
  });
});
