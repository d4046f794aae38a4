import type * as z from 'zod/mini';
import { normalizeBaseUrl } from './base-url';
import type { CrmClock } from './crm-clock';
import { InvalidInputError } from './errors';
import {
  type ApiNotice,
  type Call,
  type CallSpec,
  createRequester,
  type ResponseInfo,
  type Settled,
} from './http';
import { automationsApi } from './resources/automations';
import { catalogApi } from './resources/catalog';
import { leadsApi } from './resources/leads';
import { pipelinesApi } from './resources/pipelines';
import { checkApiKey } from './secrets';
import type { Transport } from './transport';

export interface CrmClientOptions {
  /** Must end in /api/v1; https only, except for localhost / 127.0.0.1 (the sandbox). */
  baseUrl: string;
  apiKey: string;
  transport: Transport;
  /** Sees every response (status, headers, timing): the add-on counts requests with it. */
  onResponse?: (info: ResponseInfo) => void;
  /** Milliseconds since the epoch, for Retry-After dates. Default Date.now. */
  now?: () => number;
}

/**
 * A typed, synchronous client for the CRM REST API v1: one method per endpoint. It never
 * waits or retries (pacing and retries belong to the job engine): a 429 throws RateLimitError
 * with the seconds to wait, and every other failure throws a CrmError subclass.
 */
export function createCrmClient(options: CrmClientOptions) {
  if (options === null || typeof options !== 'object') {
    throw new InvalidInputError('createCrmClient needs { baseUrl, apiKey, transport }.', 'bug');
  }
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const apiKey = checkApiKey(options.apiKey);
  if (typeof options.transport?.send !== 'function') {
    throw new InvalidInputError(
      'createCrmClient: transport must have a send(request) method.',
      'bug',
    );
  }
  const requester = createRequester({
    baseUrl,
    apiKey,
    transport: options.transport,
    onResponse: options.onResponse,
    now: options.now,
  });
  const api = resourcesOver(requester.call);
  return {
    /** The normalised base URL requests go to. */
    baseUrl,
    ...api,
    /**
     * Makes several calls at once: `client.all([c => c.leads.upsert(a), c => c.leads.list(q)])`.
     * Their requests leave together (UrlFetchApp.fetchAll), so a batch costs about one request's
     * latency; each call settles as its value or the typed error it would have thrown, in
     * order. Each call must make one request or none (one that throws before its request, on
     * bad input, settles as that error and sends nothing). No pacing here: the caller takes
     * the rate-limit slots first.
     */
    all<T>(calls: ReadonlyArray<(api: CrmApi) => T>): Settled<T>[] {
      const planned = calls.map((fn) => captureRequest(fn));
      const specs = planned.flatMap((plan) => ('spec' in plan ? [plan.spec] : []));
      const answers = requester.callAll(specs);
      let next = 0;
      return planned.map((plan, index): Settled<T> => {
        if (!('spec' in plan)) return plan.settled;
        const answer = answers[next++] as Settled<unknown>;
        const fn = calls[index] as (api: CrmApi) => T;
        return replay(fn, answer);
      });
    },
    /** Distinct Deprecation / Sunset announcements seen by this client. */
    notices: (): ApiNotice[] => requester.notices(),
    /**
     * The CRM's clock against ours, from the latest response's `Date` header (undefined until
     * one came): compare the CRM's timestamps with times of ours through it (core/crm-time.ts).
     */
    crmClock: (): CrmClock | undefined => requester.clock(),
  };
}

/** Every endpoint's method, over one way of making a call. */
function resourcesOver(call: Call) {
  const catalog = catalogApi(call);
  return {
    leads: leadsApi(call),
    pipelines: pipelinesApi(call),
    automations: automationsApi(call),
    customFields: catalog.customFields,
    sequences: catalog.sequences,
    account: catalog.account,
    users: catalog.users,
    chatapp: catalog.chatapp,
    tasks: catalog.tasks,
  };
}

/** The endpoints' methods: what a call given to `client.all` receives. */
export type CrmApi = ReturnType<typeof resourcesOver>;

/** Thrown by the capturing call to stop a call at its request. */
const CAPTURED: unique symbol = Symbol('captured request');

/**
 * Runs `fn` up to its request and keeps that request's spec; a call that finishes or fails
 * before making a request is settled there and then.
 */
function captureRequest<T>(
  fn: (api: CrmApi) => T,
): { spec: CallSpec<z.ZodMiniType> } | { settled: Settled<T> } {
  let spec: CallSpec<z.ZodMiniType> | undefined;
  const capture = ((requested: CallSpec<z.ZodMiniType>) => {
    spec = requested;
    throw CAPTURED;
  }) as Call;
  try {
    return { settled: { ok: true, value: fn(resourcesOver(capture)) } };
  } catch (error) {
    if (error === CAPTURED && spec) return { spec };
    return { settled: { ok: false, error } };
  }
}

/** Runs `fn` again, its request answered by the batch's answer, so its own parsing applies. */
function replay<T>(fn: (api: CrmApi) => T, answer: Settled<unknown>): Settled<T> {
  let answered = false;
  const answering = ((_spec: CallSpec<z.ZodMiniType>) => {
    if (answered) {
      throw new InvalidInputError(
        'client.all: a call made more than one request; make it on its own.',
        'bug',
      );
    }
    answered = true;
    if (!answer.ok) throw answer.error;
    return answer.value;
  }) as Call;
  try {
    return { ok: true, value: fn(resourcesOver(answering)) };
  } catch (error) {
    return { ok: false, error };
  }
}

export type CrmClient = ReturnType<typeof createCrmClient>;
