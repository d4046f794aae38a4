import type { HttpMethod, HttpRequest, HttpResponse } from '../../src/api/transport';
import { SCOPES } from './consent';
import type { FetchTiming } from './costs';
import { type ExecutionEnv, gated } from './execution';
import { readBlob, toSignedBytes } from './utilities';

/**
 * UrlFetchApp with the documented option semantics
 * (https://developers.google.com/apps-script/reference/url-fetch/url-fetch-app#fetch(String,Object)):
 * method (default get), payload (an object is form-encoded), contentType (default
 * application/x-www-form-urlencoded when there is a payload), headers,
 * muteHttpExceptions (otherwise status >= 400 throws), and an exception when no
 * response arrives. Request header names are sent lowercase.
 */
export interface FetchOutcome {
  response?: HttpResponse;
  /** Set when no response arrived (refused, reset, DNS, timeout, dropped). */
  error?: string;
  /** Simulated time the exchange took, on top of the cost model's latency. */
  delayMs: number;
  /**
   * Apps Script refused the call before it left (a quota or the URL allow-list): the script
   * gets an exception with exactly this message, and nothing is sent or logged.
   */
  refusal?: string;
}

export interface RequestLogEntry {
  executionId: number;
  method: HttpMethod;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status: number | null;
  error?: string;
  /** Clock time at which the request was sent. */
  time: number;
  /**
   * Clock time at which it reached the server: the instant the server counts it at (a rate
   * limit counts on arrival). The in-process server is called at this instant.
   */
  arrivedAt: number;
  /** From sending to the answer (or to the failure). */
  durationMs: number;
}

export interface FetchHost {
  send(request: HttpRequest): FetchOutcome;
  log(entry: RequestLogEntry): void;
  /** The next request's latency and arrival instant, from the cost model. */
  nextFetch(): FetchTiming;
  /** Counts `n` requests against the daily quota; the quota message when they do not fit. */
  takeQuota(n: number): string | undefined;
}

const METHODS: Record<string, HttpMethod> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
};
export const USER_AGENT = 'Mozilla/5.0 (compatible; Google-Apps-Script)';

/** application/x-www-form-urlencoded, as Java's URLEncoder writes it (space as '+'). */
export function formEncode(payload: Record<string, unknown>): string {
  const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return Object.entries(payload)
    .map(
      ([key, value]) =>
        `${encode(key)}=${encode(value === null || value === undefined ? '' : String(value))}`,
    )
    .join('&');
}

