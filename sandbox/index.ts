import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { type AdminConfig, handleAdmin } from './admin';
import { ALL_SCOPES, authenticate, hashKey, keyPrefix, requireScope } from './auth';
import { DEMO_KEYS, type SeedKind, seedState } from './demo-data';
import { type ArmedFault, FaultQueue, type FaultSpec } from './faults';
import { HttpError, jsonHeaders, type RouteResult } from './http';
import { RateLimiter } from './rate-limit';
import { matchRoute, Query, type Route } from './router';
import { automationRoutes } from './routes/automations';
import { chatbotRoutes } from './routes/chatbots';
import { leadActionRoutes } from './routes/lead-actions';
import { leadRoutes } from './routes/leads';
import { messagingRoutes, recordInbound } from './routes/messaging';
import { pipelineRoutes } from './routes/pipelines';
import { referenceRoutes } from './routes/reference';
import { taskRoutes } from './routes/tasks';
import { iso, type LeadListOrder, Store } from './store';
import type { SandboxRequest, SandboxResponse, SandboxState, Scope } from './types';

export { DEMO, DEMO_KEYS, DEMO_NOW } from './demo-data';
export type { ArmedFault, FaultKind, FaultSpec } from './faults';
export { LEAD_LIST_ORDERS, type LeadListOrder } from './store';
export type { SandboxRequest, SandboxResponse, SandboxState, Scope } from './types';

export const API_BASE_PATH = '/api/v1';
const MAX_LOGGED_REQUESTS = 10_000;

export const ROUTES: readonly Route[] = [
  ...leadRoutes,
  ...leadActionRoutes,
  ...messagingRoutes,
  ...pipelineRoutes,
  ...referenceRoutes,
  ...automationRoutes,
  ...taskRoutes,
  ...chatbotRoutes,
];

export interface SandboxOptions {
  /** Milliseconds since the epoch; drives timestamps, the rate-limit window and the 24-hour window. */
  now?: () => number;
  /** Requests per 60 s per key (default 60, or CRM_SANDBOX_RATE_LIMIT in main.ts). */
  rateLimitPerMinute?: number;
  seed?: SeedKind;
  /** Plan lead limit of the demo account (default 1000). */
  leadLimit?: number;
  /** Loaded at creation when the file exists (else the seed is used). */
  stateFile?: string;
  /** The order of GET /leads (default `newest`; `configure` changes it). */
  leadListOrder?: LeadListOrder;
  /**
   * How far the CRM's clock is ahead of `now` (ms, negative when behind; default 0): its
   * timestamps and its `Date` header use it, as a CRM whose clock is off from the caller's.
   */
  clockSkewMs?: number;
}

export interface RequestLogEntry {
  method: string;
  /** Path and query as received. */
  path: string;
  status: number;
  /** First 12 characters of the key sent, or null. */
  keyPrefix: string | null;
  accountId: number | null;
  /** Sandbox clock, ms. */
  at: number;
  time: string;
  /** Set when an injected fault shaped the answer. */
  fault?: string;
}

export interface Sandbox {
  handle(request: SandboxRequest): SandboxResponse;
  /** Back to the seed; also clears faults, the request log, rate windows and the clock offset. */
  reset(options?: { seed?: SeedKind }): void;
  faults: {
    add(spec: FaultSpec): ArmedFault;
    list(): ArmedFault[];
    clear(): void;
    /** The key answers 401 `API Key inválida.` from now on; false when no such key exists. */
    revokeKey(key: string): boolean;
  };
  /** Live state, for tests to read (mutating it bypasses the rules). */
  readonly state: SandboxState;
  /** A copy of the request log, oldest first. */
  requests(): RequestLogEntry[];
  clearRequests(): void;
  clock: { now(): number; advance(ms: number): void };
  configure(config: AdminConfig): void;
  /** A new key for an account (all scopes unless given); returns the plain key, which is stored only as a hash. */
  createApiKey(options: { accountId: number; scopes?: Scope[]; name?: string }): string;
  /** The contact writes to the number: opens or renews the 24-hour window. Defaults to the account's cloud number. */
  simulateInbound(
    leadId: number,
    instanceId?: number,
    body?: string,
  ): { conversation_id: number; message_id: number };
  snapshot(): SandboxState;
  save(file: string): void;
  load(file: string): void;
}

