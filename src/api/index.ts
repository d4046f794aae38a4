/** The CRM API layer: typed client, schemas, errors. Knows nothing of Sheets. */
export { type BaseUrlProblem, checkBaseUrl, normalizeBaseUrl, shownInput } from './base-url';
export { type CrmApi, type CrmClient, type CrmClientOptions, createCrmClient } from './client';
export { type CrmClock, clockReadingOf } from './crm-clock';
export * from './errors';
export type { ApiNotice, ResponseInfo, Settled } from './http';
export { collectAll, nextPage, type Page, type PageAllOptions, pageAll } from './pager';
export {
  asPlatformQuotaError,
  type PlatformLimit,
  PlatformQuotaError,
  platformLimitOf,
} from './platform-error';
export { buildQuery, formatDate, type QueryParams, type QueryValue } from './query';
export type { AutomationReplaced, AutomationSaved } from './resources/automations';
export { LEADS_MAX_PER_PAGE } from './resources/leads';
export type { PipelineReplaced, PipelineSaved } from './resources/pipelines';
export { errorFromResponse, retryAfterSeconds } from './response-errors';
export * from './schemas';
export { checkApiKey, looksLikeSecret, maskApiKey, redactApiKey } from './secrets';
export type { HttpMethod, HttpRequest, HttpResponse, Transport } from './transport';