interface PreparedRequest {
  request: HttpRequest;
  muteHttpExceptions: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function createUrlFetchApp(env: ExecutionEnv, host: FetchHost): unknown {
  const { realm } = env;

  const prepare = (url: unknown, params: unknown): PreparedRequest => {
    if (env.exec.authMode === 'NONE' || env.exec.authMode === 'LIMITED') {
      env.fail(
        `You do not have permission to call UrlFetchApp.fetch. Simple triggers (AuthMode.${env.exec.authMode}) cannot use services that need authorization.`,
      );
    }
    if (typeof url !== 'string' || !/^https?:\/\/[^/\s]+/i.test(url)) {
      return env.fail(`Invalid argument: ${String(url)}`);
    }
    const options = (params ?? {}) as Record<string, unknown>;
    if (!isPlainObject(options))
      env.fail('UrlFetchApp.fetch(url, params): params must be an object.');
    const methodName = String(options.method ?? 'get').toLowerCase();
    const method = METHODS[methodName];
    if (!method)
      env.fail(
        `Invalid argument: method (${String(options.method)}); use get, post, put, patch or delete.`,
      );
    const headers: Record<string, string> = { 'user-agent': USER_AGENT };
    if (options.headers !== undefined) {
      if (!isPlainObject(options.headers))
        env.fail('UrlFetchApp.fetch: headers must be an object of header names to values.');
      for (const [name, value] of Object.entries(options.headers as Record<string, unknown>)) {
        headers[name.toLowerCase()] = String(value);
      }
    }
    let body: string | undefined;
    const payload = options.payload;
    if (payload !== undefined && payload !== null) {
      const blob = readBlob(payload);
      if (typeof payload === 'string') body = payload;
      else if (blob) {
        body = blob.bytes.toString('utf8');
        if (blob.contentType && options.contentType === undefined)
          headers['content-type'] = blob.contentType;
      } else if (Array.isArray(payload))
        body = Buffer.from((payload as number[]).map((b) => b & 0xff)).toString('latin1');
      else if (isPlainObject(payload)) body = formEncode(payload);
      else body = String(payload);
      if (headers['content-type'] === undefined)
        headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    if (options.contentType !== undefined) headers['content-type'] = String(options.contentType);
    const request: HttpRequest = { method, url, headers };
    if (body !== undefined) request.body = body;
    return { request, muteHttpExceptions: options.muteHttpExceptions === true };
  };

  const responseObject = (response: HttpResponse): unknown => {
    const headersObject = () => {
      const out = realm.object();
      for (const [k, v] of Object.entries(response.headers)) out[k] = v;
      return out;
    };
    return gated(env, 'HTTPResponse', 'UrlFetchApp', 0, {
      getResponseCode: () => response.status,
      getContentText: () => response.body,
      getContent: () => realm.array(toSignedBytes(Buffer.from(response.body, 'utf8'))),
      getHeaders: headersObject,
      getAllHeaders: headersObject,
      getBlob: () => {
        const type = response.headers['content-type'] ?? null;
        return gated(env, 'Blob', 'UrlFetchApp', 0, {
          getDataAsString: () => response.body,
          getBytes: () => realm.array(toSignedBytes(Buffer.from(response.body, 'utf8'))),
          getContentType: () => type,
        });
      },
    });
  };

  interface Exchange {
    prepared: PreparedRequest;
    timing: FetchTiming;
    outcome?: FetchOutcome;
    /** When the answer (or the failure) is back, relative to sending. */
    doneMs?: number;
  }

  /**
   * Delivers the request to the server at its arrival instant: the clock is moved there first,
   * so the server (sharing the clock) sees the request when it arrives, not when it was sent.
   */
  const deliver = (exchange: Exchange, sentAt: number): void => {
    const arriveAt = sentAt + exchange.timing.arrivalMs;
    if (arriveAt > env.clock.now()) env.clock.advance(arriveAt - env.clock.now());
    let outcome: FetchOutcome;
    try {
      outcome = host.send(exchange.prepared.request);
    } catch (error) {
      outcome = { error: (error as Error).message, delayMs: 0 };
    }
    exchange.outcome = outcome;
    if (outcome.refusal !== undefined) {
      // Refused before it left: nothing reached the server, nothing is logged.
      exchange.doneMs = 0;
      return;
    }
    exchange.doneMs = exchange.timing.latencyMs + Math.max(0, outcome.delayMs);
    const { request } = exchange.prepared;
    const entry: RequestLogEntry = {
      executionId: env.exec.id,
      method: request.method,
      url: request.url,
      requestHeaders: request.headers,
      status: outcome.response?.status ?? null,
      time: sentAt,
      arrivedAt: arriveAt,
      durationMs: exchange.doneMs,
    };
    if (request.body !== undefined) entry.requestBody = request.body;
    if (outcome.error !== undefined) entry.error = outcome.error;
    host.log(entry);
  };

  /** The response object of a delivered exchange, or the exception to throw. */
  const settle = (exchange: Exchange): { result?: unknown; error?: Error } => {
    const { request } = exchange.prepared;
    const outcome = exchange.outcome as FetchOutcome;
    if (outcome.refusal !== undefined) return { error: realm.error(outcome.refusal) };
    if (!outcome.response) {
      const timedOut = /timeout|timed out/i.test(outcome.error ?? '');
      return {
        error: realm.error(`${timedOut ? 'Timeout' : 'Address unavailable'}: ${request.url}`),
      };
    }
    const response = outcome.response;
    if (response.status >= 400 && !exchange.prepared.muteHttpExceptions) {
      const excerpt =
        response.body.length > 200 ? `${response.body.slice(0, 200)}...` : response.body;
      return {
        error: realm.error(
          `Request failed for ${request.url} returned code ${response.status}. Truncated server response: ${excerpt} (use muteHttpExceptions option to examine full response)`,
        ),
      };
    }
    return { result: responseObject(response) };
  };

  /**
   * Sends the requests together, as fetchAll does: each reaches the server at its own instant
   * (in arrival order), and the call returns when the slowest answer is back.
   */
  const exchangeAll = (prepared: PreparedRequest[]): Array<{ result?: unknown; error?: Error }> => {
    const refused = host.takeQuota(prepared.length);
    if (refused) env.fail(refused);
    const sentAt = env.clock.now();
    const exchanges: Exchange[] = prepared.map((p) => ({ prepared: p, timing: host.nextFetch() }));
    const byArrival = [...exchanges].sort((a, b) => a.timing.arrivalMs - b.timing.arrivalMs);
    for (const exchange of byArrival) deliver(exchange, sentAt);
    const doneAt = sentAt + Math.max(0, ...exchanges.map((e) => e.doneMs ?? 0));
    if (doneAt > env.clock.now()) env.clock.advance(doneAt - env.clock.now());
    return exchanges.map(settle);
  };

  const describe = (prepared: PreparedRequest) => {
    const out = realm.object();
    out.url = prepared.request.url;
    out.method = prepared.request.method.toLowerCase();
    out.headers = realm.toRealm(prepared.request.headers);
    out.payload = prepared.request.body ?? '';
    out.contentType = prepared.request.headers['content-type'] ?? null;
    out.muteHttpExceptions = prepared.muteHttpExceptions;
    return out;
  };

  return gated(env, 'UrlFetchApp', 'UrlFetchApp', 0, {
    fetch: (url: unknown, params?: unknown) => {
      env.requireScope('UrlFetchApp.fetch', [SCOPES.externalRequest]);
      const [outcome] = exchangeAll([prepare(url, params)]);
      if (outcome?.error) throw outcome.error;
      return outcome?.result;
    },
    fetchAll: (requests: unknown) => {
      env.requireScope('UrlFetchApp.fetchAll', [SCOPES.externalRequest]);
      if (!Array.isArray(requests))
        env.fail('UrlFetchApp.fetchAll(requests): pass an array of URLs or request objects.');
      const prepared = (requests as unknown[]).map((r) =>
        typeof r === 'string' ? prepare(r, {}) : prepare((r as { url?: unknown })?.url, r),
      );
      // Apps Script sends these in parallel: the batch costs as long as its slowest request.
      const outcomes = exchangeAll(prepared);
      const failed = outcomes.find((o) => o.error);
      if (failed?.error) throw failed.error;
      return realm.array(outcomes.map((o) => o.result));
    },
    getRequest: (url: unknown, params?: unknown) => describe(prepare(url, params)),
  });
}