interface StateFile {
  format: 'crm-sandbox-state';
  version: 1;
  state: SandboxState;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const baseNow = options.now ?? Date.now;
  let clockOffset = 0;
  let clockSkewMs = options.clockSkewMs ?? 0;
  const now = () => baseNow() + clockOffset + clockSkewMs;
  let seed: SeedKind = options.seed ?? 'demo';
  let leadLimit = options.leadLimit;
  let leadListOrder: LeadListOrder = options.leadListOrder ?? 'newest';
  const limiter = new RateLimiter(options.rateLimitPerMinute ?? 60);
  const faultQueue = new FaultQueue();
  let log: RequestLogEntry[] = [];
  let headersConfig: { deprecation: string | null; sunset: string | null } = {
    deprecation: null,
    sunset: null,
  };
  let store = new Store(
    seedState({ now: now(), seed, ...(leadLimit !== undefined ? { leadLimit } : {}) }),
    leadListOrder,
  );
  if (options.stateFile && existsSync(options.stateFile))
    store = new Store(readStateFile(options.stateFile), leadListOrder);

  const sandbox: Sandbox = {
    handle(request) {
      const at = now();
      const url = new URL(request.path, 'http://sandbox.local');
      const headers = lowercaseKeys(request.headers);
      const method = request.method.toUpperCase();
      const entry: RequestLogEntry = {
        method,
        path: request.path,
        status: 0,
        keyPrefix: headers['x-api-key'] ? keyPrefix(headers['x-api-key']) : null,
        accountId: null,
        at,
        time: iso(at),
      };

      if (url.pathname === '/__admin' || url.pathname.startsWith('/__admin/')) {
        const parsed = parseBody(request.body);
        const result = parsed.ok
          ? runSafely(() => handleAdmin(sandbox, method, url.pathname, parsed.value))
          : parsed.error;
        return toResponse(result);
      }

      // Segment by segment: /api/v1leads is not /api/v1/leads.
      const apiPath =
        url.pathname === API_BASE_PATH || url.pathname.startsWith(`${API_BASE_PATH}/`)
          ? url.pathname.slice(API_BASE_PATH.length) || '/'
          : undefined;
      const decision = apiPath === undefined ? { latencyMs: 0 } : faultQueue.take(method, apiPath);
      const fault = decision.fault;
      let response: SandboxResponse;
      if (fault && !(fault.kind === 'truncated' || (fault.kind === 'drop' && fault.afterHandler))) {
        response = faultResponse(fault);
        entry.fault = fault.kind;
      } else {
        const result =
          apiPath === undefined
            ? {
                status: 404,
                body: {
                  success: false,
                  message: `Rota não encontrada. A API fica em ${API_BASE_PATH}.`,
                },
              }
            : runSafely(() =>
                handleApi(method, apiPath, url.searchParams, headers, request.body, at, entry),
              );
        response = toResponse(result);
        if (fault?.kind === 'truncated') {
          response.body = response.body.slice(0, Math.max(1, Math.floor(response.body.length / 2)));
          entry.fault = fault.kind;
        } else if (fault?.kind === 'drop') {
          response = { status: 0, headers: {}, body: '', drop: true };
          entry.fault = fault.kind;
        }
      }
      if (decision.latencyMs > 0) response.delayMs = decision.latencyMs;
      entry.status = response.drop ? 0 : response.status;
      if (apiPath !== undefined) {
        log.push(entry);
        if (log.length > MAX_LOGGED_REQUESTS) log = log.slice(-MAX_LOGGED_REQUESTS);
      }
      return response;
    },
    reset(resetOptions = {}) {
      seed = resetOptions.seed ?? seed;
      clockOffset = 0;
      store = new Store(
        seedState({ now: now(), seed, ...(leadLimit !== undefined ? { leadLimit } : {}) }),
        leadListOrder,
      );
      limiter.reset();
      faultQueue.clear();
      log = [];
    },
    faults: {
      add: (spec) => faultQueue.add(spec),
      list: () => faultQueue.list(),
      clear: () => faultQueue.clear(),
      revokeKey(key) {
        const row = store.state.apiKeys.find((k) => k.hash === hashKey(key));
        if (!row) return false;
        row.revoked_at = iso(now());
        return true;
      },
    },
    get state() {
      return store.state;
    },
    requests: () => log.map((e) => ({ ...e })),
    clearRequests() {
      log = [];
    },
    clock: {
      now,
      advance(ms) {
        if (!(ms >= 0)) throw new Error(`clock.advance needs ms >= 0 (got ${ms})`);
        clockOffset += ms;
      },
    },
    configure(config) {
      if (config.rateLimitPerMinute !== undefined) limiter.limit = config.rateLimitPerMinute;
      if (config.leadListOrder !== undefined) {
        leadListOrder = config.leadListOrder;
        store.leadListOrder = leadListOrder;
      }
      if (config.leadLimit !== undefined) {
        leadLimit = config.leadLimit;
        const account = store.account(1);
        if (account) account.lead_limit = config.leadLimit;
      }
      if (config.deprecation !== undefined)
        headersConfig = { ...headersConfig, deprecation: config.deprecation };
      if (config.sunset !== undefined) headersConfig = { ...headersConfig, sunset: config.sunset };
      if (config.clockSkewMs !== undefined) clockSkewMs = config.clockSkewMs;
    },
    createApiKey({ accountId, scopes, name }) {
      if (!store.account(accountId)) throw new Error(`No account ${accountId}.`);
      const id = store.nextId('apiKeys');
      const key = `crm_${createHash('sha256').update(`sandbox-key:${id}:${accountId}`).digest('hex').slice(0, 32)}`;
      const owner = store.state.users.find((u) => u.account_id === accountId && u.role === 'admin');
      store.state.apiKeys.push({
        id,
        account_id: accountId,
        user_id: owner?.id ?? null,
        name: name ?? `key-${id}`,
        prefix: keyPrefix(key),
        hash: hashKey(key),
        scopes: [...(scopes ?? ALL_SCOPES)],
        created_at: iso(now()),
        expires_at: null,
        revoked_at: null,
      });
      return key;
    },
    simulateInbound(leadId, instanceId, body = 'Oi, tudo bem?') {
      const lead = store.state.leads.find((l) => l.id === leadId);
      if (!lead) throw new Error(`No lead ${leadId}.`);
      if (lead.phone === null) throw new Error(`Lead ${leadId} has no phone.`);
      const accountInstances = store.state.instances.filter(
        (i) => i.account_id === lead.account_id,
      );
      const instance =
        instanceId === undefined
          ? (accountInstances.find((i) => i.provider === 'cloud_api') ?? accountInstances[0])
          : accountInstances.find((i) => i.id === instanceId);
      if (!instance)
        throw new Error(`No instance ${instanceId ?? '(cloud_api)'} in the lead's account.`);
      const { conversation, message } = recordInbound(store, lead, instance, body, now());
      return { conversation_id: conversation.id, message_id: message.id };
    },
    snapshot: () => structuredClone(store.state),
    save(file) {
      const content: StateFile = { format: 'crm-sandbox-state', version: 1, state: store.state };
      writeFileSync(file, `${JSON.stringify(content)}\n`, 'utf8');
    },
    load(file) {
      store = new Store(readStateFile(file), leadListOrder);
      limiter.reset();
    },
  };

