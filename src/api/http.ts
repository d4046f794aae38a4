import type * as z from 'zod/mini';
import { type CrmClock, clockReadingOf } from './crm-clock';
import { NetworkError, UnexpectedResponseError } from './errors';
import { describeIssues, formatPath } from './issues';
import { platformLimitOf } from './platform-error';
import { buildQuery, type QueryParams } from './query';
import {
  errorFromJson,
  errorFromResponse,
  parseJsonBody,
  type RequestContext,
  snippetOf,
  unreadableBodyError,
} from './response-errors';
import { redactApiKey } from './secrets';
import type { HttpMethod, HttpRequest, HttpResponse, Transport } from './transport';

/** What the `onResponse` hook sees of every response (never the API key). */
export interface ResponseInfo {
  method: HttpMethod;
  /** Concrete path below the base URL, without the query: `/leads/42`. */
  path: string;
  /** The route it belongs to: `/leads/{id}`. */
  endpoint: string;
  status: number;
  /** Lowercase names. */
  headers: Record<string, string>;
  durationMs: number;
}

/** A `Deprecation` / `Sunset` announcement seen on a route. */
export interface ApiNotice {
  method: HttpMethod;
  endpoint: string;
  deprecation?: string;
  sunset?: string;
  /** The `Link` header sent with it, which usually points at the migration notes. */
  link?: string;
}

export interface RequesterOptions {
  baseUrl: string;
  apiKey: string;
  transport: Transport;
  onResponse?: (info: ResponseInfo) => void;
  /** Milliseconds since the epoch; used to read a Retry-After given as a date. */
  now?: () => number;
}

export interface CallSpec<S extends z.ZodMiniType> {
  method: HttpMethod;
  /** Route template, for notices and hooks: `/leads/{id}`. */
  endpoint: string;
  /** Concrete path, segments already encoded: `/leads/42`. */
  path: string;
  query?: QueryParams;
  /** Sent as JSON when defined. */
  body?: unknown;
  schema: S;
  /** An empty 2xx body is fine (deletes): it is read as `{}`. */
  allowEmpty?: boolean;
  /** A 2xx `{success:false}` is an answer, not a failure (validate_only). */
  allowUnsuccessful?: boolean;
}

export type Call = <S extends z.ZodMiniType>(spec: CallSpec<S>) => z.output<S>;

/** One call's outcome in a batch: its value, or the error it would have thrown. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

function lowercaseHeaders(headers: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) result[name.toLowerCase()] = value;
  return result;
}

function isUnsuccessful(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    (value as { success?: unknown }).success === false
  );
}

/**
 * The one place requests are made: headers, JSON, error mapping, schema checks, notices.
 * Synchronous, and it never waits or retries: pacing belongs to the caller.
 */
