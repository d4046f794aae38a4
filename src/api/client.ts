import { normalizeBaseUrl } from './base-url';
import { InvalidInputError } from './errors';
import { type ApiNotice, createRequester, type ResponseInfo } from './http';
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
    throw new InvalidInputError('createCrmClient needs { baseUrl, apiKey, transport }.');
  }
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const apiKey = checkApiKey(options.apiKey);
  if (typeof options.transport?.send !== 'function') {
    throw new InvalidInputError('createCrmClient: transport must have a send(request) method.');
  }
  const requester = createRequester({
    baseUrl,
    apiKey,
    transport: options.transport,
    onResponse: options.onResponse,
    now: options.now,
  });
  const catalog = catalogApi(requester.call);
  return {
    /** The normalised base URL requests go to. */
    baseUrl,
    leads: leadsApi(requester.call),
    pipelines: pipelinesApi(requester.call),
    automations: automationsApi(requester.call),
    customFields: catalog.customFields,
    sequences: catalog.sequences,
    account: catalog.account,
    users: catalog.users,
    chatapp: catalog.chatapp,
    tasks: catalog.tasks,
    /** Distinct Deprecation / Sunset announcements seen by this client. */
    notices: (): ApiNotice[] => requester.notices(),
  };
}

export type CrmClient = ReturnType<typeof createCrmClient>;