  function handleApi(
    method: string,
    apiPath: string,
    params: URLSearchParams,
    headers: Record<string, string>,
    rawBody: string | undefined,
    at: number,
    entry: RequestLogEntry,
  ): RouteResult {
    const caller = authenticate(store.state, headers['x-api-key'], at);
    entry.accountId = caller.account.id;
    const rate = limiter.hit(`key:${caller.key.id}`, at);
    const rateHeaders = {
      'x-ratelimit-limit': String(rate.limit),
      'x-ratelimit-remaining': String(rate.remaining),
    };
    if (!rate.allowed) {
      throw new HttpError(
        429,
        {
          message: `Limite de requisições excedido. Tente novamente em ${rate.retryAfterSeconds} segundos.`,
          retry_after: rate.retryAfterSeconds,
        },
        { ...rateHeaders, 'retry-after': String(rate.retryAfterSeconds) },
      );
    }
    try {
      const match = matchRoute(ROUTES, method, apiPath);
      if (match.kind === 'not_found') {
        throw new HttpError(404, {
          success: false,
          message: `Rota não encontrada: ${method} ${API_BASE_PATH}${apiPath}.`,
        });
      }
      if (match.kind === 'method_not_allowed') {
        throw new HttpError(
          405,
          {
            success: false,
            message: `Método ${method} não permitido em ${API_BASE_PATH}${apiPath}. Use: ${match.allowed.join(', ')}.`,
          },
          { allow: match.allowed.join(', ') },
        );
      }
      requireScope(caller, match.route.scope);
      const parsed = parseBody(rawBody);
      if (!parsed.ok)
        throw new HttpError(parsed.error.status, parsed.error.body as Record<string, unknown>);
      const result = match.route.handler({
        store,
        caller,
        account: caller.account,
        key: caller.key,
        params: match.params,
        query: new Query(params),
        body: parsed.value,
        hasBody: rawBody !== undefined && rawBody.trim() !== '',
        now: at,
        nowIso: iso(at),
      });
      return { ...result, headers: { ...rateHeaders, ...result.headers } };
    } catch (error) {
      if (error instanceof HttpError)
        throw new HttpError(error.status, error.body, { ...rateHeaders, ...error.headers });
      throw error;
    }
  }