export function createRequester(options: RequesterOptions) {
  const { baseUrl, apiKey, transport, onResponse } = options;
  const now = options.now ?? Date.now;
  const notices = new Map<string, ApiNotice>();
  /** The latest reading of the CRM's clock (its `Date` header): its stamps compare with ours. */
  let clock: CrmClock | undefined;

  function recordNotice(method: HttpMethod, endpoint: string, headers: Record<string, string>) {
    const deprecation = headers.deprecation;
    const sunset = headers.sunset;
    if (deprecation === undefined && sunset === undefined) return;
    const key = [method, endpoint, deprecation ?? '', sunset ?? ''].join('\n');
    if (notices.has(key)) return;
    const notice: ApiNotice = { method, endpoint };
    if (deprecation !== undefined) notice.deprecation = deprecation;
    if (sunset !== undefined) notice.sunset = sunset;
    if (headers.link !== undefined) notice.link = headers.link;
    notices.set(key, notice);
  }

  function prepare(spec: CallSpec<z.ZodMiniType>): HttpRequest {
    const headers: Record<string, string> = {
      'X-API-Key': apiKey,
      Accept: 'application/json',
    };
    const request: HttpRequest = {
      method: spec.method,
      url: `${baseUrl}${spec.path}${buildQuery(spec.query ?? {})}`,
      headers,
    };
    if (spec.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      request.body = JSON.stringify(spec.body);
    }
    return request;
  }

  function networkError(spec: CallSpec<z.ZodMiniType>, error: unknown, batchLost = false) {
    const reason = redactApiKey(error instanceof Error ? error.message : String(error), apiKey);
    return new NetworkError(
      `Could not reach the CRM (${spec.method} ${spec.path}): ${reason || 'no response'}`,
      { status: 0, method: spec.method, path: spec.path, batchLost, code: 'crmUnreachable' },
    );
  }

  /** Normalises a raw response and tells the hooks about it. */
  function receive(spec: CallSpec<z.ZodMiniType>, raw: HttpResponse, started: number) {
    const response: HttpResponse = {
      status: raw.status,
      headers: lowercaseHeaders(raw.headers ?? {}),
      body: redactApiKey(typeof raw.body === 'string' ? raw.body : '', apiKey),
    };
    recordNotice(spec.method, spec.endpoint, response.headers);
    clock = clockReadingOf(response.headers, started, now()) ?? clock;
    if (onResponse) {
      try {
        onResponse({
          method: spec.method,
          path: spec.path,
          endpoint: spec.endpoint,
          status: response.status,
          headers: response.headers,
          durationMs: now() - started,
        });
      } catch {
        // A failing counter must not turn a request that did its work (a send) into a failure.
      }
    }
    return response;
  }

  /** The typed value of a response, or the typed error it stands for (thrown). */
  function interpret<S extends z.ZodMiniType>(
    spec: CallSpec<S>,
    response: HttpResponse,
  ): z.output<S> {
    const context: RequestContext = { method: spec.method, path: spec.path };
    if (response.status < 200 || response.status >= 300) {
      throw errorFromResponse(response, context, now());
    }
    const parsed = parseJsonBody(response.body);
    let value: unknown;
    if (parsed.kind === 'json') value = parsed.value;
    else if (parsed.kind === 'empty' && spec.allowEmpty) value = {};
    else throw unreadableBodyError(response, context, parsed.kind);

    if (isUnsuccessful(value) && !spec.allowUnsuccessful) {
      throw errorFromJson(response, value, context, now());
    }
    const result = spec.schema.safeParse(value);
    if (result.success) return result.data;
    const first = result.error.issues[0];
    throw new UnexpectedResponseError(
      `The CRM answered ${response.status} to ${spec.method} ${spec.path} with an unexpected shape: ${describeIssues(result.error.issues, value)}`,
      {
        status: response.status,
        body: value,
        method: spec.method,
        path: spec.path,
        snippet: snippetOf(response.body),
        issuePath: first ? formatPath(first.path) : undefined,
        code: 'crmFailed',
      },
    );
  }

  const call: Call = (spec) => {
    const request = prepare(spec);
    const started = now();
    let raw: HttpResponse;
    try {
      raw = transport.send(request);
    } catch (error) {
      // A quota or allow-list refusal sent nothing: it must not pass for a network failure.
      if (platformLimitOf(error) !== undefined) throw error;
      throw networkError(spec, error);
    }
    return interpret(spec, receive(spec, raw, started));
  };

  /**
   * Sends every spec at once (Transport.sendAll, else one by one) and settles each: its typed
   * value or its typed error, in order. When the batch as a whole got no answer, every spec
   * settles with a NetworkError whose `batchLost` says that any of them may have arrived.
   */
  function callAll(specs: readonly CallSpec<z.ZodMiniType>[]): Settled<unknown>[] {
    if (specs.length === 0) return [];
    const requests = specs.map(prepare);
    const started = now();
    let raws: (HttpResponse | { error: unknown })[];
    if (transport.sendAll) {
      try {
        raws = transport.sendAll(requests);
      } catch (error) {
        // Refused before anything left (a quota): every spec gets that refusal, not a lost batch.
        const refused = platformLimitOf(error) !== undefined;
        return specs.map((spec) => ({
          ok: false,
          error: refused ? error : networkError(spec, error, true),
        }));
      }
    } else {
      raws = requests.map((request) => {
        try {
          return transport.send(request);
        } catch (error) {
          return { error };
        }
      });
    }
    return specs.map((spec, index): Settled<unknown> => {
      const raw = raws[index];
      if (raw === undefined || 'error' in raw) {
        const refusal = raw !== undefined && platformLimitOf(raw.error) !== undefined;
        return {
          ok: false,
          error: refusal ? raw.error : networkError(spec, raw?.error ?? 'no response'),
        };
      }
      try {
        return { ok: true, value: interpret(spec, receive(spec, raw, started)) };
      } catch (error) {
        return { ok: false, error };
      }
    });
  }

  return {
    call,
    callAll,
    /** Distinct deprecation notices seen so far, oldest first. */
    notices: (): ApiNotice[] => [...notices.values()].map((notice) => ({ ...notice })),
    /** The CRM's clock as the latest response with a `Date` header told it; undefined before. */
    clock: (): CrmClock | undefined => (clock ? { ...clock } : undefined),
  };
}