  function toResponse(result: RouteResult): SandboxResponse {
    const headers: Record<string, string> = {
      ...jsonHeaders(),
      // Every HTTP server with a clock sends one (RFC 9110 §6.6.1); the add-on reads the CRM's
      // clock from it. The sandbox's own clock, skew included.
      date: new Date(now()).toUTCString(),
      ...lowercaseKeys(result.headers ?? {}),
    };
    if (headersConfig.deprecation !== null) headers.deprecation = headersConfig.deprecation;
    if (headersConfig.sunset !== null) headers.sunset = headersConfig.sunset;
    return { status: result.status, headers, body: JSON.stringify(result.body) };
  }

  return sandbox;
}

/** Keys as documented; exported for the CLI banner. */
export const DEMO_KEY_LIST = Object.entries(DEMO_KEYS);

function faultResponse(fault: ArmedFault): SandboxResponse {
  switch (fault.kind) {
    case '429': {
      const seconds = fault.retryAfter ?? 5;
      return {
        status: 429,
        headers: { ...jsonHeaders(), 'retry-after': String(seconds) },
        body: JSON.stringify({
          message: `Limite de requisições excedido. Tente novamente em ${seconds} segundos.`,
          retry_after: seconds,
        }),
      };
    }
    case '502':
      return {
        status: 502,
        headers: jsonHeaders(),
        body: JSON.stringify({
          success: false,
          message: fault.message ?? 'Provedor retornou erro: serviço temporariamente indisponível.',
          raw: fault.raw ?? {
            error: {
              message: '(#131000) Something went wrong',
              type: 'OAuthException',
              code: 131000,
              fbtrace_id: 'AbCdEfSandbox',
            },
          },
        }),
      };
    case 'html':
      return {
        status: fault.status ?? 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: '<!DOCTYPE html><html><head><title>Manutenção</title></head><body><h1>Estamos em manutenção</h1><p>Voltamos em instantes.</p></body></html>',
      };
    default:
      return { status: 0, headers: {}, body: '', drop: true };
  }
}

function runSafely(run: () => RouteResult): RouteResult {
  try {
    return run();
  } catch (error) {
    if (error instanceof HttpError)
      return { status: error.status, body: error.body, headers: error.headers };
    return {
      status: 500,
      body: {
        success: false,
        message: `Erro interno do sandbox: ${(error as Error).message ?? String(error)}`,
      },
    };
  }
}

function parseBody(
  raw: string | undefined,
): { ok: true; value: unknown } | { ok: false; error: RouteResult } {
  if (raw === undefined || raw.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return {
      ok: false,
      error: {
        status: 400,
        body: { success: false, message: 'O corpo da requisição não é um JSON válido.' },
      },
    };
  }
}

function lowercaseKeys(record: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) out[key.toLowerCase()] = value;
  return out;
}

function readStateFile(file: string): SandboxState {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<StateFile>;
  if (
    parsed.format !== 'crm-sandbox-state' ||
    parsed.version !== 1 ||
    typeof parsed.state !== 'object' ||
    parsed.state === null
  ) {
    throw new Error(
      `${file} is not a CRM sandbox state file (expected {"format":"crm-sandbox-state","version":1,"state":{...}}).`,
    );
  }
  const state = parsed.state;
  for (const table of ['accounts', 'apiKeys', 'users', 'pipelines', 'stages', 'leads'] as const) {
    if (!Array.isArray(state[table])) throw new Error(`${file}: state.${table} must be an array.`);
  }
  return state;
}
